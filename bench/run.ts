/**
 * npm run bench: seeds PostgreSQL (and PGlite), starts the real server, measures the endpoints
 * against a bare baseline, the directory queries inside the database, the dispatch of scheduled
 * emails, the web app in Chromium and three app processes behind a round-robin proxy, then
 * writes docs/benchmarks.md. Not part of CI.
 * Options: see src/options.ts (e.g. `npm run bench -- --contacts 100000 --skip pglite,web`).
 */
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/src/config";
import { type Database, openDatabase } from "../server/src/db/client";
import { runMigrations } from "../server/src/db/migrate";
import { runCluster } from "./src/cluster";
import { connectMainGmail, seedMainConversations } from "./src/conversations";
import { runDispatch } from "./src/dispatch";
import { benchEndpoints, type Endpoint, keepNetworkEtag, measureEndpoint } from "./src/endpoints";
import { startFakeLlm } from "./src/fake-llm";
import {
  FIRST_WORDS_APP_TARGET_MS,
  FIRST_WORDS_TARGET_MS,
  measureFirstWords,
} from "./src/first-words";
import { INSIGHTS_P95_TARGET_MS, ROLLUP_TARGET_S, runInsightsBench } from "./src/insights";
import { bestOf, type LoadResult, type LoadSettings } from "./src/load";
import { type BenchOptions, parseOptions } from "./src/options";
import { createFreshDatabase, describeServer, runOnConnections } from "./src/postgres";
import {
  APP_PORT,
  BARE_PORT,
  ROOT,
  type RunningProcess,
  type StandIns,
  serverEnv,
  startAppServer,
  startBareServer,
  startStandIns,
  stopAll,
} from "./src/processes";
import { timeDirectoryQueries } from "./src/query-plans";
import {
  type BenchReport,
  CPU_RATIO_TARGET,
  DB_P95_TARGET_MS,
  DISPATCH_TARGET_S,
  type EndpointFigures,
  endpointMeetsTargets,
  P95_TARGET_MS,
  RATIO_TARGET,
  writeReport,
} from "./src/report";
import { SandboxGmail } from "./src/sandbox-gmail";
import {
  addResumes,
  type BenchUser,
  seedContacts,
  seedNetwork,
  seedStartupDirectory,
  seedUsers,
} from "./src/seed-data";
import { measureWeb } from "./src/web-vitals";

const PGLITE_APP_PORT = 3313;
const PGLITE_BARE_PORT = 3314;
const WEB_PORT = 3312;
/** The app server with the fake LLM configured (time to first words). */
const WORDS_PORT = 3316;
/** Issue 41's LLM: its first token 300 ms after the request, then 40 tokens a second. */
const LLM_PACE = { firstTokenMs: 300, tokensPerSecond: 40 };
const PGLITE_DIR = path.join(os.tmpdir(), "reachout-bench-pglite");
/** Connections that build the set-aside indexes after a load, one per core. */
const INDEX_BUILDERS = 2;
/** Connections of the unloaded-latency run. */
const LIGHT_CONNECTIONS = 5;

const step = (text: string) => console.log(`\n== ${text}`);
/** Other work on a shared machine shows here; it moves every figure. */
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

interface Seeded {
  users: BenchUser[];
  main: BenchUser;
  network: string[];
  seed: Record<string, string>;
}

async function seedEverything(
  database: Database,
  options: BenchOptions,
  config: ReturnType<typeof loadConfig>,
  count: number,
  rebuild: (definitions: string[]) => Promise<void>,
): Promise<Seeded> {
  await runMigrations(database);
  const contacts = await seedContacts(database, count, rebuild);
  const users = await seedUsers(database, config, options.users);
  const main = users[0];
  const network = await seedNetwork(database, main.id, options.network);
  await addResumes(database, [main.id]);
  const startups = await seedStartupDirectory(database);
  // Fresh statistics and visibility maps, as autovacuum would leave a database that grew to this
  // size (index-only scans of contact_filter_matches need the latter).
  await database.raw.exec("vacuum analyze");
  console.log(
    `  ${users.length} users, ${network.length} saved contacts for ${main.email}, ${startups.startups} startups`,
  );
  return {
    users,
    main,
    network,
    seed: {
      contacts: `${count.toLocaleString("en-US")} in ${contacts.loadSeconds.toFixed(0)} s + indexes ${contacts.indexSeconds.toFixed(0)} s`,
      users: String(users.length),
      "saved contacts of the main user": network.length.toLocaleString("en-US"),
      startups: `${startups.startups} (${startups.founders} founder rows)`,
    },
  };
}

