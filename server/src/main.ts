import type { Server } from "node:http";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { serveWorkerMetrics } from "./http/metrics";
import { createRuntime } from "./runtime";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  // Listen for stop signals before any work starts: job workers begin inside createRuntime,
  // and a deploy may stop an instance that is still starting. A signal that arrives then is
  // honoured, gracefully, as soon as the start is complete.
  let shutdown: ((signal: string) => Promise<void>) | undefined;
  let requested: string | undefined;
  const onSignal = (signal: string) => {
    if (shutdown) void shutdown(signal);
    else requested ??= signal;
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));

  let runtime: Awaited<ReturnType<typeof createRuntime>>;
  try {
    runtime = await createRuntime(config);
  } catch (error) {
    // A refusal found at start (the demo login in a production database): say why, plainly.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  if (requested) runtime.beginStop();
  // A worker process serves no HTTP: its jobs run until a stop signal.
  const app = config.role === "worker" ? undefined : await buildApp(runtime.deps);
  await app?.listen({ port: config.port, host: config.host });
  // A worker's counters (its sends) are its own: it serves them on a port of its own.
  const metricsServer =
    !app && config.metricsPort !== undefined
      ? await serveWorkerMetrics(runtime.deps.database.raw, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        })
      : undefined;

  const mode = config.sandbox ? "sandbox" : "live";
  const database =
    config.database.kind === "postgres" ? "PostgreSQL" : `PGlite (${config.database.dataDir})`;
  const lines = [
    "",
    app
      ? `  Reachout is running at ${config.publicUrl}`
      : `  Reachout's job worker is running (${metricsAddress(metricsServer) ?? "no HTTP"})`,
    `  mode: ${mode} · database: ${database} · role: ${config.role}`,
  ];
  if (config.sandbox && app) lines.push(`  sandbox mailbox: ${config.publicUrl}/__sandbox/mail`);
  if (runtime.demoLogin) {
    lines.push(`  demo login: ${runtime.demoLogin.email} / ${runtime.demoLogin.password}`);
  }
  console.log(`${lines.join("\n")}\n`);

  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (app) app.log.info({ signal }, "shutting down");
    else console.log(`shutting down (${signal})`);
    // Start no new job work, stop taking requests, let the work under way finish (jobs not
    // started go back to the queue), then close the db.
    runtime.beginStop();
    await app?.close().catch(() => {});
    metricsServer?.close();
    await runtime.stop();
    process.exit(0);
  };
  if (requested) await shutdown(requested);
}

/** Where a worker serves its metrics, for the start banner. */
function metricsAddress(server: Server | undefined): string | undefined {
  const address = server?.address();
  if (!address || typeof address === "string") return undefined;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `metrics at http://${host}:${address.port}/metrics`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
