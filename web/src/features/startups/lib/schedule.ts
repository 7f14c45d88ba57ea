/** Default and earliest time for a founder email: tomorrow 07:30 local (spec sections 5 and 9). */
export function earliestFounderSchedule(now = new Date()): Date {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(7, 30, 0, 0);
  return at;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A local time as a datetime-local input value ("2025-06-06T07:30"). */
export function toDatetimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value back to a Date in local time; null when empty or unreadable. */
export function fromDatetimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number);
  const date = new Date(y, m - 1, d, h, min, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The browser's IANA time zone, so the server checks "tomorrow 07:30" where the user is. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
