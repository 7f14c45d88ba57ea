import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages, sequenceEnrollments } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { MailboxError as GmailError } from "../../integrations/mailbox";
import { markMailboxRevoked } from "../auth";
import { findGmailAccount } from "./mailbox";
import type { EmailRow } from "./messages";
import { hasReplySince } from "./sync";

export const FOLLOW_UP_REPLIED = "The contact replied, so this follow-up was not sent.";
export const FOLLOW_UP_INACTIVE =
  "The sequence was paused or stopped before this follow-up went out.";

/** A follow-up of a sequence (the first email of a sequence is an ordinary email). */
export const isFollowUp = (email: EmailRow) =>
  Boolean(email.enrollmentId) && (email.sequenceStep ?? 0) > 0;

/** The Gmail thread of the enrolment's first email, which every follow-up continues. */
export async function sequenceThreadOf(db: DbOrTx, enrollmentId: string): Promise<string | null> {
  const [row] = await db
    .select({ threadId: emailMessages.gmailThreadId })
    .from(emailMessages)
    .innerJoin(sequenceEnrollments, eq(sequenceEnrollments.firstEmailId, emailMessages.id))
    .where(eq(sequenceEnrollments.id, enrollmentId));
  return row?.threadId ?? null;
}

/**
 * Whether the enrolment still wants this follow-up, read inside the claim's transaction with
 * a share lock: a pause or stop (which updates the row) waits for a claim under way, and a
 * claim after it sees the new status.
 */
export async function isEnrollmentActive(tx: DbOrTx, enrollmentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: sequenceEnrollments.status })
    .from(sequenceEnrollments)
    .where(eq(sequenceEnrollments.id, enrollmentId))
    .for("share");
  return row?.status === "active";
}

/**
 * The check right before a follow-up is claimed: its enrolment is still active, and the
 * thread, read at Gmail now, has no reply since the enrolment began. Answers why it must not
 * go (it is then cancelled), "retry" when Gmail could not be read, or null when it may go.
 */
export async function checkFollowUp(
  deps: AppDeps,
  email: EmailRow,
): Promise<string | "retry" | null> {
  const db = deps.database.db;
  const enrollmentId = email.enrollmentId as string;
  // The enrolment and its first email's thread, in one read.
  const [enrollment] = await db
    .select({
      status: sequenceEnrollments.status,
      createdAt: sequenceEnrollments.createdAt,
      threadId: emailMessages.gmailThreadId,
    })
    .from(sequenceEnrollments)
    .leftJoin(emailMessages, eq(emailMessages.id, sequenceEnrollments.firstEmailId))
    .where(eq(sequenceEnrollments.id, enrollmentId));
  if (enrollment?.status !== "active") return FOLLOW_UP_INACTIVE;
  const account = await findGmailAccount(db, email.userId);
  if (account?.status !== "connected") return null; // the claim pauses it
  try {
    const replied = await hasReplySince(
      deps,
      account,
      email.contactId,
      enrollment.threadId,
      enrollment.createdAt,
    );
    return replied ? FOLLOW_UP_REPLIED : null;
  } catch (error) {
    if (error instanceof GmailError && error.kind === "auth_revoked") {
      await markMailboxRevoked(db, account);
      return null;
    }
    return "retry";
  }
}
