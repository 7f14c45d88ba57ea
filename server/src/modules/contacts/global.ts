import {
  type GlobalContactsQuery,
  type GlobalContactsResponse,
  type GlobalContactsStats,
  MESSAGES,
  type SaveGlobalContactRequest,
} from "@reachout/contract";
import { and, arrayContains, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database, Db } from "../../db/client";
import { contacts, userContacts } from "../../db/schema";
import { conflict, notFound, paymentRequired } from "../../http/errors";
import { getCredits } from "../credits/service";
import { publishEvent } from "../events/bus";
import { contains, hasRealName, notSavedBy, notStartupFounder, searchableText } from "./conditions";
import { toGlobalContact } from "./records";
import { saveContactsToNetwork } from "./search";

type ListQuery = z.output<typeof GlobalContactsQuery>;

/** Who the directory lists: real names, professionals (students are only for the sales search). */
const listed = and(hasRealName, notStartupFounder, eq(contacts.isStudent, false));

/** The query behind a page of the directory (exported so a test can EXPLAIN it). */
export function globalContactsQuery(db: Db, userId: string, query: ListQuery) {
  const where = and(
    listed,
    query.show_all ? undefined : isNotNull(contacts.email),
    query.organization ? contains(contacts.company, query.organization) : undefined,
    query.position ? contains(contacts.title, query.position) : undefined,
    query.education ? contains(contacts.education, query.education) : undefined,
    query.industry ? eq(contacts.industry, query.industry) : undefined,
    query.interests
      ? arrayContains(contacts.interests, [query.interests.toLowerCase()])
      : undefined,
    query.q ? contains(searchableText, query.q) : undefined,
    notSavedBy(userId),
  );
  return db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.id))
    .limit(query.limit + 1)
    .offset(query.offset);
}

/**
 * A page of the global database for one user, in a stable order, never listing people the
 * user already saved. Fetches one row more than asked to know whether another page exists.
 */
export async function listGlobalContacts(
  db: Db,
  userId: string,
  query: ListQuery,
): Promise<GlobalContactsResponse> {
  const rows = await globalContactsQuery(db, userId, query);
  return {
    contacts: rows.slice(0, query.limit).map(toGlobalContact),
    has_more: rows.length > query.limit,
  };
}

type DirectoryStats = Omit<GlobalContactsStats, "saved_by_you" | "credits">;

/** Aggregates over the whole directory are recomputed at most this often per process. */
const STATS_TTL_MS = 5 * 60_000;
const statsCache = new WeakMap<Database, { at: number; value: DirectoryStats }>();

/** Drops the cached directory figures (after an import). */
export function forgetDirectoryStats(database: Database): void {
  statsCache.delete(database);
}

async function computeDirectoryStats(db: Db): Promise<DirectoryStats> {
  const [totals] = await db
    .select({
      total: count(),
      withEmail: count(contacts.email),
      hiring: sql<number>`count(*) filter (where ${contacts.isHiring})`.mapWith(Number),
    })
    .from(contacts)
    .where(listed);
  const groupBy = async (column: AnyPgColumn, limit?: number) => {
    const query = db
      .select({ name: column, count: count() })
      .from(contacts)
      .where(and(listed, isNotNull(column)))
      .groupBy(column)
      .orderBy(desc(count()), asc(column))
      .$dynamic();
    const rows = await (limit ? query.limit(limit) : query);
    return rows.map((row) => ({ name: row.name as string, count: row.count }));
  };
  return {
    total: totals.total,
    with_email: totals.withEmail,
    hiring: totals.hiring,
    industries: await groupBy(contacts.industry),
    role_categories: await groupBy(contacts.roleCategory),
    top_locations: await groupBy(contacts.location, 10),
    computed_at: new Date().toISOString(),
  };
}

export async function getGlobalContactsStats(
  database: Database,
  userId: string,
): Promise<GlobalContactsStats> {
  let cached = statsCache.get(database);
  if (!cached || Date.now() - cached.at > STATS_TTL_MS) {
    cached = { at: Date.now(), value: await computeDirectoryStats(database.db) };
    statsCache.set(database, cached);
  }
  const [saved] = await database.db
    .select({ count: count() })
    .from(userContacts)
    .where(eq(userContacts.userId, userId));
  return {
    ...cached.value,
    saved_by_you: saved.count,
    credits: await getCredits(database.db, userId),
  };
}

/**
 * Saves one directory contact to the user's network for 1 credit. 404 for an unknown (or
 * unlisted) contact, 409 when it is already saved, 402 without a credit.
 */
export async function saveGlobalContact(
  db: Db,
  userId: string,
  request: SaveGlobalContactRequest,
): Promise<{ credits_remaining: number }> {
  const result = await db.transaction(async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, request.contact_id), listed));
    if (!contact) throw notFound("Contact not found");
    const [existing] = await tx
      .select({ id: userContacts.id })
      .from(userContacts)
      .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contact.id)));
    if (existing) throw conflict("This contact is already in your network.");
    const context = [request.job_title, request.location].filter(Boolean).join(", ");
    const saved = await saveContactsToNetwork(tx, userId, [contact.id], {
      reason: "contact_save",
      note: context ? `from the directory, browsing ${context}` : "from the directory",
    });
    if (saved.saved.length === 0) throw paymentRequired(MESSAGES.global.insufficientCredits);
    return saved;
  });
  publishEvent(userId, { type: "credits", credits: result.creditsRemaining });
  return { credits_remaining: result.creditsRemaining };
}
