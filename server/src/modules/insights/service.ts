import type { Insights } from "@reachout/contract";
import { SENIORITIES, WRITER_FORMATS } from "@reachout/contract";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { conversationMessagesSql } from "../applications";
import { writeTakeaways } from "./takeaways";

/**
 * A first email's format as insights group it: the writer format it was written in, else the
 * student's own text (`custom`). A sequence's follow-up has no format (null): it is counted
 * under its step, so a follow-up never moves the figures of the format its first email used.
 */
export const formatSql = sql`case when coalesce(conversation.sequence_step, 0) > 0 then null
  else coalesce(nullif(conversation.email_format, ''), 'custom') end`;
export interface GroupRow {
  g_format: number;
  g_industry: number;
  g_seniority: number;
  g_step: number;
  g_weekday: number;
  g_hour: number;
  format: string | null;
  industry: string | null;
  seniority: string | null;
  step: number | null;
  weekday: number | null;
  hour: number | null;
  sent: number;
  replied: number;
}

const rate = (sent: number, replied: number) => (sent === 0 ? 0 : replied / sent);
const counts = (row: GroupRow) => {
  const sent = Number(row.sent);
  const replied = Number(row.replied);
  return { sent, replied, reply_rate: rate(sent, replied) };
};

/** Answers kept per process; a contact's title or industry edit shows within CACHE_TTL_MS. */
const CACHE_MAX = 1000;
const CACHE_TTL_MS = 5 * 60_000;
const cache = new Map<string, { version: string; at: number; insights: Insights }>();

/**
 * What the figures are computed from, in one cheap statement: the student's messages (any insert,
 * status change or removal moves count or newest update) and stage moves.
 */
async function versionOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = rowsOf<{ version: string }>(
    await db.execute(sql`
      select (select count(*) || ':' || coalesce(max(updated_at)::text, '')
          from email_messages where user_id = ${userId})
        || '|' || (select count(*) || ':' || coalesce(max(changed_at)::text, '')
          from application_stage_changes where user_id = ${userId}) as version`),
  );
  return row.version;
}

/**
 * The student's figures. A full computation reads every sent email with its contact, which for
 * thousands of emails costs more than a page should wait on every visit; the answer is kept and
 * given again while the student's messages and stage moves are unchanged (ADR 031).
 */
export async function getInsights(db: DbOrTx, userId: string, timeZone: string): Promise<Insights> {
  const key = `${userId}|${timeZone}`;
  const version = await versionOf(db, userId);
  const kept = cache.get(key);
  if (kept && kept.version === version && Date.now() - kept.at < CACHE_TTL_MS) return kept.insights;
  const insights = await computeInsights(db, userId, timeZone);
  cache.delete(key);
  cache.set(key, { version, at: Date.now(), insights });
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return insights;
}

/** Forgets kept answers (the bench measures the full computation with it). */
export function forgetInsights(): void {
  cache.clear();
}

/**
 * The student's own figures in two queries run side by side: every breakdown from one pass over
 * their sent emails, and the funnel. What used to be derived per email on every visit is kept on
 * the email by the database (migration 0024, ADR 036): whether the person answered it
 * (`replied`, ADR 031's rule) and its contact's industry and seniority, so the pass is a
 * grouped sum of one index-only range, with no reply window and no join to the directory. It
 * groups the emails two ways: by moment (format, step and the hour in the student's time zone,
 * converted once per email) and by contact (industry, seniority); each breakdown is then summed
 * from those few rows, and weekday and hour are read once per hour rather than per email.
 */
