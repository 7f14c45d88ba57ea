import { fromLocalInputValue, toLocalInputValue } from "../../../../lib/local-time";

/** The picker's minimum for contacts: the current minute. */
export function currentMinuteValue(now = new Date()): string {
  return toLocalInputValue(now);
}

/** The picker's value as the ISO timestamp the API takes, or null when it is not a time. */
export function localValueToIso(value: string): string | null {
  return fromLocalInputValue(value)?.toISOString() ?? null;
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
