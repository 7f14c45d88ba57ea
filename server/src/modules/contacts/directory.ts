import {
  DIRECTORY_COUNT_CAP,
  DIRECTORY_FILTERS,
  type DirectoryCount,
  type DirectoryQuery,
  type DirectoryResponse,
  type DirectoryStats,
  MESSAGES,
  type SaveDirectoryContactRequest,
} from "@reachout/contract";
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  isNotNull,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database, Db } from "../../db/client";
import {
  contactFilterMatches,
  contactFilterSets,
  contacts,
  directoryFilterValues,
  directoryWarmPeople,
  userContacts,
} from "../../db/schema";
import { conflict, notFound, paymentRequired } from "../../http/errors";
import { getCredits } from "../credits";
import { addressStandings, normalizeAddress } from "../deliverability";
import { publishEvent } from "../events";
import { contains, listedInDirectory, notSavedBy, searchableText } from "./conditions";
import { type FilterShares, fewShareAll, loadFilterShares, manyHoldAll } from "./filter-shares";
import { saveContactsToNetwork } from "./network";
import { toDirectoryContact } from "./records";
import { roleCondition } from "./strategies";
import { type KeptOrder, warmOrderReady } from "./warm-order";
import {
  loadStudentSignals,
  NO_STUDENT_SIGNALS,
  NOT_WARM_RANK,
  type StudentSignals,
  warmCandidatesSql,
  warmthSql,
} from "./warm-signals";

type ListQuery = z.output<typeof DirectoryQuery>;

/** Who the directory lists (`listedInDirectory`). */
const listed = listedInDirectory;

/** The filters the page offers as fixed lists, by their `directory_filter_values.kind`. */
const LISTED_FILTERS = ["organization", "position", "education", "interests", "industry"] as const;
type ListedFilter = (typeof LISTED_FILTERS)[number];

export interface DirectoryFilterValues {
  /**
   * The fixed lists' values as stored (a migration copied them from the contract), by kind and
   * lowercased value: the substring filters ignore case, so "cloudforge" is "Cloudforge".
   */
  ids: ReadonlyMap<string, number>;
  /** How many people hold each value, to choose how several values are intersected. */
  shares: FilterShares | null;
}
const filterValueKey = (kind: ListedFilter, value: string) => `${kind}:${value.toLowerCase()}`;

const filterValueIdsCache = new WeakMap<object, Promise<DirectoryFilterValues["ids"]>>();

/** The listed filter values' ids, read once per database handle (only a migration changes them). */
function loadFilterValueIds(db: Db): Promise<DirectoryFilterValues["ids"]> {
  let ids = filterValueIdsCache.get(db);
  if (!ids) {
    ids = db
      .select()
      .from(directoryFilterValues)
      .then(
        (rows) =>
          new Map(rows.map((row) => [filterValueKey(row.kind as ListedFilter, row.value), row.id])),
      );
    ids.catch(() => filterValueIdsCache.delete(db));
    filterValueIdsCache.set(db, ids);
  }
  return ids;
}

export async function loadDirectoryFilterValues(db: Db): Promise<DirectoryFilterValues> {
  const [ids, shares] = await Promise.all([loadFilterValueIds(db), loadFilterShares(db)]);
  return { ids, shares };
}

/** How a filter narrows the directory when its value is not in the fixed list. */
const UNLISTED_CONDITIONS: Record<ListedFilter, (value: string) => SQL> = {
  organization: (value) => contains(contacts.company, value),
  position: (value) => contains(contacts.title, value),
  education: (value) => contains(contacts.education, value),
  interests: (value) => arrayContains(contacts.interests, [value.toLowerCase()]),
  industry: (value) => eq(contacts.industry, value),
};

/** The fixed lists' values as the contract spells them (a migration copied them to the table). */
const LISTED_VALUES: Record<ListedFilter, readonly string[]> = {
  organization: DIRECTORY_FILTERS.organizations,
  position: DIRECTORY_FILTERS.positions,
  education: DIRECTORY_FILTERS.education,
  interests: DIRECTORY_FILTERS.interests,
  industry: DIRECTORY_FILTERS.industries,
};

/**
 * A listed value's people as a condition on `contacts` that an index answers: the value's
 * substring condition with the value spelled as the list spells it (an industry is compared
 * exactly), the same people as its match rows (filter-matches.test.ts checks it for every listed
 * value). Undefined for a value the contract's lists lack.
 */
