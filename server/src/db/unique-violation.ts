/**
 * True when `error` is PostgreSQL's unique violation (23505), from pg or PGlite, raw or wrapped
 * by drizzle (its error keeps the driver's as `cause`); with `constraint`, only that index's.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (
    let e = error as
      | { code?: string; constraint?: string; cause?: unknown; message?: string }
      | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505") {
      return !constraint || e.constraint === constraint || String(e.message).includes(constraint);
    }
  }
  return false;
}
