/**
 * npm run bench:sequences: the sequence run. `users` students each with `per-user` contacts
 * enrolled; once every first email is out, all their follow-ups are made due at one moment
 * (users x per-user steps at once), and worker processes (src/main.ts; `--workers`, default 1)
 * send them through a
 * standalone Gmail stand-in. Checks, from Gmail's own record, that every follow-up went once,
 * in its first email's thread, within what each mailbox's spacing requires plus 60 s, and
 * that no two sends of a mailbox came closer than the spacing. Prints the figures.
 *   npx tsx bench/sequences.ts --users 1000 --per-user 10 --spacing 20      (full run)
 *   npx tsx bench/sequences.ts --users 40 --per-user 10 --spacing 2         (reduced run)
 * `--profile DIR` writes each worker's CPU profile (node --cpu-prof) to DIR.
 * `--statements N` prints the N statements that took the database longest over the follow-up
 * phase (needs pg_stat_statements in the server's shared_preload_libraries).
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { startSandboxServer } from "@reachout/sandbox/serve";
import { sql } from "drizzle-orm";
import { loadConfig } from "../server/src/config";
import { openDatabase, rowsOf } from "../server/src/db/client";
import { enrollContacts } from "../server/src/modules/sequences/enroll";
import { createSequence } from "../server/src/modules/sequences/sequences";
import { createRuntime } from "../server/src/runtime";
import { seedSender } from "../server/tests/factories";
import { spawnServerProcess, standaloneServerEnv } from "../server/tests/faults/processes";
import { eachLimited } from "./src/conversations";
import { backendCpuMs, processCpuMs } from "./src/cpu";
import { createFreshDatabase } from "./src/postgres";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : Number(process.argv[i + 1]);
};
const USERS = arg("users", 40);
const PER_USER = arg("per-user", 10);
const SPACING = arg("spacing", 2);
const WORKERS = arg("workers", 1);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SLACK_S = 60;
const STATEMENTS = arg("statements", 0);
const PROFILE_DIR = (() => {
  const i = process.argv.indexOf("--profile");
  return i < 0 ? null : path.resolve(process.argv[i + 1]);
})();

/** The q-quantile of the values (0 when there are none). */
const quantile = (values: number[], q: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const log = (text: string) => console.log(`  ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A worker process (src/main.ts), once started; with a CPU profile when `--profile` asks. */
async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const profile = PROFILE_DIR ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : [];
  const worker = spawnServerProcess(env, { nodeArgs: profile });
  await worker.ready;
  return worker.child;
}

async function main() {
  console.log(
    `== Sequences: ${USERS} users x ${PER_USER} enrolments, spacing ${SPACING} s, ${WORKERS} worker process${WORKERS > 1 ? "es" : ""}`,
  );
  const url = await createFreshDatabase(ADMIN_URL, "reachout_bench_sequences");
  const gmail = await startSandboxServer();
  const env: Record<string, string> = {
    ...standaloneServerEnv({
      databaseUrl: url,
      publicUrl: "http://reachout.bench",
      sandboxEnv: gmail.appEnv,
      dataDirPrefix: "reachout-bench-seq-",
    }),
    GMAIL_MIN_SPACING_SECONDS: String(SPACING),
    SEQUENCE_SWEEP_SECONDS: "1",
  };
  const database = await openDatabase({ kind: "postgres", url });
  const runtime = await createRuntime(loadConfig({ ...env, RUN_WORKERS: "false" }), {
    database,
    work: false,
  });
  const { deps } = runtime;
  const db = deps.database.db;
  if (STATEMENTS > 0) {
    const [preload] = rowsOf<{ libraries: string }>(
      await db.execute(sql`select current_setting('shared_preload_libraries') as libraries`),
    );
    if (!preload.libraries.includes("pg_stat_statements")) {
      throw new Error(
        "--statements needs pg_stat_statements preloaded: ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', then restart PostgreSQL",
      );
    }
    await db.execute(sql`create extension if not exists pg_stat_statements`);
  }
  const workers = await Promise.all(
    Array.from({ length: WORKERS }, () => startWorker({ ...env, RUN_WORKERS: "true" })),
  );
  try {
    /** The bench database's activity counters (pg_stat_database). */
    const databaseActivity = async () => {
      const [row] = rowsOf<Record<"commits" | "inserted" | "updated" | "deleted", string>>(
        await db.execute(sql`
          select xact_commit as commits, tup_inserted as inserted, tup_updated as updated,
            tup_deleted as deleted
          from pg_stat_database where datname = current_database()`),
      );
      return {
        commits: Number(row.commits),
        inserted: Number(row.inserted),
        updated: Number(row.updated),
        deleted: Number(row.deleted),
      };
    };
    log("seeding students, Gmail grants and enrolments");
    const senders: string[] = [];
    const indexes = Array.from({ length: USERS }, (_, i) => i);
    await eachLimited(indexes, 8, async (i) => {
      const { user, mailbox, people } = await seedSender(runtime, gmail.url, {
        prefix: "bench.seq",
        tag: String(i),
        name: `Bench Student ${i}`,
        resumeText: "Bench Student\n• Built a DCF model for a $1B acquisition",
        contacts: PER_USER,
      });
      // One follow-up, far off: the run moves every one of them to the same moment below.
      const sequence = await createSequence(db, user.id, {
        name: "Bench",
        steps: [{ wait_minutes: 100_000 }],
      });
      await enrollContacts(deps, user.id, sequence.id, {
        contact_ids: people.map((p) => p.id),
        subject: "A question about your work",
        body: "Hi {{first_name}}, may I ask how you started?",
      });
      senders.push(mailbox);
    });
    const total = USERS * PER_USER;
    log(`${total} first emails queued; waiting for them to go out and be settled`);
    for (;;) {
      const [row] = rowsOf<{ waiting: number }>(
        await db.execute(sql`
        select count(*)::int as waiting from sequence_enrollments where next_step_at is null`),
      );
      if (row.waiting === 0) break;
      await sleep(1000);
    }
    /** CPU time of the workers, this process (the Gmail stand-in) and the database's backends. */
    const cpu = async () => ({
      worker: workers.reduce((sum, worker) => sum + (processCpuMs(worker.pid as number) ?? 0), 0),
      bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      database: (await backendCpuMs(database.raw)) ?? 0,
    });
    if (STATEMENTS > 0) await db.execute(sql`select pg_stat_statements_reset()`);
    const before = await databaseActivity();
    const cpuBefore = await cpu();
    const callsBefore = gmail.requestCounts();
    const due = new Date(Date.now() + 5000);
    await db.execute(
      sql`update sequence_enrollments set next_step_at = ${due.toISOString()}::timestamptz`,
    );
    log(`${total} follow-ups due at ${due.toISOString()}`);
    const started = Date.now();
    for (;;) {
      const [row] = rowsOf<{ done: number }>(
        await db.execute(sql`
        select count(*)::int as done from sequence_enrollments where status = 'finished'`),
      );
      if (row.done === total) break;
      if (Date.now() - due.getTime() > ((PER_USER - 1) * SPACING + SLACK_S + 120) * 1000) break;
      await sleep(1000);
    }
    await sleep(2000); // PostgreSQL publishes a backend's statistics within about a second
    const after = await databaseActivity();
    const cpuAfter = await cpu();
    const callsAfter = gmail.requestCounts();
    const jobs = rowsOf<{ name: string; runs: number }>(
      await db.execute(sql`
        select name, count(*)::int as runs from pgboss.job
        where created_on >= ${new Date(due.getTime() - 5000).toISOString()}::timestamptz
        group by name order by name`),
    );
    const statements =
      STATEMENTS > 0
        ? rowsOf<{ query: string; calls: string; total_ms: number; mean_ms: number }>(
            await db.execute(sql`
              select query, calls::text, total_exec_time as total_ms, mean_exec_time as mean_ms
              from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
              order by total_exec_time desc limit ${STATEMENTS}`),
          )
        : [];
    const sent = (await (await fetch(`${gmail.url}/__sandbox/gmail/sent.json`)).json()) as Array<{
      from: string;
      subject: string;
      thread_id: string;
      message_id: string;
      sent_at: string;
    }>;
    const followUps = sent.filter((m) => m.subject.startsWith("Re:"));
    const firstThreads = new Set(
      sent.filter((m) => !m.subject.startsWith("Re:")).map((m) => m.thread_id),
    );
    let minGap = Number.POSITIVE_INFINITY;
    let violations = 0;
    let last = 0;
    /** Per mailbox: its first follow-up after due, and from its first follow-up to its last. */
    const starts: number[] = [];
    const chains: number[] = [];
    for (const address of senders) {
      const times = sent
        .filter((m) => m.from === address)
        .map((m) => Date.parse(m.sent_at))
        .sort((a, b) => a - b);
      for (let k = 1; k < times.length; k++) {
        const gap = (times[k] - times[k - 1]) / 1000;
        minGap = Math.min(minGap, gap);
        if (gap < SPACING - 0.001) violations++;
      }
      const mine = followUps.filter((m) => m.from === address).map((m) => Date.parse(m.sent_at));
      last = Math.max(last, ...mine);
      if (mine.length > 0) {
        starts.push((Math.min(...mine) - due.getTime()) / 1000);
        chains.push((Math.max(...mine) - Math.min(...mine)) / 1000);
      }
    }
    const ids = new Set(followUps.map((m) => m.message_id));
    const lastAfterDue = (last - due.getTime()) / 1000;
    const allowed = (PER_USER - 1) * SPACING + SLACK_S;
    const n = Math.max(1, followUps.length);
    for (const s of statements) {
      console.log(
        `  ${(s.total_ms / n).toFixed(3)} ms/follow-up, ${(Number(s.calls) / n).toFixed(2)} calls, ${s.mean_ms.toFixed(3)} ms each: ${s.query.replace(/\s+/g, " ").slice(0, 220)}`,
      );
    }
    const per = (key: keyof typeof before) => ((after[key] - before[key]) / n).toFixed(1);
    const cpuPer = (key: keyof typeof cpuBefore) =>
      ((cpuAfter[key] - cpuBefore[key]) / n).toFixed(1);
    const calls = Object.entries(callsAfter)
      .map(([route, count]) => [route, (count - (callsBefore[route] ?? 0)) / n] as const)
      .filter(([, perSend]) => perSend > 0)
      .map(([route, perSend]) => `${route.replace("/__sandbox/gmail", "")} ${perSend.toFixed(2)}`);
    console.log(`
  per follow-up sent, over the follow-up phase: ${per("commits")} transactions committed (the job queue's own included), ${per("inserted")} rows inserted, ${per("updated")} updated, ${per("deleted")} deleted
  Gmail calls per follow-up: ${calls.join("; ")}
  jobs created per follow-up: ${jobs.map((j) => `${j.name} ${(j.runs / n).toFixed(2)}`).join("; ")}
  CPU per follow-up: worker${WORKERS > 1 ? `s (${WORKERS})` : ""} ${cpuPer("worker")} ms, PostgreSQL ${cpuPer("database")} ms, Gmail stand-in and bench ${cpuPer("bench")} ms
  follow-ups sent: ${followUps.length}/${total} (distinct Message-IDs ${ids.size}), all in their first email's thread: ${followUps.every((m) => firstThreads.has(m.thread_id))}
  last follow-up sent ${lastAfterDue.toFixed(1)} s after due (allowed: ${allowed} s = ${PER_USER - 1} x ${SPACING} s spacing + ${SLACK_S} s)
  a mailbox's first follow-up after due: median ${quantile(starts, 0.5).toFixed(1)} s, p95 ${quantile(starts, 0.95).toFixed(1)} s, last ${quantile(starts, 1).toFixed(1)} s; its first to its last: median ${quantile(chains, 0.5).toFixed(1)} s, longest ${quantile(chains, 1).toFixed(1)} s
  smallest gap between two sends of one mailbox: ${minGap.toFixed(2)} s (spacing ${SPACING} s), ${violations} gaps shorter
  wall time from due: ${((Date.now() - started) / 1000).toFixed(0)} s
  ${followUps.length === total && ids.size === total && lastAfterDue <= allowed && violations === 0 ? "PASS" : "MISS"}`);
  } finally {
    for (const worker of workers) worker.kill("SIGTERM");
    await runtime.stop();
    await gmail.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
