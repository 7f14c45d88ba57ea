import { DirectoryQuery } from "@reachout/contract";
import { generateContacts } from "@reachout/sandbox";
import { and, asc, desc, eq, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
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
import { directoryContactsQuery, loadDirectoryFilterValues } from "./directory";
import { roleCondition } from "./strategies";
import { NOT_WARM_RANK, type StudentSignals, warmthSql } from "./warm-signals";

/**
 * "Warm first" without a filter ranks only the warm people (found through indexes) and lists
 * everyone else after them in id order (issue 41). Every page must hold the same people in the
 * same order as ranking the whole directory, as the page did before.
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

async function pageIds(
  userId: string,
  student: StudentSignals,
  query: Record<string, string | number>,
) {
  const db = t.deps.database.db;
  const rows = await directoryContactsQuery(
    db,
    userId,
    DirectoryQuery.parse({ sort: "warm", ...query }),
    await loadDirectoryFilterValues(db),
    student,
  );
  return rows.map((row) => row.id);
}

describe("Warm first", () => {
  let userId: string;

  beforeAll(async () => {
    await insertContacts(t.deps.database.db, generateContacts(0, 700));
    await insertPeople(t, [
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
    ]);
    const user = await createUser(t);
    userId = user.id;
    // The user saved every ninth person, warm or not: none of them is listed again.
    await t.deps.database.db.execute(sql`
      insert into user_contacts (user_id, contact_id)
      select ${userId}, id from (select id, row_number() over (order by id) as n from contacts) c
      where n % 9 = 0`);
  });

  const cases: Array<{
    name: string;
    student: StudentSignals;
    query: Record<string, string>;
    filters: SQL[];
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
    },
  ];

  it.each(cases)("pages as ranking everyone does: $name", async ({ student, query, filters }) => {
    const ranked = await rankedEverywhere(userId, student, filters);
    const expected = ranked.map((row) => row.id);
    const warm = ranked.filter((row) => Number(row.rank) < NOT_WARM_RANK).length;
    // Both sides of the boundary are on the pages below, or the case tests nothing.
    expect(warm).toBeGreaterThan(0);
    if (!query.warm_only) expect(expected.length).toBeGreaterThan(warm);

    // One page of everyone, pages of 37 (one of them holds the boundary), and the boundary's own.
    expect(await pageIds(userId, student, { ...query, limit: 1000 })).toEqual(expected);
    const paged: string[] = [];
    for (let offset = 0; offset <= expected.length; offset += 37) {
      const page = await pageIds(userId, student, { ...query, limit: 37, offset });
      expect(page).toEqual(expected.slice(offset, offset + 38));
      paged.push(...page.slice(0, 37));
    }
    expect(paged).toEqual(expected);
    const boundary = await pageIds(userId, student, { ...query, limit: 2, offset: warm - 1 });
    expect(boundary).toEqual(expected.slice(warm - 1, warm + 2));
  });
});