/** The endpoints `--endpoints` names (all when it is not given); an unknown name is an error. */
function chosenEndpoints(all: Endpoint[], options: BenchOptions): Endpoint[] {
  if (options.endpoints.length === 0) return all;
  const unknown = options.endpoints.filter((name) => !all.some((e) => e.name === name));
  if (unknown.length > 0) {
    throw new Error(`--endpoints takes ${all.map((e) => e.name).join(", ")}`);
  }
  return all.filter((e) => options.endpoints.includes(e.name));
}

/**
 * Every endpoint against the app, then against the bare baseline, endpoint by endpoint and
 * `rounds` times over, so both sides of a ratio run under the same conditions (database size,
 * caches, background work). Each side keeps its best round: on a machine shared with other
 * work, the best round is the one least disturbed. Then the app alone at a few connections,
 * for the latency of a request that does not queue.
 */
async function loadEndpoints(
  endpoints: Endpoint[],
  servers: { app: RunningProcess; bare: RunningProcess },
  settings: LoadSettings & { rounds: number },
): Promise<EndpointFigures[]> {
  const figures: EndpointFigures[] = [];
  const onApp = { ...settings, cpuPid: servers.app.child.pid };
  const onBare = { ...settings, cpuPid: servers.bare.child.pid };
  for (const endpoint of endpoints) {
    let app: LoadResult | undefined;
    let bare: LoadResult | undefined;
    for (let round = 0; round < settings.rounds; round++) {
      app = bestOf(app, await measureEndpoint(servers.app.baseUrl, endpoint, "app", onApp));
      bare = bestOf(bare, await measureEndpoint(servers.bare.baseUrl, endpoint, "bare", onBare));
    }
    const light = await measureEndpoint(servers.app.baseUrl, endpoint, "app", {
      ...settings,
      connections: LIGHT_CONNECTIONS,
    });
    figures.push({
      name: endpoint.name,
      request: endpoint.request,
      app: app as LoadResult,
      bare: bare as LoadResult,
      light,
    });
  }
  return figures;
}

