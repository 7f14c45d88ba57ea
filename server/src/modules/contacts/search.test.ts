import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { userContacts, users } from "../../db/schema";

const t = useTestApp({ ADMIN_EMAILS: "chief@reachout.example" });

const search = (auth: Record<string, string>, query: string) =>
  t.app.inject({ url: `/api/my-network/search?${query}`, headers: auth });

const namesOf = (body: { data: Array<{ full_name: string }> }) =>
  body.data.map((c) => c.full_name).sort();

/** Each test searches its own town, so the tests' people never meet. */
let town = 0;
const newTown = () => `Testville ${++town}`;

describe("deepseek: a target role becomes the people who hire for it", () => {
  it("finds the role's hiring titles and team in its category and location, and saves them", async () => {
    const where = newTown();
    await insertPeople(t, [
      { fullName: "Recruiter Rita", location: where },
      { fullName: "Manager Mo", title: "Engineering Manager", location: where },
      { fullName: "Lead Lu", title: "Software Engineering Lead", location: where },
      { fullName: "Elsewhere Eli", location: "Boston, MA" },
      {
        fullName: "Banker Ben",
        title: "Campus Recruiter",
        roleCategory: "Investment Banking & Finance",
        location: where,
      },
      { fullName: "Peer Pia", title: "Accountant", location: where },
      { fullName: "Noemail Ned", email: null, location: where },
      { fullName: "Unknown", location: where },
      { fullName: "Student Stu", isStudent: true, location: where },
    ]);
    const user = await createUser(t, { credits: 10 });
    const response = await search(
      user.auth,
      `job_title=software%20engineering%20intern&location=${encodeURIComponent(where)}&num_results=10`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(namesOf(body)).toEqual(["Lead Lu", "Manager Mo", "Recruiter Rita"]);
    expect(body).toMatchObject({
      saved: 3,
      credits_remaining: 7,
      strategy: "deepseek",
      source: "database",
      notice: null,
    });
    expect(body.data[0]).toMatchObject({ status: "Uncontacted", email: expect.any(String) });

    const network = (
      await t.app.inject({ url: "/api/my-network/mine", headers: user.auth })
    ).json();
    expect(network.total).toBe(3);

    // Saved people are never found again: no duplicates, no charge.
    const again = (
      await search(
        user.auth,
        `job_title=software%20engineering%20intern&location=${encodeURIComponent(where)}`,
      )
    ).json();
    expect(again).toMatchObject({ saved: 0, data: [], credits_remaining: 7 });
  });

  it("never saves more than num_results", async () => {
    const where = newTown();
    await insertPeople(t, [{ location: where }, { location: where }, { location: where }]);
    const user = await createUser(t, { credits: 10 });
    const body = (
      await search(
        user.auth,
        `job_title=software%20engineer&location=${encodeURIComponent(where)}&num_results=2`,
      )
    ).json();
    expect(body.saved).toBe(2);
    expect(body.credits_remaining).toBe(8);
  });

  it("never spends more credits than the user has, then answers 402 with the spec's message (§8)", async () => {
    const where = newTown();
    await insertPeople(t, [{ location: where }, { location: where }, { location: where }]);
    const user = await createUser(t, { credits: 2 });
    const query = `job_title=software%20engineer&location=${encodeURIComponent(where)}&num_results=5`;
    const body = (await search(user.auth, query)).json();
    expect(body).toMatchObject({ saved: 2, credits_remaining: 0 });
    const [row] = await t.deps.database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row.credits).toBe(0);

    const broke = await search(user.auth, query);
    expect(broke.statusCode).toBe(402);
    expect(broke.json()).toEqual({
      detail: "Insufficient credits for this search. Please purchase more credits.",
    });
  });

  it("two searches at once with 1 credit save exactly one contact", async () => {
    const where = newTown();
    await insertPeople(t, [{ location: where }, { location: where }]);
    const user = await createUser(t, { credits: 1 });
    const query = `job_title=software%20engineer&location=${encodeURIComponent(where)}&num_results=1`;
    const answers = await Promise.all([search(user.auth, query), search(user.auth, query)]);
    const saved = await t.deps.database.db
      .select()
      .from(userContacts)
      .where(eq(userContacts.userId, user.id));
    expect(saved).toHaveLength(1);
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 402)).toBe(true);
  });
});

