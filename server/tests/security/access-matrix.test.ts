import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../src/app";
import { issueSession } from "../../src/http/auth";
import { publishEvent, subscriberCount } from "../../src/modules/events/bus";
import { signSessionToken } from "../auth-users";
import { createUser } from "../factories";
import { createTestApp, type TestApp } from "../helpers";
import { until } from "../until";
import { type Check, FIXTURES, PUBLIC_ROUTES, protectedFields, type Req } from "./access-fixtures";
import { snapshotDatabase, snapshotUser } from "./snapshot";
import { createWorld, privateStrings, type World } from "./world";

/**
 * The cross-user access matrix, generated from the app's route table: every route that needs
 * a session or takes an id has fixtures, and each fixture is tried by one user against another
 * user's objects. A new route without a fixture fails the first test.
 */
let t: TestApp;
let owner: World;
let actor: World;
let admin: { id: string; auth: { authorization: string } };
let routes: RouteEntry[];
const figures = { requests: 0, routes: 0, foreign: 0, reads: 0, own: 0, admin: 0 };

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const isApi = (route: RouteEntry) =>
  route.url.startsWith("/api/") && !route.url.startsWith("/api/docs");

beforeAll(async () => {
  t = await createTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });
  routes = t.app.routeTable.filter(isApi);
  owner = await createWorld(t, "owner");
  actor = await createWorld(t, "actor");
  admin = await createUser(t, { email: "admin@reachout.example" });
}, 120_000);
afterAll(async () => {
  console.info(
    `access matrix: ${figures.requests} requests over ${figures.routes} routes — ${figures.foreign} foreign-object attempts, ${figures.reads} list reads, ${figures.own} smuggled-field requests, ${figures.admin} admin-gate attempts; 0 leaks, 0 unexpected changes`,
  );
  await t?.close();
});

