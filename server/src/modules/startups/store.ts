import { inArray, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { founders } from "../../db/schema";
import { isValidFounderEmail, usableLinkedin } from "./founders";

export interface FounderInput {
  name: string | null;
  title: string | null;
  email: string | null;
  linkedin: string | null;
  profileUrl: string | null;
}

export interface StartupRecord {
  orgName: string;
  orgUrl: string | null;
  location: string | null;
  fundingType: string | null;
  moneyRaisedUsd: number | null;
  /** YYYY-MM-DD */
  announcedDate: string | null;
  founders: FounderInput[];
}

export interface SaveResult {
  startupsCreated: number;
  startupsUpdated: number;
  foundersAdded: number;
}

const BATCH = 400;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** PostgreSQL's lower() and JavaScript's differ on a few letters: ask the database then. */
async function findStartupId(tx: DbOrTx, orgName: string): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from startups where lower(org_name) = lower(${orgName})`),
  );
  return row?.id;
}

/** Every way a founder row identifies a person: a new row matching any of them is a duplicate. */
function identities(f: {
  name: string | null;
  email: string | null;
  linkedin: string | null;
  profileUrl: string | null;
}): string[] {
  const keys: string[] = [];
  if (f.profileUrl?.trim()) keys.push(`p:${f.profileUrl.trim()}`);
  const linkedin = usableLinkedin(f.linkedin);
  if (linkedin) keys.push(`l:${linkedin}`);
  if (isValidFounderEmail(f.email)) keys.push(`e:${f.email.trim().toLowerCase()}`);
  if (f.name?.trim()) keys.push(`n:${f.name.trim().toLowerCase().replace(/\s+/g, " ")}`);
  return keys;
}

/**
 * Upserts startups by name (case-insensitive; known facts are kept when a new row lacks them)
 * and adds the founders each does not list yet. Records must have distinct names. Run it in a
 * transaction so an import lands whole or not at all.
 */
export async function saveStartupRecords(
  tx: DbOrTx,
  records: StartupRecord[],
): Promise<SaveResult> {
  const result: SaveResult = { startupsCreated: 0, startupsUpdated: 0, foundersAdded: 0 };
  const idByName = new Map<string, string>();
  for (const batch of chunks(records, BATCH)) {
    const values = sql.join(
      batch.map(
        (r) =>
          sql`(${r.orgName}, ${r.orgUrl}, ${r.location}, ${r.fundingType}, ${
            r.moneyRaisedUsd === null ? null : Math.round(r.moneyRaisedUsd * 100)
          }, ${r.announcedDate}::date)`,
      ),
      sql`, `,
    );
    const rows = rowsOf<{ id: string; key: string; inserted: boolean }>(
      await tx.execute(sql`
        insert into startups (org_name, org_url, location, funding_type, money_raised_cents, announced_date)
        values ${values}
        on conflict (lower(org_name)) do update set
          org_url = coalesce(excluded.org_url, startups.org_url),
          location = coalesce(excluded.location, startups.location),
          funding_type = coalesce(excluded.funding_type, startups.funding_type),
          money_raised_cents = coalesce(excluded.money_raised_cents, startups.money_raised_cents),
          announced_date = coalesce(excluded.announced_date, startups.announced_date)
        returning id, lower(org_name) as key, (xmax = 0) as inserted`),
    );
    for (const row of rows) {
      idByName.set(row.key, row.id);
      if (row.inserted) result.startupsCreated++;
      else result.startupsUpdated++;
    }
  }

  const known = new Map<string, Set<string>>();
  for (const ids of chunks([...idByName.values()], 1000)) {
    const existing = await tx
      .select({
        startupId: founders.startupId,
        name: founders.personName,
        email: founders.personEmail,
        linkedin: founders.personLinkedin,
        profileUrl: founders.personProfileUrl,
      })
      .from(founders)
      .where(inArray(founders.startupId, ids));
    for (const row of existing) {
      const set = known.get(row.startupId) ?? new Set<string>();
      for (const key of identities(row)) set.add(key);
      known.set(row.startupId, set);
    }
  }

  const toInsert: Array<typeof founders.$inferInsert> = [];
  for (const record of records) {
    const startupId =
      idByName.get(record.orgName.toLowerCase()) ?? (await findStartupId(tx, record.orgName));
    if (!startupId) continue;
    const set = known.get(startupId) ?? new Set<string>();
    known.set(startupId, set);
    for (const founder of record.founders) {
      const keys = identities(founder);
      if (keys.length === 0 || keys.some((key) => set.has(key))) continue;
      for (const key of keys) set.add(key);
      toInsert.push({
        startupId,
        personName: founder.name,
        personTitle: founder.title,
        personEmail: founder.email,
        personLinkedin: founder.linkedin,
        personProfileUrl: founder.profileUrl,
      });
    }
  }
  for (const batch of chunks(toInsert, BATCH)) await tx.insert(founders).values(batch);
  result.foundersAdded = toInsert.length;
  return result;
}
