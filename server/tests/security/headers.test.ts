import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { createRuntime, type Runtime } from "../../src/runtime";
import { createTestApp, openTestDatabase, type TestApp } from "../helpers";

/**
 * Security headers on every kind of answer (API, error, 404), and HSTS plus
 * upgrade-insecure-requests only in production: a production-config app is built here with
 * the environment production requires.
 */
let t: TestApp;
let production: { app: FastifyInstance; runtime: Runtime; drop(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp();
  const { database, url, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: "https://reachout.example",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-prod-")),
    LOG_LEVEL: "silent",
    // Production refuses to start without these; none is contacted by this test.
    DATABASE_URL: url ?? "postgres://unused@127.0.0.1:1/unused",
    JWT_SECRET: randomBytes(48).toString("base64"),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    GOOGLE_CLIENT_ID: "client.apps.example",
    GOOGLE_CLIENT_SECRET: "google-secret",
    STRIPE_SECRET_KEY: "sk_live_unused",
    STRIPE_WEBHOOK_SECRET: "whsec_unused",
    STRIPE_PRICE_GOLD: "price_1Gold",
    STRIPE_PRICE_BLACK: "price_1Black",
    SMTP_URL: "smtp://127.0.0.1:1",
    RUN_WORKERS: "false",
  });
  expect(config.sandbox).toBe(false);
  const runtime = await createRuntime(config, { database });
  const app = await buildApp(runtime.deps, { logger: false });
  production = { app, runtime, drop };
});
afterAll(async () => {
  await t?.close();
  await production?.app.close();
  await production?.runtime.stop();
  await production?.drop();
});

const ANSWERS = [
  ["an API answer", "/api/plans", 200],
  ["a 401", "/api/user/profile", 401],
  ["a 404", "/api/nothing-here", 404],
  ["a validation error", "/api/auth/auth-provider?email=not-an-email", 400],
] as const;

function expectCommonHeaders(headers: Record<string, unknown>, context: string) {
  const csp = String(headers["content-security-policy"]);
  expect(csp, context).toContain("default-src 'self'");
  expect(csp, context).toContain("script-src 'self'");
  expect(csp, context).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, context).toContain("frame-ancestors 'none'");
  expect(csp, context).toContain("object-src 'none'");
  expect(csp, context).toContain("base-uri 'self'");
  expect(csp, context).toContain("form-action 'self'");
  expect(headers["x-content-type-options"], context).toBe("nosniff");
  expect(headers["referrer-policy"], context).toBe("no-referrer");
  expect(headers["x-powered-by"], context).toBeUndefined();
}

describe("security headers", () => {
  it.each(ANSWERS)("are on %s, without HSTS outside production", async (what, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response.headers, what);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(String(response.headers["content-security-policy"])).not.toContain(
      "upgrade-insecure-requests",
    );
  });

  it.each(ANSWERS)("are on %s in production, with HSTS", async (what, url, status) => {
    const response = await production.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response.headers, what);
    expect(String(response.headers["strict-transport-security"])).toMatch(
      /max-age=31536000; includeSubDomains/,
    );
    expect(String(response.headers["content-security-policy"])).toContain(
      "upgrade-insecure-requests",
    );
  });

  it("does not mount the sandbox stand-ins in production", async () => {
    expect((await production.app.inject({ url: "/__sandbox/mail.json" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/__sandbox/mail.json" })).statusCode).toBe(200);
  });
});
