import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote, for failure messages. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** Resolves once it has started and printed its banner. */
  ready: Promise<void>;
}

/**
 * The environment of real server processes beside a test or benchmark: live mode against the
 * stand-ins of a sandbox server of their own (`sandboxEnv`), the given PostgreSQL database, fresh
 * secrets, no demo data, and neither a daily cap, a new mailbox's warm-up nor a send window in
 * the way (those are not what such runs are about).
 */
export function standaloneServerEnv(options: {
  databaseUrl: string;
  publicUrl: string;
  sandboxEnv: Record<string, string>;
  dataDirPrefix: string;
}): Record<string, string> {
  return {
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    PUBLIC_URL: options.publicUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), options.dataDirPrefix)),
    LOG_LEVEL: "warn",
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: randomBytes(48).toString("base64"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SANDBOX: "off",
    // Live mode, but follow-ups due whatever the hour and weekday the run happens at.
    SEQUENCE_DEFAULT_WINDOW: "off",
    SMTP_URL: "smtp://127.0.0.1:1",
    ...options.sandboxEnv,
    STRIPE_SECRET_KEY: "sk_test_unused",
    STRIPE_WEBHOOK_SECRET: "whsec_unused",
    SEED_DEMO: "false",
    GMAIL_DAILY_CAP: "100000",
    GMAIL_WARMUP_START_CAP: "100000",
  };
}

/**
 * Spawns the real server (src/main.ts) as its own process: the same entry point production
 * runs, with the given environment (and `nodeArgs` before it, such as a CPU profile's). Its job
 * workers start before it listens.
 */
export function spawnServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    nodeArgs?: string[];
    /** Run the production bundle (server/dist/main.js, from `npm run build`), not the sources. */
    built?: boolean;
    /** The banner line that says it started (default: a web process's). */
    readyText?: string;
  } = {},
): ServerProcess {
  const { timeoutMs = 60_000, nodeArgs = [], readyText = "Reachout is running at" } = options;
  const entry = options.built
    ? ["--enable-source-maps", "dist/main.js"]
    : ["--import", "tsx", "src/main.ts"];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout?.on("data", () => {
      if (!output.includes(readyText)) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it started:\n${output}`));
    });
  });
  ready.catch(() => {});
  return { child, output: () => output, exited, ready };
}

/** Spawns the real server and resolves once it has started. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServerProcess(env);
  await server.ready;
  return server;
}
