import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Startup } from "@reachout/contract";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { founders, startups } from "../../db/schema";
import { dedupeFounders, type FounderRecord } from "./founders";

/** The directory changes only on import or seed; a process keeps its JSON this long. */
export const DIRECTORY_TTL_MS = 60_000;
export const DIRECTORY_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

export interface DirectorySnapshot {
  json: string;
  /** The same JSON compressed once per build (the list is large and compresses about tenfold). */
  gzipped: Buffer;
  /** Brotli at a middle quality: a fifth smaller than gzip here, built once per TTL. */
  brotli: Buffer;
  etag: string;
  count: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface CacheEntry {
  snapshot: Promise<DirectorySnapshot>;
  expiresAt: number;
}
const cache = new WeakMap<object, CacheEntry>();

/**
 * Every startup with its de-duplicated founders, newest announcement first, in one query.
 * Founder emails are never selected: this list is public.
 */
export async function listStartups(db: DbOrTx): Promise<Startup[]> {
  const rows = await db
    .select({
      id: startups.id,
      orgName: startups.orgName,
      orgUrl: startups.orgUrl,
      location: startups.location,
      fundingType: startups.fundingType,
      moneyRaisedCents: startups.moneyRaisedCents,
      announcedDate: startups.announcedDate,
      founderId: founders.id,
      personName: founders.personName,
      personTitle: founders.personTitle,
      personLinkedin: founders.personLinkedin,
      personProfileUrl: founders.personProfileUrl,
    })
    .from(startups)
    .leftJoin(founders, eq(founders.startupId, startups.id))
    .orderBy(
      sql`${startups.announcedDate} desc nulls last`,
      asc(sql`lower(${startups.orgName})`),
      desc(startups.id),
    );

  const list: Startup[] = [];
  const foundersOf = new Map<string, FounderRecord[]>();
  for (const row of rows) {
    let group = foundersOf.get(row.id);
    if (!group) {
      group = [];
      foundersOf.set(row.id, group);
      list.push({
        id: row.id,
        org_name: row.orgName,
        org_url: row.orgUrl,
        location: row.location,
        funding_type: row.fundingType,
        money_raised: row.moneyRaisedCents === null ? null : row.moneyRaisedCents / 100,
        announced_date: row.announcedDate,
        founders: [],
      });
    }
    if (row.founderId) {
      group.push({
        id: row.founderId,
        personName: row.personName,
        personTitle: row.personTitle,
        personEmail: null,
        personLinkedin: row.personLinkedin,
        personProfileUrl: row.personProfileUrl,
      });
    }
  }
  for (const startup of list) {
    startup.founders = dedupeFounders(foundersOf.get(startup.id) ?? []).map((f) => ({
      id: f.id,
      person_name: f.personName,
      person_title: f.personTitle,
      person_linkedin: f.personLinkedin,
      person_profile_url: f.personProfileUrl,
    }));
  }
  return list;
}

async function buildSnapshot(db: DbOrTx): Promise<DirectorySnapshot> {
  const list = await listStartups(db);
  const json = JSON.stringify(list);
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(json),
    brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  ]);
  return { json, gzipped, brotli, etag, count: list.length };
}

/**
 * The serialized directory, rebuilt at most once per TTL per database (concurrent callers share
 * one build). Other instances see an import within the TTL.
 */
export function startupDirectorySnapshot(db: DbOrTx, now = Date.now()): Promise<DirectorySnapshot> {
  const entry = cache.get(db);
  if (entry && entry.expiresAt > now) return entry.snapshot;
  const snapshot = buildSnapshot(db);
  cache.set(db, { snapshot, expiresAt: now + DIRECTORY_TTL_MS });
  snapshot.catch(() => {
    if (cache.get(db)?.snapshot === snapshot) cache.delete(db);
  });
  return snapshot;
}

/** Forgets the cached directory of this database (after an import or the seed). */
export function invalidateStartupDirectory(db: DbOrTx): void {
  cache.delete(db);
}
