import type { Enrollment, EnrollmentDetail, EnrollmentStep } from "@reachout/contract";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import {
  contacts,
  emailMessages,
  enrollmentSteps,
  sequenceEnrollments,
  sequences,
} from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import type { WronglyEnded } from "../deliverability";
import { postponeQueuedFollowUps } from "../emails";
import { getSequenceRow } from "./sequences";
import {
  contactReplied,
  type EnrollmentRow,
  endEnrollments,
  LIVE_STATUSES,
  pauseEnrollments,
  restoreEnrollments,
  transitionEnrollment,
} from "./state";

export const ENROLLMENT_NOT_FOUND = "Enrolment not found";
export const NOT_LIVE = "This enrolment has ended; it can no longer be changed.";
export const NOT_PAUSED = "Only a paused enrolment can be resumed.";
export const ALREADY_QUEUED =
  "This follow-up has already been handed to Gmail; it can no longer be edited.";
export const STOPPED_BY_STUDENT = "Stopped by you.";

/** Why `stopEnrollmentsForAddress` ended an enrolment on a bounce. */
export const BOUNCED_REASON = "The address bounced, so the sequence stopped.";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const enrollmentColumns = {
  enrollment: sequenceEnrollments,
  sequenceName: sequences.name,
  contactName: contacts.fullName,
  stepsSent: sql<number>`(
    select count(*)::int from ${emailMessages}
    where ${emailMessages.enrollmentId} = ${sequenceEnrollments.id}
      and ${emailMessages.sequenceStep} > 0 and ${emailMessages.status} = 'sent')`,
};

type EnrollmentListRow = {
  enrollment: EnrollmentRow;
  sequenceName: string;
  contactName: string;
  stepsSent: number;
};

function toEnrollment(row: EnrollmentListRow): Enrollment {
  const e = row.enrollment;
  return {
    id: e.id,
    sequence_id: e.sequenceId,
    sequence_name: row.sequenceName,
    contact_id: e.contactId,
    contact_name: row.contactName,
    status: e.status,
    steps_sent: Number(row.stepsSent),
    next_step_at: iso(e.nextStepAt),
    stopped_reason: e.stoppedReason,
    manual: e.manual,
    created_at: e.createdAt.toISOString(),
  };
}

function selectEnrollments(db: DbOrTx) {
  return db
    .select(enrollmentColumns)
    .from(sequenceEnrollments)
    .innerJoin(sequences, eq(sequences.id, sequenceEnrollments.sequenceId))
    .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId));
}

export async function listSequenceEnrollments(
  db: DbOrTx,
  userId: string,
  sequenceId: string,
): Promise<Enrollment[]> {
  await getSequenceRow(db, userId, sequenceId);
  const rows = await selectEnrollments(db)
    .where(
      and(eq(sequenceEnrollments.userId, userId), eq(sequenceEnrollments.sequenceId, sequenceId)),
    )
    .orderBy(desc(sequenceEnrollments.createdAt));
  return rows.map(toEnrollment);
}

/** Every enrolment of the student, newest first (My Network shows each contact's latest). */
export async function listEnrollments(db: DbOrTx, userId: string): Promise<Enrollment[]> {
  const rows = await selectEnrollments(db)
    .where(eq(sequenceEnrollments.userId, userId))
    .orderBy(desc(sequenceEnrollments.createdAt))
    .limit(5000);
  return rows.map(toEnrollment);
}

