import type { FollowUpKind, SaveSequenceRequest, Sequence } from "@reachout/contract";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages, type SequenceStep, sequenceEnrollments, sequences } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { DEFAULT_WINDOW, isValidTimeZone, minuteOfDay, type SendWindow } from "./windows";

export type SequenceRow = typeof sequences.$inferSelect;
export const SEQUENCE_NOT_FOUND = "Sequence not found";
export const SEQUENCE_IN_USE =
  "This sequence still has active or paused enrolments. Stop them first, then delete it.";
const LIVE: string[] = ["active", "paused"];

/** The kind of text of a step when none is given: a bump first, a close last, new angles between. */
export function defaultKind(position: number, count: number): FollowUpKind {
  if (position === 1) return "bump";
  return position === count && count >= 3 ? "close" : "new_angle";
}

function stepsOf(input: SaveSequenceRequest): SequenceStep[] {
  return input.steps.map((step, i) => ({
    wait_minutes: step.wait_minutes,
    email_format: step.email_format ?? defaultKind(i + 1, input.steps.length),
  }));
}

function valuesOf(input: SaveSequenceRequest) {
  const zone = input.time_zone?.trim() || null;
  if (zone && !isValidTimeZone(zone)) throw badRequest(`Unknown time zone "${zone}".`);
  return {
    name: input.name,
    steps: stepsOf(input),
    windowStart: input.window_start ?? null,
    windowEnd: input.window_end ?? null,
    timeZone: zone,
  };
}

/**
 * The sending window of a sequence in a time zone: the hours the student set, else
 * 08:00-18:00 on business days; in sandbox mode (or with SEQUENCE_DEFAULT_WINDOW=off) none
 * unless set, so a sequence can be watched running in a few minutes.
 */
export function windowOf(
  config: Pick<Config, "sandbox" | "sequences">,
  sequence: Pick<SequenceRow, "windowStart" | "windowEnd">,
  timeZone: string,
): SendWindow | null {
  if (!sequence.windowStart || !sequence.windowEnd) {
    if (config.sandbox || !config.sequences.defaultWindow) return null;
    return {
      startMinute: minuteOfDay(DEFAULT_WINDOW.start),
      endMinute: minuteOfDay(DEFAULT_WINDOW.end),
      timeZone,
    };
  }
  return {
    startMinute: minuteOfDay(sequence.windowStart),
    endMinute: minuteOfDay(sequence.windowEnd),
    timeZone,
  };
}

export async function getSequenceRow(db: DbOrTx, userId: string, id: string): Promise<SequenceRow> {
  const [row] = await db
    .select()
    .from(sequences)
    .where(and(eq(sequences.id, id), eq(sequences.userId, userId)));
  if (!row) throw notFound(SEQUENCE_NOT_FOUND);
  return row;
}

