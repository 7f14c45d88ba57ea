import {
  COMPANY_SIZES,
  categorizeRole,
  FINANCIAL_INDUSTRIES,
  INDUSTRIES,
  REVENUE_RANGES,
  type RoleCategory,
} from "@reachout/contract";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf, type Tx } from "../../db/client";
import type { ContactInsert } from "./records";
import { addToWarmOrders } from "./warm-order";

/** Rows per INSERT statement. */
export const INSERT_BATCH = 1000;
/** INSERT statements per transaction: fewer commits, while one failure loses little. */
const BATCHES_PER_TRANSACTION = 10;

/**
 * The loadable columns, as [row field, column, SQL type]. A batch travels as one JSON parameter
 * unpacked by jsonb_to_recordset: binding 20 parameters per row made loading twice as slow on
 * PGlite and caps a statement at 65535 parameters.
 */
const COLUMNS: Array<[keyof ContactInsert, string, string]> = [
  ["fullName", "full_name", "text"],
  ["firstName", "first_name", "text"],
  ["lastName", "last_name", "text"],
  ["title", "title", "text"],
  ["company", "company", "text"],
  ["industry", "industry", "text"],
  ["location", "location", "text"],
  ["education", "education", "text"],
  ["university", "university", "text"],
  ["interests", "interests", "text[]"],
  ["email", "email", "text"],
  ["linkedin", "linkedin", "text"],
  ["personProfileUrl", "person_profile_url", "text"],
  ["profilePictureUrl", "profile_picture_url", "text"],
  ["roleCategory", "role_category", "text"],
  ["companySize", "company_size", "text"],
  ["revenueRange", "revenue_range", "text"],
  ["isHiring", "is_hiring", "boolean"],
  ["isStudent", "is_student", "boolean"],
  ["source", "source", "text"],
  ["ownerUserId", "owner_user_id", "uuid"],
  ["otherEmails", "other_emails", "text[]"],
  ["tags", "tags", "text[]"],
  ["connectedOn", "connected_on", "text"],
  ["matchedContactId", "matched_contact_id", "uuid"],
];
const DEFAULTS: Partial<Record<string, string>> = {
  interests: "'{}'::text[]",
  other_emails: "'{}'::text[]",
  tags: "'{}'::text[]",
  is_hiring: "false",
  is_student: "false",
  source: "'seed'",
};

const INSERT_SQL = (() => {
  const names = COLUMNS.map(([, column]) => column);
  const values = names.map((column) =>
    DEFAULTS[column] ? `coalesce(${column}, ${DEFAULTS[column]})` : column,
  );
  const record = COLUMNS.map(([, column, type]) => `${column} ${type}`).join(", ");
  return {
    head: `insert into contacts (${names.join(", ")}) select ${values.join(", ")} from jsonb_to_recordset(`,
    tail: `::jsonb) as r(${record}) on conflict do nothing returning id`,
  };
})();

async function insertBatch(tx: Tx, rows: ContactInsert[]): Promise<string[]> {
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(COLUMNS.map(([field, column]) => [column, row[field] ?? null])),
    ),
  );
  const inserted = rowsOf<{ id: string }>(
    await tx.execute(sql`${sql.raw(INSERT_SQL.head)}${json}${sql.raw(INSERT_SQL.tail)}`),
  );
  return inserted.map((row) => row.id);
}

/**
 * Inserts batches of people in one transaction and writes their directory filter matches in one
 * statement: the per-statement trigger on `contacts` steps aside while `reachout.bulk_load` is on
 * (a transaction-local setting, so no other session and no later statement of a caller's
 * transaction is affected), and `insert_contact_filter_matches` computes the same rows for all
 * of the transaction's people at once (ADR 035). Answers the ids of the new people in order.
 */
async function insertBatches(tx: Tx, batches: ContactInsert[][]): Promise<string[]> {
  await tx.execute(sql`select set_config('reachout.bulk_load', 'on', true)`);
  const ids: string[] = [];
  for (const rows of batches) ids.push(...(await insertBatch(tx, rows)));
  await tx.execute(sql`select set_config('reachout.bulk_load', 'off', true)`);
  if (ids.length > 0) {
    await tx.execute(sql`select insert_contact_filter_matches(${`{${ids.join(",")}}`}::uuid[])`);
    // Into the students' kept "Warm first" orders before anyone sees them (ADR 041).
    await addToWarmOrders(tx, ids);
  }
  return ids;
}

export interface InsertContactsOptions {
  /** After each transaction: how many people were new so far, and how many rows were read. */
  onProgress?: (inserted: number, seen: number) => void;
  /** Inside each transaction, after its people and their matches: the new people's ids in order. */
  onInserted?: (tx: Tx, ids: string[]) => Promise<void>;
}

/**
 * The one way people are loaded in bulk (admin CSV, Apollo, the demo seed, a user's own
 * contacts, the bench): multi-row batches, skipping anyone already present (same email, any
 * case, or same LinkedIn URL; for a user's own contacts, the same email of that user), each
 * group of batches in a transaction together with the directory filter matches of its people.
 * Given a transaction, the groups are savepoints of it. Answers how many rows were new.
 */
export async function insertContacts(
  db: DbOrTx,
  rows: Iterable<ContactInsert>,
  options: InsertContactsOptions = {},
): Promise<number> {
  let inserted = 0;
  let seen = 0;
  let group: ContactInsert[][] = [];
  let batch: ContactInsert[] = [];
  const flush = async () => {
    if (batch.length > 0) group.push(batch);
    batch = [];
    if (group.length === 0) return;
    const batches = group;
    group = [];
    inserted += await db.transaction(async (tx) => {
      const ids = await insertBatches(tx, batches);
      if (ids.length > 0) await options.onInserted?.(tx, ids);
      return ids.length;
    });
    options.onProgress?.(inserted, seen);
  };
  for (const row of rows) {
    batch.push(row);
    seen++;
    if (batch.length === INSERT_BATCH) {
      group.push(batch);
      batch = [];
      if (group.length === BATCHES_PER_TRANSACTION) await flush();
    }
  }
  await flush();
  return inserted;
}

/** An industry in its listed spelling when it is one of ours, else lowercased as given. */
export function normalizeIndustry(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  return (
    INDUSTRIES.find((industry) => industry.toLowerCase() === text.toLowerCase()) ??
    text.toLowerCase()
  );
}

/** Which target-role category a person hires for, from their industry, else their title. */
export function inferRoleCategory(industry: string | null, title: string | null): RoleCategory {
  if (industry && (FINANCIAL_INDUSTRIES as readonly string[]).includes(industry)) {
    return "Investment Banking & Finance";
  }
  if (industry === "management consulting") return "Consulting";
  if (industry === "artificial intelligence") return "Technology - Data Science & AI";
  return categorizeRole(title ?? "");
}

/** Employee count → our company-size bucket. */
export function companySizeOf(employees: number | null | undefined): string | null {
  if (!employees || employees < 1) return null;
  if (employees <= 10) return "1-10";
  if (employees <= 50) return "11-50";
  if (employees <= 200) return "51-200";
  if (employees <= 1000) return "201-1000";
  if (employees <= 5000) return "1001-5000";
  return "5000+";
}

/** Our company-size bucket → Apollo's "min,max" employee range. */
export function employeeRangeOf(size: string): string {
  return size === "5000+" ? "5001,1000000" : size.replace("-", ",");
}

export const isCompanySize = (value: string) =>
  (COMPANY_SIZES as readonly string[]).includes(value);
export const isRevenueRange = (value: string) =>
  (REVENUE_RANGES as readonly string[]).includes(value);
