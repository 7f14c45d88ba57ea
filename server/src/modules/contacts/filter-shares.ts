import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/client";

/**
 * How many people hold each listed filter value, as PostgreSQL's statistics of
 * `contact_filter_sets.value_ids` estimate them: enough to tell a filter set that few people
 * share from one that fills a page at once. Null before the table's first ANALYZE.
 */
export interface FilterShares {
  /** People with at least one listed value. */
  people: number;
  /** The share of those people holding each value id. */
  shares: ReadonlyMap<number, number>;
  /** The share of a value the statistics leave out (they keep every value above it). */
  floor: number;
}

/** Statistics move only with ANALYZE (autovacuum's, after a load); re-read at most this often. */
const SHARES_TTL_MS = 5 * 60_000;
const sharesCache = new WeakMap<object, { at: number; value: Promise<FilterShares | null> }>();

async function readFilterShares(db: Db): Promise<FilterShares | null> {
  const [row] = rowsOf<{ people: number; ids: number[] | null; freqs: number[] | null }>(
    await db.execute(sql`
      select c.reltuples::float8 as people, s.most_common_elems::text::int[] as ids,
        s.most_common_elem_freqs::float8[] as freqs
      from pg_class c
      left join pg_stats s on s.schemaname = current_schema() and s.tablename = c.relname
        and s.attname = 'value_ids'
      where c.oid = to_regclass('contact_filter_sets')`),
  );
  if (!row?.ids || !row.freqs || row.people <= 0) return null;
  // The frequencies list ends with their minimum, maximum and the share of nulls.
  const shares = new Map(row.ids.map((id, i) => [id, Number(row.freqs?.[i])]));
  return { people: Number(row.people), shares, floor: Number(row.freqs[row.ids.length]) };
}

export function loadFilterShares(db: Db): Promise<FilterShares | null> {
  const cached = sharesCache.get(db);
  if (cached && Date.now() - cached.at < SHARES_TTL_MS) return cached.value;
  const value = readFilterShares(db);
  value.catch(() => sharesCache.delete(db));
  sharesCache.set(db, { at: Date.now(), value });
  return value;
}

/**
 * A page over several listed values reads their match rows in contact order and stops when it
 * has its rows; when few people hold them all, it reads every match row of each value (about
 * 265,000 for software + Stanford University + open source, for 526 people). The GIN index of
 * `contact_filter_sets` then finds them for about the cost of visiting each of them once (a
 * random row, counted as 20 index entries), after which they are sorted. Which costs less is
 * estimated from the shares, as if the values were independent (the planner does the same).
 */
export function fewShareAll(
  valueIds: number[],
  filterShares: FilterShares | null,
  pageRows: number,
): boolean {
  if (valueIds.length < 2 || !filterShares) return false;
  const { people, shares, floor } = filterShares;
  const each = valueIds.map((id) => shares.get(id) ?? floor);
  const inCommon = people * each.reduce((product, share) => product * share, 1);
  const matchRows = people * each.reduce((sum, share) => sum + share, 0);
  const readForPage = matchRows * Math.min(1, pageRows / Math.max(inCommon, 1));
  return readForPage > 20 * inCommon;
}

/** The share of the people with listed values above which a filter set's people are many. */
const MANY_HOLD_SHARE = 0.05;

/**
 * "Warm first" over listed values reads the warm people tier by tier, each tier's candidates
 * kept when they hold the values, when the values' people are many: the strongest tier alone
 * (a school's alumni, 2.5 % of the bench's directory) is read whole to be sorted by kinds shared,
 * so ranking fewer people than a few tiers hold costs less (at 1,000,000 people, load 7,
 * Cloudforge's 19,000: 443 ms ranked whole, 646 ms tier by tier, for a student who worked there
 * and so has most of them in the employer tier). Without statistics the values count as many:
 * the tiers never rank a large set whole.
 */
export function manyHoldAll(valueIds: number[], filterShares: FilterShares | null): boolean {
  if (!filterShares) return true;
  const { shares, floor } = filterShares;
  const inCommon = valueIds.reduce((product, id) => product * (shares.get(id) ?? floor), 1);
  return inCommon >= MANY_HOLD_SHARE;
}
