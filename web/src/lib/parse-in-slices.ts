import type { z } from "zod";

/** Records validated per task: about a frame's worth on a slow phone. */
const RECORDS_PER_SLICE = 100;

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
 * a thousand records checked at once is one long task on a slow phone. Throws the first
 * record's error, like validating the whole array would.
 */
export async function parseInSlices<S extends z.ZodType>(
  schema: S,
  records: unknown[],
  size = RECORDS_PER_SLICE,
): Promise<Array<z.output<S>>> {
  const parsed: Array<z.output<S>> = [];
  for (let start = 0; start < records.length; start += size) {
    if (start > 0) await yieldToBrowser();
    for (const record of records.slice(start, start + size)) parsed.push(schema.parse(record));
  }
  return parsed;
}
