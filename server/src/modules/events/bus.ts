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
