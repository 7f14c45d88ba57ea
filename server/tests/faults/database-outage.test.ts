import { execFileSync } from "node:child_process";
import { inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetPositions, waitlist } from "../../src/db/schema";
import { createUser, type TestUser } from "../factories";
import { createTestApp, type TestApp } from "../helpers";

/**
 * PostgreSQL going away under load: ~50 requests a second (writes and reads, over real HTTP)
 * while every connection to the database is killed three times (pg_terminate_backend, which
 * is what clients see when the server restarts). With FAULTS_PG_RESTART=1 the whole
 * PostgreSQL cluster is restarted instead (pg_ctlcluster; it interrupts every database on the
 * machine, so it is opt-in). Every request answered 2xx must be in the database, and the
 * service must recover by itself.
 */
const REQUESTS_PER_SECOND = 50;
const DURATION_MS = 12_000;
const FAULT_AT_MS = [3000, 6000, 9000];
const restartCluster = process.env.FAULTS_PG_RESTART === "1";

let t: TestApp;
let users: TestUser[];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  t = await createTestApp();
  users = await Promise.all(Array.from({ length: 10 }, () => createUser(t, { credits: 100 })));
});
// Closing waits for the job queue's graceful stop (up to 35 s) and for the load's connections:
// on a loaded machine that outlasts the default 60 s hook timeout (CI, once).
afterAll(async () => {
  await t?.close();
}, 120_000);

interface Outcome {
  kind: "waitlist" | "position" | "read";
  key: string;
  status: number;
  at: number;
}

async function killConnections(): Promise<number> {
  const url = new URL(t.deps.config.database.kind === "postgres" ? t.deps.config.database.url : "");
  const database = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

function restartPostgres() {
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", "15", "main", "restart"], {
    stdio: "ignore",
  });
}

async function request(i: number, started: number): Promise<Outcome> {
  const user = users[i % users.length];
  const kind = (["waitlist", "position", "read"] as const)[i % 3];
  const headers = {
    "content-type": "application/json",
    "x-forwarded-for": `10.77.${Math.floor(i / 250)}.${i % 250}`,
    ...(kind === "waitlist" ? {} : user.auth),
  };
  const key = `load${i}`;
  const init: RequestInit =
    kind === "waitlist"
      ? {
          method: "POST",
          body: JSON.stringify({ name: key, email: `${key}@uni.example`, phone: null }),
        }
      : kind === "position"
        ? { method: "POST", body: JSON.stringify({ job_title: `role ${key}`, location: "Boston" }) }
        : { method: "GET" };
  const path = kind === "waitlist" ? "/api/waitlist" : "/api/target_positions";
  try {
    const response = await fetch(`${t.baseUrl}${path}`, {
      ...init,
      headers,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { id?: string };
    return {
      kind,
      key: kind === "position" ? (body.id ?? key) : key,
      status: response.status,
      at: Date.now() - started,
    };
  } catch {
    return { kind, key, status: 0, at: Date.now() - started };
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("the database going away under load", () => {
  it("keeps every write it answered 2xx and recovers by itself", async () => {
    const started = Date.now();
    const pending: Promise<Outcome>[] = [];
    const faults: Promise<number>[] = [];
    for (const at of restartCluster ? [FAULT_AT_MS[1]] : FAULT_AT_MS) {
      setTimeout(() => {
        faults.push(
          restartCluster
            ? Promise.resolve().then(() => {
                restartPostgres();
                return -1;
              })
            : killConnections(),
        );
      }, at);
    }
    const total = (REQUESTS_PER_SECOND * DURATION_MS) / 1000;
    for (let i = 0; i < total; i++) {
      pending.push(request(i, started));
      const next = started + ((i + 1) * 1000) / REQUESTS_PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
    const outcomes = await Promise.all(pending);
    const killed = await Promise.all(faults);

    const ok = outcomes.filter((o) => o.status >= 200 && o.status < 300);
    const failed = outcomes.filter((o) => o.status === 0 || o.status >= 500);
    const db = t.deps.database.db;
    const waitlistKeys = ok.filter((o) => o.kind === "waitlist").map((o) => `${o.key}@uni.example`);
    const positionIds = ok.filter((o) => o.kind === "position").map((o) => o.key);
    const storedWaitlist = waitlistKeys.length
      ? await db
          .select({ email: waitlist.email })
          .from(waitlist)
          .where(inArray(waitlist.email, waitlistKeys))
      : [];
    const storedPositions = positionIds.length
      ? await db
          .select({ id: targetPositions.id })
          .from(targetPositions)
          .where(inArray(targetPositions.id, positionIds))
      : [];
    const lost =
      waitlistKeys.length + positionIds.length - storedWaitlist.length - storedPositions.length;
    const lastFault = (restartCluster ? FAULT_AT_MS[1] : FAULT_AT_MS.at(-1)) ?? 0;
    const recoveredAt = Math.min(
      ...outcomes
        .filter((o) => o.at > lastFault && o.status >= 200 && o.status < 300)
        .map((o) => o.at),
    );
    const afterRecovery = outcomes.filter((o) => o.at > recoveredAt + 1000);
    console.info(
      `database outage: ${outcomes.length} requests at ${REQUESTS_PER_SECOND}/s, ${restartCluster ? "PostgreSQL restarted once" : `all connections killed ${killed.length} times (${killed.join(", ")} backends)`}; ${ok.length} answered 2xx, ${failed.length} failed during the faults; writes answered 2xx: ${waitlistKeys.length + positionIds.length}, lost: ${lost}; first success ${recoveredAt - lastFault} ms after the last fault`,
    );

    expect(lost).toBe(0);
    expect(ok.length).toBeGreaterThan(outcomes.length / 2);
    // Recovered by itself: once one request succeeds after the last fault, all later ones do.
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((o) => o.status < 200 || o.status >= 300)).toEqual([]);
    const health = await fetch(`${t.baseUrl}/api/health`);
    expect((await health.json()).database.ok).toBe(true);
  }, 120_000);
});
