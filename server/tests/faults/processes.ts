import { type ChildProcess, spawn } from "node:child_process";
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
 * Spawns the real server (src/main.ts) as its own process: the same entry point production
 * runs, with the given environment. Its job workers start before it listens.
 */
export function spawnServerProcess(env: Record<string, string>, timeoutMs = 60_000): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
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
      if (!output.includes("Reachout is running at")) return;
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