function listedMatch(kind: ListedFilter, value: string): SQL | undefined {
  const lowered = value.toLowerCase();
  const listed = LISTED_VALUES[kind].find((candidate) => candidate.toLowerCase() === lowered);
  return listed === undefined ? undefined : UNLISTED_CONDITIONS[kind](listed);
}

/**
 * The query behind a page of the directory (exported so the bench and a test can EXPLAIN it).
 * A filter value from the page's fixed lists is read from `contact_filter_matches` in
 * contact order (the same people its substring would find, kept by triggers), so a page costs
 * its own rows; several values that few people share all of are intersected through the GIN
 * index of `contact_filter_sets` instead (ADR 023). Any other value falls back to the substring
 * match through the trigram indexes.
 */
export function directoryContactsQuery(
  db: Db,
  userId: string,
  query: ListQuery,
  filterValues: DirectoryFilterValues,
  student: StudentSignals = NO_STUDENT_SIGNALS,
  /**
   * This student's kept "Warm first" order is built for `student` (`warmOrderReady`, ADR 041).
   * Kept up to its last person (`prefix`), the statement lists the kept people alone: a page
   * that ends past them is short, and is ranked on the fly instead (`directoryPageRows`).
   */
  keptOrder: KeptOrder = false,
) {
  const warmth = query.warm_only || query.sort === "warm" ? warmthSql(student) : null;
  const { unlisted, matches } = filtersOf(query, filterValues.ids);
  // The conditions that ask for more of the person than a kept order's row holds (ADR 041).
  const asked = and(
    ...unlisted,
    // A place is a substring of the person's location, through contacts_location_trgm.
    query.location ? contains(contacts.location, query.location) : undefined,
    // Free text finds names, titles and companies, and cities ("Denver"): each arm has its own
    // trigram index (the search expression's, and contacts_location_trgm), combined by a BitmapOr.
    query.q
      ? or(contains(searchableText, query.q), contains(contacts.location, query.q))
      : undefined,
    query.role ? roleCondition(query.role) : undefined,
  );
  // The page's conditions but warm-only's, which the kept order's people meet by being in it.
  const conditions = and(
    listed,
    query.show_all ? undefined : isNotNull(contacts.email),
    asked,
    notSavedBy(userId),
  );
  const where = and(
    conditions,
    query.warm_only ? (warmth ? sql`${warmth.rank} < ${NOT_WARM_RANK}` : sql`false`) : undefined,
  );
  const kept = readsKeptOrder(query, filterValues.ids, student) && keptOrder !== false;
  const prefix = kept && keptOrder === "prefix";
  // "Warm first" over free text, a place, or listed values that few people hold ranks those
  // people whole (no index order): they are few, or found by index anyway.
  const order = (id: SQL | AnyPgColumn) =>
    query.sort === "warm" && warmth ? [asc(warmth.rank), desc(warmth.count), asc(id)] : [asc(id)];
  // Each candidate's person is read by id. The person is a LATERAL subquery kept apart by
  // OFFSET 0, so the planner cannot join contacts by hash or merge instead, which scans contacts
  // (it chose that at 10,000 people, and a merge walking contacts' primary key at 100,000).
  // Named `contacts`, it answers to the same column references as the table.
  // `condition` is the page's conditions when the candidates have not been checked against them
  // yet, and undefined when they have.
  const personOf = (contactId: SQL | AnyPgColumn, condition: SQL | undefined) =>
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contactId), condition))
      .offset(0)
      .as("contacts");
  /** A warm page's people, in the page's order: rank, kinds shared (most first), id. */
  const peopleOfWarmPage = (page: SQL) =>
    db
      .select(getTableColumns(contacts))
      .from(page)
      .innerJoinLateral(personOf(sql`page.id`, undefined), sql`true`)
      .orderBy(sql`page.rank`, sql`page.kinds desc`, sql`page.id`);
  if (matches.length === 0 && (query.q || query.location)) {
    // Free text or a place: the trigram index's matches, their ids sorted, then each person by id. An
    // ordered subquery under a join is planned for all its rows, so a statistics sample that
    // overrates a word's matches cannot turn the page into a walk of the primary key (0.8 s in
    // migration 0006's note, 1.5 s for q=smith in a plans phase of issue 23).
    const hits = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(contacts.id)
      .as("hits");
    return db
      .select(getTableColumns(contacts))
      .from(hits)
      .innerJoinLateral(personOf(hits.id, undefined), sql`true`)
      .orderBy(...order(hits.id))
      .limit(query.limit + 1)
      .offset(query.offset);
  }
  if (matches.length === 0 && !(query.sort === "warm" && warmth)) {
    // No filter from the lists: the page's ids first, in id order, then each person by id. With
    // an address asked for, the ids come from contacts_listed_email_id_idx alone, so walking past
    // the people the user saved (the first 10,000 of the order, for someone who saved from the
    // top) reads no row of theirs: 43 → 8 ms at 100,000 people with 10,000 saved (issue 41).
    const page = db
      .select({ id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(contacts.id)
      .limit(query.limit + 1)
      .offset(query.offset)
      .as("page");
    return db
      .select(getTableColumns(contacts))
      .from(page)
      .innerJoinLateral(personOf(page.id, undefined), sql`true`)
      .orderBy(asc(page.id));
  }
  if (matches.length === 0 && kept) {
    // The student's warm people in their kept order, then everyone else in id order (ADR 041).
    const page = keptWarmPage(userId, query, prefix, { all: conditions, asked }, null);
    return peopleOfWarmPage(page);
  }
  if (matches.length === 0 && warmth) {
    const page = warmFirstPage(query, where, warmth, warmCandidatesSql(student));
    return peopleOfWarmPage(page);
  }
  const valueIds = matches.map((match) => match.valueId);
  const few = fewShareAll(valueIds, filterValues.shares, query.offset + query.limit + 1);
  // When few people hold every value, the GIN index finds them all at once. Their ids are
  // sorted before any person is read (an ordered subquery stays apart), so a page reads its own
  // people, not all of them.
  const holders = db
    .select({ contactId: contactFilterSets.contactId })
    .from(contactFilterSets)
    .where(arrayContains(contactFilterSets.valueIds, valueIds))
    .orderBy(contactFilterSets.contactId)
    .as("holders");
  // Otherwise the listed values' match rows are intersected in contact order, up to the page.
  const [first, ...others] = matches.map(({ kind, valueId }) => ({
    valueId,
    table: alias(contactFilterMatches, `${kind}_matches`),
  }));
  const walk = (condition: SQL | undefined) => {
    let people = db
      .select(getTableColumns(contacts))
      .from(first.table)
      .innerJoinLateral(personOf(first.table.contactId, condition), sql`true`)
      .$dynamic();
    for (const other of others) {
      people = people.innerJoin(
        other.table,
        and(
          eq(other.table.valueId, other.valueId),
          eq(other.table.contactId, first.table.contactId),
        ),
      );
    }
    return people.where(eq(first.table.valueId, first.valueId));
  };
  if (kept && !few) {
    // The kept order's people are walked in order, those who hold every value (the kept row's
    // copy of their values) checked against the page's conditions; the people who share
    // nothing follow in id order from the values' own walk of match rows (ADR 041).
    const page = keptWarmPage(
      userId,
      query,
      prefix,
      { all: conditions, asked },
      {
        valueIds,
        rest: (condition) => walk(and(conditions, condition)).orderBy(first.table.contactId),
      },
    );
    return peopleOfWarmPage(page);
  }
  if (few && kept) {
    // Few hold every value: they are ranked whole, each one's rank and kinds looked up in the
    // kept order (a probe of its primary key) instead of computed, and sorted before any
    // person is read: the people are then read in that order up to the page's end (ADR 041).
    // Walking the kept order instead would read all of it when few of its people hold the
    // values.
    const people = directoryWarmPeople;
    const keptRow = db
      .select({ rank: people.rank, kinds: people.kinds })
      .from(people)
      .where(and(eq(people.userId, userId), eq(people.contactId, holders.contactId)))
      // Kept apart by its LIMIT (one row: the primary key's) so that each holder is a probe,
      // not a hash join with every kept row.
      .limit(1)
      .as("kept");
    const rank = sql<number>`coalesce(${keptRow.rank}, ${sql.raw(String(NOT_WARM_RANK))})`;
    const kinds = sql<number>`coalesce(${keptRow.kinds}, 0)`;
    const ranked = db
      .select({
        id: sql<string>`${holders.contactId}`.as("id"),
        rank: rank.as("rank"),
        kinds: kinds.as("kinds"),
      })
      .from(holders)
      .leftJoinLateral(keptRow, sql`true`)
      // Up to the last kept person, the holders not kept are ranked after them, but may be warm:
      // they are left to the page ranked on the fly.
      .where(query.warm_only || prefix ? isNotNull(keptRow.rank) : undefined)
      .orderBy(rank, desc(kinds), holders.contactId)
      .as("ranked");
    return db
      .select(getTableColumns(contacts))
      .from(ranked)
      .innerJoinLateral(personOf(sql`ranked.id`, conditions), sql`true`)
      .orderBy(sql`ranked.rank`, sql`ranked.kinds desc`, sql`ranked.id`)
      .limit(query.limit + 1)
      .offset(query.offset);
  }
  if (few) {
    return db
      .select(getTableColumns(contacts))
      .from(holders)
      .innerJoinLateral(personOf(holders.contactId, where), sql`true`)
      .orderBy(...order(holders.contactId))
      .limit(query.limit + 1)
      .offset(query.offset);
  }
  if (query.sort === "warm" && warmth && manyHoldAll(valueIds, filterValues.shares)) {
    // Many people hold the values (a position, an industry): too many to rank them all for a
    // page. Their warm people come tier by tier as without a filter, each tier's candidates kept
    // when they hold every value, and the people who share nothing from the values' own walk of
    // match rows in id order (issue 41). A value is checked on the tier's candidates as the
    // condition on `contacts` its match rows stand for, which an index answers: the planner
    // intersects the tier's index matches with the value's before reading a row (a BitmapAnd:
    // at 1,000,000 people, 3,700 rows read for Recruiter's alumni instead of 21,000). A value
    // not in the contract's lists (never, while the table is its copy) is looked up in the match
    // rows' primary key instead.
    const page = warmFirstPage(query, where, warmth, warmCandidatesSql(student), {
      holdsEvery: holdsEveryOf(matches),
      rest: (condition) => walk(and(where, condition)).orderBy(first.table.contactId),
    });
    return peopleOfWarmPage(page);
  }
  return walk(where)
    .orderBy(...order(first.table.contactId))
    .limit(query.limit + 1)
    .offset(query.offset);
}

/**
 * The page's filters: the listed values (read from their match rows or sets) and the conditions
 * of values the lists lack.
 */
function filtersOf(query: ListQuery, ids: DirectoryFilterValues["ids"]) {
  const unlisted: Array<SQL | undefined> = [];
  const matches: Array<{ kind: ListedFilter; value: string; valueId: number }> = [];
  for (const kind of LISTED_FILTERS) {
    const value = query[kind];
    if (!value) continue;
    const valueId = ids.get(filterValueKey(kind, value));
    if (valueId === undefined) unlisted.push(UNLISTED_CONDITIONS[kind](value));
    else matches.push({ kind, value, valueId });
  }
  return { unlisted, matches };
}

/**
 * Whether a built kept order answers this page: "Warm first" of a student who shares something,
 * but over free text or a place without listed values (ranked whole, ADR 033).
 */
function readsKeptOrder(
  query: ListQuery,
  ids: DirectoryFilterValues["ids"],
  student: StudentSignals,
): boolean {
  if (query.sort !== "warm" || !warmthSql(student)) return false;
  return filtersOf(query, ids).matches.length > 0 || !(query.q || query.location);
}

/**
 * A page's rows (`directoryContactsQuery`'s, one more than asked). From a kept order that holds
 * the student's first warm people only (`prefix`), a page that ends past them comes back short
 * (the kept people who meet its conditions end before it does): it is ranked on the fly
 * instead, so that every page is the ORDER BY's (ADR 041). A full page is the ORDER BY's as is:
 * every warm person up to the last kept one is kept, so the kept people who meet the page's
 * conditions are the first of everyone who does.
 */
export async function directoryPageRows(
  db: Db,
  userId: string,
  query: ListQuery,
  filterValues: DirectoryFilterValues,
  student: StudentSignals = NO_STUDENT_SIGNALS,
  keptOrder: KeptOrder = false,
) {
  const rows = await directoryContactsQuery(db, userId, query, filterValues, student, keptOrder);
  if (
    keptOrder !== "prefix" ||
    rows.length > query.limit ||
    !readsKeptOrder(query, filterValues.ids, student)
  ) {
    return rows;
  }
  return directoryContactsQuery(db, userId, query, filterValues, student, false);
}

/**
 * Holding every listed value, as conditions on `contacts` an index answers (`listedMatch`); a
 * value not in the contract's lists (never, while the table is its copy) is looked up in the
 * match rows' primary key instead.
 */
function holdsEveryOf(matches: Array<{ kind: ListedFilter; value: string; valueId: number }>) {
  return and(
    ...matches.map(
      ({ kind, value, valueId }) =>
        listedMatch(kind, value) ??
        sql`exists (select 1 from ${contactFilterMatches} where ${contactFilterMatches.valueId} = ${valueId} and ${contactFilterMatches.contactId} = ${contacts.id})`,
    ),
  );
}

/**
 * The ids of a "Warm first" page from the student's kept order (ADR 041): the kept warm people
 * walked in order (rank, kinds shared, id) through `directory_warm_people_order_idx`, each
 * person read by id and checked against the page's conditions, up to the page's end; then, only
 * when they end before the page does, everyone else in id order who is not in the kept order
 * (from the default order's id walk, or the filter's `rest`). The same pages as ranking
 * everyone while the order is built for the student's signals (warm-first.test.ts). With
 * `prefix` (the order keeps its first people only), the kept people alone: a page they do not
 * fill is short, and ranked on the fly instead (`directoryPageRows`).
 */
function keptWarmPage(
  userId: string,
  query: ListQuery,
  prefix: boolean,
  conditions: { all: SQL | undefined; asked: SQL | undefined },
  filter: { valueIds: number[]; rest: (condition: SQL) => SQLWrapper } | null,
): SQL {
  const end = query.offset + query.limit + 1;
  const people = directoryWarmPeople;
  // The walked row answers for the listing (the kept people are listed ones), the address and
  // a filter's values (its copies of the person's); the user's saved people are looked up in
  // their index. Only conditions asked for beyond those read the person, as a LATERAL
  // subquery kept apart by OFFSET 0, so the walk stays a nested loop in the index's order that
  // stops at the page's end.
  const person = conditions.asked
    ? sql`cross join lateral (select 1 from ${contacts}
        where ${contacts.id} = ${people.contactId} and ${conditions.asked} offset 0) person`
    : sql``;
  const kept = and(
    eq(people.userId, userId),
    query.show_all ? undefined : people.hasEmail,
    filter ? sql`${people.valueIds} @> ${`{${filter.valueIds.join(",")}}`}::smallint[]` : undefined,
    sql`not exists (select 1 from ${userContacts} where ${userContacts.userId} = ${userId}
      and ${userContacts.contactId} = ${people.contactId})`,
  );
  const warm = sql`select ${people.contactId} as id, ${people.rank} as rank, ${people.kinds} as kinds
    from ${people} ${person}
    where ${kept}
    order by ${people.rank}, ${people.kinds} desc, ${people.contactId}
    limit ${end}`;
  const notKept = sql`not exists (select 1 from ${people}
    where ${people.userId} = ${userId} and ${people.contactId} = ${contacts.id})`;
  // The rest is read only when the warm people end before the page does: a condition on no
  // column of theirs is checked once, before any of their rows is read. Its limit is a
  // constant, so the planner costs the rest as the few rows it may read (a LIMIT computed from
  // the warm people's count was costed as a tenth of every row, which made PostgreSQL compile
  // the statement: 40–300 ms of JIT for a 10 ms page).
  const restOpen = sql`(select count(*) from warm) < ${end}`;
  const notWarm = sql.raw(String(NOT_WARM_RANK));
  const others =
    query.warm_only || prefix
      ? []
      : filter
        ? [
            sql`(select id, ${notWarm} as rank, 0 as kinds
            from (${filter.rest(notKept)}) walk where ${restOpen} limit ${end})`,
          ]
        : [
            sql`(select ${contacts.id} as id, ${notWarm} as rank, 0 as kinds
            from ${contacts}
            where ${and(conditions.all, notKept, restOpen)}
            order by ${contacts.id}
            limit ${end})`,
          ];
  return sql`(with warm as materialized (${warm})
    select id, rank, kinds from (${sql.join([sql`select id, rank, kinds from warm`, ...others], sql` union all `)}) people
    order by rank, kinds desc, id limit ${query.limit + 1} offset ${query.offset}) as page`;
}

/**
 * The ids of a "Warm first" page, in `warmthSql`'s order (rank, then kinds shared, most first,
 * then id), without ranking the whole directory or a broad filter's people (issue 41). Each
 * rank is a tier of its own: the people its kind finds through the trigram indexes
 * (`warmCandidatesSql`) whose strongest shared kind it is, sorted by kinds shared and id. A tier
 * is read only when the tiers before it end before the page does, so a first page among the
 * alumni reads the alumni alone. Everyone else has rank NOT_WARM_RANK and no kind shared: they
 * follow in id order, from the id-ordered walk the default order uses (or the filter's), read
 * only when every tier ends before the page. With a filter, `holdsEvery` keeps the tiers'
 * candidates who hold its values, and `rest` is its walk of match rows in id order.
 * The same people in the same order as ranking everyone (warm-first.test.ts compares them).
 */
function warmFirstPage(
  query: ListQuery,
  where: SQL | undefined,
  warmth: { rank: SQL; count: SQL },
  tiers: Array<{ rank: number; people: SQL }>,
  filter?: { holdsEvery: SQL | undefined; rest: (condition: SQL) => SQLWrapper },
): SQL {
  const end = query.offset + query.limit + 1;
  const name = (i: number) => sql.raw(`tier_${i}`);
  // With a filter, a tier's candidates are ranked after they are checked against it (OFFSET 0
  // keeps the rank from being pushed down to the candidates' scan, ahead of the filter): most
  // candidates fail the filter, and the rank's substring matches cost more.
  const ranked = (condition: SQL | undefined) =>
    filter
      ? sql`select ${contacts.id} as id, ${warmth.rank} as rank, ${warmth.count} as kinds
          from ${contacts} where ${and(where, condition, filter.holdsEvery)} offset 0`
      : sql`select ${contacts.id} as id, ${warmth.rank} as rank, ${warmth.count} as kinds
          from ${contacts} where ${and(where, condition)}`;
  const definitions = tiers.map(
    ({ rank, people }, i) =>
      sql`${name(i)} as materialized (select id, kinds from (${ranked(people)}) ranked
        where rank = ${sql.raw(String(rank))})`,
  );
  const sizeOf = (i: number) => sql`(select count(*) from ${name(i)})`;
  // Every sum of the first tiers' sizes, shortest first: PostgreSQL evaluates them in this order
  // and stops at the first false one, so a tier behind the page's end is never counted or read.
  const endsBeforePage = (count: number) =>
    count === 0
      ? sql`true`
      : sql.join(
          Array.from(
            { length: count },
            (_, n) =>
              sql`${sql.join(
                Array.from({ length: n + 1 }, (_, i) => sizeOf(i)),
                sql` + `,
              )} < ${end}`,
          ),
          sql` and `,
        );
  const tierRows = tiers.map(
    ({ rank }, i) =>
      sql`(select id, ${sql.raw(String(rank))} as rank, kinds from ${name(i)}
        where ${endsBeforePage(i)} order by kinds desc, id limit ${end})`,
  );
  const warmCount = sql.join(
    tiers.map((_, i) => sizeOf(i)),
    sql` + `,
  );
  // Warm-only asks for no one else; its conditions already exclude the rest. The rest's limit
  // is a CASE so that the tiers' sizes are summed only when every tier ends before the page
  // (a LIMIT's value is computed before its rows are read, an unused CASE branch never).
  const notWarm = sql`${warmth.rank} = ${sql.raw(String(NOT_WARM_RANK))}`;
  const restLimit = sql`case when ${endsBeforePage(tiers.length)} then ${end} - (${warmCount}) else 0 end`;
  const rest = query.warm_only
    ? []
    : filter
      ? [
          sql`(select id, ${sql.raw(String(NOT_WARM_RANK))} as rank, 0 as kinds
            from (${filter.rest(notWarm)}) walk limit ${restLimit})`,
        ]
      : [
          sql`(select ${contacts.id} as id, ${sql.raw(String(NOT_WARM_RANK))} as rank, 0 as kinds
            from ${contacts}
            where ${and(where, notWarm)}
            order by ${contacts.id}
            limit ${restLimit})`,
        ];
  return sql`(with ${sql.join(definitions, sql`, `)}
    select id, rank, kinds from (${sql.join([...tierRows, ...rest], sql` union all `)}) tiers
    order by rank, kinds desc, id limit ${query.limit + 1} offset ${query.offset}) as page`;
}

/**
 * A page of the global database for one user, in a stable order, never listing people the
 * user already saved. Fetches one row more than asked to know whether another page exists.
 */
export async function listDirectoryContacts(
  db: Db,
  userId: string,
  query: ListQuery,
  options: {
    /** Asks for the student's kept "Warm first" order to be built (ADR 041). */
    requestWarmOrder?: (userId: string) => Promise<void>;
  } = {},
): Promise<DirectoryResponse> {
  // The student's side is read beside the page; the query waits for it only to rank by warmth.
  const studentSignals = loadStudentSignals(db, userId);
  const isWarmQuery = query.warm_only || query.sort === "warm";
  // "Warm first" walks the student's kept order when it is built for their signals now, and
  // ranks on the fly otherwise (ADR 033), asking for the order to be built.
  const keptOrder: KeptOrder | Promise<KeptOrder> =
    query.sort === "warm"
      ? studentSignals.then(async (signals) => {
          const ready = await warmOrderReady(db, userId, signals);
          if (!ready && warmthSql(signals) && options.requestWarmOrder) {
            // A request lost here is made again by the next page.
            await options.requestWarmOrder(userId).catch(() => undefined);
          }
          return ready;
        })
      : false;
  const [rows, student] = await Promise.all([
    Promise.all([
      loadDirectoryFilterValues(db),
      isWarmQuery ? studentSignals : NO_STUDENT_SIGNALS,
      keptOrder,
    ]).then(([values, signals, ready]) =>
      directoryPageRows(db, userId, query, values, signals, ready),
    ),
    studentSignals,
  ]);
  const page = rows.slice(0, query.limit);
  const standings = await addressStandings(
    db,
    page.flatMap((row) => (row.email ? [row.email] : [])),
  );
  const listed = page.map((row) =>
    toDirectoryContact(
      row,
      row.email ? standings.get(normalizeAddress(row.email)) : undefined,
      student,
    ),
  );
  return {
    // Warm-only shows badges: a person the SQL ranked warm by an edge case is left out.
    contacts: query.warm_only ? listed.filter((c) => c.warm_signals.length > 0) : listed,
    has_more: rows.length > query.limit,
  };
}

/**
 * How many people the list holds for these filters and this user, counted up to the cap (the
 * same query as the pages, so the figure and the pages agree).
 */
export async function countDirectoryContacts(
  db: Db,
  userId: string,
  query: ListQuery,
): Promise<DirectoryCount> {
  const capped = directoryContactsQuery(
    db,
    userId,
    { ...query, limit: DIRECTORY_COUNT_CAP, offset: 0 },
    await loadDirectoryFilterValues(db),
    query.warm_only ? await loadStudentSignals(db, userId) : NO_STUDENT_SIGNALS,
  ).as("capped");
  const [row] = await db.select({ count: count() }).from(capped);
  return {
    count: Math.min(row.count, DIRECTORY_COUNT_CAP),
    capped: row.count > DIRECTORY_COUNT_CAP,
  };
}

type DirectoryFigures = Omit<DirectoryStats, "saved_by_you" | "credits">;

/** Aggregates over the whole directory are recomputed at most this often per process. */
const STATS_TTL_MS = 5 * 60_000;
const statsCache = new WeakMap<Database, { at: number; value: DirectoryFigures }>();

/** Drops the cached directory figures (after an import). */
export function forgetDirectoryStats(database: Database): void {
  statsCache.delete(database);
}

async function computeDirectoryStats(db: Db): Promise<DirectoryFigures> {
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

export async function getDirectoryStats(
  database: Database,
  userId: string,
): Promise<DirectoryStats> {
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
export async function saveDirectoryContact(
  db: Db,
  userId: string,
  request: SaveDirectoryContactRequest,
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
