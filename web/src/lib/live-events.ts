import { EventTicketResponse, LiveEvent } from "@reachout/contract/events";
import { useEffect, useRef } from "react";
import { api } from "./api";
import { getToken } from "./session";

type Listener = (event: LiveEvent) => void;

/** After the stream is refused or lost for good, try again this much later (polling covers the gap). */
const RECONNECT_MS = 30_000;
/** After an open stream dropped (a deploy, a proxy timeout): what the server's `retry:` says. */
const RESUME_MS = 5_000;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let connecting = false;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Opens the stream with a single-use ticket asked for by POST: EventSource cannot send the
 * bearer header, and the session token never goes into a URL (proxies log URLs).
 */
async function connect() {
  const token = getToken();
  if (!token || source || connecting || listeners.size === 0) return;
  if (typeof EventSource === "undefined") return;
  connecting = true;
  let ticket: string;
  try {
    ({ ticket } = await api("/api/events/ticket", {
      method: "POST",
      schema: EventTicketResponse,
      keep401: true,
    }));
  } catch {
    connecting = false;
    scheduleReconnect(RECONNECT_MS);
    return;
  }
  connecting = false;
  if (source || listeners.size === 0 || getToken() !== token) return;
  const stream = new EventSource(`/api/events?ticket=${encodeURIComponent(ticket)}`);
  let opened = false;
  stream.onopen = () => {
    opened = true;
  };
  stream.onmessage = (message) => {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = LiveEvent.safeParse(data);
    if (!parsed.success) return;
    for (const listener of [...listeners]) listener(parsed.data);
  };
  stream.onerror = () => {
    // The browser would retry with the same, now used, ticket: reconnect with a fresh one.
    disconnect();
    scheduleReconnect(opened ? RESUME_MS : RECONNECT_MS);
  };
  source = stream;
}

function scheduleReconnect(delayMs: number) {
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(() => void connect(), delayMs);
}

function disconnect() {
  clearTimeout(reconnectTimer);
  source?.close();
  source = null;
}

/**
 * The signed-in user's live events (new agent contacts, replies, credit changes) over one shared
 * server-sent-events stream per tab. Other server processes' events do not arrive here: callers
 * keep polling as the fallback.
 */
export function useLiveEvents(onEvent: Listener): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    const listener: Listener = (event) => latest.current(event);
    listeners.add(listener);
    void connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, []);
}
