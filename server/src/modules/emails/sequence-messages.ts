import { and, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { newMessageId } from "./compose";
import { enqueueSend } from "./queue";
import type { EmailRow } from "./state";

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
}

/** Writes the row and its send job in the caller's transaction. */
export async function queueSequenceEmail(
  deps: Pick<AppDeps, "boss" | "config">,
  tx: DbOrTx,
  email: SequenceEmail,
): Promise<EmailRow> {
  const [row] = await tx
    .insert(emailMessages)
    .values({
      userId: email.userId,
      contactId: email.contactId,
      direction: "outbound",
      status: "scheduled",
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
    })
    .returning();
  await enqueueSend(deps, row, email.scheduledAt, tx);
  return row;
}

/** Cancels the enrolments' follow-ups not claimed yet (one in flight still goes). */
export async function cancelQueuedFollowUps(
  tx: DbOrTx,
  enrollmentIds: string[],
  reason: string,
): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const rows = await tx
    .update(emailMessages)
    .set({ status: "cancelled", error: reason, updatedAt: new Date() })
    .where(
      and(
        inArray(emailMessages.enrollmentId, enrollmentIds),
        gt(emailMessages.sequenceStep, 0),
        eq(emailMessages.status, "scheduled"),
      ),
    )
    .returning({ id: emailMessages.id });
  return rows.length;
}

/** Holds the enrolment's queued follow-up until `until` (its job re-reads the time). */
export async function postponeQueuedFollowUps(
  tx: DbOrTx,
  enrollmentIds: string[],
  until: Date,
): Promise<void> {
  if (enrollmentIds.length === 0) return;
  await tx
    .update(emailMessages)
    .set({ scheduledAt: until, updatedAt: new Date() })
    .where(
      and(
        inArray(emailMessages.enrollmentId, enrollmentIds),
        gt(emailMessages.sequenceStep, 0),
        eq(emailMessages.status, "scheduled"),
      ),
    );
}
