import type { OnboardingStatus } from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages, userContacts, users } from "../../db/schema";
import { getProfileStatus } from "../profile";

/** Which of the five setup steps this user has done, in one round of small look-ups. */
export async function getOnboardingStatus(db: DbOrTx, userId: string): Promise<OnboardingStatus> {
  const [setup, [user], [contact], [sent]] = await Promise.all([
    getProfileStatus(db, userId),
    db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ one: sql<number>`1` })
      .from(userContacts)
      .where(eq(userContacts.userId, userId))
      .limit(1),
    db
      .select({ one: sql<number>`1` })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.userId, userId),
          eq(emailMessages.direction, "outbound"),
          eq(emailMessages.status, "sent"),
        ),
      )
      .limit(1),
  ]);
  return {
    email_verified: Boolean(user?.verifiedAt),
    resume_uploaded: setup.resume_uploaded,
    // Copy mode is a way of sending too: the mailbox step is done.
    gmail_connected: setup.gmail_connected || setup.copy_mode,
    has_contacts: Boolean(contact),
    sent_email: Boolean(sent),
  };
}
