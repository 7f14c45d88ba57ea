import { LIMITS } from "@reachout/contract/constants";

const lastCall = new Map<string, number>();

/** The client rate limiter: the same key may not call more than once per 5 seconds. */
export function allowCall(key: string, now = Date.now()): boolean {
  const previous = lastCall.get(key);
  if (previous !== undefined && now - previous < LIMITS.clientRateLimitMs) return false;
  lastCall.set(key, now);
  return true;
}
