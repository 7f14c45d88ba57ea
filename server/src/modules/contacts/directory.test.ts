import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSender, createUser, insertPeople } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { contacts, creditLedger, userContacts, users } from "../../db/schema";
import { NOT_WARM_RANK, warmSignalsFor, warmthSql } from "./warm-signals";

const t = useTestApp();

const list = async (auth: Record<string, string>, query = "") =>
  t.app.inject({ url: `/api/global-contacts/all?limit=1000${query}`, headers: auth });

const names = (response: { json(): unknown }) =>
  (response.json() as { contacts: Array<{ full_name: string }> }).contacts.map((c) => c.full_name);

describe("GET /api/global-contacts/all", () => {
  it("lists real people only: no placeholder names, students or address-less people by default", async () => {
    const user = await createUser(t);
    await insertPeople(t, [
      { fullName: "Listed Lena" },
      { fullName: "unknown" },
      { fullName: "Unknown Unknown" },
      { fullName: "Student Sam", isStudent: true },
      { fullName: "Noaddress Nora", email: null },
    ]);
    const shown = names(await list(user.auth));
    expect(shown).toContain("Listed Lena");
    expect(shown).not.toContain("unknown");
    expect(shown).not.toContain("Unknown Unknown");
    expect(shown).not.toContain("Student Sam");
    expect(shown).not.toContain("Noaddress Nora");

    const all = names(await list(user.auth, "&show_all=true"));
    expect(all).toContain("Noaddress Nora");
    expect(all).not.toContain("Student Sam");
  });

  it("finds a city's people by free text, as it finds names, titles and companies", async () => {
    const user = await createUser(t);
    await insertPeople(t, [
      { fullName: "Mile High Maya", location: "Denver, CO" },
      { fullName: "Coastal Cory", location: "San Diego, CA" },
      { fullName: "Denverson Dana", location: "Boston, MA" },
    ]);
    expect(names(await list(user.auth, "&q=denver")).sort()).toEqual([
      "Denverson Dana",
      "Mile High Maya",
    ]);
    const count = await t.app.inject({
      url: "/api/global-contacts/count?q=Denver",
      headers: user.auth,
    });
    expect(count.json()).toMatchObject({ count: 2 });
  });

  it("narrows to a place by the location filter, alone and beside a listed filter", async () => {
    const user = await createUser(t);
    await insertPeople(t, [
      { fullName: "Rockies Rae", location: "Cheyenne, WY", company: "Cloudforge" },
      { fullName: "Plains Bo", location: "Laramie, WY", company: "Northwind Health" },
      { fullName: "Cheyenne Dee", location: "Boston, MA", company: "Cloudforge" },
    ]);
    // The place is read from the location only, never the name ("Cheyenne Dee" is in Boston).
    expect(names(await list(user.auth, "&location=cheyenne"))).toEqual(["Rockies Rae"]);
    expect(names(await list(user.auth, "&location=WY")).sort()).toEqual([
      "Plains Bo",
      "Rockies Rae",
    ]);
    expect(names(await list(user.auth, "&location=WY&organization=Cloudforge"))).toEqual([
      "Rockies Rae",
    ]);
    const count = await t.app.inject({
      url: "/api/global-contacts/count?location=Cheyenne",
      headers: user.auth,
    });
    expect(count.json()).toMatchObject({ count: 1 });
    const tooLong = await list(user.auth, `&location=${"x".repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toMatch(/200 characters/);
  });

  it("hides emails and LinkedIn URLs until saved, saying only whether they exist", async () => {
    const user = await createUser(t);
    await insertPeople(t, [{ fullName: "Private Pat" }]);
    const body = (await list(user.auth, "&q=Private%20Pat")).json();
    expect(body.contacts).toHaveLength(1);
    expect(body.contacts[0]).toMatchObject({ has_email: true, has_linkedin: true });
    expect(body.contacts[0]).not.toHaveProperty("email");
    expect(JSON.stringify(body)).not.toContain("linkedin.com");
  });

  it("pages by limit and offset without repeating anyone, and says when more exist", async () => {
    const user = await createUser(t);
    const first = (await list(user.auth, "").then((r) => r.json())).contacts.length;
    const page1 = (
      await t.app.inject({ url: "/api/global-contacts/all?limit=2&offset=0", headers: user.auth })
    ).json();
    const page2 = (
      await t.app.inject({ url: "/api/global-contacts/all?limit=2&offset=2", headers: user.auth })
    ).json();
    expect(page1.contacts).toHaveLength(2);
    expect(page1.has_more).toBe(first > 2);
    const ids = [...page1.contacts, ...page2.contacts].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lists in id order past the people the user saved, page after page", async () => {
    const user = await createUser(t, { credits: 5 });
    await insertPeople(t, [
      { fullName: "Order Ada" },
      { fullName: "Order Bo" },
      { fullName: "Order Cy" },
      { fullName: "Order Di" },
      { fullName: "Order Ed" },
    ]);
    const ids = (body: { contacts: Array<{ id: string }> }) => body.contacts.map((c) => c.id);
    const before = ids((await list(user.auth)).json());
    expect(before).toEqual([...before].sort());
    // Saved from the top, as someone browsing the first pages would.
    const saved = before.slice(0, 3);
    for (const id of saved) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/global-contacts/save",
        headers: user.auth,
        payload: { contact_id: id },
      });
      expect(response.statusCode).toBe(200);
    }
    const paged: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = (
        await t.app.inject({
          url: `/api/global-contacts/all?limit=2&offset=${offset}`,
          headers: user.auth,
        })
      ).json();
      paged.push(...ids(page));
      if (!page.has_more) break;
    }
    expect(paged).toEqual(before.filter((id) => !saved.includes(id)));
  });

  it.each([
    ["organization", "Quanta Anal", { company: "Quanta Analytics" }],
    ["position", "head of design", { title: "Head of Design" }],
    ["education", "HEC Paris", { education: "HEC Paris, MBA" }],
    ["industry", "hedge funds", { industry: "hedge funds" }],
    ["interests", "chess", { interests: ["chess", "travel"] }],
    ["q", "Zebulon", { fullName: "Zebulon Filter" }],
  ])("filters by %s", async (key, value, row) => {
    const user = await createUser(t);
    const [match] = await insertPeople(t, [{ fullName: "Zebulon Filter", ...row }]);
    const response = await list(user.auth, `&${key}=${encodeURIComponent(value)}`);
    expect(response.statusCode).toBe(200);
    const ids = response.json().contacts.map((c: { id: string }) => c.id);
    expect(ids).toContain(match);
    const everyone = (await list(user.auth, "&show_all=true")).json().contacts.length;
    expect(ids.length).toBeLessThan(everyone);
  });

  it("filters by an application's role: people in its field or titled with its team", async () => {
    const user = await createUser(t);
    const [recruiter, engineer, banker, designer] = await insertPeople(t, [
      {
        fullName: "Rita Recruiter",
        company: "Role Test Co",
        title: "Technical Recruiter",
        roleCategory: "Technology - Software Engineering",
      },
      {
        fullName: "Sam Engineer",
        company: "Role Test Co",
        title: "Senior Software Engineering Lead",
        roleCategory: null,
      },
      {
        fullName: "Bo Banker",
        company: "Role Test Co",
        title: "Managing Director",
        roleCategory: "Investment Banking & Finance",
      },
      {
        fullName: "Dee Designer",
        company: "Elsewhere Inc",
        title: "Technical Recruiter",
        roleCategory: "Technology - Software Engineering",
      },
    ]);
    const query = `&${new URLSearchParams({
      organization: "Role Test Co",
      role: "Software Engineering Intern",
    })}`;
    const ids = (await list(user.auth, query)).json().contacts.map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([recruiter, engineer].sort());
    expect(ids).not.toContain(banker);
    expect(ids).not.toContain(designer);
    const counted = await t.app.inject({
      url: `/api/global-contacts/count?${query.slice(1)}`,
      headers: user.auth,
    });
    expect(counted.json()).toEqual({ count: 2, capped: false });
  });

  it("orders warm first across pages and lists only warm people on request", async () => {
    const ada = await createSender(t); // Columbia University, Economics; interned at Evercore
    const company = "Warmth Test Co";
    const stranger = {
      company,
      university: "Cornell University",
      education: "Cornell University, B.S. Computer Science",
    };
    const [alum, doubleAlum, major] = await insertPeople(t, [
      {
        company,
        university: "Columbia University",
        education: "Columbia University, B.A. History",
      },
      {
        company,
        university: "Columbia University",
        education: "Columbia University, B.A. Economics",
      },
      { company, university: "NYU", education: "New York University, B.A. Economics" },
      stranger,
      stranger,
      stranger,
    ]);
    const page = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/global-contacts/all?organization=${encodeURIComponent(company)}${query}`,
        headers: ada.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().contacts as Array<{ id: string; warm_signals: unknown[] }>;
    };
    // One person a page: each later page continues the warm order.
    const firstThree = [];
    for (const offset of [0, 1, 2]) {
      const [person] = await page(`&sort=warm&limit=1&offset=${offset}`);
      firstThree.push(person.id);
    }
    expect(firstThree).toEqual([doubleAlum, alum, major]);
    const [fourth] = await page("&sort=warm&limit=1&offset=3");
    expect(fourth.warm_signals).toEqual([]);

    const warm = await page("&warm_only=true");
    expect(warm.map((c) => c.id).sort()).toEqual([alum, doubleAlum, major].sort());
    expect(warm.every((c) => c.warm_signals.length > 0)).toBe(true);
    const counted = await t.app.inject({
      url: `/api/global-contacts/count?organization=${encodeURIComponent(company)}&warm_only=true`,
      headers: ada.auth,
    });
    expect(counted.json()).toEqual({ count: 3, capped: false });

    // A student without a resume or profile shares nothing with anyone.
    const stranger2 = await createUser(t);
    const none = await list(
      stranger2.auth,
      `&organization=${encodeURIComponent(company)}&warm_only=true`,
    );
    expect(none.json().contacts).toEqual([]);
    const bad = await list(ada.auth, "&sort=coldest");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("sort");
  });

  it("ranks in SQL as the warm signals do, for every kind", async () => {
    const student = {
      schools: ["Cornell University"],
      employers: ["Goldman Sachs"],
      majors: ["Economics"],
      interests: ["Chess Club", "rowing"],
      city: "boston",
    };
    const people = [
      { university: "Cornell University", education: "Cornell University, B.A. History" },
      { company: "Goldman Sachs & Co.", university: "MIT", education: "MIT, B.S. Physics" },
      { university: "MIT", education: "MIT, B.S. Physics", interests: ["chess"] },
      { university: "MIT", education: "MIT, B.A. Economics", interests: ["golf"] },
      { university: "MIT", education: "MIT, B.S. Physics", location: "Boston, MA" },
      { university: "MIT", education: "MIT, B.S. Physics", location: "Denver, CO" },
    ].map((row) => ({ interests: [], location: "Denver, CO", ...row }));
    const ids = await insertPeople(t, people);
    const warmth = warmthSql(student);
    expect(warmth).not.toBeNull();
    const rows = await t.deps.database.db
      .select({ id: contacts.id, rank: warmth!.rank, count: warmth!.count, row: contacts })
      .from(contacts)
      .where(inArray(contacts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ranks = ids.map((id) => {
      const { rank, count, row } = byId.get(id)!;
      const signals = warmSignalsFor(student, {
        company: row.company,
        location: row.location,
        university: row.university,
        education: row.education,
        interests: row.interests,
      });
      expect(Number(count)).toBe(signals.length);
      return [Number(rank), signals[0]?.kind ?? null];
    });
    expect(ranks).toEqual([
      [0, "school"],
      [1, "employer"],
      [2, "interest"],
      [3, "major"],
      [4, "location"],
      [NOT_WARM_RANK, null],
    ]);
  });

  it.each([
    ["limit=1001", "limit"],
    ["limit=0", "limit"],
    ["offset=-1", "offset"],
    ["industry=basket%20weaving", "Unknown industry"],
  ])("refuses %s with 400", async (query, text) => {
    const user = await createUser(t);
    const response = await t.app.inject({
      url: `/api/global-contacts/all?${query}`,
      headers: user.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(text);
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ url: "/api/global-contacts/all" })).statusCode).toBe(401);
  });
});

