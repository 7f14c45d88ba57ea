import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { newMessageId } from "./compose";
import type { EmailRow } from "./messages";
import { queueEmails } from "./send-job";

/**
 * The emails of sequences, written here like every other email row: a sequence's first email
 * and its follow-ups are ordinary `scheduled` rows (tagged with their enrolment and step) that
 * the one sending state machine delivers, with its claims, caps, spacing and reconciliation.
 */
export interface SequenceEmail {
  userId: string;
  contactId: string;
  enrollmentId: string;
  /** 0 = the first email, n = the nth follow-up. */
  step: number;
  toEmail: string;
  fromEmail: string;
  subject: string;
  body: string;
  scheduledAt: Date;
  /** The first email's writer format (insights count it under it); follow-ups have none. */
  emailFormat?: string | null;
}

/**
 * Writes the rows and their send jobs in the caller's transaction (the jobs in one statement,
 * each mailbox's turns read once): one email per enrolment, answered in the order given.
 */
export async function queueSequenceEmails(
  deps: Pick<AppDeps, "boss" | "config">,
  tx: DbOrTx,
  emails: SequenceEmail[],
): Promise<EmailRow[]> {
  const rows = await queueEmails(
    deps,
    tx,
    emails.map((email) => ({
      userId: email.userId,
      contactId: email.contactId,
      toEmail: email.toEmail,
      fromEmail: email.fromEmail,
      subject: email.subject,
      body: email.body,
      scheduledAt: email.scheduledAt,
      rfc822MessageId: newMessageId(deps.config.publicUrl),
      // The resume travels with the first email only.
      attachResume: email.step === 0,
      enrollmentId: email.enrollmentId,
      sequenceStep: email.step,
      emailFormat: email.emailFormat ?? null,
    })),
  );
  const byEnrollment = new Map(rows.map((row) => [row.enrollmentId, row]));
  return emails.map((email) => byEnrollment.get(email.enrollmentId) as EmailRow);
}
