/**
 * Beyond one machine's process: three app processes (each a full server with its job workers,
 * as main.ts runs in production) against the one seeded PostgreSQL, behind a local round-robin
 * proxy, with one Gmail stand-in process they all reach. Measures the main endpoints through the
 * proxy against one of the processes directly, at the same connections, then a dispatch of due
 * emails that every process's workers take part in, checked on Gmail's side: each email once
 * (distinct Message-IDs), no mailbox's sends closer than the spacing, how many each process sent.
 */
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { loadConfig } from "../../server/src/config";
import type { Database } from "../../server/src/db/client";
import { emailMessages } from "../../server/src/db/schema";
import { connectMainGmail, seedMainConversations } from "./conversations";
import { processCpuMs } from "./cpu";
import { type DispatchReport, runDispatch } from "./dispatch";
import { type Endpoint, type EndpointContext, keepNetworkEtag, measureEndpoint } from "./endpoints";
import { bestOf, type LoadResult } from "./load";
import type { BenchOptions } from "./options";
import { ROOT, type RunningProcess, serverEnv, startAppServer, startProcess } from "./processes";
import { PROXY_READY_PATH, TAP_SENDS_PATH } from "./proxy";
import { SandboxGmail } from "./sandbox-gmail";
import type { BenchUser } from "./seed-data";

/** Each process's pool (pg-boss keeps 4 more): 3 x (5 + 4) leaves room under max_connections. */
export const CLUSTER_POOL_MAX = 5;
const GMAIL_PORT = 3320;
const TAP_PORTS = [3321, 3322, 3323];
const PROXY_PORT = 3324;
const APP_PORTS = [3325, 3326, 3327];
const url = (port: number) => `http://127.0.0.1:${port}`;

export interface ClusterEndpointFigures {
  name: string;
  request: string;
  /** One of the three processes, asked directly. */
  one: LoadResult;
  /** The three, through the proxy. */
  three: LoadResult;
  /**
   * CPU time (user + system, from /proc) per answer the proxy gave over the three's kept round
   * (warm-up, measured run and settling requests): the three app processes together, and the proxy.
   */
  cpuMsPerAnswer: { apps: number; proxy: number } | null;
}

export interface ClusterReport {
  processes: number;
  poolMax: number;
  connections: number;
  endpoints: ClusterEndpointFigures[];
  dispatch?: DispatchReport & {
    /** Sends Gmail accepted from each process (its own pass-through port), in process order. */
    perProcess: number[];
  };
  /** Load average (1/5/15 min) when the phase started and ended. */
  loadAtStart: string;
  loadAtEnd: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

async function proxyAnswers(): Promise<number> {
  const response = await fetch(`${url(PROXY_PORT)}${PROXY_READY_PATH}`);
  const upstreams = (await response.json()) as Array<Record<string, number | string>>;
  return upstreams
    .flatMap((upstream) => Object.entries(upstream))
    .filter(([key]) => /^\d+$/.test(key))
    .reduce((sum, [, count]) => sum + Number(count), 0);
}

/** CPU per answer of the app processes and the proxy over `run`. */
async function measureCpu<T>(apps: RunningProcess[], proxy: RunningProcess, run: () => Promise<T>) {
  const sample = async () => ({
    apps: apps.map((app) => processCpuMs(app.child.pid as number)),
    proxy: processCpuMs(proxy.child.pid as number),
    answers: await proxyAnswers(),
  });
  const before = await sample();
  const result = await run();
  const after = await sample();
  const answers = after.answers - before.answers;
  const used = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
  const appMs = after.apps.map((ms, i) => used(before.apps[i], ms));
  const proxyMs = used(before.proxy, after.proxy);
  const cpu =
    answers > 0 && proxyMs !== null && appMs.every((ms) => ms !== null)
      ? {
          apps: (appMs as number[]).reduce((a, b) => a + b, 0) / answers,
          proxy: proxyMs / answers,
        }
      : null;
  return { result, cpu };
}

async function tapSends(): Promise<number[]> {
  const response = await fetch(`${url(TAP_PORTS[0])}${TAP_SENDS_PATH}`);
  const counts = (await response.json()) as Record<string, number>;
  return TAP_PORTS.map((port) => counts[port] ?? 0);
}

export async function runCluster(input: {
  options: BenchOptions;
  databaseUrl: string;
  database: Database;
  users: BenchUser[];
  main: BenchUser;
  network: string[];
  /** The endpoints to measure, given the main user's conversations and ETag. */
  endpoints: (context: EndpointContext) => Endpoint[];
}): Promise<ClusterReport> {
  const { options, database, main } = input;
  const mailboxes = options.dispatchMailboxes;
  if (options.dispatchEmails > 0 && input.users.length < 1 + 2 * mailboxes) {
    throw new Error("the cluster dispatch needs --users of at least 1 + 2 x --dispatch-mailboxes");
  }
  const loadAtStart = loadAverage();
  const proxyUrl = url(PROXY_PORT);
  const gmailUrl = url(GMAIL_PORT);
  const envs = APP_PORTS.map((port, i) => {
    const base = serverEnv({
      port,
      database: { url: input.databaseUrl },
      sandboxUrl: `${gmailUrl}/__sandbox`,
      spacingSeconds: options.spacingSeconds,
    });
    const tap = url(TAP_PORTS[i]);
    return {
      ...base,
      // One address for the three, as behind a load balancer (OAuth returns there).
      PUBLIC_URL: proxyUrl,
      DATABASE_POOL_MAX: String(CLUSTER_POOL_MAX),
      // Each process's tokens and Gmail calls through its own pass-through port.
      GOOGLE_TOKEN_URL: `${tap}/__sandbox/google/token`,
      GMAIL_API_URL: `${tap}/__sandbox/gmail`,
    };
  });
  const config = loadConfig(envs[0]);
  const processes: RunningProcess[] = [];
  try {
    processes.push(
      await startProcess({
        name: `gmail-standin-${GMAIL_PORT}`,
        entry: path.join(ROOT, "bench/src/gmail-standin.ts"),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: String(GMAIL_PORT),
          TAP_PORTS: TAP_PORTS.join(","),
          APP_URL: proxyUrl,
          GOOGLE_CLIENT_ID: config.google.clientId,
          GOOGLE_CLIENT_SECRET: config.google.clientSecret,
        },
        port: TAP_PORTS[TAP_PORTS.length - 1],
        readyPath: TAP_SENDS_PATH,
      }),
    );
    // One after the other: each start checks the migrations.
    const apps: RunningProcess[] = [];
    for (const [i, env] of envs.entries()) {
      const app = await startAppServer(env, APP_PORTS[i]);
      apps.push(app);
      processes.push(app);
    }
    const proxy = await startProcess({
      name: `proxy-${PROXY_PORT}`,
      entry: path.join(ROOT, "bench/src/proxy.ts"),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(PROXY_PORT),
        PROXY_UPSTREAMS: apps.map((app) => app.baseUrl).join(","),
      },
      port: PROXY_PORT,
      readyPath: PROXY_READY_PATH,
    });
    processes.push(proxy);
    console.log(
      `  ${apps.length} app processes (${apps.map((a) => a.baseUrl).join(", ")}), proxy ${proxyUrl}, Gmail stand-in ${gmailUrl}`,
    );

