import { describe, expect, it } from "vitest";
import {
  addTargetPosition,
  createSearcher,
  createUser,
  creditsOf,
  setCredits,
  type TestUser,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";

const t = useTestApp();

const api = (user: TestUser, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as "GET",
    url: `/api/target_positions${url}`,
    headers: user.auth,
    ...(payload ? { payload } : {}),
  });

describe("target positions: create, list, update, delete", () => {
  it("creates an active position with priority 1 and a 12-hour frequency by default", async () => {
    const user = await createUser(t, { credits: 10 });
    const created = await addTargetPosition(t, user);
    expect(created).toMatchObject({
      job_title: "Software Engineering Intern",
      location: "New York",
      priority: 1,
      search_frequency_hours: 12,
      is_active: true,
      contacts_found_count: 0,
      last_searched_at: null,
    });
    const list = await api(user, "GET", "");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ target_positions: [created], notice: null });
  });

  it.each([
    [{ location: "New York" }, "job_title"],
    [{ job_title: "Data Analyst", location: "   " }, "Location is required"],
    [{ job_title: "Data Analyst", location: "Boston", priority: 4 }, "Priority"],
    [{ job_title: "Data Analyst", location: "Boston", search_frequency_hours: 7 }, "frequency"],
    [{ job_title: "Data\nAnalyst", location: "Boston" }, "line breaks"],
    [{ job_title: "x".repeat(121), location: "Boston" }, "120"],
  ])("refuses %j with 400 naming the problem and saves nothing", async (payload, expected) => {
    const user = await createUser(t, { credits: 10 });
    const response = await api(user, "POST", "", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(expected);
    expect((await api(user, "GET", "")).json().target_positions).toEqual([]);
  });

  it('answers 402 "Insufficient credits." without credits', async () => {
    const user = await createUser(t, { credits: 0 });
    const response = await api(user, "POST", "", { job_title: "Data Analyst", location: "Boston" });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ detail: "Insufficient credits." });
  });

  it("creates a position paused, with the pause notice, when credits are below 3", async () => {
    const user = await createUser(t, { credits: 2 });
    const created = await addTargetPosition(t, user);
    expect(created.is_active).toBe(false);
    const list = (await api(user, "GET", "")).json();
    expect(list.notice).toBe(
      "All target positions paused due to insufficient credits (need at least 3).",
    );
  });

  it("refuses the same role and location twice with 409, whatever the case", async () => {
    const user = await createUser(t, { credits: 10 });
    await addTargetPosition(t, user);
    const again = await api(user, "POST", "", {
      job_title: "software engineering intern",
      location: "new york",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain("already have a target position");
  });

  it("updates every field with PUT", async () => {
    const user = await createUser(t, { credits: 10 });
    const created = await addTargetPosition(t, user);
    const updated = await api(user, "PUT", `/${created.id}`, {
      job_title: "Data Analyst",
      location: "Chicago",
      priority: 3,
      search_frequency_hours: 48,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      job_title: "Data Analyst",
      location: "Chicago",
      priority: 3,
      search_frequency_hours: 48,
    });
  });

  it("deletes a position; its contacts stay in My Network under the position's name", async () => {
    const { user, city } = await createSearcher(t, { credits: 10, recruiters: 2 });
    const created = await addTargetPosition(t, user, { location: city });
    expect(
      (await api(user, "POST", `/${created.id}/search-now`, { num_results: 2 })).statusCode,
    ).toBe(200);
    const removed = await api(user, "DELETE", `/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await api(user, "GET", "")).json().target_positions).toEqual([]);
    expect((await api(user, "GET", `/${created.id}/contacts`)).statusCode).toBe(404);
    const network = await t.deps.database.raw.query<{ target_position_name: string }>(
      "select target_position_name from user_contacts where user_id = $1",
      [user.id],
    );
    expect(network.rows.map((row) => row.target_position_name)).toEqual([
      "Software Engineering Intern",
      "Software Engineering Intern",
    ]);
  });

  it("answers 401 without a session", async () => {
    const response = await t.app.inject({ url: "/api/target_positions" });
    expect(response.statusCode).toBe(401);
  });
});

describe("owner scoping", () => {
  it("answers 404 for another user's position on every route and changes nothing", async () => {
    const owner = await createUser(t, { credits: 10 });
    const stranger = await createUser(t, { credits: 10 });
    const position = await addTargetPosition(t, owner);
    const body = { job_title: "Hacked", location: "Nowhere" };
    const attempts = [
      await api(stranger, "PUT", `/${position.id}`, body),
      await api(stranger, "DELETE", `/${position.id}`),
      await api(stranger, "POST", `/${position.id}/toggle`),
      await api(stranger, "GET", `/${position.id}/contacts`),
      await api(stranger, "POST", `/${position.id}/search-now`, { num_results: 1 }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: "Target position not found" });
    }
    const [unchanged] = (await api(owner, "GET", "")).json().target_positions;
    expect(unchanged).toEqual(position);
    expect(await creditsOf(t, stranger.id)).toBe(10);
  });

  it("answers 400 for an id that is not a uuid", async () => {
    const user = await createUser(t, { credits: 10 });
    const response = await api(user, "POST", "/not-an-id/toggle");
    expect(response.statusCode).toBe(400);
  });
});

describe("toggle", () => {
  it("pauses and resumes a position", async () => {
    const user = await createUser(t, { credits: 10 });
    const position = await addTargetPosition(t, user);
    const paused = await api(user, "POST", `/${position.id}/toggle`);
    expect(paused.json().is_active).toBe(false);
    const resumed = await api(user, "POST", `/${position.id}/toggle`);
    expect(resumed.json().is_active).toBe(true);
  });

  it("refuses to resume below 3 credits with the spec's message (§8), and stays paused", async () => {
    const user = await createUser(t, { credits: 10 });
    const position = await addTargetPosition(t, user);
    await api(user, "POST", `/${position.id}/toggle`);
    await setCredits(t, user.id, 2);
    const response = await api(user, "POST", `/${position.id}/toggle`);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      detail: "Insufficient credits to resume search. Please add more credits.",
    });
    expect((await api(user, "GET", "")).json().target_positions[0].is_active).toBe(false);
  });
});

describe("search now", () => {
  it("caps the count at the user's credits, saves under the position's name and pauses below 3", async () => {
    const { user, city } = await createSearcher(t, { credits: 10, recruiters: 8 });
    const position = await addTargetPosition(t, user, { location: city });
    const other = await addTargetPosition(t, user, { job_title: "Data Analyst", location: city });
    await setCredits(t, user.id, 2);

    const response = await api(user, "POST", `/${position.id}/search-now`, { num_results: 5 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: "Found and saved 2 contact(s)",
      saved: 2,
      credits_remaining: 0,
    });
    expect(await creditsOf(t, user.id)).toBe(0);

    const contacts = (await api(user, "GET", `/${position.id}/contacts`)).json().contacts;
    expect(contacts).toHaveLength(2);
    for (const contact of contacts) {
      expect(contact.target_position_name).toBe("Software Engineering Intern");
      expect(contact.location).toBe(city);
      expect(contact.status).toBe("Uncontacted");
    }
    const list = (await api(user, "GET", "")).json();
    const byId = new Map(list.target_positions.map((p: { id: string }) => [p.id, p]));
    expect(byId.get(position.id)).toMatchObject({ contacts_found_count: 2, is_active: false });
    expect(byId.get(other.id)).toMatchObject({ is_active: false });
    expect(list.notice).toBe(
      "All target positions paused due to insufficient credits (need at least 3).",
    );
  });

  it("searches at least one contact when asked for fewer than credits allow", async () => {
    const { user, city } = await createSearcher(t, { credits: 1, recruiters: 3 });
    const position = await addTargetPosition(t, user, { location: city });
    const response = await api(user, "POST", `/${position.id}/search-now`, { num_results: 1 });
    expect(response.json()).toMatchObject({ saved: 1, credits_remaining: 0 });
  });

  it("never saves a contact twice: a second search finds only new people", async () => {
    const { user, city } = await createSearcher(t, { credits: 20, recruiters: 3 });
    const position = await addTargetPosition(t, user, { location: city });
    const first = await api(user, "POST", `/${position.id}/search-now`, { num_results: 2 });
    expect(first.json().saved).toBe(2);
    const second = await api(user, "POST", `/${position.id}/search-now`, { num_results: 5 });
    expect(second.json()).toMatchObject({ saved: 1, credits_remaining: 17 });
    const third = await api(user, "POST", `/${position.id}/search-now`, { num_results: 5 });
    expect(third.json().saved).toBe(0);
    expect(third.json().message).toContain("No new contacts found");
    expect(await creditsOf(t, user.id)).toBe(17);
  });

  it("answers 402 without credits and saves nothing", async () => {
    const { user, city } = await createSearcher(t, { credits: 5, recruiters: 3 });
    const position = await addTargetPosition(t, user, { location: city });
    await setCredits(t, user.id, 0);
    const response = await api(user, "POST", `/${position.id}/search-now`, { num_results: 3 });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      detail: "Insufficient credits for this search. Please purchase more credits.",
    });
    expect((await api(user, "GET", `/${position.id}/contacts`)).json().contacts).toEqual([]);
  });

  it.each([0, 101, "many"])("refuses num_results %j with 400", async (num) => {
    const user = await createUser(t, { credits: 5 });
    const position = await addTargetPosition(t, user);
    const response = await api(user, "POST", `/${position.id}/search-now`, { num_results: num });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("num_results");
  });
});

describe("stats", () => {
  it("counts positions, active ones, contacts found and positions needing a search", async () => {
    const { user, city } = await createSearcher(t, { credits: 20, recruiters: 4 });
    const searched = await addTargetPosition(t, user, { location: city });
    const paused = await addTargetPosition(t, user, { job_title: "Data Analyst", location: city });
    await addTargetPosition(t, user, { job_title: "UX Designer", location: city });
    await api(user, "POST", `/${searched.id}/search-now`, { num_results: 3 });
    await api(user, "POST", `/${paused.id}/toggle`);

    const response = await api(user, "GET", "/stats");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total_positions: 3,
      active_positions: 2,
      total_contacts_found: 3,
      // The searched one waits 12 hours; the paused one is not searched at all.
      positions_needing_search: 1,
      worker_active: false,
      notice: null,
    });
  });
});