describe("POST /api/global-contacts/save", () => {
  const save = (auth: Record<string, string>, contactId: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/global-contacts/save",
      headers: auth,
      payload: { contact_id: contactId, job_title: "Software Engineer", location: "New York" },
    });

  it("saves for 1 credit, records it in the ledger and stops offering the contact", async () => {
    const user = await createUser(t, { credits: 3 });
    const [id] = await insertPeople(t, [{ fullName: "Saved Sally" }]);
    const response = await save(user.auth, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ credits_remaining: 2 });

    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, user.id), eq(creditLedger.reason, "contact_save")));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -1, balanceAfter: 2, reference: id });
    expect(ledger[0].description).toContain("Saved Sally");

    expect(names(await list(user.auth, "&q=Saved%20Sally"))).toEqual([]);
    const other = await createUser(t);
    expect(names(await list(other.auth, "&q=Saved%20Sally"))).toEqual(["Saved Sally"]);
  });

  it("answers 409 for a contact already saved and charges nothing", async () => {
    const user = await createUser(t, { credits: 3 });
    const [id] = await insertPeople(t, [{}]);
    await save(user.auth, id);
    const again = await save(user.auth, id);
    expect(again.statusCode).toBe(409);
    const [row] = await t.deps.database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row.credits).toBe(2);
  });

  it("answers 402 with the spec's message (§8) without a credit, and saves nothing", async () => {
    const user = await createUser(t, { credits: 0 });
    const [id] = await insertPeople(t, [{}]);
    const response = await save(user.auth, id);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      detail: "Insufficient credits. Please purchase more credits to save contacts.",
    });
    const saved = await t.deps.database.db
      .select()
      .from(userContacts)
      .where(eq(userContacts.userId, user.id));
    expect(saved).toHaveLength(0);
  });

  it("answers 404 for an unknown contact, a placeholder name or a student", async () => {
    const user = await createUser(t, { credits: 3 });
    const [unknown, student] = await insertPeople(t, [
      { fullName: "Unknown" },
      { isStudent: true },
    ]);
    for (const id of [crypto.randomUUID(), unknown, student]) {
      const response = await save(user.auth, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe("Contact not found");
    }
  });

  it("answers 400 for a malformed contact id", async () => {
    const user = await createUser(t, { credits: 3 });
    const response = await save(user.auth, "not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("contact_id");
  });

  it("never overdraws when the same user saves two contacts at once with 1 credit", async () => {
    const user = await createUser(t, { credits: 1 });
    const [a, b] = await insertPeople(t, [{}, {}]);
    const [first, second] = await Promise.all([save(user.auth, a), save(user.auth, b)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 402]);
    const saved = await t.deps.database.db
      .select()
      .from(userContacts)
      .where(eq(userContacts.userId, user.id));
    expect(saved).toHaveLength(1);
  });
});

