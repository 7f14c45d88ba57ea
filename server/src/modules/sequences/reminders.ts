/**
 * Copy mode's follow-ups. A student who sends from their own mail app (no connected mailbox)
 * enrols a contact when they mark the first email sent; each follow-up then comes due as a
 * reminder they copy, send themselves and mark sent. The sweep dates the next step from that
 * mark exactly as it does for a send from Gmail, and a reply ("They replied") stops it.
 */
import { randomUUID } from "node:crypto";
import type {
  EnrollmentDetail,
  EnrollRequest,
  EnrollResponse,
  FollowUpReminder,
} from "@reachout/contract";
import { and, asc, eq, isNotNull, isNull, lte, not, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  contacts,
  emailMessages,
  enrollmentSteps,
  sequenceEnrollments,
  sequences,
} from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { findNetworkContact, selectNetworkContacts } from "../contacts";
import { loadSender, recordCopiedSendIn } from "../emails";
import { findEnrollment, getEnrollment, NOT_LIVE } from "./control";
import {
  ALREADY_ENROLLED,
  insertEnrollment,
  lockSequence,
  NO_EMAIL_ADDRESS,
  orAlreadyEnrolled,
  planFollowUps,
  UNKNOWN_CONTACT,
} from "./enroll";
import { followUpContext, followUpWriterFor, writeDueFollowUp, writeFollowUps } from "./follow-ups";
import { getSequenceRow } from "./sequences";
import { contactReplied, markReplied, transitionEnrollment } from "./state";

export const COPY_MODE_ONE_CONTACT =
  "In copy mode you send each first email yourself: add follow-ups to one contact at a time, when you mark that email sent.";
export const COPY_MODE_NOT_SCHEDULED =
  "In copy mode you send the first email yourself, so Reachout can't schedule it.";
export const NOT_A_REMINDER =
  "Reachout sends this sequence's follow-ups from your mailbox; there is nothing to mark.";
export const NOT_DUE_YET = "This follow-up isn't due yet.";
export const ALREADY_REPLIED =
  "They already replied, so this sequence has stopped: no follow-up needed.";

/** A clock step of tolerance: a reminder listed as due is due when it is marked. */
const DUE_SLACK_MS = 1000;

/**
 * "I sent it" with follow-up reminders: records the first email the student sent themselves
 * and enrols the contact (`manual`), both in one transaction. The key makes a repeated click
 * answer the first enrolment.
 */
export async function enrollCopied(
  deps: AppDeps,
  userId: string,
  sequenceId: string,
  request: EnrollRequest & { copied_key: string },
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<EnrollResponse> {
  if (request.contact_ids.length !== 1) throw badRequest(COPY_MODE_ONE_CONTACT);
  if (request.scheduled_at) throw badRequest(COPY_MODE_NOT_SCHEDULED);
  const db = deps.database.db;
  const sequence = await getSequenceRow(db, userId, sequenceId);
  const contact = await findNetworkContact(db, userId, request.contact_ids[0]);
  if (!contact) throw notFound(`${UNKNOWN_CONTACT}: ${request.contact_ids[0]}`);
  // The request's subject is one trimmed line already (the contract refuses line breaks).
  const { subject } = request;
  const [followUps] = await planFollowUps(
    followUpWriterFor(deps, log),
    followUpContext(await loadSender(db, userId)),
    sequence.steps,
    [{ contact, first: { subject, body: request.body } }],
    request,
  );
  const enrollmentId = randomUUID();

  const id = await orAlreadyEnrolled(() =>
    db.transaction(async (tx) => {
      await lockSequence(tx, sequence.id);
      const first = await recordCopiedSendIn(tx, deps, userId, contact, {
        subject,
        body: request.body,
        key: request.copied_key,
        emailFormat: request.email_format ?? null,
        enrollmentId,
        sequenceStep: 0,
      });
      if (!first.created) {
        // The same click again: its enrolment (or, when it was recorded without one, a refusal).
        if (first.row.enrollmentId) return first.row.enrollmentId;
        throw conflict(ALREADY_ENROLLED);
      }
      await insertEnrollment(tx, {
        id: enrollmentId,
        userId,
        sequence,
        contact,
        firstEmailId: first.row.id,
        followUps,
        manual: true,
      });
      return enrollmentId;
    }),
  );
  return { enrolled: [{ id, contact_id: contact.contact_id }], refused: [] };
}

/** The student's copy-mode follow-ups that are due, oldest first, with the text to send. */
export async function listFollowUpReminders(
  deps: AppDeps,
  userId: string,
  now = new Date(),
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<FollowUpReminder[]> {
  const db = deps.database.db;
  const rows = await db
    .select({
      enrollment: sequenceEnrollments,
      sequenceName: sequences.name,
      steps: sequences.steps,
      contactName: contacts.fullName,
      subject: enrollmentSteps.subject,
      body: enrollmentSteps.body,
      first: { subject: emailMessages.subject, body: emailMessages.body },
    })
    .from(sequenceEnrollments)
    .innerJoin(sequences, eq(sequences.id, sequenceEnrollments.sequenceId))
    .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId))
    .innerJoin(
      enrollmentSteps,
      and(
        eq(enrollmentSteps.enrollmentId, sequenceEnrollments.id),
        sql`${enrollmentSteps.position} = ${sequenceEnrollments.currentStep} + 1`,
      ),
    )
    .innerJoin(emailMessages, eq(emailMessages.id, sequenceEnrollments.firstEmailId))
    .where(
      and(
        eq(sequenceEnrollments.userId, userId),
        eq(sequenceEnrollments.manual, true),
        eq(sequenceEnrollments.status, "active"),
        isNotNull(sequenceEnrollments.nextStepAt),
        lte(sequenceEnrollments.nextStepAt, now),
        not(contactReplied),
      ),
    )
    .orderBy(asc(sequenceEnrollments.nextStepAt))
    .limit(200);
  if (rows.length === 0) return [];
  const [context, network] = await Promise.all([
    loadSender(db, userId).then(followUpContext),
    selectNetworkContacts(db, userId, { contactIds: rows.map((r) => r.enrollment.contactId) }),
  ]);
  const due = rows.flatMap((row) => {
    const contact = network.find((c) => c.contact_id === row.enrollment.contactId);
    return contact?.email ? [{ row, contact, to: contact.email }] : [];
  });
  // Follow-ups left to write when due are written now, once: the text the student copies is
  // the text "I sent it" records.
  const unwritten = due.filter(({ row }) => row.body === null);
  const written = await writeFollowUps(
    followUpWriterFor(deps, log),
    unwritten.map(({ row, contact }) => ({
      context,
      contact,
      steps: row.steps,
      position: row.enrollment.currentStep + 1,
      firstEmail: row.first,
    })),
  );
  for (const [i, { row }] of unwritten.entries()) {
    row.body = await keepWrittenBody(
      deps,
      row.enrollment.id,
      row.enrollment.currentStep + 1,
      written[i].body,
    );
  }
  return due.map(({ row, to }) => ({
    enrollment_id: row.enrollment.id,
    sequence_name: row.sequenceName,
    position: row.enrollment.currentStep + 1,
    contact_id: row.enrollment.contactId,
    contact_name: row.contactName,
    to_email: to,
    subject: row.subject,
    body: row.body as string,
    due_at: (row.enrollment.nextStepAt as Date).toISOString(),
  }));
}