async function postgresPhases(options: BenchOptions, report: BenchReport, standIns: StandIns) {
  step("PostgreSQL: fresh database");
  const url = await createFreshDatabase(options.adminUrl);
  Object.assign(report.machine, {
    PostgreSQL: Object.entries(await describeServer(url))
      .map(([k, v]) => `${k} ${v}`)
      .join(", "),
  });
  const env = serverEnv({
    port: APP_PORT,
    database: { url },
    sandboxUrl: standIns.sandboxUrl,
    spacingSeconds: options.spacingSeconds,
  });
  const config = loadConfig(env);
  const database = await openDatabase({ kind: "postgres", url, max: 4 });
  const processes: RunningProcess[] = [];
  try {
    step(`PostgreSQL: seeding ${options.contacts.toLocaleString("en-US")} contacts`);
    const seeded = await seedEverything(database, options, config, options.contacts, (statements) =>
      runOnConnections(url, statements, INDEX_BUILDERS, ["set maintenance_work_mem = '512MB'"]),
    );

    // The one-process server and the main user's email history in the Gmail stand-in, for the
    // phases that use them (the cluster phase starts its own processes and Gmail).
    const startOne = async () => {
      step("PostgreSQL: starting the server (production settings, the stand-ins' own process)");
      const app = await startAppServer(env);
      processes.push(app);
      const gmail = new SandboxGmail(standIns.baseUrl, config);
      const mailbox = await connectMainGmail(database, config, gmail, seeded.main.id);
      const began = Date.now();
      const conversations = await seedMainConversations(database, config, seeded, options, mailbox);
      seeded.seed["email messages of the main user"] =
        `${conversations.messages} (sent through the Gmail stand-in in ${elapsed(began)})`;
      return { app, gmail, conversations };
    };
    const one = ["endpoints", "dispatch", "web", "words"].some((p) =>
      options.phases.has(p as never),
    )
      ? await startOne()
      : undefined;

    if (one && options.phases.has("endpoints")) {
      const { app, conversations } = one;
      step("PostgreSQL: endpoints (app, then bare baseline)");
      const etag = await keepNetworkEtag(app.baseUrl, seeded.main);
      const endpoints = chosenEndpoints(
        benchEndpoints({
          users: seeded.users,
          main: seeded.main,
          conversations: conversations.replied,
          gmailSynced: true,
          networkEtag: etag.current,
        }),
        options,
      );
      const bare = await startBareServer(env, BARE_PORT);
      processes.push(bare);
      const figures = await loadEndpoints(endpoints, { app, bare }, options).finally(etag.stop);
      await bare.stop();
      report.runs.push({
        kind: "PostgreSQL",
        contacts: options.contacts,
        seed: seeded.seed,
        endpoints: figures,
      });
    }

    if (options.phases.has("plans")) {
      step("PostgreSQL: directory queries (EXPLAIN ANALYZE)");
      report.plans = await timeDirectoryQueries(database, seeded.main.id, 20);
      for (const t of report.plans.timings) {
        console.log(`  ${JSON.stringify(t.filters)}: p95 ${t.p95.toFixed(1)} ms, ${t.rows} rows`);
      }
    }

    if (one && options.phases.has("words")) {
      step(
        `Time to first words: ${options.firstWordsRequests} streamed generations, fake LLM (first token ${LLM_PACE.firstTokenMs} ms, ${LLM_PACE.tokensPerSecond} tokens/s)`,
      );
      const llm = await startFakeLlm(LLM_PACE);
      try {
        // A server of its own: with an LLM configured, other endpoints (search) would ask it too.
        const words = await startAppServer(
          {
            ...serverEnv({
              port: WORDS_PORT,
              database: { url },
              sandboxUrl: standIns.sandboxUrl,
              spacingSeconds: options.spacingSeconds,
            }),
            ...llm.env,
            RUN_WORKERS: "false",
          },
          WORDS_PORT,
        );
        processes.push(words);
        report.words = await measureFirstWords({
          baseUrl: words.baseUrl,
          token: seeded.main.token,
          contactIds: seeded.network.slice(0, 20),
          llm,
          pace: LLM_PACE,
          requests: options.firstWordsRequests,
        });
        await words.stop();
        const w = report.words;
        console.log(
          `  first words p50 ${w.firstWords.p50.toFixed(0)} ms, p95 ${w.firstWords.p95.toFixed(0)} ms; first body words p95 ${w.firstBodyWords.p95.toFixed(0)} ms; the app's part p95 ${w.appAdds.p95.toFixed(0)} ms; ${w.failures} without a body`,
        );
      } finally {
        await llm.close();
      }
    }

    if (options.phases.has("web")) {
      step("Web: Chromium on / and /my-network");
      report.web = await measureWeb({
        env: serverEnv({
          port: WEB_PORT,
          database: { url },
          sandboxUrl: standIns.sandboxUrl,
          spacingSeconds: options.spacingSeconds,
          production: false,
        }),
        port: WEB_PORT,
        user: seeded.main,
        saved: seeded.network.length,
      });
    }

    if (one && options.phases.has("dispatch")) {
      step(
        `Dispatch: ${options.dispatchEmails} scheduled emails, ${options.dispatchMailboxes} mailboxes`,
      );
      report.dispatch = await runDispatch({
        database,
        config,
        databaseUrl: url,
        gmail: one.gmail,
        senders: seeded.users.slice(1, 1 + options.dispatchMailboxes),
        emails: options.dispatchEmails,
      });
    }

    if (options.phases.has("cluster")) {
      step("Cluster: three app processes behind a round-robin proxy, one PostgreSQL");
      // The one-process server's workers would take the cluster's jobs: it stops first.
      await one?.app.stop();
      report.cluster = await runCluster({
        options,
        databaseUrl: url,
        database,
        users: seeded.users,
        main: seeded.main,
        network: seeded.network,
        endpoints: (context) => chosenEndpoints(benchEndpoints(context), options),
      });
    }
  } finally {
    for (const server of processes.reverse()) await server.stop();
    await database.close();
  }
}

