import { LiveEvent } from "@reachout/contract/events";
import { useEffect, useRef } from "react";
import { getToken } from "./session";

type Listener = (event: LiveEvent) => void;

/** After the stream is refused or lost for good, try again this much later (polling covers the gap). */
const RECONNECT_MS = 30_000;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;

function connect() {
  const token = getToken();
  if (!token || source || listeners.size === 0 || typeof EventSource === "undefined") return;
  // EventSource cannot send headers: the server accepts the session token in the query string.
  const stream = new EventSource(`/api/events?access_token=${encodeURIComponent(token)}`);
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
    // The browser retries a dropped stream by itself; a refused one (401, server gone) is CLOSED.
    if (stream.readyState !== EventSource.CLOSED) return;
    disconnect();
    reconnectTimer = setTimeout(connect, RECONNECT_MS);
  };
  source = stream;
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
    connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, []);
}
