import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { createBoss } from "../jobs/boss";
import { serveWorkerMetrics } from "./metrics";

/** A worker's /metrics listener (METRICS_PORT): the same rule as the web process's route. */
let database: Database;
let boss: PgBoss;
const servers: Server[] = [];
beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await runMigrations(database);
  // The gauges read pg-boss's tables: its real schema, with the app's queues made by a start.
  boss = createBoss(database);
  boss.on("error", () => {});
  await boss.start();
  await boss.createQueue("system-email");
});
afterAll(async () => {
  for (const server of servers) server.close();
  await boss.stop({ graceful: false, wait: true });
  await database.close();
});

async function listen(token?: string): Promise<string> {
  const server = await serveWorkerMetrics(database.raw, { port: 0, host: "127.0.0.1", token });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a worker's /metrics listener", () => {
  it("answers this machine, and nothing but GET /metrics", async () => {
    const url = await listen();
    const ok = await fetch(`${url}/metrics`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    const text = await ok.text();
    expect(text).toContain("reachout_outbox_backlog 0");
    expect(text).toContain('reachout_job_queue_depth{queue="system-email"} 0');
    const other = await fetch(`${url}/api/health`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ detail: "No route for GET /api/health" });
  });

  it("without a token, does not exist for a forwarded client", async () => {
    const url = await listen();
    const forwarded = await fetch(`${url}/metrics`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(forwarded.status).toBe(404);
  });

  it("with a token, asks a forwarded client for it and admits it", async () => {
    const token = "worker-metrics-token-123";
    const url = await listen(token);
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const refused = await fetch(`${url}/metrics`, { headers });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      detail: "Metrics need Authorization: Bearer <METRICS_TOKEN>",
    });
    const wrong = await fetch(`${url}/metrics`, {
      headers: { ...headers, authorization: "Bearer nope" },
    });
    expect(wrong.status).toBe(401);
    const admitted = await fetch(`${url}/metrics`, {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(admitted.status).toBe(200);
  });
});
