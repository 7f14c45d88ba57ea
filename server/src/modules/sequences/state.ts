import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { emailMessages, enrollmentSteps, sequenceEnrollments } from "../../db/schema";
import {
  cancelQueuedFollowUps,
  type EnrollmentState,
  FOLLOW_UP_INACTIVE,
  FOLLOW_UP_REPLIED,
  replyFromContact,
} from "../emails";

export type EnrollmentRow = typeof sequenceEnrollments.$inferSelect;
export type EnrollmentStatus = EnrollmentRow["status"];
export const LIVE_STATUSES: EnrollmentStatus[] = ["active", "paused"];

/**
 * The contact answered since the enrolment began (reply sync or copy mode's "They replied"
 * stored it), by the emails module's one rule for a reply (`replyFromContact`). Inside the
 * subquery `email_messages` names its own rows even when the outer query joins that table too.
 */
export const contactReplied: SQL = sql`exists (select 1 from ${emailMessages} where ${replyFromContact(
  sequenceEnrollments.userId,
  sequenceEnrollments.contactId,
  sequenceEnrollments.createdAt,
)})`;

/**
 * Moves an enrolment only if it is still in one of `from` (and, when given, still at `step`):
 * whoever loses a race (another worker, a pause, a reply) changes nothing.
 */
export async function transitionEnrollment(
  db: DbOrTx,
  id: string,
  from: EnrollmentStatus[],
  set: Partial<typeof sequenceEnrollments.$inferInsert>,
  step?: number,
): Promise<EnrollmentRow | null> {
  const [row] = await db
    .update(sequenceEnrollments)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(sequenceEnrollments.id, id),
        inArray(sequenceEnrollments.status, from),
        step === undefined ? undefined : eq(sequenceEnrollments.currentStep, step),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Ends live enrolments with `status`, cancelling their follow-ups not claimed yet (a follow-up
 * already being sent still goes: at most that one). Answers how many ended.
 */
export async function endEnrollments(
  db: Db,
  ids: string[],
  status: Exclude<EnrollmentStatus, "active" | "paused">,
  reason: string | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sequenceEnrollments)
      .set({ status, stoppedReason: reason, nextStepAt: null, updatedAt: new Date() })
      .where(
        and(
          inArray(sequenceEnrollments.id, ids),
          inArray(sequenceEnrollments.status, LIVE_STATUSES),
        ),
      )
      .returning({ id: sequenceEnrollments.id });
    await cancelQueuedFollowUps(
      tx,
      ended.map((e) => e.id),
      status === "replied" ? FOLLOW_UP_REPLIED : FOLLOW_UP_INACTIVE,
    );
    return ended.length;
  });
}

/** The contact answered: the enrolment stops and nothing queued for it goes. */
export async function markReplied(db: Db, id: string): Promise<boolean> {
  return (await endEnrollments(db, [id], "replied", null)) > 0;
}

/**
 * Hands an enrolment's current step back after its queued follow-up was cancelled: the step
 * loses its email and the enrolment points at the step before, so the follow-up is written
 * again as planned when the enrolment runs on.
 */
async function handStepBack(db: DbOrTx, enrollment: EnrollmentRow): Promise<void> {
  const step = enrollment.currentStep;
  const [previous] = await db
    .select({ emailId: enrollmentSteps.emailId })
    .from(enrollmentSteps)
    .where(
      and(eq(enrollmentSteps.enrollmentId, enrollment.id), eq(enrollmentSteps.position, step - 1)),
    );
  await db
    .update(enrollmentSteps)
    .set({ emailId: null })
    .where(
      and(eq(enrollmentSteps.enrollmentId, enrollment.id), eq(enrollmentSteps.position, step)),
    );
  await db
    .update(sequenceEnrollments)
    .set({
      currentStep: step - 1,
      currentEmailId:
        step - 1 === 0 ? enrollment.firstEmailId : (previous?.emailId ?? enrollment.firstEmailId),
    })
    .where(eq(sequenceEnrollments.id, enrollment.id));
}

/**
 * Pauses active enrolments. A follow-up queued but not claimed is cancelled and its step
 * handed back (written again as planned on resume); one being sent finishes.
 */
export async function pauseEnrollments(
  db: Db,
  ids: string[],
  reason: string | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction(async (tx) => {
    const paused = await tx
      .update(sequenceEnrollments)
      .set({ status: "paused", stoppedReason: reason, nextStepAt: null, updatedAt: new Date() })
      .where(and(inArray(sequenceEnrollments.id, ids), eq(sequenceEnrollments.status, "active")))
      .returning();
    for (const enrollment of paused) {
      const cancelled = await cancelQueuedFollowUps(tx, [enrollment.id], FOLLOW_UP_INACTIVE);
      if (cancelled === 0 || enrollment.currentStep === 0) continue;
      await handStepBack(tx, enrollment);
    }
    return paused.length;
  });
}

/**
 * Puts enrolments ended as `from` back to work (the repair of a verdict that wrongly ended them,
 * issue 33): active again, the next step worked out from the last message sent, as a resume
 * does. A follow-up the end cancelled is handed back (written again as planned). Only an
 * enrolment still in `from` moves, so a second run changes nothing. Answers how many resumed.
 */
export async function restoreEnrollments(
  db: DbOrTx,
  ids: string[],
  from: "replied" | "bounced",
): Promise<number> {
  if (ids.length === 0) return 0;
  const restored = await db
    .update(sequenceEnrollments)
    .set({ status: "active", stoppedReason: null, nextStepAt: null, updatedAt: new Date() })
    .where(and(inArray(sequenceEnrollments.id, ids), eq(sequenceEnrollments.status, from)))
    .returning();
  for (const enrollment of restored) {
    if (enrollment.currentStep === 0 || !enrollment.currentEmailId) continue;
    const [current] = await db
      .select({ status: emailMessages.status })
      .from(emailMessages)
      .where(eq(emailMessages.id, enrollment.currentEmailId));
    if (current?.status !== "cancelled") continue;
    await handStepBack(db, enrollment);
  }
  return restored.length;
}

/**
 * A follow-up's enrolment as the send path asks for it (`EnrollmentQueries` of the emails
 * module): its status, when it began, and its first email's thread, in one read.
 */
export async function enrollmentStateOf(
  db: DbOrTx,
  enrollmentId: string,
): Promise<EnrollmentState | null> {
  const [row] = await db
    .select({
      status: sequenceEnrollments.status,
      createdAt: sequenceEnrollments.createdAt,
      threadId: emailMessages.threadId,
    })
    .from(sequenceEnrollments)
    .leftJoin(emailMessages, eq(emailMessages.id, sequenceEnrollments.firstEmailId))
    .where(eq(sequenceEnrollments.id, enrollmentId));
  return row ?? null;
}

/**
 * Whether the enrolment still wants its follow-up, read inside the claim's transaction with a
 * share lock: a pause or stop (which updates the row) waits for a claim under way, and a claim
 * after it sees the new status.
 */
export async function isEnrollmentActive(tx: DbOrTx, enrollmentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: sequenceEnrollments.status })
    .from(sequenceEnrollments)
    .where(eq(sequenceEnrollments.id, enrollmentId))
    .for("share");
  return row?.status === "active";
}
