import type { LiveEvent } from "@reachout/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addTargetPosition,
  createSearcher,
  createUser,
  creditsOf,
  setCredits,
  type TestUser,
  uniqueCity,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { targetPositions, workerHeartbeats } from "../../db/schema";
import { recordHeartbeat, startWorkerHeartbeat } from "../../jobs/heartbeat";
import { subscribeEvents } from "../events/bus";
import { claimDuePositions, POSITION_SEARCH_JOB, sweepDuePositions } from "./jobs";
import { runScheduledSearch, SCHEDULED_SEARCH_RESULTS } from "./search";

const t = useTestApp();

async function positionRow(id: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(targetPositions)
    .where(eq(targetPositions.id, id));
  return row;
}

async function setLastSearched(id: string, hoursAgo: number) {
  await t.deps.database.db
    .update(targetPositions)
    .set({ lastSearchedAt: new Date(Date.now() - hoursAgo * 3600_000) })
    .where(eq(targetPositions.id, id));
}

/** Takes the queued search jobs of these positions off the queue (as a worker would). */
async function takeQueuedJobs(positionIds: string[]) {
  const jobs =
    (await t.deps.boss.fetch<{ position_id: string; last_searched_at: string | null }>(
      POSITION_SEARCH_JOB,
      { batchSize: 100 },
    )) ?? [];
  return jobs.filter((job) => positionIds.includes(job.data.position_id));
}

async function agentLedger(userId: string) {
  const { rows } = await t.deps.database.raw.query<{ n: number }>(
    "select count(*)::int as n from credit_ledger where user_id = $1 and reason = 'agent_search'",
    [userId],
  );
  return rows[0].n;
}

describe("the sweep and the search job", () => {
  it("searches a due position once: contacts saved and credits spent once even when the job runs twice", async () => {
    const { user, city } = await createSearcher(t, { credits: 20, recruiters: 12 });
    const position = await addTargetPosition(t, user, { location: city });

    expect(await sweepDuePositions(t.deps)).toBeGreaterThanOrEqual(1);
    // Still due until the job runs, but already queued: the singleton key refuses a second job.
    await sweepDuePositions(t.deps);
    const jobs = await takeQueuedJobs([position.id]);
    expect(jobs).toHaveLength(1);

    const job = jobs[0].data;
    const [first, second] = await Promise.all([
      runScheduledSearch(t.deps.database.db, job),
      runScheduledSearch(t.deps.database.db, job),
    ]);
    const third = await runScheduledSearch(t.deps.database.db, job);
    const outcomes = [first, second, third].filter(Boolean);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]?.saved).toHaveLength(SCHEDULED_SEARCH_RESULTS);

    expect(await creditsOf(t, user.id)).toBe(20 - SCHEDULED_SEARCH_RESULTS);
    expect(await agentLedger(user.id)).toBe(SCHEDULED_SEARCH_RESULTS);
    const row = await positionRow(position.id);
    expect(row.contactsFoundCount).toBe(SCHEDULED_SEARCH_RESULTS);
    expect(row.lastSearchedAt).not.toBeNull();

    // Searched just now: not due again for 12 hours.
    await sweepDuePositions(t.deps);
    expect(await takeQueuedJobs([position.id])).toEqual([]);
  });

  it("claims due positions only, higher priority first, then the longest waiting", async () => {
    const user = await createUser(t, { credits: 20 });
    const city = uniqueCity();
    // Each: its fields, and hours since its last search (never searched: null).
    const made: Array<[Record<string, unknown>, number | null]> = [
      [{ priority: 3 }, null],
      [{ job_title: "Data Analyst", priority: 1 }, 13],
      [{ job_title: "UX Designer", priority: 1 }, 30],
      [{ job_title: "Data Scientist", priority: 1 }, 1],
      [{ job_title: "Product Manager", priority: 2, search_frequency_hours: 6 }, 7],
    ];
    const positions = [];
    for (const [fields, hoursAgo] of made) {
      const position = await addTargetPosition(t, user, { location: city, ...fields });
      if (hoursAgo !== null) await setLastSearched(position.id, hoursAgo);
      positions.push(position);
    }
    const [low, high, highOlder, recent, elapsed] = positions;

    const ours = new Set([low.id, high.id, highOlder.id, recent.id, elapsed.id]);
    const claimed = await t.deps.database.db.transaction((tx) => claimDuePositions(tx, 10_000));
    const order = claimed.map((row) => row.id).filter((id) => ours.has(id));
    expect(order).toEqual([highOlder.id, high.id, elapsed.id, low.id]);
  });

  it("does nothing for a position paused after it was queued", async () => {
    const { user, city } = await createSearcher(t, { credits: 20, recruiters: 3 });
    const position = await addTargetPosition(t, user, { location: city });
    await sweepDuePositions(t.deps);
    const [job] = await takeQueuedJobs([position.id]);
    await t.app.inject({
      method: "POST",
      url: `/api/target_positions/${position.id}/toggle`,
      headers: user.auth,
    });
    expect(await runScheduledSearch(t.deps.database.db, job.data)).toBeNull();
    expect(await creditsOf(t, user.id)).toBe(20);
  });
});

