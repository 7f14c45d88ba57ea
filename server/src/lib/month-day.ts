/** The months by name, January first (index = `Date#getUTCMonth()`). */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A day as an email names it: "2026-11-18" (or a timestamp starting so) -> "November 18". Any
 * other text is answered as it is. The offline writer writes news dates so; e2e checks them.
 */
export function monthDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}`;
}