async function computeInsights(db: DbOrTx, userId: string, timeZone: string): Promise<Insights> {
  const [groupRows, funnelRows] = await Promise.all([
    db.execute(sql`
      with groups as (
        select grouping(local_hour) as g_contact, email_format, sequence_step, local_hour,
          contact_industry, contact_seniority,
          count(*) as sent, count(*) filter (where replied) as replied
        -- offset 0 keeps the subquery whole, so the time zone conversion runs once per email
        from (select m.email_format, m.sequence_step, m.contact_industry, m.contact_seniority,
              m.replied, date_trunc('hour', m.sent_at at time zone ${timeZone}) as local_hour
            from email_messages m
            where m.user_id = ${userId} and ${conversationMessagesSql}
              and m.direction = 'outbound'
            offset 0) sent
        group by grouping sets ((email_format, sequence_step, local_hour),
          (contact_industry, contact_seniority))
      ), moments as (
        select ${formatSql} as format, coalesce(conversation.sequence_step, 0) as step,
          date_part('isodow', conversation.local_hour)::int as weekday,
          date_part('hour', conversation.local_hour)::int as hour,
          conversation.sent, conversation.replied
        from groups conversation where conversation.g_contact = 0
      )
      select grouping(format) as g_format, 1 as g_industry, 1 as g_seniority,
        grouping(step) as g_step, grouping(weekday) as g_weekday, grouping(hour) as g_hour,
        format, null as industry, null as seniority, step, weekday, hour,
        sum(sent)::int as sent, sum(replied)::int as replied
      from moments
      group by grouping sets ((format), (step), (weekday), (hour), ())
      union all
      select 1, grouping(industry), grouping(seniority), 1, 1, 1, null, industry, seniority,
        null, null, null, sum(sent)::int, sum(replied)::int
      from (select contact_industry as industry, contact_seniority as seniority, sent, replied
          from groups where g_contact = 1) by_contact
      group by grouping sets ((industry), (seniority))`),
    // The rows the conversation index holds (sent emails and people's replies, with or without
    // a time), so the funnel reads that index alone.
    db.execute(sql`
      select
        count(distinct contact_id) filter (where direction = 'outbound')::int as contacted,
        count(distinct contact_id) filter (where direction = 'inbound')::int as replied,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage in ('interviewing', 'offer'))::int
          as interviewing,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage = 'offer')::int as offer
      from email_messages
      where user_id = ${userId}
        and ((direction = 'outbound' and status = 'sent')
          or (direction = 'inbound' and inbound_kind is null))`),
  ]);
  const [funnel] = rowsOf<Insights["funnel"]>(funnelRows);
  return insightsFromRows(rowsOf<GroupRow>(groupRows), funnel);
}

/**
 * The answer from the breakdown rows (one per group, `g_*` naming the groupings it is not part
 * of) and the funnel's row. Formats and industries with as many emails keep one order (the
 * writer's formats in its order, the student's own words last; industries by name), so equal
 * figures are always listed, and compared by the takeaways, the same way.
 */
export function insightsFromRows(
  groups: GroupRow[],
  funnel: Insights["funnel"] | undefined,
): Insights {
  const only = (key: keyof GroupRow & `g_${string}`) =>
    groups.filter((row) => Number(row[key]) === 0);
  const total = groups.find(
    (row) =>
      Number(row.g_format) === 1 &&
      Number(row.g_industry) === 1 &&
      Number(row.g_seniority) === 1 &&
      Number(row.g_step) === 1 &&
      Number(row.g_weekday) === 1 &&
      Number(row.g_hour) === 1,
  );
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  // The writer's formats in the writer's order, then any other by name, the student's own last.
  const formatRank = (format: string) => {
    const known = (WRITER_FORMATS as readonly string[]).indexOf(format);
    return format === "custom"
      ? WRITER_FORMATS.length + 1
      : known === -1
        ? WRITER_FORMATS.length
        : known;
  };
  const insights = {
    ...(total ? counts(total) : { sent: 0, replied: 0, reply_rate: 0 }),
    by_format: only("g_format")
      .filter((row) => row.format !== null)
      .map((row) => ({ format: String(row.format), ...counts(row) }))
      .sort(
        (a, b) =>
          b.sent - a.sent ||
          formatRank(a.format) - formatRank(b.format) ||
          byName(a.format, b.format),
      ),
    by_industry: only("g_industry")
      .map((row) => ({ industry: String(row.industry), ...counts(row) }))
      .sort((a, b) => b.sent - a.sent || byName(a.industry, b.industry)),
    by_seniority: only("g_seniority")
      .map((row) => ({
        seniority: row.seniority as (typeof SENIORITIES)[number],
        ...counts(row),
      }))
      .sort((a, b) => SENIORITIES.indexOf(a.seniority) - SENIORITIES.indexOf(b.seniority)),
    by_step: only("g_step")
      .map((row) => ({ step: Number(row.step), ...counts(row) }))
      .sort((a, b) => a.step - b.step),
    by_weekday: only("g_weekday")
      .map((row) => ({ weekday: Number(row.weekday), ...counts(row) }))
      .sort((a, b) => a.weekday - b.weekday),
    by_hour: only("g_hour")
      .map((row) => ({ hour: Number(row.hour), ...counts(row) }))
      .sort((a, b) => a.hour - b.hour),
    funnel: {
      contacted: Number(funnel?.contacted ?? 0),
      replied: Number(funnel?.replied ?? 0),
      interviewing: Number(funnel?.interviewing ?? 0),
      offer: Number(funnel?.offer ?? 0),
    },
  };
  return { ...insights, takeaways: writeTakeaways(insights) };
}