describe("pausing below 3 credits", () => {
  it("pauses every active position when a search spends credits below 3, and says so", async () => {
    const { user, city } = await createSearcher(t, { credits: 4, recruiters: 10 });
    const first = await addTargetPosition(t, user, { location: city });
    const second = await addTargetPosition(t, user, { job_title: "Data Analyst", location: city });
    const events: LiveEvent[] = [];
    const unsubscribe = subscribeEvents(user.id, (event) => events.push(event));

    await sweepDuePositions(t.deps);
    const jobs = await takeQueuedJobs([first.id, second.id]);
    const firstJob = jobs.find((job) => job.data.position_id === first.id);
    const outcome = await runScheduledSearch(t.deps.database.db, firstJob!.data);
    unsubscribe();

    expect(outcome?.saved).toHaveLength(4);
    expect(await creditsOf(t, user.id)).toBe(0);
    expect((await positionRow(first.id)).isActive).toBe(false);
    expect((await positionRow(second.id)).isActive).toBe(false);
    expect(events).toEqual([
      { type: "contacts", position_id: first.id, contact_ids: outcome?.saved, count: 4 },
      { type: "credits", credits: 0 },
      {
        type: "positions_paused",
        message: "All target positions paused due to insufficient credits (need at least 3).",
      },
    ]);
    const secondJob = jobs.find((job) => job.data.position_id === second.id);
    expect(await runScheduledSearch(t.deps.database.db, secondJob!.data)).toBeNull();
  });

  it("the sweep pauses positions of users whose credits fell below 3 elsewhere, and queues none", async () => {
    const user = await createUser(t, { credits: 10 });
    const position = await addTargetPosition(t, user, { location: uniqueCity() });
    await setCredits(t, user.id, 2);
    const events: LiveEvent[] = [];
    const unsubscribe = subscribeEvents(user.id, (event) => events.push(event));
    await sweepDuePositions(t.deps);
    unsubscribe();
    expect((await positionRow(position.id)).isActive).toBe(false);
    expect(await takeQueuedJobs([position.id])).toEqual([]);
    expect(events.map((event) => event.type)).toEqual(["positions_paused"]);
  });

  it("reading the positions applies the rule at once", async () => {
    const user = await createUser(t, { credits: 10 });
    const position = await addTargetPosition(t, user, { location: uniqueCity() });
    await setCredits(t, user.id, 1);
    const stats = await t.app.inject({ url: "/api/target_positions/stats", headers: user.auth });
    expect(stats.json()).toMatchObject({
      active_positions: 0,
      notice: "All target positions paused due to insufficient credits (need at least 3).",
    });
    expect((await positionRow(position.id)).isActive).toBe(false);
  });
});

describe("worker_active", () => {
  const workerActive = async (user: TestUser) =>
    (await t.app.inject({ url: "/api/target_positions/stats", headers: user.auth })).json()
      .worker_active;

  it("is true only while a worker's heartbeat is younger than 60 seconds", async () => {
    const user = await createUser(t, { credits: 10 });
    // This test app runs no workers, so nothing beats.
    expect(await workerActive(user)).toBe(false);

    await recordHeartbeat(t.deps.database.db, "worker-a");
    expect(await workerActive(user)).toBe(true);

    await t.deps.database.db
      .update(workerHeartbeats)
      .set({ beatAt: sql`now() - interval '61 seconds'` })
      .where(eq(workerHeartbeats.id, "worker-a"));
    expect(await workerActive(user)).toBe(false);

    const heartbeat = startWorkerHeartbeat(t.deps.database.db);
    await until("the first beat", () => workerActive(user), 10_000, 20);
    await heartbeat.stop();
    expect(await workerActive(user)).toBe(false);
  });
});
