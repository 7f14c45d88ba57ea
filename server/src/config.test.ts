import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, isLoopbackHost, loadConfig } from "./config";

const base = () => ({
  NODE_ENV: "development",
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "reachout-config-")),
});
const allKeys = {
  GOOGLE_CLIENT_ID: "client.apps.example",
  GOOGLE_CLIENT_SECRET: "google-secret",
  STRIPE_SECRET_KEY: "sk_test_real",
  STRIPE_WEBHOOK_SECRET: "whsec_real",
};

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    expect(loadConfig(base()).trustProxy).toBe(false);
  });

  it("takes a hop count or a list of addresses and CIDRs", () => {
    expect(loadConfig({ ...base(), TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base(), TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(
      loadConfig({ ...base(), TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8" }).trustProxy,
    ).toEqual(["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8"]);
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of ["true", "loopback", "10.0.0.0/33", "10.0.0.1,", "example.com"]) {
      expect(() => loadConfig({ ...base(), TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("PROCESS_ROLE and MIGRATE_ON_START", () => {
  it("runs HTTP, jobs and migrations in one process by default (npm start)", () => {
    const config = loadConfig(base());
    expect([config.role, config.runWorkers, config.migrateOnStart]).toEqual(["all", true, true]);
    expect(loadConfig({ ...base(), RUN_WORKERS: "false" }).runWorkers).toBe(false);
  });

  it("a web process runs no jobs and migrates only when told to", () => {
    const web = loadConfig({ ...base(), PROCESS_ROLE: "web", RUN_WORKERS: "true" });
    expect([web.role, web.runWorkers, web.migrateOnStart]).toEqual(["web", false, false]);
    expect(
      loadConfig({ ...base(), PROCESS_ROLE: "web", MIGRATE_ON_START: "true" }).migrateOnStart,
    ).toBe(true);
  });

  it("a worker process runs jobs, and an `all` process can be told not to migrate", () => {
    const worker = loadConfig({ ...base(), PROCESS_ROLE: "worker", RUN_WORKERS: "false" });
    expect([worker.runWorkers, worker.migrateOnStart]).toEqual([true, false]);
    expect(loadConfig({ ...base(), MIGRATE_ON_START: "false" }).migrateOnStart).toBe(false);
    expect(() => loadConfig({ ...base(), PROCESS_ROLE: "api" })).toThrow(/PROCESS_ROLE/);
  });
});

describe("key lists", () => {
  const key = (fill: number) => Buffer.alloc(32, fill).toString("base64");

  it("reads TOKEN_ENCRYPTION_KEY as a list, newest first, and JWT_PREVIOUS_SECRET", () => {
    const config = loadConfig({
      ...base(),
      TOKEN_ENCRYPTION_KEY: `${key(2)}, ${key(1)}`,
      JWT_SECRET: "n".repeat(40),
      JWT_PREVIOUS_SECRET: `${"o".repeat(40)},${"p".repeat(40)}`,
    });
    expect(config.tokenEncryptionKey.keys.map((k) => k.key.toString("base64"))).toEqual([
      key(2),
      key(1),
    ]);
    expect(config.jwtPreviousSecrets.map((s) => new TextDecoder().decode(s))).toEqual([
      "o".repeat(40),
      "p".repeat(40),
    ]);
  });

  it("refuses a key of the list that is not 32 bytes, and a short previous secret", () => {
    expect(() => loadConfig({ ...base(), TOKEN_ENCRYPTION_KEY: `${key(2)},short` })).toThrow(
      /TOKEN_ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ ...base(), JWT_PREVIOUS_SECRET: "short" })).toThrow(
      /JWT_PREVIOUS_SECRET/,
    );
  });
});

describe("sandbox exposure", () => {
  it("listens on loopback by default in sandbox mode, everywhere with the real services", () => {
    const sandbox = loadConfig(base());
    expect(sandbox.sandbox).toBe(true);
    expect(sandbox.host).toBe("127.0.0.1");
    expect(sandbox.sandboxOpen).toBe(false);
    const live = loadConfig({ ...base(), ...allKeys });
    expect(live.sandbox).toBe(false);
    expect(live.host).toBe("0.0.0.0");
  });

  it("refuses to run the sandbox on a reachable host unless SANDBOX=on says so", () => {
    expect(() => loadConfig({ ...base(), HOST: "0.0.0.0" })).toThrow(
      /HOST=0\.0\.0\.0 is reachable from other machines.*SANDBOX=on/s,
    );
    expect(() => loadConfig({ ...base(), HOST: "192.168.1.20" })).toThrow(ConfigError);
    expect(loadConfig({ ...base(), HOST: "localhost" }).host).toBe("localhost");
    const open = loadConfig({ ...base(), HOST: "0.0.0.0", SANDBOX: "on" });
    expect(open.sandbox && open.sandboxOpen).toBe(true);
  });

  it("refuses partial keys instead of sending the real ones to the stand-ins", () => {
    const google = { GOOGLE_CLIENT_ID: allKeys.GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: "s" };
    expect(() => loadConfig({ ...base(), ...google })).toThrow(
      /GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET set but STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET missing/,
    );
    expect(() =>
      loadConfig({ ...base(), STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "w" }),
    ).toThrow(/missing/);
    expect(() => loadConfig({ ...base(), GOOGLE_CLIENT_ID: "only-the-id" })).toThrow(/missing/);
    expect(() => loadConfig({ ...base(), ...google, SANDBOX: "off" })).toThrow(/missing/);
    // An explicit SANDBOX=on may pair given keys with the stand-ins (the bench does).
    expect(loadConfig({ ...base(), ...google, SANDBOX: "on" }).google.clientId).toBe(
      allKeys.GOOGLE_CLIENT_ID,
    );
  });

  it("knows loopback addresses in their spellings", () => {
    for (const host of [
      "127.0.0.1",
      "127.3.2.1",
      "::1",
      "[::1]",
      "localhost",
      "::ffff:127.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "10.0.0.1", "::ffff:10.0.0.1", "example.com"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe("production", () => {
  const production = () => ({
    ...base(),
    ...allKeys,
    NODE_ENV: "production",
    DATABASE_URL: "postgres://unused@127.0.0.1:1/unused",
    JWT_SECRET: "x".repeat(48),
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  });

  it("refuses SANDBOX=on with NODE_ENV=production, and never runs the sandbox there (issue 32)", () => {
    const prices = { STRIPE_PRICE_GOLD: "price_1Gold", STRIPE_PRICE_BLACK: "price_1Black" };
    expect(() => loadConfig({ ...production(), ...prices, SANDBOX: "on" })).toThrow(
      /SANDBOX=on with NODE_ENV=production/,
    );
    for (const SANDBOX of ["auto", "off"]) {
      expect(loadConfig({ ...production(), ...prices, SANDBOX }).sandbox, SANDBOX).toBe(false);
    }
  });

  it("requires the real Stripe price ids", () => {
    expect(() => loadConfig(production())).toThrow(/STRIPE_PRICE_GOLD, STRIPE_PRICE_BLACK/);
    const config = loadConfig({
      ...production(),
      STRIPE_PRICE_GOLD: "price_1Gold",
      STRIPE_PRICE_BLACK: "price_1Black",
    });
    expect(config.stripe.prices).toEqual({ gold: "price_1Gold", black: "price_1Black" });
  });
});

describe("Microsoft (Connect Outlook)", () => {
  it("uses the sandbox stand-in without a registration, Microsoft's endpoints with one", () => {
    const sandbox = loadConfig(base());
    expect(sandbox.microsoft.enabled).toBe(true);
    expect(sandbox.microsoft.authorityUrl).toBe("http://localhost:3000/__sandbox/microsoft/common");
    expect(sandbox.microsoft.graphUrl).toBe("http://localhost:3000/__sandbox/microsoft");
    const live = loadConfig({
      ...base(),
      ...allKeys,
      MICROSOFT_CLIENT_ID: "11111111-2222-3333-4444-555555555555",
      MICROSOFT_CLIENT_SECRET: "ms-secret",
    });
    expect(live.microsoft).toEqual({
      enabled: true,
      clientId: "11111111-2222-3333-4444-555555555555",
      clientSecret: "ms-secret",
      authorityUrl: "https://login.microsoftonline.com/common",
      graphUrl: "https://graph.microsoft.com",
    });
    // Without a registration the real services run without Outlook.
    expect(loadConfig({ ...base(), ...allKeys }).microsoft.enabled).toBe(false);
  });

  it("sends Graph change notifications to the app's https URL, the sandbox's local one, or nowhere", () => {
    expect(loadConfig(base()).microsoftPush).toEqual({
      notificationUrl: "http://localhost:3000/api/microsoft/notifications",
    });
    const registered = {
      ...base(),
      ...allKeys,
      MICROSOFT_CLIENT_ID: "11111111-2222-3333-4444-555555555555",
      MICROSOFT_CLIENT_SECRET: "ms-secret",
    };
    // Graph calls only https endpoints: a plain-http deployment is polled.
    expect(loadConfig(registered).microsoftPush).toBeUndefined();
    expect(
      loadConfig({ ...registered, PUBLIC_URL: "https://app.reachout.example" }).microsoftPush,
    ).toEqual({ notificationUrl: "https://app.reachout.example/api/microsoft/notifications" });
    expect(
      loadConfig({
        ...registered,
        PUBLIC_URL: "https://app.reachout.example",
        MICROSOFT_NOTIFICATION_URL: "off",
      }).microsoftPush,
    ).toBeUndefined();
    expect(() =>
      loadConfig({ ...base(), MICROSOFT_NOTIFICATION_URL: "ftp://x.example/n" }),
    ).toThrow(/MICROSOFT_NOTIFICATION_URL/);
  });

  it("refuses a client id without its secret", () => {
    expect(() => loadConfig({ ...base(), MICROSOFT_CLIENT_ID: "only-the-id" })).toThrow(
      /MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET go together/,
    );
  });
});
