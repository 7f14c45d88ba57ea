import type { IncomingMessage } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, insertPeople, scrapeStudents } from "../../../tests/factories";
import { chatCompletion, type FakeLlm, sendJson, startFakeLlm } from "../../../tests/fake-llm";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import { contacts, users } from "../../db/schema";

/** A local stand-in for Apollo beside the fake LLM, recording what it was asked. */
interface Recorded {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}
const requests: Recorded[] = [];
let apolloStatus = 200;
let fake: FakeLlm;
let t: TestApp;

const people = [
  {
    id: "ap1",
    first_name: "Ada",
    last_name: "Apollo",
    name: "Ada Apollo",
    title: "Technical Recruiter",
    city: "New York",
    state: "New York",
    country: "United States",
    linkedin_url: "https://www.linkedin.com/in/ada-apollo",
    organization: { name: "Orbit Corp", industry: "Software", estimated_num_employees: 350 },
  },
  {
    id: "ap2",
    first_name: "Bo",
    last_name: "Apollo",
    name: "Bo Apollo",
    title: "Engineering Manager",
    city: "New York",
    country: "United States",
    organization: { name: "Orbit Corp" },
  },
  { id: "ap3", name: "Unknown", title: "Recruiter", city: "New York" },
  {
    id: "ap4",
    first_name: "Cy",
    last_name: "Noemail",
    name: "Cy Noemail",
    title: "CTO",
    city: "New York",
  },
];
const students = [
  { id: "st1", name: "Stella Student", title: "MBA Candidate", city: "Ithaca", state: "New York" },
  { id: "st2", name: "Sid Student", title: "Student", city: "Ithaca", state: "New York" },
];
const emails: Record<string, string | null> = {
  st1: "stella@cornell.example",
  st2: "sid@cornell.example",
  ap1: "ada@orbit-corp.example",
  ap2: "bo@orbit-corp.example",
  ap3: "unknown@orbit-corp.example",
  ap4: null,
};

function respond(path: string, body: Record<string, unknown>) {
  if (path === "/v1/chat/completions") {
    return chatCompletion('Sure: {"titles": ["Head of Platform", "50%_off"]}');
  }
  if (path === "/api/v1/mixed_people/api_search")
    return { people: body.q_keywords ? students : people };
  if (path === "/api/v1/people/bulk_match") {
    const details = body.details as Array<{ id: string }>;
    return { matches: details.map(({ id }) => (emails[id] ? { id, email: emails[id] } : null)) };
  }
  return null;
}

beforeAll(async () => {
  fake = await startFakeLlm((body, request, response) => {
    const path = (request.url ?? "").split("?")[0];
    requests.push({ path, headers: request.headers, body });
    const answer = respond(path, body);
    const status = path.startsWith("/api/v1/") ? apolloStatus : 200;
    sendJson(response, answer ?? { error: "not found" }, answer ? status : 404);
  });
  t = await createTestApp({
    APOLLO_API_KEY: "apollo-test-key",
    APOLLO_BASE_URL: fake.url,
    ...fake.env,
    ADMIN_EMAILS: "chief@reachout.example",
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  requests.length = 0;
  apolloStatus = 200;
});

describe("apollo_search with APOLLO_API_KEY", () => {
  it("asks Apollo for the people who hire for the role, enriches them and saves those with an address", async () => {
    const user = await createUser(t, { credits: 10 });
    const response = await t.app.inject({
      url: "/api/my-network/search?strategy=apollo_search&job_title=software%20engineering%20intern&location=New%20York&company_size=201-1000&num_results=5",
      headers: user.auth,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ source: "apollo", notice: null, saved: 2, credits_remaining: 8 });
    expect(body.data.map((c: { full_name: string }) => c.full_name).sort()).toEqual([
      "Ada Apollo",
      "Bo Apollo",
    ]);
    const ada = body.data.find((c: { full_name: string }) => c.full_name === "Ada Apollo");
    expect(ada).toMatchObject({
      email: "ada@orbit-corp.example",
      company: "Orbit Corp",
      industry: "software",
      location: "New York, New York, United States",
      company_size: "201-1000",
    });

    const searchCall = requests.find((r) => r.path === "/api/v1/mixed_people/api_search");
    expect(searchCall?.headers["x-api-key"]).toBe("apollo-test-key");
    expect(searchCall?.body).toMatchObject({
      person_locations: ["New York"],
      organization_num_employees_ranges: ["201,1000"],
      per_page: 15,
    });
    expect(searchCall?.body.person_titles).toEqual(
      expect.arrayContaining(["Technical Recruiter", "Engineering Manager", "Head of Platform"]),
    );
    const enrich = requests.filter((r) => r.path === "/api/v1/people/bulk_match");
    expect(enrich).toHaveLength(1);
    expect((enrich[0].body.details as unknown[]).length).toBe(4);

    const [stored] = await t.deps.database.db
      .select({ source: contacts.source })
      .from(contacts)
      .where(eq(contacts.email, "ada@orbit-corp.example"));
    expect(stored.source).toBe("apollo");

    // The same people again: already saved, so nothing new and nothing charged.
    const again = (
      await t.app.inject({
        url: "/api/my-network/search?strategy=apollo_search&job_title=software%20engineering%20intern&location=New%20York",
        headers: user.auth,
      })
    ).json();
    expect(again).toMatchObject({ saved: 0, credits_remaining: 8 });
  });

  it("answers 502 with a clear detail when Apollo refuses the key, and charges nothing", async () => {
    apolloStatus = 401;
    const user = await createUser(t, { credits: 3 });
    const response = await t.app.inject({
      url: "/api/my-network/search?strategy=apollo_search&job_title=data%20scientist",
      headers: user.auth,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().detail).toBe("Apollo People Search rejected the configured API key.");
    const [row] = await t.deps.database.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row.credits).toBe(3);
  });
});

describe("deepseek with an LLM", () => {
  it("adds the LLM's hiring titles (dropping unsafe ones) to the static map", async () => {
    await insertPeople(t, [
      { fullName: "Platform Pam", title: "Head of Platform", location: "Llmtown" },
    ]);
    const user = await createUser(t, { credits: 5 });
    const body = (
      await t.app.inject({
        url: "/api/my-network/search?job_title=backend%20engineer&location=Llmtown",
        headers: user.auth,
      })
    ).json();
    expect(body.data.map((c: { full_name: string }) => c.full_name)).toEqual(["Platform Pam"]);
    const llmCall = requests.find((r) => r.path === "/v1/chat/completions");
    expect(llmCall?.headers.authorization).toBe("Bearer llm-test-key");
    expect(JSON.stringify(llmCall?.body.messages)).toContain("backend engineer");
  });
});

describe("POST /api/scrape-linkedin-students with Apollo", () => {
  it("imports students from Apollo, never twice", async () => {
    const admin = await createUser(t, { email: "chief@reachout.example" });
    const first = await scrapeStudents(t, admin.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ count: 2 });
    const stored = await t.deps.database.db
      .select({ isStudent: contacts.isStudent })
      .from(contacts)
      .where(eq(contacts.email, "stella@cornell.example"));
    expect(stored).toEqual([{ isStudent: true }]);
    const call = requests.find((r) => r.path === "/api/v1/mixed_people/api_search");
    expect(call?.body.q_keywords).toContain("Cornell");
    const second = (await scrapeStudents(t, admin.auth)).json();
    expect(second.count).toBe(0);
  });
});