async function pglitePhase(options: BenchOptions, report: BenchReport, standIns: StandIns) {
  step(`PGlite: seeding ${options.pgliteContacts.toLocaleString("en-US")} contacts`);
  rmSync(PGLITE_DIR, { recursive: true, force: true });
  // Embedded PGlite is the local single-process mode: production settings require PostgreSQL.
  const env = serverEnv({
    port: PGLITE_APP_PORT,
    database: { dataDir: PGLITE_DIR },
    sandboxUrl: standIns.sandboxUrl,
    spacingSeconds: options.spacingSeconds,
    production: false,
  });
  const config = loadConfig(env);
  if (config.database.kind !== "pglite") throw new Error("expected PGlite");
  // PGlite allows one process: seed, close, then the servers open it one after the other.
  const database = await openDatabase({ kind: "pglite", dataDir: config.database.dataDir });
  let seeded: Seeded;
  let replied: string[];
  try {
    seeded = await seedEverything(
      database,
      options,
      config,
      options.pgliteContacts,
      async (statements) => {
        for (const statement of statements) await database.raw.exec(statement);
      },
    );
    const conversations = await seedMainConversations(database, config, seeded, options);
    replied = conversations.replied;
    seeded.seed["email messages of the main user"] =
      `${conversations.messages} (rows only: no Gmail connected, so no thread sync)`;
  } finally {
    await database.close();
  }
  // PGlite: the ETag is asked for from whichever server runs (see the loop below).
  let etag = { current: () => "", stop: () => {} };
  const endpoints = chosenEndpoints(
    benchEndpoints({
      users: seeded.users,
      main: seeded.main,
      conversations: replied,
      gmailSynced: false,
      networkEtag: () => etag.current(),
    }),
    options,
  );
  // One process at a time holds PGlite: every endpoint on the app, then on the bare baseline,
  // `rounds` times over; each side keeps its best round.
  const results: Record<"app" | "bare", Map<string, EndpointFigures["app"]>> = {
    app: new Map(),
    bare: new Map(),
  };
  const lights = new Map<string, LoadResult>();
  for (let round = 0; round < options.rounds; round++) {
    for (const side of ["app", "bare"] as const) {
      step(`PGlite: endpoints (${side}, round ${round + 1})`);
      const server =
        side === "app"
          ? await startAppServer(env, PGLITE_APP_PORT)
          : await startBareServer(env, PGLITE_BARE_PORT);
      etag = await keepNetworkEtag(server.baseUrl, seeded.main, side === "bare");
      try {
        const measured = { ...options, cpuPid: server.child.pid };
        for (const endpoint of endpoints) {
          const result = await measureEndpoint(server.baseUrl, endpoint, side, measured);
          results[side].set(endpoint.name, bestOf(results[side].get(endpoint.name), result));
          if (side === "app" && round === 0) {
            const light = { ...options, connections: LIGHT_CONNECTIONS };
            lights.set(endpoint.name, await measureEndpoint(server.baseUrl, endpoint, side, light));
          }
        }
      } finally {
        etag.stop();
        await server.stop();
      }
    }
  }
  report.runs.push({
    kind: "PGlite",
    contacts: options.pgliteContacts,
    seed: seeded.seed,
    endpoints: endpoints.map((e) => ({
      name: e.name,
      request: e.request,
      app: results.app.get(e.name) as EndpointFigures["app"],
      bare: results.bare.get(e.name) as EndpointFigures["bare"],
      light: lights.get(e.name) as LoadResult,
    })),
  });
}

