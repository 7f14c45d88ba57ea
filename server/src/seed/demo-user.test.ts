import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/helpers";
import { ConfigError, loadConfig } from "../config";
import { creditLedger } from "../db/schema";
import { createRuntime } from "../runtime";
import { DEMO_USER, ensureDemoUser, findDemoUserId } from "./demo-user";

const t = useTestApp();

describe("ensureDemoUser", () => {
  it("creates a verified demo login with 25 credits, once however often it runs", async () => {
    expect(await findDemoUserId(t.deps.database.db)).toBeUndefined();
    const id = await ensureDemoUser(t.deps);
    expect(await ensureDemoUser(t.deps)).toBe(id);
    expect(await findDemoUserId(t.deps.database.db)).toBe(id);

    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id));
    expect(ledger.map((row) => [row.reason, row.delta])).toEqual(
      expect.arrayContaining([
        ["signup_grant", 5],
        ["adjustment", 20],
      ]),
    );
    expect(ledger).toHaveLength(2);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
    const credits = await t.app.inject({
      url: "/api/user/credits",
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(credits.json()).toEqual({ credits: 25 });
  });
});

describe("the demo login outside the sandbox (issue 32)", () => {
  /** A production configuration, as main.ts would load it (the test's database is passed in). */
  const production = () =>
    loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://unused@127.0.0.1:1/unused",
      JWT_SECRET: "x".repeat(48),
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_GOLD: "price_1Gold",
      STRIPE_PRICE_BLACK: "price_1Black",
      RUN_WORKERS: "false",
    });

  it("is never created outside sandbox mode", async () => {
    const live = { ...t.deps, config: { ...t.deps.config, sandbox: false } };
    await expect(ensureDemoUser(live)).rejects.toThrow(/only in sandbox mode/);
  });

  it("stops a production start while it exists, with a clear error", async () => {
    // The database of the test above holds the demo login (a sandbox once ran against it).
    expect(await findDemoUserId(t.deps.database.db)).toBeDefined();
    const start = createRuntime(production(), { database: t.deps.database });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(
      /Refusing to start: the database holds the sandbox's demo login demo@reachout\.example/,
    );
  });
});
