/**
 * Remembers keys for a while, in this process: `isDue(key)` is true the first time and again
 * once `ms` have passed. Holds at most `maxKeys` (the oldest are forgotten first).
 */
export function createCooldown(ms: number, maxKeys = 10_000) {
  const seen = new Map<string, number>();
  return function isDue(key: string, now = Date.now()): boolean {
    const last = seen.get(key);
    if (last !== undefined && now - last < ms) return false;
    // Re-inserted, so the Map's order stays oldest first.
    seen.delete(key);
    seen.set(key, now);
    if (seen.size > maxKeys) seen.delete(seen.keys().next().value as string);
    return true;
  };
}
