import { randomUUID } from "node:crypto";
import {
  type EnrollRequest,
  type EnrollResponse,
  type NetworkContact,
  suppressedAddressDetail,
} from "@reachout/contract";
import { and, eq, inArray } from "drizzle-orm";
import { enrollmentSteps, sequenceEnrollments, sequences } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { isCopyMode } from "../auth";
import { selectNetworkContacts } from "../contacts";
import {
  checkScheduledAt,
  fillTemplate,
  findGmailAccount,
  loadSender,
  NO_RESUME_TO_ATTACH,
  queueSequenceEmail,
  requireConnected,
} from "../emails";
import { hasResume } from "../resumes";
import { followUpContext, writeFollowUpFor } from "./follow-ups";
import { getSequenceRow } from "./sequences";
import { timeZoneOfLocation } from "./time-zone";

export const ALREADY_ENROLLED =
  "This contact is already in an active sequence. Stop or finish that one first.";
export const NO_EMAIL_ADDRESS = "This contact has no email address on file.";
export const COPY_MODE_ENROL =
  "In copy mode you send the first email yourself: copy it, send it, then choose follow-up reminders when you mark it sent.";
const UNKNOWN_CONTACT = "Contact not found in your network";

interface Plan {
  contact: NetworkContact;
  enrollmentId: string;
  subject: string;
  body: string;
  followUps: { subject: string; body: string | null }[];
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
): Promise<EnrollResponse> {
  const db = deps.database.db;
  const sequence = await getSequenceRow(db, userId, sequenceId);
  const ids = [...new Set(request.contact_ids)];
  const network = await selectNetworkContacts(db, userId, { contactIds: ids });
  const missing = ids.find((id) => !network.some((c) => c.contact_id === id));
  if (missing) throw notFound(`${UNKNOWN_CONTACT}: ${missing}`);
  if (await isCopyMode(db, userId)) throw conflict(COPY_MODE_ENROL);
  const account = requireConnected(await findGmailAccount(db, userId));
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
  const context = followUpContext(await loadSender(db, userId));
  const plans: Plan[] = [];
  for (const id of ids) {
    const contact = network.find((c) => c.contact_id === id) as NetworkContact;
    if (busy.has(id)) refused.push({ contact_id: id, detail: ALREADY_ENROLLED });
    else if (!contact.email) refused.push({ contact_id: id, detail: NO_EMAIL_ADDRESS });
    else if (contact.email_status !== "ok") {
      // Bounced or opted out: nobody writes to this address (the send would refuse it too).
      refused.push({
        contact_id: id,
        detail: suppressedAddressDetail(contact.email, contact.email_status),
      });
    } else {
      const subject = fillTemplate(request.subject, contact)
        .replace(/[\r\n]+/g, " ")
        .trim();
      const body = fillTemplate(request.body, contact);
      plans.push({
        contact,
        enrollmentId: randomUUID(),
        subject,
        body,
        followUps: sequence.steps.map((_, i) => {
          const written = writeFollowUpFor(context, contact, sequence.steps, i + 1, {
            subject,
            body,
          });
          return { subject: written.subject, body: request.write_when_due ? null : written.body };
        }),
      });
    }
  }

  try {
    await db.transaction(async (tx) => {
      // Shared lock: the sequence cannot be deleted under a new enrolment.
      await tx
        .select({ id: sequences.id })
        .from(sequences)
        .where(eq(sequences.id, sequence.id))
        .for("share");
      for (const plan of plans) {
        const first = await queueSequenceEmail(deps, tx, {
          userId,
          contactId: plan.contact.contact_id,
          enrollmentId: plan.enrollmentId,
          step: 0,
          toEmail: plan.contact.email as string,
          fromEmail: account.email,
          subject: plan.subject,
          body: plan.body,
          scheduledAt,
        });
        await tx.insert(sequenceEnrollments).values({
          id: plan.enrollmentId,
          userId,
          sequenceId: sequence.id,
          contactId: plan.contact.contact_id,
          status: "active",
          firstEmailId: first.id,
          currentEmailId: first.id,
          currentStep: 0,
          timeZone: timeZoneOfLocation(plan.contact.location) ?? sequence.timeZone,
        });
        await tx.insert(enrollmentSteps).values(
          plan.followUps.map((f, i) => ({
            enrollmentId: plan.enrollmentId,
            position: i + 1,
            subject: f.subject,
            body: f.body,
          })),
        );
      }
    });
  } catch (error) {
    // Another request enrolled one of these contacts at the same moment (unique index).
    if (isUniqueViolation(error, "sequence_enrollments_one_active_key")) {
      throw conflict(ALREADY_ENROLLED);
    }
    throw error;
  }
  return {
    enrolled: plans.map((p) => ({ id: p.enrollmentId, contact_id: p.contact.contact_id })),
    refused,
  };
}
