import { randomUUID } from "node:crypto";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { createSender } from "../factories";
import { useTestApp } from "../helpers";

/**
 * Issue 32, item 6: writing (the routes where the writer, an LLM, writes) has one budget of 30
 * a minute per person across every writing route. Per-route limits let `/emails/generate` and
 * its stream give 60 together, and the founder email and a sequence's follow-ups 30 more each.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "1000" });

type Sender = Awaited<ReturnType<typeof createSender>>;

/** Each writing route, with a request it takes (unknown ids: refused, but counted first). */
const WRITING_ROUTES: Array<(user: Sender, i: number) => InjectOptions> = [
  (user) => ({
    method: "POST",
    url: "/api/emails/generate",
    headers: user.auth,
    payload: { contact_id: randomUUID() },
  }),
  (user) => ({
    method: "POST",
    url: "/api/emails/generate/stream",
    headers: user.auth,
    payload: { contact_id: randomUUID() },
  }),
  (user) => ({
    method: "POST",
    url: "/api/startups/generate_email",
    headers: user.auth,
    payload: { org_name: `Nowhere Labs ${randomUUID()}`, user_id: user.id },
  }),
  (user) => ({
    method: "POST",
    url: `/api/sequences/${randomUUID()}/enroll`,
    headers: user.auth,
    payload: { contact_ids: [randomUUID()], subject: "Hello", body: "Hi there" },
  }),
];

/** Requests round the writing routes until the first 429: how many went through before it. */
async function writeUntilLimited(user: Sender, routes = WRITING_ROUTES, max = 130) {
  for (let i = 0; i < max; i++) {
    const answer = await t.app.inject(routes[i % routes.length](user, i));
    if (answer.statusCode === 429) {
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.json().detail).toMatch(/Too many requests/);
      return i;
    }
  }
  return max;
}

describe("one writing budget", () => {
  it("/emails/generate and its stream share 30 a minute", async () => {
    const ada = await createSender(t);
    expect(await writeUntilLimited(ada, WRITING_ROUTES.slice(0, 2))).toBe(30);
  });

  it("every writing route draws on the same 30, and another person keeps their own", async () => {
    const ada = await createSender(t);
    expect(await writeUntilLimited(ada)).toBe(30);
    for (const route of WRITING_ROUTES) {
      expect((await t.app.inject(route(ada, 0))).statusCode).toBe(429);
    }
    const bo = await createSender(t);
    expect((await t.app.inject(WRITING_ROUTES[0](bo, 0))).statusCode).toBe(404);
  });
});
