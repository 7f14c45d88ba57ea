import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import { knownMigrations, runMigrations } from "../../db/migrate";

describe("GET /api/ready of a web process (PROCESS_ROLE=web)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PROCESS_ROLE: "web" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts without migrating: not ready (503) until the migrations are applied, then 200", async () => {
    expect(t.deps.config.migrateOnStart).toBe(false);
    expect(t.deps.config.runWorkers).toBe(false);
    const before = await t.app.inject({ url: "/api/ready" });
    expect(before.statusCode).toBe(503);
    expect(before.json().detail).toContain(`${knownMigrations().length} migration(s)`);
    // Liveness does not depend on the migrations.
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);

    const applied = await runMigrations(t.deps.database);
    expect(applied).toEqual(knownMigrations());
    const after = await t.app.inject({ url: "/api/ready" });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: "ready" });
  });

  it("answers 503 naming the one migration missing", async () => {
    const last = knownMigrations().at(-1) as string;
    const [row] = (
      await t.deps.database.raw.query<{ hash: string }>(
        "select hash from __migrations where name = $1",
        [last],
      )
    ).rows;
    await t.deps.database.raw.query("delete from __migrations where name = $1", [last]);
    try {
      const response = await t.app.inject({ url: "/api/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json().detail).toContain(last);
    } finally {
      await t.deps.database.raw.query("insert into __migrations (name, hash) values ($1, $2)", [
        last,
        row.hash,
      ]);
    }
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
  });

  it("answers 503 when the database does not answer", async () => {
    const raw = t.deps.database.raw;
    const query = raw.query;
    raw.query = async () => {
      throw new Error("connection terminated");
    };
    try {
      const response = await t.app.inject({ url: "/api/ready" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: "The database does not answer." });
    } finally {
      raw.query = query;
    }
  });
});

describe("a worker process (PROCESS_ROLE=worker) on a database its release has not migrated", () => {
  it("refuses to start, saying to run npm run migrate", async () => {
    await expect(createTestApp({ PROCESS_ROLE: "worker" })).rejects.toThrow(/npm run migrate/);
  });
});

describe("a process with the default role (npm start, the e2e and test servers)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("migrates while starting and is ready", async () => {
    expect(t.deps.config.role).toBe("all");
    expect(t.deps.config.migrateOnStart).toBe(true);
    expect((await t.app.inject({ url: "/api/ready" })).statusCode).toBe(200);
  });
});
