import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, creditsOf, insertHiringContacts } from "../../../tests/factories";
import { openTestDatabase } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { loadConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { targetPositions } from "../../db/schema";
import { isWorkerAlive } from "../../jobs/heartbeat";
import { createRuntime, type Runtime } from "../../runtime";
import { POSITION_SEARCH_JOB, sweepDuePositions } from "./jobs";
import { SCHEDULED_SEARCH_RESULTS } from "./search";
import { createPosition } from "./service";

/**
 * Two processes' worth of job workers on one database: on PostgreSQL (TEST_DATABASE_URL) each
 * has its own connection pool and pg-boss instance, as two servers behind a load balancer would.
 * On PGlite (one process by design) they share the embedded database.
 */
let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let secondDb: Database | undefined;
const runtimes: Runtime[] = [];

async function startWorker(database: Database): Promise<Runtime> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-workers-")),
    LOG_LEVEL: "silent",
    SANDBOX: "on",
    SEED_DEMO: "false",
    RUN_WORKERS: "true",
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  });
  const runtime = await createRuntime(config, { database, work: true });
  runtimes.push(runtime);
  return runtime;
}

beforeAll(async () => {
  testDb = await openTestDatabase();
  await startWorker(testDb.database);
  if (testDb.url) secondDb = await openDatabase({ kind: "postgres", url: testDb.url, max: 5 });
  await startWorker(secondDb ?? testDb.database);
});

afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop();
  await secondDb?.close();
  await testDb?.drop();
});

describe("two workers on one database", () => {
  it("searches a due position exactly once, even when its job is delivered twice", async () => {
    const [a, b] = runtimes;
    const { db } = a.deps.database;
    const user = await createUser(a, { credits: 30 });
    await insertHiringContacts(a, 20, { location: "Two Worker City" });
    const position = await createPosition(db, user.id, {
      job_title: "Software Engineering Intern",
      location: "Two Worker City",
      priority: 1,
      search_frequency_hours: 12,
    });

    // Both processes sweep at the same moment: SKIP LOCKED and the singleton key allow one job.
    const enqueued = await Promise.all([sweepDuePositions(a.deps), sweepDuePositions(b.deps)]);
    expect(enqueued.reduce((sum, n) => sum + n, 0)).toBe(1);
    // A redelivered duplicate (no singleton key): both workers may now run one at once.
    await b.deps.boss.send(POSITION_SEARCH_JOB, {
      position_id: position.id,
      last_searched_at: null,
    });

    const completedJobs = async () => {
      const { rows } = await a.deps.database.raw.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where name = $1 and data->>'position_id' = $2 and state = 'completed'",
        [POSITION_SEARCH_JOB, position.id],
      );
      return rows[0].n;
    };
    await until("both jobs completed", async () => (await completedJobs()) === 2, 30_000, 200);

    expect(await creditsOf(a, user.id)).toBe(30 - SCHEDULED_SEARCH_RESULTS);
    const { rows } = await a.deps.database.raw.query<{ saved: number; debits: number }>(
      `select (select count(*)::int from user_contacts where user_id = $1) as saved,
              (select count(*)::int from credit_ledger where user_id = $1 and reason = 'agent_search') as debits`,
      [user.id],
    );
    expect(rows[0]).toEqual({ saved: SCHEDULED_SEARCH_RESULTS, debits: SCHEDULED_SEARCH_RESULTS });
    const [row] = await db
      .select()
      .from(targetPositions)
      .where(eq(targetPositions.id, position.id));
    expect(row.contactsFoundCount).toBe(SCHEDULED_SEARCH_RESULTS);
  });

  it("reports the workers alive while they run and stopped once they shut down", async () => {
    const { db } = runtimes[0].deps.database;
    expect(await isWorkerAlive(db)).toBe(true);
    while (runtimes.length > 0) await runtimes.pop()?.stop();
    expect(await isWorkerAlive(secondDb?.db ?? db)).toBe(false);
  });
});
