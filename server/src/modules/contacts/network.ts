import type { NetworkContact } from "@reachout/contract";
import { and, eq, inArray, isNull, notExists, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { contacts, emailMessages, userContacts, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { type CreditReason, debitCredits, getCredits } from "../credits";
import { type ContactInsert, selectNetworkContacts } from "./records";
import { addToWarmOrders } from "./warm-order";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A contact of this user's network, or null (another user's contact is simply not found). */
export async function findNetworkContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<NetworkContact | null> {
  if (!UUID.test(contactId)) return null;
  const [contact] = await selectNetworkContacts(db, userId, { contactIds: [contactId] });
  return contact ?? null;
}

/**
 * Who an email of this user's network goes to: the contact's name and address, or null when
 * the contact is not (or no longer) in the network. One indexed read: what the send and step
 * jobs need, without the full record's warm signals and email history.
 */
export async function findContactAddress(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<{ fullName: string; email: string | null } | null> {
  return (await findContactAddresses(db, userId, [contactId])).get(contactId) ?? null;
}

/**
 * `findContactAddress` for many contacts of one user in one read: each contact id still in the
 * network, with its name and address (one missing from the map is no longer in the network).
 */
export async function findContactAddresses(
  db: DbOrTx,
  userId: string,
  contactIds: string[],
): Promise<Map<string, { fullName: string; email: string | null }>> {
  const ids = contactIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contacts.id, fullName: contacts.fullName, email: contacts.email })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), inArray(userContacts.contactId, ids)));
  return new Map(rows.map(({ id, ...address }) => [id, address]));
}

/** One saved contact by its contact id; 404 when it is not in this user's network. */
export async function getNetworkContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<NetworkContact> {
  const contact = await findNetworkContact(db, userId, contactId);
  if (!contact) throw notFound("Contact not found");
  return contact;
}

/**
 * Takes a contact out of the user's network, by contact id or saved-row id, in the caller's
 * transaction. Answers the contact id, or null when it was not theirs.
 */
export async function deleteNetworkContact(
  tx: DbOrTx,
  userId: string,
  id: string,
): Promise<string | null> {
  const [removed] = await tx
    .delete(userContacts)
    .where(
      and(
        eq(userContacts.userId, userId),
        or(eq(userContacts.contactId, id), eq(userContacts.id, id)),
      ),
    )
    .returning({ contactId: userContacts.contactId });
  return removed?.contactId ?? null;
}

/** Counts a message sent to or received from a saved contact; a received one marks a reply. */
export async function countMessageOnContact(
  tx: DbOrTx,
  userId: string,
  contactId: string,
  message: { replied: boolean },
): Promise<void> {
  await tx
    .update(userContacts)
    .set({
      messageCount: sql`${userContacts.messageCount} + 1`,
      ...(message.replied ? { replied: true } : {}),
    })
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
}

export interface SaveOptions {
  reason: CreditReason;
  targetPositionId?: string;
  targetPositionName?: string;
  /** Added to each credit-history line, e.g. where the contact was saved from. */
  note?: string;
}

/**
 * Saves contacts to the user's network, 1 credit each, in the caller's transaction. Skips ones
 * already saved (or unknown ids) and stops when the credits run out; a contact is only kept
 * saved when its credit was debited. Answers the ids saved, in the order given.
 */
