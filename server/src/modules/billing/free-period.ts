import { type SQL, sql } from "drizzle-orm";

/**
 * The Free plan's monthly credit period, anchored on the sign-up time like a subscription's
 * billing anchor: period n runs from created_at + n months to created_at + n+1 months (in UTC,
 * the month clamped to its last day as PostgreSQL does). Period 0 is paid for by the sign-up
 * grant; each later period's grant is keyed `free:<n>`.
 * These SQL expressions read `users.created_at`; `now` is a parameter so tests can move time.
 */
export function freePeriodSql(now: Date): { index: SQL; start: SQL; end: SQL } {
  const created = sql`(users.created_at at time zone 'UTC')`;
  const current = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')`;
  const months = sql`((extract(year from ${current}) - extract(year from ${created})) * 12 + extract(month from ${current}) - extract(month from ${created}))::int`;
  const index = sql`(case when ${created} + make_interval(months => ${months}) > ${current} then ${months} - 1 else ${months} end)`;
  return {
    index,
    start: sql`((${created} + make_interval(months => ${index})) at time zone 'UTC')`,
    end: sql`((${created} + make_interval(months => ${index} + 1)) at time zone 'UTC')`,
  };
}

export const freePeriodReference = (index: number) => `free:${index}`;
