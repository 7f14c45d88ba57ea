import type { ContactSearchParams } from "@reachout/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { contacts, userContacts, users } from "../../db/schema";
import { type CreditReason, debitCredits, getCredits } from "../credits/service";
import type { ContactRow } from "./records";
import { normalizeSearch, searchCondition, validateSearch } from "./strategies";

export type { ContactRow } from "./records";

export interface FindOptions {
  /** More hiring titles for the deepseek mapping (the LLM's refinement). */
  extraTitles?: string[];
}

/**
 * People matching a search whom the user has not saved yet: never placeholder names ("unknown"),
 * never twice, always with an email address. Ordered by id, so repeated searches walk on through
 * the matches as earlier ones get saved. Throws 400 for a search its strategy cannot run.
 */
export async function findNewContacts(
  db: DbOrTx,
  userId: string,
  params: ContactSearchParams,
  limit: number,
  options: FindOptions = {},
): Promise<ContactRow[]> {
  if (limit < 1) return [];
  return newContactsQuery(db, userId, params, limit, options);
}

/** The query behind findNewContacts (exported so a test can EXPLAIN it). */
export function newContactsQuery(
  db: DbOrTx,
  userId: string,
  params: ContactSearchParams,
  limit: number,
  options: FindOptions = {},
) {
  const search = normalizeSearch(params);
  validateSearch(search);
  return db
    .select()
    .from(contacts)
    .where(searchCondition(userId, search, options.extraTitles))
    .orderBy(asc(contacts.id))
    .limit(limit);
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
