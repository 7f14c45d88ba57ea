import { randomUUID } from "node:crypto";
import {
  type EnrollRequest,
  type EnrollResponse,
  heldAddressDetail,
  type NetworkContact,
  suppressedAddressDetail,
} from "@reachout/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../../db/client";
import {
  enrollmentSteps,
  type SequenceStep,
  sequenceEnrollments,
  sequences,
} from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { isCopyMode } from "../auth";
import { selectNetworkContacts } from "../contacts";
import {
  checkScheduledAt,
  type FollowUpWriter,
  fillTemplate,
  findMailbox,
  followUpSubject,
  loadSender,
  NO_RESUME_TO_ATTACH,
  queueSequenceEmails,
  requireConnected,
} from "../emails";
import { hasResume } from "../resumes";
import {
  type FollowUpContext,
  followUpContext,
  followUpWriterFor,
  writeFollowUps,
} from "./follow-ups";
import { getSequenceRow, type SequenceRow } from "./sequences";
import { timeZoneOfLocation } from "./time-zone";

export const ALREADY_ENROLLED =
  "This contact is already in an active sequence. Stop or finish that one first.";
export const NO_EMAIL_ADDRESS = "This contact has no email address on file.";
export const COPY_MODE_ENROL =
  "In copy mode you send the first email yourself: copy it, send it, then choose follow-up reminders when you mark it sent.";
export const UNKNOWN_CONTACT = "Contact not found in your network";

/** A follow-up as planned at enrolment: body null when written when due. */
export interface PlannedFollowUp {
  subject: string;
  body: string | null;
}

interface Plan {
  contact: NetworkContact;
  enrollmentId: string;
  first: { subject: string; body: string };
}

/**
 * Enrols contacts in a sequence: for each, the first email (sent now or at `scheduled_at`)
 * and the planned follow-ups, written now so the student can read and edit them (or when
 * due). A request naming a contact outside the student's network is refused whole; a
 * contact that cannot be enrolled (no address, already in a sequence) is listed in `refused`.
 */