/** Stores a follow-up written when due unless another request stored one first; the stored text. */
async function keepWrittenBody(
  deps: AppDeps,
  enrollmentId: string,
  position: number,
  body: string,
): Promise<string> {
  const db = deps.database.db;
  const at = and(
    eq(enrollmentSteps.enrollmentId, enrollmentId),
    eq(enrollmentSteps.position, position),
  );
  const [kept] = await db
    .update(enrollmentSteps)
    .set({ body, updatedAt: new Date() })
    .where(and(at, isNull(enrollmentSteps.body)))
    .returning({ body: enrollmentSteps.body });
  if (kept?.body) return kept.body;
  const [stored] = await db.select({ body: enrollmentSteps.body }).from(enrollmentSteps).where(at);
  return stored?.body ?? body;
}

/**
 * "I sent it" on a reminder: records the follow-up the student sent themselves and moves the
 * enrolment to that step (the sweep dates the next one). Refused when it is not due, when the
 * enrolment has ended, and when the contact has already replied (the enrolment stops).
 * Marking the same step twice answers the enrolment unchanged.
 */
export async function markReminderSent(
  deps: AppDeps,
  userId: string,
  id: string,
  position: number,
  now = new Date(),
): Promise<EnrollmentDetail> {
  const db = deps.database.db;
  const { enrollment } = await findEnrollment(db, userId, id);
  if (!enrollment.manual) throw conflict(NOT_A_REMINDER);
  const [planned] = await db
    .select()
    .from(enrollmentSteps)
    .where(and(eq(enrollmentSteps.enrollmentId, id), eq(enrollmentSteps.position, position)));
  if (!planned) throw notFound("This sequence has no such step");
  if (planned.emailId) return getEnrollment(db, userId, id);
  if (enrollment.status === "replied") throw conflict(ALREADY_REPLIED);
  if (enrollment.status !== "active") throw conflict(NOT_LIVE);
  if (
    enrollment.currentStep !== position - 1 ||
    !enrollment.nextStepAt ||
    enrollment.nextStepAt.getTime() > now.getTime() + DUE_SLACK_MS
  ) {
    throw conflict(NOT_DUE_YET);
  }
  const [replied] = await db
    .select({ id: sequenceEnrollments.id })
    .from(sequenceEnrollments)
    .where(and(eq(sequenceEnrollments.id, id), contactReplied));
  if (replied) {
    await markReplied(db, id);
    throw conflict(ALREADY_REPLIED);
  }
  const contact = await findNetworkContact(db, userId, enrollment.contactId);
  if (!contact?.email) throw conflict(NO_EMAIL_ADDRESS);
  const body = planned.body ?? (await writeDueFollowUp(deps, enrollment, contact, position));
  if (body === null) throw notFound("This sequence has no such step");

  await db.transaction(async (tx) => {
    const sent = await recordCopiedSendIn(tx, deps, userId, contact, {
      subject: planned.subject,
      body,
      key: stepKey(id, position),
      enrollmentId: id,
      sequenceStep: position,
    });
    const moved = await transitionEnrollment(
      tx,
      id,
      ["active"],
      { currentStep: position, nextStepAt: null, currentEmailId: sent.row.id },
      position - 1,
    );
    if (!moved) throw conflict(NOT_LIVE); // paused or stopped a moment ago: nothing recorded
    await tx
      .update(enrollmentSteps)
      .set({ body, emailId: sent.row.id, updatedAt: new Date() })
      .where(and(eq(enrollmentSteps.enrollmentId, id), eq(enrollmentSteps.position, position)));
  });
  return getEnrollment(db, userId, id);
}

/** The idempotency key of one step's "I sent it": one record per enrolment and step. */
const stepKey = (enrollmentId: string, position: number) => `seq-${enrollmentId}-${position}`;