function missesOf(report: BenchReport): string[] {
  const misses: string[] = [];
  for (const run of report.runs.filter((r) => r.kind === "PostgreSQL")) {
    for (const e of run.endpoints) {
      const check = endpointMeetsTargets(e);
      if (!check.p95)
        misses.push(
          `\`${e.name}\` p95 ${e.light.p95.toFixed(0)} ms at ${e.light.connections} connections (target < ${P95_TARGET_MS} ms)`,
        );
      if (!check.clean) {
        misses.push(
          `\`${e.name}\` had ${e.app.errors} errors and ${e.app.failures} non-2xx answers`,
        );
      }
      if (!check.throughput) {
        misses.push(
          check.ratio === null
            ? `\`${e.name}\` throughput not compared: the bare route finished no request in its run`
            : `\`${e.name}\` throughput ${Math.round(check.ratio * 100)}% of the bare route (target >= ${RATIO_TARGET * 100}%)`,
        );
      }
      if (!check.cpu) {
        misses.push(
          `\`${e.name}\` CPU per request ${e.app.cpuMsPerRequest?.toFixed(2)} ms, ${check.cpuRatio?.toFixed(2)}× the bare route's ${e.bare.cpuMsPerRequest?.toFixed(2)} ms (target <= ${CPU_RATIO_TARGET}×)`,
        );
      }
    }
  }
  if (report.plans) {
    if (report.plans.p95 >= DB_P95_TARGET_MS) {
      misses.push(
        `directory queries p95 ${report.plans.p95.toFixed(1)} ms in PostgreSQL (target < ${DB_P95_TARGET_MS} ms)`,
      );
    }
    for (const t of report.plans.timings.filter((t) => t.seqScanOnContacts)) {
      misses.push(`sequential scan of contacts for ${JSON.stringify(t.filters)}`);
    }
  }
  const d = report.dispatch;
  if (d) {
    if (d.sent < d.emails)
      misses.push(`dispatch: ${d.emails - d.sent} of ${d.emails} emails not sent`);
    if (d.latenessMax >= DISPATCH_TARGET_S) {
      misses.push(
        `dispatch: last email sent ${d.latenessMax.toFixed(1)} s after its time (target < ${DISPATCH_TARGET_S} s)`,
      );
    }
    if (d.spacingViolations > 0)
      misses.push(`dispatch: ${d.spacingViolations} sends closer than the spacing`);
    if (d.distinctMessageIds < d.sent)
      misses.push(`dispatch: ${d.sent - d.distinctMessageIds} emails sent twice`);
  }
  const c = report.cluster?.dispatch;
  if (c) {
    if (c.distinctMessageIds < c.sent) {
      misses.push(`three processes: ${c.sent - c.distinctMessageIds} emails sent twice`);
    }
    if (c.rowsSent < c.emails || c.distinctMessageIds < c.emails) {
      misses.push(`three processes: ${c.emails - c.rowsSent} of ${c.emails} emails not sent`);
    }
    if (c.spacingViolations > 0) {
      misses.push(`three processes: ${c.spacingViolations} sends closer than the spacing`);
    }
  }
  for (const e of report.cluster?.endpoints ?? []) {
    for (const [side, r] of [
      ["one process", e.one],
      ["three processes", e.three],
    ] as const) {
      if (r.errors > 0 || r.failures > 0) {
        misses.push(
          `\`${e.name}\` (${side}, cluster run) had ${r.errors} errors and ${r.failures} non-2xx answers`,
        );
      }
    }
  }
  if (report.web) misses.push(...report.web.misses);
  const w = report.words;
  if (w) {
    if (w.firstWords.p95 >= FIRST_WORDS_TARGET_MS) {
      misses.push(
        `time to first words p95 ${w.firstWords.p95.toFixed(0)} ms (target < ${FIRST_WORDS_TARGET_MS} ms; the model's first token at ${w.pace.firstTokenMs} ms)`,
      );
    }
    if (w.appAdds.p95 >= FIRST_WORDS_APP_TARGET_MS) {
      misses.push(
        `time to first words: the app adds ${w.appAdds.p95.toFixed(0)} ms p95 (target < ${FIRST_WORDS_APP_TARGET_MS} ms)`,
      );
    }
    if (w.failures > 0) misses.push(`time to first words: ${w.failures} streams without a body`);
  }
  const i = report.insights;
  if (i) {
    if (i.p95 >= INSIGHTS_P95_TARGET_MS) {
      misses.push(
        `insights (full computation) p95 ${i.p95.toFixed(1)} ms (target < ${INSIGHTS_P95_TARGET_MS} ms)`,
      );
    }
    if (i.rollupRows === 0) {
      misses.push("insights rollup stored no rows: its time measures no work");
    }
    if (i.rollupSeconds >= ROLLUP_TARGET_S) {
      misses.push(
        `insights rollup ${i.rollupSeconds.toFixed(1)} s over ${i.rollupMessages} messages (target < ${ROLLUP_TARGET_S} s)`,
      );
    }
  }
  return misses;
}