describe("GET /api/global-contacts/stats", () => {
  it("describes the directory and the caller's own saved count and credits", async () => {
    const user = await createUser(t, { credits: 4 });
    const [id] = await insertPeople(t, [{}]);
    await t.app.inject({
      method: "POST",
      url: "/api/global-contacts/save",
      headers: user.auth,
      payload: { contact_id: id },
    });
    const response = await t.app.inject({ url: "/api/global-contacts/stats", headers: user.auth });
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    expect(stats.total).toBeGreaterThan(0);
    expect(stats.with_email).toBeLessThanOrEqual(stats.total);
    expect(stats.industries.length).toBeGreaterThan(0);
    expect(stats.industries[0]).toEqual({ name: expect.any(String), count: expect.any(Number) });
    expect(stats.role_categories.map((c: { name: string }) => c.name)).toContain(
      "Technology - Software Engineering",
    );
    expect(stats.top_locations.length).toBeLessThanOrEqual(10);
    expect(stats.saved_by_you).toBe(1);
    expect(stats.credits).toBe(3);
  });
});

describe("OpenAPI", () => {
  it("documents the contacts routes", async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/global-contacts/all",
        "/api/global-contacts/stats",
        "/api/my-network/search",
        "/api/my-network/remove/{id}",
      ]),
    );
  });
});