export async function saveContactsToNetwork(
  tx: Tx,
  userId: string,
  contactIds: string[],
  options: SaveOptions,
): Promise<{ saved: string[]; creditsRemaining: number }> {
  const ids = [...new Set(contactIds)];
  // The user's row first, as every credit-spending transaction does (see ADR 008): two saves of
  // one user then queue instead of deadlocking on a contact both are inserting.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const people =
    ids.length === 0
      ? []
      : await tx
          .select({ id: contacts.id, fullName: contacts.fullName, company: contacts.company })
          .from(contacts)
          .where(inArray(contacts.id, ids));
  const byId = new Map(people.map((person) => [person.id, person]));
  const saved: string[] = [];
  let balance: number | null = null;
  for (const id of ids) {
    const person = byId.get(id);
    if (!person) continue;
    const [row] = await tx
      .insert(userContacts)
      .values({
        userId,
        contactId: id,
        targetPositionId: options.targetPositionId,
        targetPositionName: options.targetPositionName,
      })
      .onConflictDoNothing()
      .returning({ id: userContacts.id });
    if (!row) continue;
    const after = await debitCredits(tx, {
      userId,
      amount: 1,
      reason: options.reason,
      reference: id,
      description: [
        `Saved ${person.fullName}${person.company ? ` (${person.company})` : ""}`,
        options.note,
      ]
        .filter(Boolean)
        .join(" "),
    });
    if (after === null) {
      // Out of credits: this one was not paid for, so it is not kept.
      await tx.delete(userContacts).where(eq(userContacts.id, row.id));
      break;
    }
    balance = after;
    saved.push(id);
  }
  return { saved, creditsRemaining: balance ?? (await getCredits(tx, userId)) };
}

/**
 * Adds a person to the user's network free of charge (the startup composer's founders): the
 * directory row with this email address, or a new one; a LinkedIn URL another row already
 * holds is dropped rather than the person. Answers whether the network entry is new.
 */
export async function addPersonToNetwork(
  tx: Tx,
  userId: string,
  person: ContactInsert & { email: string },
): Promise<{ contactId: string; added: boolean }> {
  const byEmail = async () =>
    (
      await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(sql`lower(${contacts.email}) = ${person.email}`, isNull(contacts.ownerUserId)))
        .limit(1)
    )[0];
  let contact = await byEmail();
  if (!contact) {
    [contact] = await tx
      .insert(contacts)
      .values(person)
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    contact ??=
      (await byEmail()) ??
      (
        await tx
          .insert(contacts)
          .values({ ...person, linkedin: null })
          .onConflictDoNothing()
          .returning({ id: contacts.id })
      )[0] ??
      (await byEmail());
    // A new person (or one another transaction just added: the same rows again) takes their
    // place in the students' kept "Warm first" orders (ADR 041).
    if (contact) await addToWarmOrders(tx, [contact.id]);
  }
  if (!contact) throw new Error("the contact could not be stored");
  const inserted = await tx
    .insert(userContacts)
    .values({ userId, contactId: contact.id })
    .onConflictDoNothing()
    .returning({ id: userContacts.id });
  return { contactId: contact.id, added: inserted.length > 0 };
}

/**
 * Undoes addPersonToNetwork when nothing was sent or queued to the person (the attempt failed
 * early): the entry goes only while it has no message and no email row.
 */
export async function removeUnusedNetworkEntry(db: DbOrTx, userId: string, contactId: string) {
  await db.delete(userContacts).where(
    and(
      eq(userContacts.userId, userId),
      eq(userContacts.contactId, contactId),
      eq(userContacts.messageCount, 0),
      notExists(
        db
          .select({ id: emailMessages.id })
          .from(emailMessages)
          .where(and(eq(emailMessages.userId, userId), eq(emailMessages.contactId, contactId))),
      ),
    ),
  );
}

/**
 * Takes back a message counted on the contact as their reply that was not one (the repair job,
 * issue 33): one message less, and `replied` only while another answer of theirs remains (a
 * real reply synced, or one the student recorded). Answers whether `replied` went false.
 */
export async function uncountReplyOnContact(
  tx: DbOrTx,
  userId: string,
  contactId: string,
  stillReplied: boolean,
): Promise<boolean> {
  const [before] = await tx
    .select({ replied: userContacts.replied })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  await tx
    .update(userContacts)
    .set({
      messageCount: sql`greatest(${userContacts.messageCount} - 1, 0)`,
      replied: stillReplied,
    })
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  return Boolean(before?.replied) && !stillReplied;
}
