import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../../src/app";
import { issueSession } from "../../src/http/auth";
import { NUL_REFUSED } from "../../src/http/nul-guard";
import { createTestApp, type TestApp } from "../helpers";
import { FIXTURES } from "./access-fixtures";
import { hostileString, hostileValue, schemaKeys, toQueryString } from "./hostile";
import { createWorld, type World } from "./world";

/**
 * Property: whatever a client sends to any route, the answer is never a 5xx, and every 4xx
 * carries a {detail}. Generated from the app's own route table, so new routes are covered.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

// Streams (SSE) never end and the sandbox stand-ins are not the product.
const SKIP = [/^\/__sandbox/, /^\/api\/docs/, /^\/api\/events/, /^\/\*$/];

let t: TestApp;
let auth: { authorization: string };
let world: World;
let routes: RouteEntry[];
/** Ids of the fuzzer's own objects: half the path values name one, so bodies reach the services. */
let pathValue: fc.Arbitrary<string>;
const figures = { requests: 0, routes: 0, fourxx: 0, nul: 0 };

beforeAll(async () => {
  t = await createTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });
  world = await createWorld(t, "fuzzer");
  auth = world.auth;
  const ids = [
    world.resumeId,
    world.positionId,
    world.scheduledEmailId,
    world.sentEmailId,
    ...world.contactIds,
  ];
  pathValue = fc.oneof(hostileString, fc.constantFrom(...ids));
  routes = t.app.routeTable.filter((r) => !SKIP.some((p) => p.test(r.url)));
});
afterAll(async () => {
  console.info(
    `fuzz: ${figures.requests} requests over ${figures.routes} routes, ${figures.fourxx} answered 4xx, 0 answered 5xx; ${figures.nul} valid requests with U+0000 in one field, all refused with 400`,
  );
  await t?.close();
});

function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(values[i++] ?? "x"));
}

describe("hostile input on every route", () => {
  it("never answers 5xx and always explains a 4xx with {detail}", async () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      figures.routes++;
      const queryKeys = schemaKeys(route.schema?.querystring);
      const bodyKeys = schemaKeys(route.schema?.body);
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          fc.record(Object.fromEntries(queryKeys.map((k) => [k, hostileValue])), {
            requiredKeys: [],
          }),
          fc.oneof(
            fc.record(Object.fromEntries(bodyKeys.map((k) => [k, hostileValue])), {
              requiredKeys: [],
            }),
            hostileValue,
          ),
          fc.boolean(),
          async (pathValues, query, body, withToken) => {
            const response = await t.app.inject({
              method: route.method as "GET",
              url:
                fillPath(route.url, pathValues) + toQueryString(query as Record<string, unknown>),
              headers: withToken ? auth : {},
              ...(route.method === "GET" || route.method === "DELETE"
                ? {}
                : { payload: body as object }),
            });
            figures.requests++;
            const context = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, context).toBeLessThan(500);
            if (response.statusCode >= 400) {
              figures.fourxx++;
              expect(typeof response.json().detail, context).toBe("string");
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20251121 },
      );
    }
  }, 600_000);

  it("refuses U+0000 in any text field of an otherwise valid request with 400", async () => {
    // PostgreSQL text cannot hold it: a valid request carrying one used to fail at INSERT (500).
    let refusedByGuard = 0;
    // The hostile run above may have logged the fuzzer out: a fresh session.
    const token = await issueSession(t.deps.database.db, t.deps.config, world);
    const fresh = { authorization: `Bearer ${token}` };
    for (const [key, checks] of Object.entries(FIXTURES)) {
      for (const check of checks) {
        if (check.kind !== "own" && check.kind !== "foreign") continue;
        const request = check.kind === "own" ? check.request(world, world) : check.request(world);
        const body = request.payload;
        if (!body || typeof body !== "object" || Buffer.isBuffer(body)) continue;
        for (const [field, value] of Object.entries(body)) {
          if (typeof value !== "string") continue;
          figures.nul++;
          const response = await t.app.inject({
            method: request.method as "POST",
            url: request.url,
            headers: fresh,
            payload: { ...body, [field]: `${value}\u0000` },
            // Another address than the hostile run's, whose route limits it may have used up.
            remoteAddress: `10.99.0.${figures.nul % 250}`,
          });
          const context = `${key} with U+0000 in ${field} → ${response.statusCode} ${response.body}`;
          expect(response.statusCode, context).toBe(400);
          if (response.json().detail === NUL_REFUSED) refusedByGuard++;
        }
      }
    }
    expect(refusedByGuard).toBeGreaterThan(10);
  }, 120_000);
});
