import type { z } from "zod";

/**
 * Milliseconds of validation per task, measured on the device itself: a fixed count of records
 * (100 per task before) took 15–20 ms on a desktop CPU, which a phone four times slower runs as a
 * 60–80 ms task, each blocking input past the 50 ms a long task starts at.
 */
const SLICE_BUDGET_MS = 8;

/**
 * Gives the browser a turn (input, paint) before the caller goes on: `scheduler.yield()` where
 * it exists, else a message-channel task (timers are throttled in background tabs).
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Validates a batch's records a slice at a time with a turn for the browser between slices:
 * a thousand records checked at once is one long task on a slow phone. A slice ends when it
 * has run `budgetMs`, so a slower device validates fewer records per task. Throws the first
 * record's error, like validating the whole array would.
 */
export async function parseInSlices<S extends z.ZodType>(
  schema: S,
  records: unknown[],
  budgetMs = SLICE_BUDGET_MS,
): Promise<Array<z.output<S>>> {
  const parsed: Array<z.output<S>> = [];
  let sliceStart = performance.now();
  for (const record of records) {
    if (parsed.length > 0 && performance.now() - sliceStart >= budgetMs) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    parsed.push(schema.parse(record));
  }
  return parsed;
}
