import { mailboxName } from "@reachout/contract";
import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { rowsOf } from "../../db/client";
import {
  emailMessages,
  enrollmentSteps,
  gmailAccounts,
  sequenceEnrollments,
  sequences,
} from "../../db/schema";
import type { AppDeps } from "../../deps";
import { findContactAddress, findNetworkContact } from "../contacts";
import { FOLLOW_UP_REPLIED, findGmailAccount, queueSequenceEmail } from "../emails";
import { writeDueFollowUp } from "./follow-ups";
import { SEQUENCE_STEPS_JOB } from "./queue";
import { windowOf } from "./sequences";
import {
  contactReplied,
  type EnrollmentRow,
  LIVE_STATUSES,
  markReplied,
  pauseEnrollments,
  transitionEnrollment,
} from "./state";
import { addWait, nextInWindow } from "./windows";

const SWEEP_BATCH = 1000;
export const STOPPED_SEND_FAILED = "An email of this sequence could not be sent.";
/** Why a sequence paused, in the name of the mailbox that went away. */
export const pausedDisconnected = (provider: string | null) =>
  `${provider ? mailboxName(provider) : "Your mailbox"} was disconnected. Reconnect it, then resume.`;

/** When the step after a message sent at `sentAt` is due, in the enrolment's window. */
async function dueAfter(
  deps: AppDeps,
  enrollment: EnrollmentRow,
  sentAt: Date,
): Promise<Date | null> {
  const [sequence] = await deps.database.db
    .select()
    .from(sequences)
    .where(eq(sequences.id, enrollment.sequenceId));
  const step = sequence?.steps[enrollment.currentStep];
  if (!sequence || !step) return null;
  const window = windowOf(deps.config, sequence, enrollment.timeZone ?? sequence.timeZone ?? "UTC");
  const waited = addWait(sentAt, step.wait_minutes * deps.config.sequences.minuteMs, window);
  const notBefore =
    enrollment.notBefore && enrollment.notBefore > waited ? enrollment.notBefore : waited;
  return nextInWindow(notBefore, window);
}

/**
 * Settles active enrolments whose latest message has an outcome: sent → the next step's time
 * (or finished after the last one); failed or cancelled → stopped (replied when a reply
 * cancelled it).
 */
async function settleSentSteps(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const rows = await db
    .select({
      enrollment: sequenceEnrollments,
      status: emailMessages.status,
      sentAt: emailMessages.sentAt,
      error: emailMessages.error,
      stepCount: sql<number>`jsonb_array_length(${sequences.steps})`,
    })
    .from(sequenceEnrollments)
    .innerJoin(emailMessages, eq(emailMessages.id, sequenceEnrollments.currentEmailId))
    .innerJoin(sequences, eq(sequences.id, sequenceEnrollments.sequenceId))
    .where(
      and(
        eq(sequenceEnrollments.status, "active"),
        isNull(sequenceEnrollments.nextStepAt),
        inArray(emailMessages.status, ["sent", "failed", "cancelled"]),
      ),
    )
    .limit(SWEEP_BATCH);
  for (const { enrollment, status, sentAt, error, stepCount } of rows) {
    const step = enrollment.currentStep;
    if (status === "sent" && step >= Number(stepCount)) {
      await transitionEnrollment(db, enrollment.id, ["active"], { status: "finished" }, step);
    } else if (status === "sent") {
      const due = await dueAfter(deps, enrollment, sentAt ?? new Date());
      if (due) await transitionEnrollment(db, enrollment.id, ["active"], { nextStepAt: due }, step);
    } else if (error === FOLLOW_UP_REPLIED) {
      await markReplied(deps.database.db, enrollment.id);
    } else {
      await transitionEnrollment(
        db,
        enrollment.id,
        ["active"],
        {
          status: "stopped",
          stoppedReason: error ? `${STOPPED_SEND_FAILED} ${error}` : STOPPED_SEND_FAILED,
        },
        step,
      );
    }
  }
}

/** Enrolments whose contact has replied since they began stop as replied. */
async function stopReplied(deps: AppDeps): Promise<void> {
  const rows = await deps.database.db
    .select({ id: sequenceEnrollments.id })
    .from(sequenceEnrollments)
    .where(and(inArray(sequenceEnrollments.status, LIVE_STATUSES), contactReplied))
    .limit(SWEEP_BATCH);
  for (const row of rows) await markReplied(deps.database.db, row.id);
}

/**
 * Disconnecting Gmail (or a revoked grant) pauses every active enrolment of that mailbox;
 * copy mode's enrolments (reminders, no mailbox) are not paused.
 */
async function pauseDisconnected(deps: AppDeps): Promise<void> {
  const rows = rowsOf<{ id: string; provider: string | null }>(
    await deps.database.db.execute(sql`
      select e.id, g.provider from ${sequenceEnrollments} e
      left join ${gmailAccounts} g on g.user_id = e.user_id
      where e.status = 'active' and not e.manual
        and (g.user_id is null or g.status <> 'connected')
      limit ${SWEEP_BATCH}`),
  );
  for (const provider of new Set(rows.map((r) => r.provider))) {
    await pauseEnrollments(
      deps.database.db,
      rows.filter((r) => r.provider === provider).map((r) => r.id),
      pausedDisconnected(provider),
    );
  }
}

/** Due steps of active enrolments whose mailbox is connected (copy mode's are reminders). */
const dueSteps = (now: Date) =>
  and(
    eq(sequenceEnrollments.status, "active"),
    eq(sequenceEnrollments.manual, false),
    isNotNull(sequenceEnrollments.nextStepAt),
    lte(sequenceEnrollments.nextStepAt, now),
  );