/** Per step (0 = the first email): sent, and replies whose last message was that step. */
async function statsOf(db: DbOrTx, sequenceIds: string[]) {
  if (sequenceIds.length === 0) return { sent: [], replied: [], live: [] };
  const ids = sql.join(
    sequenceIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const sent = rowsOf<{ sequence_id: string; step: number; n: number }>(
    await db.execute(sql`
      select e.sequence_id, coalesce(m.sequence_step, 0) as step, count(*)::int as n
      from ${sequenceEnrollments} e join ${emailMessages} m on m.enrollment_id = e.id
      where e.sequence_id in (${ids}) and m.status = 'sent'
      group by 1, 2`),
  );
  const replied = rowsOf<{ sequence_id: string; step: number; n: number }>(
    await db.execute(sql`
      select sequence_id, step, count(*)::int as n from (
        select e.sequence_id, max(coalesce(m.sequence_step, 0)) as step
        from ${sequenceEnrollments} e join ${emailMessages} m on m.enrollment_id = e.id
        where e.sequence_id in (${ids}) and e.status = 'replied' and m.status = 'sent'
        group by e.id, e.sequence_id) last_sent
      group by 1, 2`),
  );
  const live = await db
    .select({ sequenceId: sequenceEnrollments.sequenceId, n: sql<number>`count(*)::int` })
    .from(sequenceEnrollments)
    .where(
      and(
        inArray(sequenceEnrollments.sequenceId, sequenceIds),
        inArray(sequenceEnrollments.status, ["active", "paused"]),
      ),
    )
    .groupBy(sequenceEnrollments.sequenceId);
  return { sent, replied, live };
}

async function describeSequences(db: DbOrTx, rows: SequenceRow[]): Promise<Sequence[]> {
  const stats = await statsOf(
    db,
    rows.map((r) => r.id),
  );
  const count = (
    list: { sequence_id: string; step: number; n: number }[],
    id: string,
    step: number,
  ) => list.find((r) => r.sequence_id === id && Number(r.step) === step)?.n ?? 0;
  return rows.map((row) => {
    const steps = [{ wait_minutes: 0, email_format: "bump" as const }, ...row.steps];
    return {
      id: row.id,
      name: row.name,
      steps: row.steps,
      window_start: row.windowStart,
      window_end: row.windowEnd,
      time_zone: row.timeZone,
      stats: steps.map((step, position) => {
        const sent = count(stats.sent, row.id, position);
        const replied = count(stats.replied, row.id, position);
        return {
          position,
          wait_minutes: step.wait_minutes,
          email_format: step.email_format,
          sent,
          replied,
          reply_rate: sent === 0 ? 0 : Math.round((replied / sent) * 1000) / 1000,
        };
      }),
      active_enrollments: stats.live.find((l) => l.sequenceId === row.id)?.n ?? 0,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function listSequences(db: DbOrTx, userId: string): Promise<Sequence[]> {
  const rows = await db
    .select()
    .from(sequences)
    .where(eq(sequences.userId, userId))
    .orderBy(desc(sequences.createdAt));
  return describeSequences(db, rows);
}

export async function getSequence(db: DbOrTx, userId: string, id: string): Promise<Sequence> {
  const [described] = await describeSequences(db, [await getSequenceRow(db, userId, id)]);
  return described;
}

export async function createSequence(
  db: DbOrTx,
  userId: string,
  input: SaveSequenceRequest,
): Promise<Sequence> {
  const [row] = await db
    .insert(sequences)
    .values({ userId, ...valuesOf(input) })
    .returning();
  const [described] = await describeSequences(db, [row]);
  return described;
}

/**
 * Replaces name, steps and window. Enrolments under way keep the follow-ups already written
 * for them; their later steps follow the new waits.
 */
export async function updateSequence(
  db: DbOrTx,
  userId: string,
  id: string,
  input: SaveSequenceRequest,
): Promise<Sequence> {
  await getSequenceRow(db, userId, id);
  const [row] = await db
    .update(sequences)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(and(eq(sequences.id, id), eq(sequences.userId, userId)))
    .returning();
  const [described] = await describeSequences(db, [row]);
  return described;
}

/** Deletes a sequence with no live enrolment (409 otherwise); its finished history goes too. */
export async function deleteSequence(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await getSequenceRow(tx, userId, id);
    // Locked so an enrolment cannot begin between the check and the delete.
    await tx
      .select({ id: sequences.id })
      .from(sequences)
      .where(eq(sequences.id, row.id))
      .for("update");
    const [live] = await tx
      .select({ id: sequenceEnrollments.id })
      .from(sequenceEnrollments)
      .where(
        and(
          eq(sequenceEnrollments.sequenceId, id),
          inArray(sequenceEnrollments.status, LIVE as never[]),
        ),
      )
      .limit(1);
    if (live) throw conflict(SEQUENCE_IN_USE);
    await tx.delete(sequences).where(eq(sequences.id, id));
  });
}