describe("search filters", () => {
  it.each([
    ["company", "company=Vectorial", { company: "Vectorial AI" }, { company: "Cloudforge" }],
    ["company_size", "company_size=5000%2B", { companySize: "5000+" }, { companySize: "1-10" }],
    [
      "exclude",
      "exclude=staffing,%20agency",
      { company: "Cloudforge" },
      { company: "Acme Staffing" },
    ],
    ["must_be_hiring", "must_be_hiring=true", { isHiring: true }, { isHiring: false }],
    [
      "industries",
      "industries=fintech&industries=media",
      { industry: "fintech" },
      { industry: "software" },
    ],
    ["revenue_range", "revenue_range=1B-5B", { revenueRange: "1B-5B" }, { revenueRange: "0-1M" }],
  ])("%s keeps the match and drops the rest", async (_name, filter, keep, drop) => {
    const where = newTown();
    await insertPeople(t, [
      { fullName: "Keep Kim", location: where, ...keep },
      { fullName: "Drop Dan", location: where, ...drop },
    ]);
    const user = await createUser(t, { credits: 5 });
    const body = (
      await search(
        user.auth,
        `job_title=software%20engineer&location=${encodeURIComponent(where)}&${filter}`,
      )
    ).json();
    expect(namesOf(body)).toEqual(["Keep Kim"]);
  });

  it.each([
    ["num_results=0", "num_results"],
    ["num_results=101", "num_results"],
    ["company_size=huge", "company size"],
    ["strategy=magic", "strategy"],
    ["revenue_range=lots", "revenue range"],
    ["industries=knitting", "Unknown industry"],
  ])("refuses %s with 400 and spends nothing", async (query, text) => {
    const user = await createUser(t, { credits: 5 });
    const response = await search(user.auth, `job_title=recruiter&${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(text);
  });

  it("requires a job title for the deepseek strategy", async () => {
    const user = await createUser(t, { credits: 5 });
    const response = await search(user.auth, "location=New%20York");
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/job title/i);
  });
});

describe("financial_sales", () => {
  it("matches several titles, several locations, the chosen industries and revenue range", async () => {
    const [a, b] = [newTown(), newTown()];
    const finance = {
      roleCategory: "Investment Banking & Finance" as const,
      revenueRange: "1B-5B",
    };
    await insertPeople(t, [
      {
        ...finance,
        fullName: "VP Val",
        title: "Vice President",
        industry: "private equity",
        location: a,
      },
      {
        ...finance,
        fullName: "MD Max",
        title: "Managing Director",
        industry: "hedge funds",
        location: b,
      },
      {
        ...finance,
        fullName: "Wrong Industry",
        title: "Vice President",
        industry: "software",
        location: a,
      },
      {
        ...finance,
        fullName: "Wrong Revenue",
        title: "Vice President",
        industry: "private equity",
        location: a,
        revenueRange: "0-1M",
      },
      {
        ...finance,
        fullName: "Wrong Title",
        title: "Analyst",
        industry: "private equity",
        location: a,
      },
    ]);
    const user = await createUser(t, { credits: 10 });
    const query = [
      "strategy=financial_sales",
      "job_titles=Vice%20President",
      "job_titles=Managing%20Director",
      `locations=${encodeURIComponent(a)}`,
      `locations=${encodeURIComponent(b)}`,
      "industries=private%20equity",
      "industries=Hedge%20Funds",
      "revenue_range=1B-5B",
      "num_results=10",
    ].join("&");
    const body = (await search(user.auth, query)).json();
    expect(namesOf(body)).toEqual(["MD Max", "VP Val"]);
    expect(body.strategy).toBe("financial_sales");
  });

  it("without industries searches the twenty financial industries only", async () => {
    const where = newTown();
    await insertPeople(t, [
      { fullName: "Fin Fran", title: "Director", industry: "fixed income", location: where },
      { fullName: "Tech Tom", title: "Director", industry: "software", location: where },
    ]);
    const user = await createUser(t, { credits: 10 });
    const body = (
      await search(
        user.auth,
        `strategy=financial_sales&job_titles=Director&locations=${encodeURIComponent(where)}`,
      )
    ).json();
    expect(namesOf(body)).toEqual(["Fin Fran"]);
  });

  it("needs at least one job title and one location, with the form's message", async () => {
    const user = await createUser(t, { credits: 5 });
    for (const query of [
      "job_titles=VP",
      "locations=New%20York",
      "job_titles=%20&locations=London",
    ]) {
      const response = await search(user.auth, `strategy=financial_sales&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(
        "Please enter at least one job title and one location for Financial Sales search",
      );
    }
  });
});

describe("sales_students", () => {
  it("is for admins only", async () => {
    const user = await createUser(t, { credits: 5 });
    const response = await search(user.auth, "strategy=sales_students");
    expect(response.statusCode).toBe(403);
  });

  it("finds students only, by school or program", async () => {
    const where = newTown();
    await insertPeople(t, [
      {
        fullName: "Student Sue",
        isStudent: true,
        roleCategory: null,
        education: "Cornell University, MBA",
        location: where,
      },
      {
        fullName: "Student Other",
        isStudent: true,
        roleCategory: null,
        education: "Yale University, B.A.",
        location: where,
      },
      { fullName: "Pro Pete", education: "Cornell University, MBA", location: where },
    ]);
    const admin = await createUser(t, { email: "chief@reachout.example", credits: 5 });
    const body = (
      await search(
        admin.auth,
        `strategy=sales_students&job_title=Cornell&location=${encodeURIComponent(where)}`,
      )
    ).json();
    expect(namesOf(body)).toEqual(["Student Sue"]);
  });
});

describe("apollo_search without an Apollo key", () => {
  it("falls back to the database and says so", async () => {
    const where = newTown();
    await insertPeople(t, [{ fullName: "Local Lou", location: where }]);
    const user = await createUser(t, { credits: 5 });
    const body = (
      await search(
        user.auth,
        `strategy=apollo_search&job_title=software%20engineer&location=${encodeURIComponent(where)}`,
      )
    ).json();
    expect(namesOf(body)).toEqual(["Local Lou"]);
    expect(body.source).toBe("database");
    expect(body.notice).toMatch(/Apollo People Search is not configured/);
  });
});
