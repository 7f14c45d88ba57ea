const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local value ("2025-06-05T09:30") in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The picker's minimum for contacts: the current minute. */
export function currentMinuteValue(now = new Date()): string {
  return toLocalInputValue(now);
}

/** The picker's value as the ISO timestamp the API takes, or null when it is not a time. */
export function localValueToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
