import { DirectoryQuery } from "@reachout/contract";
import { generateContacts } from "@reachout/sandbox";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import { rowsOf } from "../../db/client";
import { insertContacts } from "./bulk-load";
import { directoryContactsQuery, loadDirectoryFilterValues } from "./directory";
import { newContactsQuery } from "./matches";

/**
 * With 100,000 people the filtered searches must answer from indexes: a sequential scan of the
 * contacts table is what grows with the database and would make every search slow at scale.
 * Checked on PostgreSQL, where a directory of that size lives (the PostgreSQL pass of
 * `npm test`); loading 100,000 people into PGlite takes CI's default pass over a minute.
 */
const PEOPLE = 100_000;
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let userId: string;
let auth: Record<string, string>;
/**
 * Loads the people with the GIN indexes set aside and rebuilt from their own definitions after:
 * the same indexes the migrations made, built in bulk, which on PGlite takes a third less time.
 */
async function loadPeople() {
  const db = t.deps.database.db;
  const gin = rowsOf<{ name: string; definition: string }>(
    await db.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes where tablename = 'contacts' and indexdef ilike '% using gin %'`,
    ),
  );
  expect(gin.length).toBeGreaterThanOrEqual(6);
  for (const index of gin) await t.deps.database.raw.exec(`drop index ${index.name}`);
  await insertContacts(db, generateContacts(0, PEOPLE));
  for (const index of gin) await t.deps.database.raw.exec(index.definition);
  await t.deps.database.raw.exec("analyze");
}

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  t = await createTestApp();
  await loadPeople();
  const user = await createUser(t, { credits: 50 });
  userId = user.id;
  auth = user.auth;
  await insertPeople(t, [{ fullName: "Scale Saved" }]);
}, 600_000);
afterAll(async () => {
  await t?.close();
});

async function plan(query: { getSQL(): SQL }): Promise<string> {
  const result = await t.deps.database.db.execute(sql`explain ${query.getSQL()}`);
  return rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row)[0])
    .join("\n");
}

const browse = async (filters: Record<string, string>) => {
  const filterValues = await loadDirectoryFilterValues(t.deps.database.db);
  return plan(
    directoryContactsQuery(t.deps.database.db, userId, DirectoryQuery.parse(filters), filterValues),
  );
};

describe.runIf(ON_POSTGRES)(`with ${PEOPLE.toLocaleString("en-US")} contacts`, () => {
  it("loaded them all", async () => {
    const stats = (await t.app.inject({ url: "/api/global-contacts/stats", headers: auth })).json();
    expect(stats.total).toBeGreaterThan(PEOPLE * 0.9);
  });

  it.each([
    ["the first page", {}],
    ["industry and position", { industry: "fintech", position: "recruiter" }],
    ["a common position", { position: "Engineering Manager" }],
    ["an organization", { organization: "Cloudforge" }],
    ["organization and interests", { organization: "Cloudforge", interests: "chess" }],
    ["education", { education: "Cornell" }],
    ["free text", { q: "Engineering Manager" }],
    ["a rare name", { q: "smith" }],
    ["a deep page with everyone", { show_all: "true", offset: "5000" }],
  ])("browsing by %s uses indexes, not a scan of contacts", async (_name, filters) => {
    const text = await browse(filters);
    expect(text).not.toMatch(/Seq Scan on contacts\b/);
  });

  it("walks the first page past the people saved from the top without reading their rows", async () => {
    const saver = await createUser(t);
    await t.deps.database.db.execute(sql`
      insert into user_contacts (user_id, contact_id)
      select ${saver.id}, id from contacts
      where owner_user_id is null and email is not null order by id limit 2000`);
    // As autovacuum leaves a table that stopped growing: index-only scans need its visibility map.
    await t.deps.database.raw.exec("vacuum analyze contacts, user_contacts");
    const filterValues = await loadDirectoryFilterValues(t.deps.database.db);
    const text = await plan(
      directoryContactsQuery(
        t.deps.database.db,
        saver.id,
        DirectoryQuery.parse({ limit: 100 }),
        filterValues,
      ),
    );
    expect(text).toMatch(/Index Only Scan using contacts_listed_email_id_idx on contacts/);
  });

  it.each([
    ["deepseek", { job_title: "software engineering intern", location: "New York" }],
    [
      "deepseek with filters",
      {
        job_title: "investment banking analyst",
        location: "London",
        must_be_hiring: true,
        company_size: "5000+" as const,
      },
    ],
    [
      "financial_sales",
      {
        strategy: "financial_sales" as const,
        job_titles: ["Vice President", "Managing Director"],
        locations: ["New York", "London"],
        industries: ["private equity", "hedge funds"],
        revenue_range: "1B-5B" as const,
      },
    ],
    ["sales_students", { strategy: "sales_students" as const, job_title: "Cornell" }],
  ])("searching with %s uses indexes, not a scan of contacts", async (_name, params) => {
    const text = await plan(newContactsQuery(t.deps.database.db, userId, params, 25));
    expect(text).not.toMatch(/Seq Scan on contacts\b/);
  });

  it("answers a search over the whole database", async () => {
    const response = await t.app.inject({
      url: "/api/my-network/search?job_title=software%20engineering%20intern&location=New%20York&num_results=5",
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().saved).toBe(5);
  });
});
