import type { NetworkContact, NetworkPageResponse } from "@reachout/contract";
import { and, count, eq, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { emailMessages, userContacts } from "../../db/schema";
import { notFound } from "../../http/errors";
import { selectNetworkContacts } from "./records";

async function countNetwork(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(userContacts)
    .where(eq(userContacts.userId, userId));
  return row.count;
}

/** One batch of the user's network, newest first. */
export async function listNetworkContacts(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<NetworkPageResponse> {
  const [data, total] = await Promise.all([
    selectNetworkContacts(db, userId, page),
    countNetwork(db, userId),
  ]);
  return { data, total, has_more: page.offset + data.length < total };
}

/** The whole network (select all, CSV export). Its size is bounded by the credits spent. */
export async function listAllNetworkContacts(db: Db, userId: string): Promise<NetworkPageResponse> {
  const data = await selectNetworkContacts(db, userId);
  return { data, total: data.length, has_more: false };
}

/** One saved contact by its contact id; 404 when it is not in this user's network. */
export async function getNetworkContact(
  db: Db,
  userId: string,
  contactId: string,
): Promise<NetworkContact> {
  const [contact] = await selectNetworkContacts(db, userId, { contactIds: [contactId] });
  if (!contact) throw notFound("Contact not found");
  return contact;
}

/**
 * Removes a contact from the user's network, by contact id or saved-row id; 404 when it is not
 * theirs. Emails still waiting to go to that person are cancelled in the same transaction (a
 * conditional UPDATE, so a send already under way is left to finish).
 */
export async function removeNetworkContact(
  db: Db,
  userId: string,
  id: string,
): Promise<{ message: string; contact_id: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userContacts)
      .where(
        and(
          eq(userContacts.userId, userId),
          or(eq(userContacts.contactId, id), eq(userContacts.id, id)),
        ),
      )
      .returning({ contactId: userContacts.contactId });
    if (!removed) throw notFound("Contact not found");
    await tx
      .update(emailMessages)
      .set({ status: "cancelled", updatedAt: sql`now()` })
      .where(
        and(
          eq(emailMessages.userId, userId),
          eq(emailMessages.contactId, removed.contactId),
          eq(emailMessages.status, "scheduled"),
        ),
      );
    return { message: "Contact removed", contact_id: removed.contactId };
  });
}
