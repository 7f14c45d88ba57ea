/**
 * The tests' one way to wait: poll a condition, never sleep a fixed time. `until` fails with
 * its label when the condition does not come true in time; `settle` answers the last value
 * read, for a test that asserts on what it became.
 */

type Maybe<T> = T | null | undefined | false;

/**
 * Waits for a condition, polling every `intervalMs` (100 ms); fails with the label when it does
 * not come true within `timeoutMs`. Answers the probe's truthy value.
 */
export async function until<T>(
  label: string,
  probe: () => Maybe<T> | Promise<Maybe<T>>,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Reads until `done` holds or `timeoutMs` passes, polling every `intervalMs` (250 ms); answers
 * the last value read either way, so the test's assertion shows what it was.
 */
export async function settle<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