/** The raw figures of the last run, for `--render`. */
const RAW_REPORT = path.join(os.tmpdir(), "reachout-bench-report.json");

/** `--render FILE`: the report of a saved run written again (its targets checked anew). */
function renderSaved(file: string, output: string): void {
  const report = JSON.parse(readFileSync(file, "utf8")) as BenchReport;
  report.misses = missesOf(report);
  writeReport(path.resolve(ROOT, output), report);
  for (const miss of report.misses) console.log(`  missed: ${miss}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const saved = process.argv.indexOf("--render");
  if (saved >= 0) return renderSaved(process.argv[saved + 1] ?? RAW_REPORT, options.output);
  const began = Date.now();
  const report: BenchReport = {
    startedAt: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    machine: {
      CPU: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}`,
      memory: `${Math.round(os.totalmem() / 2 ** 30)} GB`,
      Node: process.version,
      OS: `${os.type()} ${os.release()}`,
      "load generator": "autocannon 8 in the bench process, on the same machine as the servers",
      "load average at start (1/5/15 min)": loadAverage(),
    },
    options,
    runs: [],
    misses: [],
  };
  const usesPostgres = ["endpoints", "plans", "dispatch", "web", "cluster", "words"].some((p) =>
    options.phases.has(p as never),
  );
  if (usesPostgres || options.phases.has("pglite")) {
    // One stand-ins process for the run; Gmail pushes go to the one-process server.
    const standIns = await startStandIns(`http://127.0.0.1:${APP_PORT}`);
    try {
      if (usesPostgres) await postgresPhases(options, report, standIns);
      if (options.phases.has("pglite")) await pglitePhase(options, report, standIns);
    } finally {
      await standIns.stop();
    }
  }
  if (options.phases.has("insights")) {
    step(
      `Insights: a student with ${options.insightsContacts} contacts and ${options.insightsMessages} messages; the rollup over ${options.rollupMessages}`,
    );
    report.insights = await runInsightsBench(options.adminUrl, options);
    const i = report.insights;
    console.log(
      `  insights full p50 ${i.p50.toFixed(1)} ms, p95 ${i.p95.toFixed(1)} ms, database CPU ${i.databaseCpuMs?.toFixed(1) ?? "?"} ms; kept p95 ${i.warmP95.toFixed(1)} ms; rollup ${i.rollupSeconds.toFixed(1)} s over ${i.rollupMessages} messages`,
    );
  }
  report.machine["load average at the end (1/5/15 min)"] = loadAverage();
  report.misses = missesOf(report);
  const output = path.resolve(ROOT, options.output);
  writeReport(output, report, RAW_REPORT);
  step(`Done in ${elapsed(began)}: ${output} (raw figures: ${RAW_REPORT})`);
  for (const miss of report.misses) console.log(`  missed: ${miss}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