export async function findEnrollment(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<EnrollmentListRow> {
  const [row] = await selectEnrollments(db).where(
    and(eq(sequenceEnrollments.id, id), eq(sequenceEnrollments.userId, userId)),
  );
  if (!row) throw notFound(ENROLLMENT_NOT_FOUND);
  return row;
}

/** One enrolment with each follow-up: its text, whether it went, and when it is due. */
export async function getEnrollment(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<EnrollmentDetail> {
  const row = await findEnrollment(db, userId, id);
  const [[sequence], planned] = await Promise.all([
    db.select().from(sequences).where(eq(sequences.id, row.enrollment.sequenceId)),
    db
      .select({
        position: enrollmentSteps.position,
        subject: enrollmentSteps.subject,
        body: enrollmentSteps.body,
        emailStatus: emailMessages.status,
        sentAt: emailMessages.sentAt,
      })
      .from(enrollmentSteps)
      .leftJoin(emailMessages, eq(emailMessages.id, enrollmentSteps.emailId))
      .where(eq(enrollmentSteps.enrollmentId, id))
      .orderBy(asc(enrollmentSteps.position)),
  ]);
  const e = row.enrollment;
  const steps: EnrollmentStep[] = planned.map((p) => {
    const status = p.emailStatus;
    const state: EnrollmentStep["state"] =
      status === "sent"
        ? "sent"
        : status === "cancelled"
          ? "cancelled"
          : status === "failed"
            ? "failed"
            : status
              ? "queued"
              : "planned";
    return {
      position: p.position,
      email_format: sequence?.steps[p.position - 1]?.email_format ?? "bump",
      subject: p.subject,
      body: p.body,
      state,
      sent_at: iso(p.sentAt),
      due_at: p.position === e.currentStep + 1 ? iso(e.nextStepAt) : null,
    };
  });
  return { ...toEnrollment(row), steps };
}

/** Edits a follow-up before it goes (only while it is still planned). */
export async function updateEnrollmentStep(
  db: DbOrTx,
  userId: string,
  id: string,
  position: number,
  body: string,
): Promise<EnrollmentDetail> {
  const row = await findEnrollment(db, userId, id);
  if (!LIVE_STATUSES.includes(row.enrollment.status)) throw conflict(NOT_LIVE);
  const updated = await db
    .update(enrollmentSteps)
    .set({ body, updatedAt: new Date() })
    .where(
      and(
        eq(enrollmentSteps.enrollmentId, id),
        eq(enrollmentSteps.position, position),
        sql`${enrollmentSteps.emailId} is null`,
      ),
    )
    .returning({ position: enrollmentSteps.position });
  if (updated.length === 0) {
    const [exists] = await db
      .select({ position: enrollmentSteps.position })
      .from(enrollmentSteps)
      .where(and(eq(enrollmentSteps.enrollmentId, id), eq(enrollmentSteps.position, position)));
    if (!exists) throw notFound("This sequence has no such step");
    throw conflict(ALREADY_QUEUED);
  }
  return getEnrollment(db, userId, id);
}

export async function stopEnrollment(
  db: Db,
  userId: string,
  id: string,
): Promise<EnrollmentDetail> {
  const row = await findEnrollment(db, userId, id);
  if (!LIVE_STATUSES.includes(row.enrollment.status)) throw conflict(NOT_LIVE);
  await endEnrollments(db, [id], "stopped", STOPPED_BY_STUDENT);
  return getEnrollment(db, userId, id);
}

export async function pauseEnrollment(
  db: Db,
  userId: string,
  id: string,
): Promise<EnrollmentDetail> {
  const row = await findEnrollment(db, userId, id);
  if (row.enrollment.status === "paused") return getEnrollment(db, userId, id);
  if (row.enrollment.status !== "active") throw conflict(NOT_LIVE);
  await pauseEnrollments(db, [id], null);
  return getEnrollment(db, userId, id);
}

/**
 * Resumes a paused enrolment: the next step is worked out again from the last message sent
 * (a step whose time passed during the pause goes at the next sweep, within the window).
 */
export async function resumeEnrollment(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<EnrollmentDetail> {
  const db = deps.database.db;
  const row = await findEnrollment(db, userId, id);
  if (row.enrollment.status !== "paused") throw conflict(NOT_PAUSED);
  await transitionEnrollment(db, id, ["paused"], {
    status: "active",
    stoppedReason: null,
    nextStepAt: null,
  });
  return getEnrollment(db, userId, id);
}

/**
 * The deliverability rules' stop: every live enrolment (of any student, or only of
 * `onlyUserId`'s for an opt-out a student recorded in copy mode) writing to this address ends
 * as `bounced` or `opted_out`; follow-ups not yet claimed are cancelled.
 */
export async function stopEnrollmentsForAddress(
  db: Db,
  email: string,
  status: "bounced" | "opted_out",
  onlyUserId?: string,
): Promise<number> {
  const rows = await db
    .select({ id: sequenceEnrollments.id })
    .from(sequenceEnrollments)
    .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId))
    .where(
      and(
        onlyUserId ? eq(sequenceEnrollments.userId, onlyUserId) : undefined,
        inArray(sequenceEnrollments.status, LIVE_STATUSES),
        sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  const reason =
    status === "bounced" ? BOUNCED_REASON : "The recipient opted out, so the sequence stopped.";
  return endEnrollments(
    db,
    rows.map((r) => r.id),
    status,
    reason,
  );
}

/**
 * The deliverability rules' deferral (an out-of-office reply with a return date): this
 * student's live enrolments to the address send no step before `until`.
 */
export async function deferEnrollmentsForAddress(
  db: Db,
  userId: string,
  email: string,
  until: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sequenceEnrollments.id })
      .from(sequenceEnrollments)
      .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId))
      .where(
        and(
          eq(sequenceEnrollments.userId, userId),
          inArray(sequenceEnrollments.status, LIVE_STATUSES),
          sql`lower(${contacts.email}) = ${email.trim().toLowerCase()}`,
        ),
      );
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx
      .update(sequenceEnrollments)
      .set({ notBefore: until, updatedAt: new Date() })
      .where(inArray(sequenceEnrollments.id, ids));
    // A step already timed moves past the return date; one already queued waits for it.
    await tx
      .update(sequenceEnrollments)
      .set({ nextStepAt: until })
      .where(
        and(
          inArray(sequenceEnrollments.id, ids),
          isNotNull(sequenceEnrollments.nextStepAt),
          sql`${sequenceEnrollments.nextStepAt} < ${until.toISOString()}::timestamptz`,
        ),
      );
    await postponeQueuedFollowUps(tx, ids, until);
    return ids.length;
  });
}

/**
 * The repair job's undo (issue 33): enrolments a wrong verdict ended are resumed. `replied`
 * ones are this student's with this contact, unless the contact really answered since the
 * enrolment began; `bounced` ones are every student's to an address whose suppression was lifted.
 */
export async function restoreWronglyEndedEnrollments(
  db: DbOrTx,
  target: WronglyEnded,
): Promise<number> {
  const rows =
    target.from === "replied"
      ? await db
          .select({ id: sequenceEnrollments.id })
          .from(sequenceEnrollments)
          .where(
            and(
              eq(sequenceEnrollments.userId, target.userId),
              eq(sequenceEnrollments.contactId, target.contactId),
              eq(sequenceEnrollments.status, "replied"),
              sql`not ${contactReplied}`,
            ),
          )
      : await db
          .select({ id: sequenceEnrollments.id })
          .from(sequenceEnrollments)
          .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId))
          .where(
            and(
              eq(sequenceEnrollments.status, "bounced"),
              eq(sequenceEnrollments.stoppedReason, BOUNCED_REASON),
              sql`lower(${contacts.email}) = ${target.email.trim().toLowerCase()}`,
            ),
          );
  return restoreEnrollments(
    db,
    rows.map((r) => r.id),
    target.from,
  );
}