/** Enqueues the steps job of every mailbox with a step due. */
async function enqueueDueSteps(deps: AppDeps): Promise<number> {
  const due = await deps.database.db
    .selectDistinct({ userId: sequenceEnrollments.userId })
    .from(sequenceEnrollments)
    .innerJoin(
      gmailAccounts,
      and(
        eq(gmailAccounts.userId, sequenceEnrollments.userId),
        eq(gmailAccounts.status, "connected"),
      ),
    )
    .where(dueSteps(new Date()))
    .limit(SWEEP_BATCH);
  // One statement for the whole batch: a mailbox whose steps wait for their job keeps having
  // steps due until the job runs, so each sweep offers it again and the queue's key per
  // mailbox drops the copy.
  if (due.length > 0) {
    await deps.boss.insert(
      due.map((row) => ({
        name: SEQUENCE_STEPS_JOB,
        data: { userId: row.userId },
        singletonKey: row.userId,
      })),
    );
  }
  return due.length;
}

/**
 * The sequence sweep: replies stop enrolments, disconnected mailboxes pause them, sent
 * messages schedule the next step, and due steps get their job. Safe to run anywhere, any
 * number of times: every change is a conditional UPDATE and step jobs are keyed per step.
 */
export async function sweepSequences(deps: AppDeps): Promise<number> {
  await stopReplied(deps);
  await pauseDisconnected(deps);
  await settleSentSteps(deps);
  return enqueueDueSteps(deps);
}

/** A follow-up left to write when due, written now for the contact as the network has them. */
async function writeWhenDue(
  deps: AppDeps,
  enrollment: EnrollmentRow,
  step: number,
): Promise<string | null> {
  const contact = await findNetworkContact(
    deps.database.db,
    enrollment.userId,
    enrollment.contactId,
  );
  return contact ? writeDueFollowUp(deps, enrollment, contact, step) : null;
}

/** Steps of one mailbox per job; more due wait for the next sweep (seconds). */
const MAILBOX_STEP_BATCH = 50;

/**
 * The steps job of one mailbox: its due steps, in due order, one after the other, so each
 * follow-up is queued seeing the ones before it and wakes at its own turn of the mailbox's
 * spacing (emails/limits.ts) instead of all waking at once to find the mailbox busy.
 */
export async function advanceMailbox(deps: AppDeps, userId: string): Promise<void> {
  const due = await deps.database.db
    .select({ id: sequenceEnrollments.id, currentStep: sequenceEnrollments.currentStep })
    .from(sequenceEnrollments)
    .where(and(eq(sequenceEnrollments.userId, userId), dueSteps(new Date())))
    .orderBy(sequenceEnrollments.nextStepAt, sequenceEnrollments.id)
    .limit(MAILBOX_STEP_BATCH);
  for (const row of due) await advanceEnrollment(deps, row.id, row.currentStep + 1);
}

/**
 * One step of one enrolment: writes the follow-up if it was left to write when due, and hands it to the
 * sender: the row, its send job and the enrolment's move to this step commit together, and
 * only if the enrolment is still active at the previous step, so a step is queued once however
 * often this runs. It does not read the thread at Gmail: the send job reads it right before
 * the claim (emails/follow-up-check.ts), which is what keeps a follow-up from going after a
 * reply however long the step waited for its turn; a reply already synced stopped the
 * enrolment in the sweep before this job was queued.
 */
export async function advanceEnrollment(
  deps: AppDeps,
  enrollmentId: string,
  step: number,
): Promise<void> {
  const db = deps.database.db;
  const [enrollment] = await db
    .select()
    .from(sequenceEnrollments)
    .where(eq(sequenceEnrollments.id, enrollmentId));
  if (
    enrollment?.status !== "active" ||
    enrollment.manual ||
    enrollment.currentStep !== step - 1 ||
    !enrollment.nextStepAt ||
    enrollment.nextStepAt.getTime() > Date.now() + 1000
  ) {
    return;
  }
  const account = await findGmailAccount(db, enrollment.userId);
  if (account?.status !== "connected") return; // the sweep pauses it
  const contact = await findContactAddress(db, enrollment.userId, enrollment.contactId);
  if (!contact?.email) {
    await transitionEnrollment(db, enrollment.id, ["active"], {
      status: "stopped",
      stoppedReason: "The contact has no email address any more.",
    });
    return;
  }
  const [planned] = await db
    .select()
    .from(enrollmentSteps)
    .where(
      and(eq(enrollmentSteps.enrollmentId, enrollment.id), eq(enrollmentSteps.position, step)),
    );
  if (!planned) return;
  const body = planned.body ?? (await writeWhenDue(deps, enrollment, step));
  if (body === null) return;

  await db.transaction(async (tx) => {
    const moved = await transitionEnrollment(
      tx,
      enrollment.id,
      ["active"],
      { currentStep: step, nextStepAt: null },
      step - 1,
    );
    if (!moved) return;
    const email = await queueSequenceEmail(deps, tx, {
      userId: enrollment.userId,
      contactId: enrollment.contactId,
      enrollmentId: enrollment.id,
      step,
      toEmail: contact.email as string,
      fromEmail: account.email,
      subject: planned.subject,
      body,
      scheduledAt: new Date(),
    });
    await tx
      .update(sequenceEnrollments)
      .set({ currentEmailId: email.id })
      .where(eq(sequenceEnrollments.id, enrollment.id));
    await tx
      .update(enrollmentSteps)
      .set({ body, emailId: email.id, updatedAt: new Date() })
      .where(
        and(eq(enrollmentSteps.enrollmentId, enrollment.id), eq(enrollmentSteps.position, step)),
      );
  });
}