async function send(request: Req, auth: Record<string, string>) {
  figures.requests++;
  return t.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: { ...(request.headers ?? {}), ...auth },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

async function sentMailCount(): Promise<number> {
  return (await t.app.inject({ url: "/__sandbox/gmail/sent.json" })).json().length;
}

function expectNoneOf(body: string, secrets: string[], context: string) {
  const lower = body.toLowerCase();
  const leaked = secrets.filter((s) => lower.includes(s.toLowerCase()));
  expect(leaked, `${context} leaked ${leaked.join(", ")}`).toEqual([]);
}

function checksOf(kind: Check["kind"]) {
  return Object.entries(FIXTURES).flatMap(([key, checks]) =>
    checks.filter((c) => c.kind === kind).map((check) => ({ key, check })),
  );
}

describe("cross-user access matrix", () => {
  it("has a fixture for every route that needs a session or takes an id, and no stale ones", () => {
    const keys = routes.map(keyOf);
    const needFixture = routes.filter(
      (r) => !PUBLIC_ROUTES.has(keyOf(r)) || r.url.includes(":") || r.isProtected,
    );
    figures.routes = needFixture.length;
    const missing = needFixture.map(keyOf).filter((key) => !FIXTURES[key]);
    expect(missing, "routes without a cross-user fixture").toEqual([]);
    expect(Object.keys(FIXTURES).filter((key) => !keys.includes(key))).toEqual([]);
    expect([...PUBLIC_ROUTES].filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("answers 401 without a session, with a forged token and with a revoked one", async () => {
    const forged = await signSessionToken({
      userId: owner.id,
      email: owner.email,
      jti: "forged",
      key: new TextEncoder().encode("not the server's secret, but long enough"),
    });
    const revoked = await issueSession(t.deps.database.db, t.deps.config, {
      id: owner.id,
      email: owner.email,
    });
    const logout = await send(
      { method: "POST", url: "/api/auth/logout" },
      {
        authorization: `Bearer ${revoked}`,
      },
    );
    expect(logout.statusCode).toBe(200);
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(keyOf(r)));
    expect(guarded.length).toBeGreaterThan(40);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z_]+/g, owner.positionId);
      for (const token of [null, forged, revoked]) {
        const response = await send(
          { method: route.method, url, ...(route.method === "GET" ? {} : { payload: {} }) },
          token ? { authorization: `Bearer ${token}` } : {},
        );
        const context = `${route.method} ${route.url} with ${token ? "a bad token" : "no token"}`;
        expect(response.statusCode, context).toBe(401);
        expect(typeof response.json().detail, context).toBe("string");
      }
    }
  });

  it("answers 404 (403 for someone else's user_id) on another user's objects and changes nothing", async () => {
    const foreign = checksOf("foreign");
    expect(foreign.length).toBeGreaterThan(20);
    for (const { key, check } of foreign) {
      if (check.kind !== "foreign") continue;
      figures.foreign++;
      const request = check.request(owner);
      const before = await snapshotDatabase(t.deps.database);
      const sentBefore = await sentMailCount();
      const response = await send(request, actor.auth);
      const context = `${key} by another user → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, context).toBe(check.status);
      if (check.status >= 400) expect(typeof response.json().detail, context).toBe("string");
      check.verify?.(response.json());
      expectNoneOf(response.body, privateStrings(owner, { withContacts: false }), context);
      expect(await snapshotDatabase(t.deps.database), `${context} changed the database`).toEqual(
        before,
      );
      expect(await sentMailCount(), `${context} sent mail`).toBe(sentBefore);

      // The same request by the owner works: the fixture names a real object.
      const own = await send(check.request(owner), owner.auth);
      const ownContext = `${key} by its owner → ${own.body.slice(0, 200)}`;
      if (check.ownerStatus) expect(own.statusCode, ownContext).toBe(check.ownerStatus);
      else expect(own.statusCode, ownContext).toBeLessThan(300);
    }
  });

  it("never lists another user's rows, even when asked for them by user_id", async () => {
    const reads = checksOf("read");
    for (const { key, check } of reads) {
      if (check.kind !== "read") continue;
      const path = check.url ?? key.split(" ")[1];
      const separator = path.includes("?") ? "&" : "?";
      const widened = `${path}${separator}user_id=${owner.id}&userId=${owner.id}&owner_id=${owner.id}`;
      const secrets = privateStrings(owner, { withContacts: check.withContacts });
      const ownerBefore = await snapshotUser(t.deps.database, owner.id);
      for (const url of [path, widened]) {
        figures.reads++;
        const response = await send({ method: "GET", url }, actor.auth);
        const context = `${key} (${url.slice(path.length) || "plain"})`;
        expect([200, 400], `${context} → ${response.statusCode}`).toContain(response.statusCode);
        expectNoneOf(response.body, secrets, context);
      }
      expect(await snapshotUser(t.deps.database, owner.id), `${key} changed the owner`).toEqual(
        ownerBefore,
      );
      if (check.ownerSees) {
        // The leak detector is live: the owner's own answer does contain the owner's data.
        const own = await send({ method: "GET", url: path }, owner.auth);
        const lower = own.body.toLowerCase();
        expect(
          secrets.some((s) => lower.includes(s.toLowerCase())),
          `${key}: the owner's answer should show their own data`,
        ).toBe(true);
      }
    }
  });

  it("ignores credits, plan, user_id and other protected fields sent in bodies", async () => {
    const own = checksOf("own");
    for (const { key, check } of own) {
      if (check.kind !== "own") continue;
      figures.own++;
      const request = check.request(actor, owner);
      if (
        request.payload &&
        typeof request.payload === "object" &&
        !Buffer.isBuffer(request.payload)
      ) {
        request.payload = { ...protectedFields(owner), ...request.payload };
      }
      const ownerBefore = await snapshotUser(t.deps.database, owner.id);
      const actorBefore = await profileOf(actor);
      // Log-out ends the session it is called with: use a spare one.
      const auth =
        key === "POST /api/auth/logout"
          ? {
              authorization: `Bearer ${await issueSession(t.deps.database.db, t.deps.config, actor)}`,
            }
          : actor.auth;
      const response = await send(request, auth);
      const context = `${key} with smuggled fields → ${response.statusCode} ${response.body.slice(0, 200)}`;
      expect(response.statusCode, context).toBeLessThan(300);
      check.verify?.(response.json(), actor, owner);
      expect(await snapshotUser(t.deps.database, owner.id), `${context} changed the owner`).toEqual(
        ownerBefore,
      );
      const actorAfter = await profileOf(actor);
      expect(actorAfter.credits, `${context} raised credits`).toBeLessThanOrEqual(
        actorBefore.credits,
      );
      expect(actorAfter.plan, context).toBe(actorBefore.plan);
      expect(actorAfter.email, context).toBe(actorBefore.email);
    }
  });

  it("answers 403 to a non-admin on every admin route and changes nothing", async () => {
    const gates = checksOf("admin");
    const adminRoutes = routes.filter((r) => r.isAdmin).map(keyOf);
    expect(gates.map((g) => g.key)).toEqual(expect.arrayContaining(adminRoutes));
    for (const { key, check } of gates) {
      if (check.kind !== "admin") continue;
      figures.admin++;
      const before = await snapshotDatabase(t.deps.database);
      const response = await send(check.request(), actor.auth);
      expect(response.statusCode, `${key} by a non-admin`).toBe(403);
      expect(typeof response.json().detail).toBe("string");
      expect(await snapshotDatabase(t.deps.database), `${key} changed the database`).toEqual(
        before,
      );
      const allowed = await send(check.request(), admin.auth);
      expect(allowed.statusCode, `${key} by an admin → ${allowed.body.slice(0, 200)}`).not.toBe(
        403,
      );
      expect(allowed.statusCode).toBeLessThan(500);
    }
  });

  it("streams only the caller's own live events", async () => {
    const controller = new AbortController();
    const ticket = (
      await t.app.inject({ method: "POST", url: "/api/events/ticket", headers: actor.auth })
    ).json().ticket;
    const response = await fetch(`${t.baseUrl}/api/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    // Publish once the stream is subscribed (not after a fixed pause a slow machine may outlast).
    await until("the stream subscribed", () => subscriberCount(actor.id) > 0, 10_000, 10);
    publishEvent(owner.id, { type: "credits", credits: 424242 });
    publishEvent(actor.id, { type: "credits", credits: 737373 });
    await readUntil("737373");
    controller.abort();
    expect(text).toContain("737373");
    expect(text).not.toContain("424242");
  });
});

async function profileOf(world: World) {
  const response = await t.app.inject({ url: "/api/user/profile", headers: world.auth });
  expect(response.statusCode).toBe(200);
  return response.json() as { credits: number; plan: string; email: string };
}
