import type { ContactSearchParams } from "@reachout/contract";
import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts } from "../../db/schema";
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
