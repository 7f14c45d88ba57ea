import type { IncomingMessage, ServerResponse } from "node:http";
import type { LiveEvent } from "@reachout/contract";
import { onSessionEnd, subscribeEvents } from "./bus";

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 5_000;

export interface EventStream {
  userId: string;
  close(): void;
}

export interface StreamOptions {
  userId: string;
  /** The session the stream was opened with: its log-out in this process closes the stream. */
  sessionHash?: string;
  isSessionAlive: () => Promise<boolean>;
  onClose: () => void;
  heartbeatMs?: number;
}

/** Writes the user's live events to an HTTP response as text/event-stream until either side ends. */
export function openEventStream(
  request: IncomingMessage,
  response: ServerResponse,
  options: StreamOptions,
): EventStream {
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-store, no-transform",
    connection: "keep-alive",
    // nginx would otherwise buffer the stream.
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  response.write(`retry: ${RETRY_MS}\n: connected\n\n`);

  let closed = false;
  // Each event is written only after the session is found alive (in order, one check at a time):
  // a log-out handled by another instance silences the stream at once, not at the next heartbeat.
  let writing = Promise.resolve();
  const send = (event: LiveEvent) => {
    writing = writing.then(async () => {
      if (closed) return;
      const alive = await options.isSessionAlive().catch(() => false);
      if (!alive) return close();
      if (!closed) response.write(`data: ${JSON.stringify(event)}\n\n`);
    });
  };
  const unsubscribe = subscribeEvents(options.userId, send);
  const stopWatchingSession = options.sessionHash
    ? onSessionEnd(options.sessionHash, () => close())
    : () => {};

  const heartbeat = setInterval(async () => {
    if (closed) return;
    const alive = await options.isSessionAlive().catch(() => true);
    if (!alive) return close();
    if (!closed) response.write(": ping\n\n");
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    stopWatchingSession();
    options.onClose();
    if (!response.writableEnded) response.end();
  }
  request.on("close", close);
  response.on("error", close);

  return { userId: options.userId, close };
}
