import { type Benchmarks, COHORT_MIN_STUDENTS } from "@reachout/contract";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { insightRollups } from "../../db/schema";
import { conversationMessagesSql } from "../applications";
import { formatSql } from "./service";

/** The sandbox demo's synthetic students sign in at this reserved domain; the page labels them. */
export const SYNTHETIC_COHORT_DOMAIN = "synthetic-cohort.example";

/**
 * Published reply rates are rounded to this step (5 percentage points), and the group's counts
 * are not published at all: with the other contributors' figures known (made-up or colluding
 * accounts), the exact figures gave away the one student left by subtraction (issue 32). The
 * rounding is deterministic, so asking again never averages anything out.
 */
export const COHORT_RATE_STEP = 0.05;

/** A rate as the cohort figures publish it: to the nearest COHORT_RATE_STEP. */
export const publishedRate = (rate: number): number =>
  Math.round(Math.round(rate / COHORT_RATE_STEP) * COHORT_RATE_STEP * 100) / 100;

/**
 * Rebuilds the cohort rollup from every student's sent emails in one statement (each with its
 * reply outcome and contact's industry as the database keeps them, ADR 036): reply rates by
 * format, industry, sequence step and industry × format, plus the overall figure. A group is
 * stored only when at least COHORT_MIN_STUDENTS distinct students contribute to it, so no row
 * can be one student's data. Only mail a connected mailbox shows counts: an email the provider
 * accepted (it has the provider's id), from a student whose mailbox is connected and has been
 * synced. Copy-mode records are the student's own word and count for nobody else, so accounts
 * made up to reach the threshold add nothing to it (issue 32). `countSynthetic` lets the
 * sandbox's synthetic cohort (no mailboxes) count, for the demo. Delete and insert share a
 * transaction: readers see the old rollup or the new one. Answers how many rows were stored.
 */
export async function refreshInsightRollups(
  db: DbOrTx,
  now = new Date(),
  options: { countSynthetic?: boolean } = {},
): Promise<number> {
  const synthetic = sql`u.email like ${`%@${SYNTHETIC_COHORT_DOMAIN}`}`;
  const seenInAMailbox = sql`(not m.self_reported and m.gmail_message_id is not null
    and exists (select 1 from mailboxes ga where ga.user_id = m.user_id
      and ga.status = 'connected' and ga.last_synced_at is not null))`;
  const counted = options.countSynthetic
    ? sql`(${seenInAMailbox} or ${synthetic})`
    : seenInAMailbox;
  return db.transaction(async (tx) => {
    await tx.delete(insightRollups);
    const inserted = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with facts as (
          select conversation.user_id, ${formatSql} as format,
            conversation.contact_industry as industry,
            coalesce(conversation.sequence_step, 0)::text as step, conversation.replied as is_replied,
            conversation.is_synthetic
          -- every student's sent emails a mailbox shows, with the facts the database keeps on
          -- them (ADR 036)
          from (select m.user_id, m.email_format, m.sequence_step, m.contact_industry, m.replied,
                ${synthetic} as is_synthetic
              from email_messages m
              join users u on u.id = m.user_id
              where ${conversationMessagesSql} and m.direction = 'outbound'
                and ${counted}) conversation
        ), groups as (
          select
            case
              when grouping(format) = 0 and grouping(industry) = 0 then 'industry_format'
              when grouping(format) = 0 then 'format'
              when grouping(industry) = 0 then 'industry'
              when grouping(step) = 0 then 'step'
              else 'overall' end as dimension,
            coalesce(case when grouping(industry) = 0 then industry end,
              case when grouping(format) = 0 then format end, step, 'all') as value,
            case when grouping(format) = 0 and grouping(industry) = 0 then format else '' end
              as format,
            count(distinct user_id)::int as students,
            count(distinct user_id) filter (where is_synthetic)::int as synthetic_students,
            count(*)::int as sent,
            count(*) filter (where is_replied)::int as replied
          from facts
          group by grouping sets ((format), (industry), (step), (industry, format), ())
          having count(distinct user_id) >= ${COHORT_MIN_STUDENTS}
            -- follow-ups have no format: they count under their step only
            and (grouping(format) = 1 or format is not null)
        ), stored as (
          insert into insight_rollups
            (dimension, value, format, students, synthetic_students, sent, replied, refreshed_at)
          select dimension, value, format, students, synthetic_students, sent, replied,
            ${now.toISOString()}::timestamptz
          from groups
          returning 1
        )
        select count(*)::int as n from stored`),
    );
    return Number(inserted[0]?.n ?? 0);
  });
}

type RollupRow = typeof insightRollups.$inferSelect;
/** A group as published: how many students, and the rounded rate; never the counts. */
const figure = (row: RollupRow) => ({
  students: row.students,
  reply_rate: publishedRate(row.sent === 0 ? 0 : row.replied / row.sent),
});

/** The cohort's figures; the threshold is checked again on read, whatever the table holds. */
export async function getBenchmarks(db: DbOrTx): Promise<Benchmarks> {
  const rows = await db
    .select()
    .from(insightRollups)
    .where(gte(insightRollups.students, COHORT_MIN_STUDENTS))
    .orderBy(desc(insightRollups.sent));
  const of = (dimension: string) => rows.filter((row) => row.dimension === dimension);
  const overall = of("overall")[0];
  return {
    min_students: COHORT_MIN_STUDENTS,
    refreshed_at: rows[0]?.refreshedAt.toISOString() ?? null,
    synthetic_students: overall?.syntheticStudents ?? 0,
    overall: overall ? figure(overall) : null,
    by_format: of("format").map((row) => ({ format: row.value, ...figure(row) })),
    by_industry: of("industry").map((row) => ({ industry: row.value, ...figure(row) })),
    by_step: of("step")
      .map((row) => ({ step: Number(row.value), ...figure(row) }))
      .sort((a, b) => a.step - b.step),
  };
}

/**
 * The writer format that earns the cohort most replies for an industry, from the rollup (so only
 * from groups of at least COHORT_MIN_STUDENTS students); null when the cohort has no figure.
 */
export async function recommendedFormatFor(
  db: DbOrTx,
  industry: string | null,
): Promise<{ format: string; reply_rate: number; students: number } | null> {
  const key = industry?.trim().toLowerCase();
  if (!key) return null;
  const rows = await db
    .select()
    .from(insightRollups)
    .where(
      and(
        eq(insightRollups.dimension, "industry_format"),
        eq(insightRollups.value, key),
        gte(insightRollups.students, COHORT_MIN_STUDENTS),
        sql`${insightRollups.format} <> 'custom'`,
        sql`${insightRollups.sent} > 0`,
      ),
    );
  // Compared on the published (rounded) rates, so the choice tells no more than the figures.
  const best = rows
    .map((row) => ({ format: row.format, ...figure(row) }))
    .sort(
      (a, b) =>
        b.reply_rate - a.reply_rate || b.students - a.students || a.format.localeCompare(b.format),
    )[0];
  return best
    ? { format: best.format, reply_rate: best.reply_rate, students: best.students }
    : null;
}
