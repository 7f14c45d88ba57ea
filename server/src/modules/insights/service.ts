import type { Insights } from "@reachout/contract";
import { SENIORITIES } from "@reachout/contract";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { conversationMessagesSql, conversationSql } from "../applications";
import { writeTakeaways } from "./takeaways";

/**
 * A contact's seniority, read from their title (the one home of this rule). Vice presidents are
 * checked before "president", and a managing director is an executive.
 */
export const senioritySql = (title: ReturnType<typeof sql>) => sql`case
  when ${title} ~* '(vice[ -]president|\\m(s|e)?vp\\M)' then 'director'
  when ${title} ~* '(\\m(chief|ceo|cfo|coo|cto|cmo|founder|co-?founder|owner|partner|president)\\M|managing director)'
    then 'executive'
  when ${title} ~* '\\m(director|head)\\M' then 'director'
  when ${title} ~* '\\m(manager|lead|principal)\\M' then 'manager'
  when ${title} ~* '\\m(senior|sr|staff)\\M' then 'senior'
  else 'individual' end`;

/**
 * A first email's format as insights group it: the writer format it was written in, else the
 * student's own text (`custom`). A sequence's follow-up has no format (null): it is counted
 * under its step, so a follow-up never moves the figures of the format its first email used.
 */
export const formatSql = sql`case when coalesce(conversation.sequence_step, 0) > 0 then null
  else coalesce(nullif(conversation.email_format, ''), 'custom') end`;
/** An industry as insights group it: trimmed, lower case, `unknown` when empty. */
export const industrySql = (industry: ReturnType<typeof sql>) =>
  sql`coalesce(nullif(lower(trim(${industry})), ''), 'unknown')`;

interface GroupRow {
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
 * their sent emails, and the funnel. Weekday and hour are read in the student's time zone,
 * converted once per email. The pass groups the emails three ways: by moment (format, step,
 * weekday and hour together: a few hundred groups), by stored industry and by stored title; each
 * breakdown is then summed from those few rows, so the industry's normalisation and seniority's
 * regular expressions (which cost more than the rest of the pass) run once per distinct value.
 */
async function computeInsights(db: DbOrTx, userId: string, timeZone: string): Promise<Insights> {
  const [groupRows, funnelRows] = await Promise.all([
    db.execute(sql`
      with facts as (
        select ${formatSql} as format, c.industry, c.title,
          coalesce(conversation.sequence_step, 0) as step,
          date_part('isodow', conversation.sent_local)::int as weekday,
          date_part('hour', conversation.sent_local)::int as hour,
          conversation.is_replied
        -- offset 0 keeps the subquery whole, so the time zone conversion runs once per email
        from (select contact_id, email_format, sequence_step, is_replied,
              sent_at at time zone ${timeZone} as sent_local
            from (${conversationSql(sql`m.user_id = ${userId}`)}) conversation
            where direction = 'outbound' offset 0) conversation
        -- the student's contacts fetched by key, so the join never reads the whole directory
        join (select id, industry, title from contacts
            where id = any(array(select distinct m.contact_id from email_messages m
              where m.user_id = ${userId} and ${conversationMessagesSql}
                and m.direction = 'outbound'))) c
          on c.id = conversation.contact_id
      ), groups as (
        select grouping(industry) as g_industry, grouping(title) as g_title,
          format, industry, title, step, weekday, hour,
          count(*) as sent, count(*) filter (where is_replied) as replied
        from facts
        group by grouping sets ((format, step, weekday, hour), (industry), (title))
      )
      select grouping(format) as g_format, 1 as g_industry, 1 as g_seniority,
        grouping(step) as g_step, grouping(weekday) as g_weekday, grouping(hour) as g_hour,
        format, null as industry, null as seniority, step, weekday, hour,
        sum(sent)::int as sent, sum(replied)::int as replied
      from groups where g_industry = 1 and g_title = 1
      group by grouping sets ((format), (step), (weekday), (hour), ())
      union all
      select 1, 0, 1, 1, 1, 1, null, industry, null, null, null, null,
        sum(sent)::int, sum(replied)::int
      from (select ${industrySql(sql`industry`)} as industry, sent, replied
          from groups where g_industry = 0) by_industry
      group by industry
      union all
      select 1, 1, 0, 1, 1, 1, null, null, seniority, null, null, null,
        sum(sent)::int, sum(replied)::int
      from (select ${senioritySql(sql`coalesce(title, '')`)} as seniority, sent, replied
          from groups where g_title = 0) by_seniority
      group by seniority`),
    db.execute(sql`
      select
        count(distinct contact_id) filter (where direction = 'outbound' and status = 'sent')::int
          as contacted,
        count(distinct contact_id)
          filter (where direction = 'inbound' and inbound_kind is null)::int as replied,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage in ('interviewing', 'offer'))::int
          as interviewing,
        (select count(distinct application_id) from application_stage_changes
          where user_id = ${userId} and to_stage = 'offer')::int as offer
      from email_messages where user_id = ${userId}`),
  ]);
  const groups = rowsOf<GroupRow>(groupRows);
  const [funnel] = rowsOf<Insights["funnel"]>(funnelRows);

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
  const bySent = <T extends { sent: number }>(a: T, b: T) => b.sent - a.sent;
  const insights = {
    ...(total ? counts(total) : { sent: 0, replied: 0, reply_rate: 0 }),
    by_format: only("g_format")
      .filter((row) => row.format !== null)
      .map((row) => ({ format: String(row.format), ...counts(row) }))
      .sort(bySent),
    by_industry: only("g_industry")
      .map((row) => ({ industry: String(row.industry), ...counts(row) }))
      .sort(bySent),
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
