/** Default and earliest time for a founder email: tomorrow 07:30 local (docs/product.md §5 and §9). */
export function earliestFounderSchedule(now = new Date()): Date {
  const at = new Date(now);
  at.setDate(at.getDate() + 1);
  at.setHours(7, 30, 0, 0);
  return at;
}

/** The browser's IANA time zone, so the server checks "tomorrow 07:30" where the user is. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
