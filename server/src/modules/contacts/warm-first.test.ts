import { DirectoryQuery } from "@reachout/contract";
import { generateContacts } from "@reachout/sandbox";
import { and, arrayContains, asc, desc, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { rowsOf } from "../../db/client";
import { contacts } from "../../db/schema";
import { insertContacts } from "./bulk-load";
import {
  contains,
  hasRealName,
  isShared,
  notSavedBy,
  notStartupFounder,
  searchableText,
} from "./conditions";
import {
  type DirectoryFilterValues,
  directoryContactsQuery,
  directoryPageRows,
  loadDirectoryFilterValues,
} from "./directory";
import type { FilterShares } from "./filter-shares";
import { roleCondition } from "./strategies";
import { buildWarmOrder, type KeptOrder, warmOrderReady } from "./warm-order";
import { NOT_WARM_RANK, type StudentSignals, warmthSql } from "./warm-signals";

/**
 * "Warm first" without a filter, or with listed values many people hold, ranks only the warm
 * people (found through indexes) and lists everyone else after them in id order (issue 41).
 * Every page must hold the same people in the same order as ranking the whole directory, or
 * the filtered set, as the page did before, ranked on the fly or read from the student's kept
 * order (ADR 041): whole, or kept to its first ten people, so that pages cross where the kept
 * people end and are ranked on the fly past it.
 */
const t = useTestApp();

const ALUM: StudentSignals = {
  schools: ["Cornell University"],
  employers: ["Cloudforge"],
  majors: ["Computer Science"],
  interests: ["Chess Club", "open source"],
  city: "boston",
};
/** Only an interest and a city: the interests' trigram runs find the warm people alone. */
const CLUB_MEMBER: StudentSignals = {
  schools: [],
  employers: [],
  majors: [],
  interests: ["Rock Climbing Club", "machine learning"],
  city: null,
};

/**
 * Statistics that make every listed value one that many people hold (three in ten: the tiers,
 * also for two values), or few (ranked whole; two values through the GIN index).
 */
const MANY: FilterShares = { people: 1_000_000, shares: new Map(), floor: 0.3 };
const FEW: FilterShares = { people: 1_000_000, shares: new Map(), floor: 0.001 };

/** The page as it was: every listed person ranked, then cut. */
function rankedEverywhere(userId: string, student: StudentSignals, filters: SQL[]) {
  const warmth = warmthSql(student);
  if (!warmth) throw new Error("the student shares nothing");
  return t.deps.database.db
    .select({ id: contacts.id, rank: warmth.rank })
    .from(contacts)
    .where(
      and(
        hasRealName,
        notStartupFounder,
        eq(contacts.isStudent, false),
        isShared,
        notSavedBy(userId),
        ...filters,
      ),
    )
    .orderBy(asc(warmth.rank), desc(warmth.count), asc(contacts.id));
}

/** The people a kept order keeps in the cases below that keep its first people only. */
const PREFIX = 10;

/**
 * The page's statement (not awaited: a query is run when awaited), ranking on the fly or from
 * the student's kept order (ADR 041).
 */
function pageQuery(
  ids: DirectoryFilterValues["ids"],
  userId: string,
  student: StudentSignals,
  query: Record<string, string | number>,
  shares: FilterShares,
  kept: KeptOrder,
) {
  return directoryContactsQuery(
    t.deps.database.db,
    userId,
    DirectoryQuery.parse({ sort: "warm", ...query }),
    { ids, shares },
    student,
    kept,
  );
}

async function pageIdsOf(
  userId: string,
  student: StudentSignals,
  query: Record<string, string | number>,
  shares: FilterShares,
  kept: KeptOrder,
) {
  const { ids } = await loadDirectoryFilterValues(t.deps.database.db);
  // As the route reads it: a page past a kept prefix is ranked on the fly.
  const rows = await directoryPageRows(
    t.deps.database.db,
    userId,
    DirectoryQuery.parse({ sort: "warm", ...query }),
    { ids, shares },
    student,
    kept,
  );
  return rows.map((row) => row.id);
}

/** People the cases name, each warm to a student below in one way (none of them saved). */
const NAMED: Parameters<typeof insertPeople>[1] = [
  { fullName: "Upper Case", interests: ["CHESS"], location: "Denver, CO" },
  { fullName: "Inside Theirs", interests: ["chess club of boston"] },
  { fullName: "Percent Club", interests: ["50% club"] },
  { fullName: "Climber", interests: ["climbing"] },
  { fullName: "Short Interest", interests: ["ml"] },
  { fullName: "Learner", interests: ["Machine Learning Guild"] },
  { fullName: "Bostonian", location: "Boston, MA" },
  { fullName: "Near Boston", location: "Greater Boston Area" },
  { fullName: "Cornell In Education", university: null, education: "cornell university" },
  { fullName: "Cloudforge Later", company: "The Cloudforge Group" },
  { fullName: "Cloudforge First", company: "cloudforge labs" },
  { fullName: "Addressless Alum", university: "Cornell University", email: null },
  { fullName: "Student Alum", university: "Cornell University", isStudent: true },
  { fullName: "unknown", university: "Cornell University" },
  // Recruiters in every tier the students below have, chess players warm to the club member
  // (three of them), and an alum in fintech.
  { fullName: "Recruiting Alum", title: "Recruiter", university: "Cornell University" },
  {
    fullName: "Recruiting Alum In Boston",
    title: "Recruiter",
    education: "Cornell University, Computer Science",
    location: "Boston, MA",
  },
  { fullName: "Cloudforge Recruiter", title: "Senior Recruiter", company: "Cloudforge" },
  { fullName: "Chess Recruiter", title: "Technical Recruiter", interests: ["chess club"] },
  { fullName: "Boston Recruiter", title: "Recruiter", location: "Boston, MA" },
  { fullName: "Chess Climber", interests: ["chess", "climbing"] },
  { fullName: "Chess Learner", interests: ["machine learning", "chess"] },
  { fullName: "Chess Guild", interests: ["chess", "Machine Learning Guild"] },
  {
    fullName: "Fintech Alum",
    title: "Analyst",
    industry: "fintech",
    university: "Cornell University",
  },
];

describe("Warm first", () => {
  let userId: string;

  beforeAll(async () => {
    await insertContacts(t.deps.database.db, generateContacts(0, 700));
    await insertPeople(t, NAMED);
    const user = await createUser(t);
    userId = user.id;
    // The user saved every ninth generated person, warm or not: none of them is listed again.
    // The people named above are never among them (ids are random: one could otherwise take
    // the only warm person a case is about).
    await t.deps.database.db.execute(sql`
      insert into user_contacts (user_id, contact_id)
      select ${userId}, id from (
        select id, row_number() over (order by id) as n from contacts
        where full_name not in (${sql.join(
          NAMED.map((person) => sql`${person.fullName}`),
          sql`, `,
        )})
      ) c
      where n % 9 = 0`);
  });

  const cases: Array<{
    name: string;
    student: StudentSignals;
    query: Record<string, string>;
    filters: SQL[];
    /** The statistics the page is chosen by (many people hold any listed value unless given). */
    shares?: FilterShares;
    /** The listed values' page must read the tiers (not rank the filtered set whole). */
    tiers?: boolean;
    /** Ranked whole on both paths (free text or a place without listed values). */
    ranksWhole?: boolean;
  }> = [
    { name: "no filter", student: ALUM, query: {}, filters: [isNotNull(contacts.email)] },
    { name: "show_all", student: ALUM, query: { show_all: "true" }, filters: [] },
    {
      name: "a role",
      student: ALUM,
      query: { role: "Software Engineer" },
      filters: [isNotNull(contacts.email), roleCondition("Software Engineer") as SQL],
    },
    {
      name: "warm only",
      student: ALUM,
      query: { warm_only: "true" },
      filters: [
        isNotNull(contacts.email),
        lt(warmthSql(ALUM)?.rank as SQL, sql.raw(String(NOT_WARM_RANK))),
      ],
    },
    {
      name: "interests only",
      student: CLUB_MEMBER,
      query: { show_all: "true" },
      filters: [],
    },
    {
      name: "a listed organization",
      student: ALUM,
      query: { organization: "Harborview Partners" },
      filters: [isNotNull(contacts.email), contains(contacts.company, "Harborview Partners")],
    },
    {
      name: "free text and a place",
      student: ALUM,
      query: { q: "a", location: "New York" },
      filters: [
        isNotNull(contacts.email),
        contains(contacts.location, "New York"),
        sql`(${contains(searchableText, "a")} or ${contains(contacts.location, "a")})`,
      ],
      ranksWhole: true,
    },
    // Listed values many people hold: each tier's candidates checked against the values, the
    // rest from the values' walk of match rows (and, held by few, the filtered set ranked whole
    // as before).
    {
      name: "a position many hold",
      student: ALUM,
      query: { position: "Recruiter" },
      filters: [isNotNull(contacts.email), contains(contacts.title, "Recruiter")],
      tiers: true,
    },
    {
      name: "a position few hold",
      student: ALUM,
      query: { position: "Recruiter" },
      filters: [isNotNull(contacts.email), contains(contacts.title, "Recruiter")],
      shares: FEW,
    },
    {
      // Spelled otherwise than the list: the list's spelling is compared.
      name: "an industry many hold, show_all",
      student: ALUM,
      query: { industry: "FinTech", show_all: "true" },
      filters: [eq(contacts.industry, "fintech")],
      tiers: true,
    },
    {
      name: "an interest many hold",
      student: CLUB_MEMBER,
      query: { interests: "chess" },
      filters: [isNotNull(contacts.email), arrayContains(contacts.interests, ["chess"])],
      tiers: true,
    },
    {
      name: "two values many hold",
      student: ALUM,
      query: { position: "Recruiter", industry: "software" },
      filters: [
        isNotNull(contacts.email),
        contains(contacts.title, "Recruiter"),
        eq(contacts.industry, "software"),
      ],
      tiers: true,
    },
    {
      name: "two values few hold",
      student: ALUM,
      query: { position: "Recruiter", industry: "software" },
      filters: [
        isNotNull(contacts.email),
        contains(contacts.title, "Recruiter"),
        eq(contacts.industry, "software"),
      ],
      shares: FEW,
    },
    {
      name: "warm only, two values few hold",
      student: ALUM,
      query: { warm_only: "true", position: "Recruiter", industry: "software" },
      filters: [
        isNotNull(contacts.email),
        contains(contacts.title, "Recruiter"),
        eq(contacts.industry, "software"),
        lt(warmthSql(ALUM)?.rank as SQL, sql.raw(String(NOT_WARM_RANK))),
      ],
      shares: FEW,
    },
    {
      name: "warm only, a position many hold",
      student: ALUM,
      query: { warm_only: "true", position: "Recruiter" },
      filters: [
        isNotNull(contacts.email),
        contains(contacts.title, "Recruiter"),
        lt(warmthSql(ALUM)?.rank as SQL, sql.raw(String(NOT_WARM_RANK))),
      ],
      tiers: true,
    },
    {
      name: "interests only, a position many hold",
      student: CLUB_MEMBER,
      query: { position: "Recruiter", show_all: "true" },
      filters: [contains(contacts.title, "Recruiter")],
      tiers: true,
    },
  ];

  it.each([
    { name: "the alum", student: ALUM, ranks: 5 },
    // Interests alone: one rank.
    { name: "the club member", student: CLUB_MEMBER, ranks: 1 },
  ])(
    "a build keeps the ORDER BY's first people, across its ranks: $name",
    async ({ student, ranks }) => {
      const warmth = warmthSql(student);
      if (!warmth) throw new Error("the student shares nothing");
      // Every listed warm person (saved or not, with an address or not), in page order.
      const order = await t.deps.database.db
        .select({ id: contacts.id, rank: warmth.rank })
        .from(contacts)
        .where(
          and(
            hasRealName,
            notStartupFounder,
            eq(contacts.isStudent, false),
            isShared,
            lt(warmth.rank, sql.raw(String(NOT_WARM_RANK))),
          ),
        )
        .orderBy(asc(warmth.rank), desc(warmth.count), asc(contacts.id));
      // Around where each rank ends, and around everyone.
      const ends = order.flatMap((row, i) =>
        i + 1 < order.length && order[i + 1].rank !== row.rank ? [i + 1] : [],
      );
      expect(ends).toHaveLength(ranks - 1);
      const keeps = [1, ...ends.flatMap((end) => [end - 1, end, end + 1]), order.length - 1];
      for (const keep of [...new Set(keeps)].filter((keep) => keep > 0)) {
        expect(await buildWarmOrder(t.deps.database.db, userId, student, keep)).toBe(keep);
        const kept = await t.deps.database.db.execute(
          sql`select contact_id from directory_warm_people where user_id = ${userId}
          order by rank, kinds desc, contact_id`,
        );
        expect(rowsOf<{ contact_id: string }>(kept).map((row) => row.contact_id)).toEqual(
          order.slice(0, keep).map((row) => row.id),
        );
        expect(await warmOrderReady(t.deps.database.db, userId, student)).toBe("prefix");
      }
      expect(await buildWarmOrder(t.deps.database.db, userId, student, order.length)).toBe(
        order.length,
      );
      expect(await warmOrderReady(t.deps.database.db, userId, student)).toBe("whole");
    },
  );

  const paths = cases.flatMap((each) => [
    { ...each, kept: false as const, path: "ranked on the fly" },
    { ...each, kept: "whole" as const, path: "the kept order" },
    { ...each, kept: "prefix" as const, path: `the kept order's first ${PREFIX}` },
  ]);

  it.each(paths)("pages as ranking everyone does: $name, $path", async (each) => {
    const { student, query, filters, shares = MANY, kept } = each;
    const { ids } = await loadDirectoryFilterValues(t.deps.database.db);
    const statementOf = (keptOrder: KeptOrder) =>
      pageQuery(ids, userId, student, query, shares, keptOrder).toSQL().sql;
    if (each.tiers !== undefined || shares === FEW) {
      // The case reads the path it is about: the tiers, or the filtered set ranked whole.
      expect(statementOf(false).includes("tier_0")).toBe(each.tiers === true);
    }
    if (kept) {
      // Every warm person, or the first ten (the fixture's students have dozens).
      const keep = kept === "whole" ? undefined : PREFIX;
      const stored = await buildWarmOrder(t.deps.database.db, userId, student, keep);
      if (kept === "prefix") expect(stored).toBe(PREFIX);
      expect(await warmOrderReady(t.deps.database.db, userId, student)).toBe(kept);
      // The kept order answers every page but free text's or a place's without listed values.
      expect(statementOf(kept).includes("directory_warm_people")).toBe(!each.ranksWhole);
    }
    const pageIds = (page: Record<string, string | number>) =>
      pageIdsOf(userId, student, page, shares, kept);
    const ranked = await rankedEverywhere(userId, student, filters);
    const expected = ranked.map((row) => row.id);
    const warm = ranked.filter((row) => Number(row.rank) < NOT_WARM_RANK).length;
    // Both sides of the boundary are on the pages below, or the case tests nothing.
    expect(warm).toBeGreaterThan(0);
    if (!query.warm_only) expect(expected.length).toBeGreaterThan(warm);

    // One page of everyone, pages of 37 (one of them holds the boundary), and the boundary's own.
    expect(await pageIds({ ...query, limit: 1000 })).toEqual(expected);
    const paged: string[] = [];
    for (let offset = 0; offset <= expected.length; offset += 37) {
      const page = await pageIds({ ...query, limit: 37, offset });
      expect(page).toEqual(expected.slice(offset, offset + 38));
      paged.push(...page.slice(0, 37));
    }
    expect(paged).toEqual(expected);
    const boundary = await pageIds({ ...query, limit: 2, offset: warm - 1 });
    expect(boundary).toEqual(expected.slice(warm - 1, warm + 2));
    if (kept === "prefix" && !each.ranksWhole) {
      // The kept statement alone lists the kept people who meet the page's conditions: a page
      // they fill is the ORDER BY's as is (without a filter, the first ten fill a page of one).
      const direct = await pageQuery(ids, userId, student, { ...query, limit: 1 }, shares, kept);
      expect(direct.map((row) => row.id)).toEqual(expected.slice(0, direct.length));
      if (Object.keys(query).every((key) => key === "show_all" || key === "warm_only")) {
        expect(direct).toHaveLength(2);
      }
    }
    // Short pages, answered by the kept people while they last and on the fly past them.
    for (let offset = 0; offset <= PREFIX + 3; offset += 1) {
      expect(await pageIds({ ...query, limit: 3, offset })).toEqual(
        expected.slice(offset, offset + 4),
      );
    }
  });
});
