/**
 * The servers under test run as their own processes (from source, through tsx), so the load
 * generator never shares their event loop. Every process started here is stopped by its pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_CLIENT, SANDBOX_MICROSOFT_CLIENT, SANDBOX_PUSH } from "@reachout/sandbox/serve";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const LOG_DIR = path.join(os.tmpdir(), "reachout-bench-logs");
export const APP_PORT = 3310;
export const BARE_PORT = 3311;
export const STAND_INS_PORT = 3315;

export type DatabaseTarget = { url: string } | { dataDir: string };

/** Secrets shared by the bench and its servers: the bench signs sessions the server accepts. */
export const SECRETS = {
  JWT_SECRET: randomBytes(48).toString("base64url"),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
};

/** The Stripe stand-in signs its webhooks with this secret, and the app checks them with it. */
const STRIPE_WEBHOOK_SECRET = `whsec_${randomBytes(12).toString("hex")}`;

/**
 * Production settings (NODE_ENV=production, HSTS, no pretty logs), as a deployment configures
 * them (the production smoke run's settings): Google, Gmail, Microsoft and Stripe are reached
 * only through their base URLs, here pointed at the stand-ins' own process (`sandboxUrl`, its
 * `…/__sandbox` URL; see startStandIns). No LLM is configured, as in the smoke run: the
 * sandbox has no LLM stand-in, and the app writes with its offline writer. Rate limits are high
 * enough that the load generator (every request from 127.0.0.1) is not refused; per-route
 * limits keyed by session stay as coded.
 */
export function serverEnv(options: {
  port: number;
  database: DatabaseTarget;
  /** The stand-ins' base URL, `http://host:port/__sandbox`. */
  sandboxUrl: string;
  spacingSeconds: number;
  webDist?: string;
  production?: boolean;
}): NodeJS.ProcessEnv {
  const publicUrl = `http://127.0.0.1:${options.port}`;
  const { sandboxUrl } = options;
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: options.production === false ? "development" : "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    ...("url" in options.database
      ? {
          DATABASE_URL: options.database.url,
          DATA_DIR: path.join(os.tmpdir(), "reachout-bench-data"),
        }
      : { DATA_DIR: options.database.dataDir }),
    ...SECRETS,
    // The bench's users are seeded verified and nothing it measures sends system email; a
    // production server still needs somewhere to send it, and nothing listens here.
    SMTP_URL: "smtp://127.0.0.1:1",
    GOOGLE_CLIENT_ID: SANDBOX_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: SANDBOX_CLIENT.clientSecret,
    GOOGLE_AUTH_URL: `${sandboxUrl}/google/authorize`,
    GOOGLE_TOKEN_URL: `${sandboxUrl}/google/token`,
    GOOGLE_USERINFO_URL: `${sandboxUrl}/google/userinfo`,
    GOOGLE_JWKS_URL: `${sandboxUrl}/google/jwks`,
    GOOGLE_ISSUER: `${sandboxUrl}/google`,
    GMAIL_API_URL: `${sandboxUrl}/gmail`,
    GMAIL_PUSH_TOPIC: SANDBOX_PUSH.topicName,
    GMAIL_PUSH_AUDIENCE: `${publicUrl}/api/gmail/push`,
    GMAIL_PUSH_SERVICE_ACCOUNT: SANDBOX_PUSH.serviceAccount,
    MICROSOFT_CLIENT_ID: SANDBOX_MICROSOFT_CLIENT.clientId,
    MICROSOFT_CLIENT_SECRET: SANDBOX_MICROSOFT_CLIENT.clientSecret,
    MICROSOFT_AUTHORITY_URL: `${sandboxUrl}/microsoft/common`,
    MICROSOFT_GRAPH_URL: `${sandboxUrl}/microsoft`,
    STRIPE_SECRET_KEY: "sk_test_bench",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: `${sandboxUrl}/stripe`,
    // The Stripe stand-in's prices (production settings refuse to start without price ids).
    STRIPE_PRICE_GOLD: "price_gold_monthly",
    STRIPE_PRICE_BLACK: "price_black_monthly",
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "100000000",
    SEED_DEMO: "false",
    RUN_WORKERS: "true",
    GMAIL_MIN_SPACING_SECONDS: String(options.spacingSeconds),
    // The dispatch run measures sending, not a new mailbox's warm-up (20 a day at first).
    GMAIL_WARMUP_START_CAP: "100000",
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
  };
}

/** Every process started and not yet stopped, so an interrupted bench stops them too. */
const running = new Set<RunningProcess>();

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

export interface RunningProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${timeoutMs / 1000} s`);
}

/** Starts a TypeScript entry point with tsx and waits for its readiness URL. */
export async function startProcess(options: {
  name: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
}): Promise<RunningProcess> {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = createWriteStream(path.join(LOG_DIR, `${options.name}.log`));
  // BENCH_CPU_PROFILE=<folder> writes a V8 CPU profile of each server when it stops.
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", options.entry], {
    cwd: ROOT,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    running.delete(handle);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    // The server lets work under way finish for up to 35 s before closing the database.
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    await exited;
    clearTimeout(timer);
  };
  const handle: RunningProcess = { name: options.name, baseUrl, child, stop };
  running.add(handle);
  try {
    await waitUntilReady(`${baseUrl}${options.readyPath}`, child, 180_000);
  } catch (error) {
    await stop();
    throw new Error(
      `${options.name} did not start (${(error as Error).message}); see ${LOG_DIR}/${options.name}.log`,
    );
  }
  return handle;
}

export function startAppServer(env: NodeJS.ProcessEnv, port = APP_PORT) {
  return startProcess({
    name: `app-${port}`,
    entry: path.join(ROOT, "server/src/main.ts"),
    env,
    port,
    readyPath: "/api/health",
  });
}

export function startBareServer(env: NodeJS.ProcessEnv, port = BARE_PORT) {
  return startProcess({
    name: `bare-${port}`,
    entry: path.join(ROOT, "bench/src/bare-server.ts"),
    env: { ...env, PORT: String(port) },
    port,
    readyPath: "/bare/ready",
  });
}

export type StandIns = RunningProcess & { sandboxUrl: string };

/**
 * The stand-ins for Google, Gmail, Microsoft and Stripe as their own process
 * (sandbox/src/serve.ts), as the production smoke run starts them: the app reaches them only
 * through the base URLs of serverEnv, and Gmail pushes mailbox changes to `appUrl` as Pub/Sub
 * would. The answer's `sandboxUrl` is the URL serverEnv takes.
 */
export async function startStandIns(appUrl: string, port = STAND_INS_PORT): Promise<StandIns> {
  const standIns = await startProcess({
    name: `stand-ins-${port}`,
    entry: path.join(ROOT, "sandbox/src/serve.ts"),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      APP_URL: appUrl,
      GMAIL_PUSH: "on",
      STRIPE_WEBHOOK_SECRET,
    },
    port,
    readyPath: "/__sandbox/google/jwks",
  });
  return Object.assign(standIns, { sandboxUrl: `${standIns.baseUrl}/__sandbox` });
}