export async function enrollContacts(
  deps: AppDeps,
  userId: string,
  sequenceId: string,
  request: EnrollRequest,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<EnrollResponse> {
  const db = deps.database.db;
  const sequence = await getSequenceRow(db, userId, sequenceId);
  const ids = [...new Set(request.contact_ids)];
  const network = await selectNetworkContacts(db, userId, { contactIds: ids });
  const missing = ids.find((id) => !network.some((c) => c.contact_id === id));
  if (missing) throw notFound(`${UNKNOWN_CONTACT}: ${missing}`);
  if (await isCopyMode(db, userId)) throw conflict(COPY_MODE_ENROL);
  const account = requireConnected(await findMailbox(db, userId));
  if (!(await hasResume(db, userId))) throw conflict(NO_RESUME_TO_ATTACH);
  const scheduledAt = request.scheduled_at ? checkScheduledAt(request.scheduled_at) : new Date();

  const refused: EnrollResponse["refused"] = [];
  const busy = new Set(
    (
      await db
        .select({ contactId: sequenceEnrollments.contactId })
        .from(sequenceEnrollments)
        .where(
          and(
            eq(sequenceEnrollments.userId, userId),
            inArray(sequenceEnrollments.contactId, ids),
            inArray(sequenceEnrollments.status, ["active", "paused"]),
          ),
        )
    ).map((r) => r.contactId),
  );
  const plans: Plan[] = [];
  for (const id of ids) {
    const contact = network.find((c) => c.contact_id === id) as NetworkContact;
    if (busy.has(id)) refused.push({ contact_id: id, detail: ALREADY_ENROLLED });
    else if (!contact.email) refused.push({ contact_id: id, detail: NO_EMAIL_ADDRESS });
    else if (contact.email_status === "held") {
      // A full mailbox or an unreachable server: held for this student's sequences for 14 days.
      refused.push({
        contact_id: id,
        detail: heldAddressDetail(
          contact.email,
          contact.email_held_until ?? new Date().toISOString(),
        ),
      });
    } else if (contact.email_status !== "ok") {
      // Bounced or opted out: nobody writes to this address (the send would refuse it too).
      refused.push({
        contact_id: id,
        detail: suppressedAddressDetail(contact.email, contact.email_status),
      });
    } else {
      const subject = fillTemplate(request.subject, contact)
        .replace(/[\r\n]+/g, " ")
        .trim();
      plans.push({
        contact,
        enrollmentId: randomUUID(),
        first: { subject, body: fillTemplate(request.body, contact) },
      });
    }
  }
  const followUps = await planFollowUps(
    followUpWriterFor(deps, log),
    followUpContext(await loadSender(db, userId)),
    sequence.steps,
    plans,
    request,
  );

  await orAlreadyEnrolled(() =>
    db.transaction(async (tx) => {
      await lockSequence(tx, sequence.id);
      const firsts = await queueSequenceEmails(
        deps,
        tx,
        plans.map((plan) => ({
          userId,
          contactId: plan.contact.contact_id,
          enrollmentId: plan.enrollmentId,
          step: 0,
          toEmail: plan.contact.email as string,
          fromEmail: account.email,
          subject: plan.first.subject,
          body: plan.first.body,
          scheduledAt,
          emailFormat: request.email_format ?? null,
        })),
      );
      for (const [i, plan] of plans.entries()) {
        await insertEnrollment(tx, {
          id: plan.enrollmentId,
          userId,
          sequence,
          contact: plan.contact,
          firstEmailId: firsts[i].id,
          followUps: followUps[i],
        });
      }
    }),
  );
  return {
    enrolled: plans.map((p) => ({ id: p.enrollmentId, contact_id: p.contact.contact_id })),
    refused,
  };
}

/**
 * The follow-ups of new enrolments (one list per enrolment, in order): written now, side by
 * side, for the student to read and edit, or left to write when due (body null). Runs before
 * the enrolment's transaction: the LLM is never waited on inside it.
 */
export async function planFollowUps(
  writer: FollowUpWriter,
  context: FollowUpContext,
  steps: SequenceStep[],
  enrolments: Array<{ contact: NetworkContact; first: { subject: string; body: string } }>,
  options: { write_when_due?: boolean },
): Promise<PlannedFollowUp[][]> {
  if (options.write_when_due) {
    return enrolments.map(({ first }) =>
      steps.map(() => ({ subject: followUpSubject(first.subject), body: null })),
    );
  }
  const written = await writeFollowUps(
    writer,
    enrolments.flatMap(({ contact, first }) =>
      steps.map((_, i) => ({ context, contact, steps, position: i + 1, firstEmail: first })),
    ),
  );
  return enrolments.map((_, n) =>
    written
      .slice(n * steps.length, (n + 1) * steps.length)
      .map(({ subject, body }) => ({ subject, body })),
  );
}

/** Shared lock: the sequence cannot be deleted under a new enrolment (call in its transaction). */
export async function lockSequence(tx: DbOrTx, sequenceId: string): Promise<void> {
  await tx
    .select({ id: sequences.id })
    .from(sequences)
    .where(eq(sequences.id, sequenceId))
    .for("share");
}

/**
 * A new enrolment at its first email (step 0), with its planned follow-ups, in the caller's
 * transaction. `manual`: copy mode's, whose follow-ups are reminders.
 */
export async function insertEnrollment(
  tx: DbOrTx,
  enrollment: {
    id: string;
    userId: string;
    sequence: SequenceRow;
    contact: NetworkContact;
    firstEmailId: string;
    followUps: PlannedFollowUp[];
    manual?: boolean;
  },
): Promise<void> {
  const { id, sequence, contact } = enrollment;
  await tx.insert(sequenceEnrollments).values({
    id,
    userId: enrollment.userId,
    sequenceId: sequence.id,
    contactId: contact.contact_id,
    status: "active",
    manual: enrollment.manual ?? false,
    firstEmailId: enrollment.firstEmailId,
    currentEmailId: enrollment.firstEmailId,
    currentStep: 0,
    timeZone: timeZoneOfLocation(contact.location) ?? sequence.timeZone,
  });
  await tx.insert(enrollmentSteps).values(
    enrollment.followUps.map((f, i) => ({
      enrollmentId: id,
      position: i + 1,
      subject: f.subject,
      body: f.body,
    })),
  );
}

/**
 * Runs an enrolment's writes; another request that enrolled the same contact at the same moment
 * (the one-live-enrolment unique index) makes it the 409 the student can act on.
 */
export async function orAlreadyEnrolled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, "sequence_enrollments_one_active_key")) {
      throw conflict(ALREADY_ENROLLED);
    }
    throw error;
  }
}
