import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import type { AppDeps } from "../src/deps";
import { drainSystemEmail } from "../src/modules/system-email";
import { createRuntime } from "../src/runtime";
import { EMPTY_CLUSTER } from "./provided";

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * An empty PGlite cluster, made once per run by the global setup (tests/empty-cluster.ts):
 * making one (initdb) takes 1.5 s and loading its dump 0.4 s, and a run opens a fresh database
 * about 150 times. The migrations still run on it as they do on any database. Read once per
 * test process (the files of a worker share their modules): a Blob is never changed by a load.
 */
let emptyClusterDump: Blob | undefined;
function emptyCluster(): Blob | undefined {
  const dump = inject(EMPTY_CLUSTER);
  if (!dump) return undefined;
  emptyClusterDump ??= new Blob([readFileSync(dump)]);
  return emptyClusterDump;
}

/**
 * A fresh database for one test file: PGlite in memory, or (TEST_DATABASE_URL set) a new
 * PostgreSQL database created for this file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: "pglite", loadDataDir: emptyCluster() });
    return { database, drop: () => database.close() };
  }
  const name = `ro_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), max: 5 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * The real app on a fresh database, listening on a free loopback port in sandbox mode so the
 * real integration clients reach the sandbox stand-ins over HTTP.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  // The port stays held until just before the app listens on it: opening the database takes
  // seconds, and another test process could take a port that was only looked up.
  const reservation = await reservePort();
  const port = reservation.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const { database, url, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-test-")),
    LOG_LEVEL: "silent",
    SANDBOX: "on",
    SEED_DEMO: "false",
    RUN_WORKERS: "false",
    RATE_LIMIT_MAX: "10000",
    AUTH_RATE_LIMIT_MAX: "1000",
    // Test mailboxes are connected moments before they send: tests that are not about the
    // warm-up start at the full daily cap (the deliverability tests set their own).
    GMAIL_WARMUP_START_CAP: "100000",
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  let runtime: Awaited<ReturnType<typeof createRuntime>>;
  try {
    runtime = await createRuntime(config, { database });
  } catch (error) {
    // A start refused (a test of the refusal): the database of this file goes all the same.
    await reservation.release();
    await drop();
    throw error;
  }
  const app = await buildApp(
    runtime.deps,
    options.logStream ? { logStream: options.logStream } : { logger: false },
  );
  await reservation.release();
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    deps: runtime.deps,
    baseUrl,
    async close() {
      await app.close();
      await runtime.stop();
      await drop();
    },
  };
}

/**
 * One app for the whole test file: started before its first test, closed after its last. The
 * handle reads through to that app, so tests, hooks and file-level helpers can all hold it.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  const running = () => {
    if (!current) throw new Error("the test app runs only inside this file's tests and hooks");
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get deps() {
      return running().deps;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    close: () => running().close(),
  };
}

let emailCounter = 0;
/** A fresh address for each call, at a reserved domain. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now()}.${emailCounter++}@uni.example`;

/** The system emails the sandbox mailbox holds for an address, newest first. */
export async function sandboxMail(
  t: TestApp,
  to: string,
): Promise<Array<{ subject: string; text: string }>> {
  // The test apps run no workers: hand the queued system email over first, as a worker would.
  await drainSystemEmail(t.deps);
  const response = await t.app.inject({
    url: `/__sandbox/mail.json?to=${encodeURIComponent(to)}`,
  });
  return response.json();
}

export { until } from "./until";

/** A free loopback port, held by a listening socket until `release()`. */
function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
