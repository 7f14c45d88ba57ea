import { onSessionEnd } from "./bus";

/**
 * How often a streaming answer re-reads its session: a log-out handled by another instance
 * (which cannot tell this process) ends the stream within this, plus one query.
 */
export const SESSION_POLL_MS = 250;

/**
 * Calls onEnd once when the session ends: at once for a log-out in this process, within
 * SESSION_POLL_MS otherwise (revoked in the database, expired). Answers the function that stops
 * watching (call it when the stream ends by itself).
 */
export function watchSession(
  sessionHash: string,
  isSessionAlive: () => Promise<boolean>,
  onEnd: () => void,
  pollMs = SESSION_POLL_MS,
): () => void {
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(poll);
    stopLocal();
  };
  const end = () => {
    if (stopped) return;
    stop();
    onEnd();
  };
  const stopLocal = onSessionEnd(sessionHash, end);
  let checking = false;
  const poll = setInterval(async () => {
    if (checking || stopped) return;
    checking = true;
    // A failed look-up is not a log-out: the next poll asks again.
    const alive = await isSessionAlive().catch(() => true);
    checking = false;
    if (!alive) end();
  }, pollMs);
  poll.unref();
  return stop;
}
