import type { AppDeps } from "../../deps";
import { MailboxError } from "../../integrations/mailbox";
import { markMailboxRevoked } from "../auth";
import { enrollmentQueries } from "./enrollment-state";
import { findMailbox } from "./mailbox";
import type { EmailRow } from "./messages";
import { hasReplySince } from "./sync";

export const FOLLOW_UP_REPLIED = "The contact replied, so this follow-up was not sent.";
export const FOLLOW_UP_INACTIVE =
  "The sequence was paused or stopped before this follow-up went out.";

/** A follow-up of a sequence (the first email of a sequence is an ordinary email). */
export const isFollowUp = (email: EmailRow) =>
  Boolean(email.enrollmentId) && (email.sequenceStep ?? 0) > 0;

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
  // The enrolment and its first email's thread, in one read by the sequences module.
  const enrollment = await enrollmentQueries().stateOf(db, email.enrollmentId as string);
  if (enrollment?.status !== "active") return FOLLOW_UP_INACTIVE;
  const account = await findMailbox(db, email.userId);
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
    if (error instanceof MailboxError && error.kind === "auth_revoked") {
      await markMailboxRevoked(db, account);
      return null;
    }
    return "retry";
  }
}
