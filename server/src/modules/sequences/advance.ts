import { mailboxName } from "@reachout/contract";
import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { rowsOf } from "../../db/client";
import {
  emailMessages,
  enrollmentSteps,
  mailboxes,
  sequenceEnrollments,
  sequences,
} from "../../db/schema";
import type { AppDeps } from "../../deps";
import { findContactAddresses, findNetworkContact } from "../contacts";
import { FOLLOW_UP_REPLIED, findMailbox, queueSequenceEmails } from "../emails";
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
      left join ${mailboxes} g on g.user_id = e.user_id
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
      mailboxes,
      and(eq(mailboxes.userId, sequenceEnrollments.userId), eq(mailboxes.status, "connected")),
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

/** A due step ready to hand to the sender: its enrolment, and the follow-up as it will go. */
interface ReadyStep {
  enrollment: EnrollmentRow;
  step: number;
  subject: string;
  body: string;
  toEmail: string;
}

/**
 * The steps job of one mailbox: its due steps, in due order, handed to the sender together, so
 * each follow-up is queued seeing the ones before it and wakes at its own turn of the mailbox's
 * spacing (emails/limits.ts) instead of all waking at once to find the mailbox busy. One read
 * of the due steps with their planned follow-ups, one of their contacts' addresses, and one
 * transaction for the batch, whatever its size.
 *
 * It does not read the thread at Gmail: the send job reads it right before the claim
 * (emails/follow-up-check.ts), which is what keeps a follow-up from going after a reply however
 * long the step waited for its turn; a reply already synced stopped the enrolment in the sweep
 * before this job was queued.
 */
export async function advanceMailbox(deps: AppDeps, userId: string): Promise<void> {
  const db = deps.database.db;
  const account = await findMailbox(db, userId);
  if (account?.status !== "connected") return; // the sweep pauses its enrolments
  const due = await db
    .select({ enrollment: sequenceEnrollments, planned: enrollmentSteps })
    .from(sequenceEnrollments)
    .leftJoin(
      enrollmentSteps,
      and(
        eq(enrollmentSteps.enrollmentId, sequenceEnrollments.id),
        eq(enrollmentSteps.position, sql`${sequenceEnrollments.currentStep} + 1`),
      ),
    )
    // A second's grace: a step about to fall due goes with the batch (its email is due then).
    .where(and(eq(sequenceEnrollments.userId, userId), dueSteps(new Date(Date.now() + 1000))))
    .orderBy(sequenceEnrollments.nextStepAt, sequenceEnrollments.id)
    .limit(MAILBOX_STEP_BATCH);
  const addresses = await findContactAddresses(
    db,
    userId,
    due.map((row) => row.enrollment.contactId),
  );
  const ready: ReadyStep[] = [];
  for (const { enrollment, planned } of due) {
    const step = enrollment.currentStep + 1;
    const toEmail = addresses.get(enrollment.contactId)?.email;
    if (!toEmail) {
      await transitionEnrollment(db, enrollment.id, ["active"], {
        status: "stopped",
        stoppedReason: "The contact has no email address any more.",
      });
      continue;
    }
    if (!planned) continue;
    const body = planned.body ?? (await writeWhenDue(deps, enrollment, step));
    if (body === null) continue;
    ready.push({ enrollment, step, subject: planned.subject, body, toEmail });
  }
  if (ready.length > 0) await handToSender(deps, account.email, ready);
}

/**
 * The enrolments' ids as an array literal. Each batch UPDATE below also names its rows by
 * `id = any(...)`, which the planner answers from the primary key with the list's true length;
 * joined to the JSON records alone, it guessed their number and, with statistics behind a
 * filling table, read every active enrolment (12 ms a batch at 10,000 enrolments).
 */
const idList = (steps: ReadyStep[]) => `{${steps.map((r) => r.enrollment.id).join(",")}}`;

/**
 * Hands due steps to the sender: each follow-up's row and send job, and its enrolment's move
 * to that step, commit together, and only for an enrolment still active at the previous step,
 * so a step is queued once however often this runs (another worker, a pause or a stop between
 * the read and now simply drops that enrolment from the batch).
 */
async function handToSender(deps: AppDeps, fromEmail: string, ready: ReadyStep[]): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const moving = JSON.stringify(ready.map((r) => ({ id: r.enrollment.id, step: r.step })));
    const moved = new Set(
      rowsOf<{ id: string }>(
        await tx.execute(sql`
          update ${sequenceEnrollments} e
          set current_step = v.step, next_step_at = null, updated_at = now()
          from jsonb_to_recordset(${moving}::jsonb) as v(id uuid, step int)
          where e.id = any(${idList(ready)}::uuid[]) and e.id = v.id
            and e.status = 'active' and e.current_step = v.step - 1
          returning e.id`),
      ).map((row) => row.id),
    );
    const going = ready.filter((r) => moved.has(r.enrollment.id));
    if (going.length === 0) return;
    const emails = await queueSequenceEmails(
      deps,
      tx,
      going.map(({ enrollment, step, subject, body, toEmail }) => ({
        userId: enrollment.userId,
        contactId: enrollment.contactId,
        enrollmentId: enrollment.id,
        step,
        toEmail,
        fromEmail,
        subject,
        body,
        // Due when the step fell due: a mailbox's follow-ups then leave in the order they came due.
        scheduledAt: enrollment.nextStepAt ?? new Date(),
      })),
    );
    const handed = JSON.stringify(
      going.map((r, i) => ({
        id: r.enrollment.id,
        step: r.step,
        body: r.body,
        email: emails[i].id,
      })),
    );
    await tx.execute(sql`
      update ${sequenceEnrollments} e set current_email_id = v.email
      from jsonb_to_recordset(${handed}::jsonb) as v(id uuid, email uuid)
      where e.id = any(${idList(going)}::uuid[]) and e.id = v.id`);
    await tx.execute(sql`
      update ${enrollmentSteps} s set body = v.body, email_id = v.email, updated_at = now()
      from jsonb_to_recordset(${handed}::jsonb) as v(id uuid, step int, body text, email uuid)
      where s.enrollment_id = any(${idList(going)}::uuid[])
        and s.enrollment_id = v.id and s.position = v.step`);
  });
}