    // The main user's mailbox now lives in the shared stand-in: its history is sent there again.
    const gmail = new SandboxGmail(gmailUrl, config);
    await database.db.delete(emailMessages).where(eq(emailMessages.userId, main.id));
    const mailbox = await connectMainGmail(database, config, gmail, main.id);
    const conversations = await seedMainConversations(
      database,
      config,
      { main, network: input.network },
      options,
      mailbox,
    );
    console.log(`  ${conversations.messages} email messages of the main user sent again`);

    const figures: ClusterEndpointFigures[] = [];
    const etag = await keepNetworkEtag(proxyUrl, main);
    try {
      const endpoints = input.endpoints({
        users: input.users,
        main,
        conversations: conversations.replied,
        gmailSynced: true,
        networkEtag: etag.current,
      });
      for (const endpoint of endpoints) {
        let one: LoadResult | undefined;
        let three: LoadResult | undefined;
        let cpu: ClusterEndpointFigures["cpuMsPerAnswer"] = null;
        for (let round = 0; round < options.rounds; round++) {
          one = bestOf(
            one,
            await measureEndpoint(apps[0].baseUrl, endpoint, "app", options, "one"),
          );
          const proxied = await measureCpu(apps, proxy, () =>
            measureEndpoint(proxyUrl, endpoint, "app", options, "three"),
          );
          // The CPU figure of the round kept.
          if (bestOf(three, proxied.result) === proxied.result) cpu = proxied.cpu;
          three = bestOf(three, proxied.result);
        }
        if (cpu) {
          console.log(
            `  CPU per answer: ${cpu.apps.toFixed(2)} ms in the app processes, ${cpu.proxy.toFixed(2)} ms in the proxy`,
          );
        }
        figures.push({
          name: endpoint.name,
          request: endpoint.request,
          one: one as LoadResult,
          three: three as LoadResult,
          cpuMsPerAnswer: cpu,
        });
      }
    } finally {
      etag.stop();
    }

    let dispatch: ClusterReport["dispatch"];
    if (options.dispatchEmails > 0) {
      console.log(
        `  dispatch across the ${apps.length} processes: ${options.dispatchEmails} emails, ${mailboxes} mailboxes`,
      );
      const before = await tapSends();
      const result = await runDispatch({
        database,
        config,
        databaseUrl: input.databaseUrl,
        gmail,
        // Other users than the one-process dispatch's, with other recipients.
        senders: input.users.slice(1 + mailboxes, 1 + 2 * mailboxes),
        emails: options.dispatchEmails,
        addressPrefix: "bench.cluster",
        recipientOffset: options.dispatchEmails,
      });
      const after = await tapSends();
      dispatch = { ...result, perProcess: after.map((count, i) => count - before[i]) };
      console.log(
        `  sent ${dispatch.sent} (${dispatch.distinctMessageIds} distinct Message-IDs, ${dispatch.rowsSent} rows sent), by process ${dispatch.perProcess.join(" / ")}, last ${dispatch.latenessMax.toFixed(1)} s after due, ${dispatch.spacingViolations} gaps under the spacing`,
      );
    }
    return {
      processes: apps.length,
      poolMax: CLUSTER_POOL_MAX,
      connections: options.connections,
      endpoints: figures,
      dispatch,
      loadAtStart,
      loadAtEnd: loadAverage(),
    };
  } finally {
    for (const running of processes.reverse()) await running.stop();
  }
}
