import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { type EmailStatus, emailMessages, userContacts } from "../../db/schema";

export type EmailRow = typeof emailMessages.$inferSelect;

export async function loadEmail(db: DbOrTx, id: string): Promise<EmailRow | null> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
  return row ?? null;
}

/**
 * Moves an email between states only if it is still in one of `from`: whoever loses a race
 * (another worker, a cancel, a second run of the same job) gets null and does nothing.
 */
export async function transition(
  db: DbOrTx,
  id: string,
  from: EmailStatus[],
  set: Partial<typeof emailMessages.$inferInsert>,
): Promise<EmailRow | null> {
  const [row] = await db
    .update(emailMessages)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(emailMessages.id, id), inArray(emailMessages.status, from)))
    .returning();
  return row ?? null;
}

/** Records Gmail's acceptance and counts the message on the contact, in one transaction. */
export async function markSent(
  db: Db,
  email: EmailRow,
  gmail: { id: string; threadId: string },
  from: EmailStatus[],
): Promise<EmailRow | null> {
  return db.transaction(async (tx) => {
    const row = await transition(tx, email.id, from, {
      status: "sent",
      gmailMessageId: gmail.id,
      gmailThreadId: gmail.threadId,
      sentAt: new Date(),
      error: null,
    });
    if (!row) return null;
    await tx
      .update(userContacts)
      .set({ messageCount: sql`${userContacts.messageCount} + 1` })
      .where(
        and(eq(userContacts.userId, email.userId), eq(userContacts.contactId, email.contactId)),
      );
    return row;
  });
}
