import type { LiveEvent } from "@reachout/contract";

export type EventListener = (event: LiveEvent) => void;

/**
 * In-process pub/sub per user. Each server process only sees the events it publishes itself;
 * with several instances a client connected elsewhere misses them and the web client's polling
 * (60 s / 120 s) catches up. See docs/decisions/ on live updates.
 */
const listeners = new Map<string, Set<EventListener>>();

export function publishEvent(userId: string, event: LiveEvent): void {
  const set = listeners.get(userId);
  if (!set) return;
  for (const listener of [...set]) {
    try {
      listener(event);
    } catch {
      // One broken stream must not stop the others (or the publisher).
    }
  }
}

/** Starts delivering a user's events to listener; answers the unsubscribe function. */
export function subscribeEvents(userId: string, listener: EventListener): () => void {
  let set = listeners.get(userId);
  if (!set) {
    set = new Set();
    listeners.set(userId, set);
  }
  set.add(listener);
  return () => {
    const current = listeners.get(userId);
    if (!current) return;
    current.delete(listener);
    if (current.size === 0) listeners.delete(userId);
  };
}

export function subscriberCount(userId: string): number {
  return listeners.get(userId)?.size ?? 0;
}

/** What to do when a session ends in this process: its open streams close at once. */
const sessionEndHandlers = new Map<string, Set<() => void>>();

/** Calls onEnd when endSession(sessionHash) is called; answers the function that stops that. */
export function onSessionEnd(sessionHash: string, onEnd: () => void): () => void {
  let set = sessionEndHandlers.get(sessionHash);
  if (!set) {
    set = new Set();
    sessionEndHandlers.set(sessionHash, set);
  }
  set.add(onEnd);
  return () => {
    const current = sessionEndHandlers.get(sessionHash);
    current?.delete(onEnd);
    if (current?.size === 0) sessionEndHandlers.delete(sessionHash);
  };
}

/** A session was revoked (log-out): its live streams in this process end now. */
export function endSession(sessionHash: string): void {
  const set = sessionEndHandlers.get(sessionHash);
  if (!set) return;
  sessionEndHandlers.delete(sessionHash);
  for (const onEnd of set) {
    try {
      onEnd();
    } catch {
      // Closing one stream must not keep the others open.
    }
  }
}
