import { createHmac } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified } from "../auth-users";
import {
  advancePeriod,
  billingInfo,
  creditHistory,
  deliverEvent,
  payCheckout,
  type SandboxEvent,
  sandboxEvents,
  setDelivery,
  startCheckout,
} from "../billing-flow";
import { createTestApp, type TestApp } from "../helpers";
import { until } from "../until";

/**
 * Stripe's webhooks as they really arrive: late, out of order, several times, concurrently,
 * mixed with forged, stale and tampered ones. A subscription's whole life (checkout, a renewal,
 * a cancellation at period end, its end) is recorded from the sandbox with delivery held, then
 * delivered in random orders; the account must end exactly as in-order delivery leaves it.
 */
let t: TestApp;
let sequence = 0;
const figures = { lifecycles: 0, deliveries: 0, forged: 0 };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  console.info(
    `stripe webhooks: ${figures.lifecycles} subscription lifecycles, ${figures.deliveries} genuine deliveries (shuffled, duplicated, concurrent) and ${figures.forged} forged, stale or tampered ones; every account ended as in-order delivery leaves it`,
  );
  await setDelivery(t, "auto").catch(() => {});
  await t?.close();
});

type User = Awaited<ReturnType<typeof signUpVerified>>;

/** Runs a subscription's life on the sandbox with delivery held; answers its events, oldest first. */
async function recordLifecycle(user: User): Promise<SandboxEvent[]> {
  figures.lifecycles++;
  const known = new Set((await sandboxEvents(t)).map((e) => e.id));
  const fresh = async () => (await sandboxEvents(t)).filter((e) => !known.has(e.id));
  await setDelivery(t, "hold");
  const { sessionId } = await startCheckout(t, user.auth, user.userId, "gold");
  await payCheckout(t, sessionId);
  const created = (await fresh()).find((e) => e.type === "customer.subscription.created");
  const subscription = created?.object_id ?? "";
  expect(subscription).not.toBe("");
  await advancePeriod(t, subscription);
  const update = await t.app.inject({
    method: "POST",
    url: `/__sandbox/stripe/v1/subscriptions/${subscription}`,
    headers: {
      authorization: `Bearer ${t.deps.config.stripe.secretKey}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    payload: "cancel_at_period_end=true",
  });
  expect(update.statusCode).toBe(200);
  await until("the subscription's update event", async () =>
    (await fresh()).some((e) => e.type === "customer.subscription.updated"),
  );
  await advancePeriod(t, subscription);
  const events = (await fresh()).reverse();
  expect(events.every((e) => !e.delivered)).toBe(true);
  expect(events.map((e) => e.type)).toContain("customer.subscription.deleted");
  return events;
}

async function accountState(user: User) {
  const info = await billingInfo(t, user.auth);
  const history = await creditHistory(t, user.auth, "?limit=100");
  return {
    plan: info.plan,
    credits: info.user_credits,
    ledger: history.entries.map((e) => `${e.reason}:${e.delta}`).sort(),
  };
}

const sign = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;

/** A forged, stale or tampered copy of an event: each must be refused and change nothing. */
async function deliverForgery(event: SandboxEvent, kind: "forged" | "stale" | "tampered") {
  figures.forged++;
  const payload = JSON.stringify({
    id: kind === "tampered" ? `${event.id}_x` : event.id,
    object: "event",
    type: event.type,
    data: { object: { id: event.object_id } },
  });
  const secret = t.deps.config.stripe.webhookSecret;
  const signature =
    kind === "forged"
      ? sign(payload, "whsec_attacker")
      : kind === "stale"
        ? sign(payload, secret, Math.floor(Date.now() / 1000) - 3600)
        : sign(payload.replace(`${event.id}_x`, event.id), secret);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    payload,
  });
  expect(response.statusCode, `${kind} ${event.type}`).toBe(400);
}

const deliver = async (event: SandboxEvent) => {
  figures.deliveries++;
  expect((await deliverEvent(t, event.id)).status).toBe(200);
};

describe("Stripe webhooks under duplication, reordering and forgery", () => {
  let expected: Awaited<ReturnType<typeof accountState>>;

  it("records the in-order outcome of a subscription's life", async () => {
    const user = await signUpVerified(t, `stripe.ref.${++sequence}@uni.example`);
    const events = await recordLifecycle(user);
    for (const event of events) await deliver(event);
    expected = await accountState(user);
    // Gold was bought and renewed once, then it ended: Free again, with the credits kept.
    expect(expected.plan).toBe("free");
    expect(expected.ledger.filter((l) => l.endsWith(":225"))).toHaveLength(2);
    expect(expected.credits).toBe(5 + 225 + 225);
  });

  it("ends in the same state whatever the order, duplicates, concurrency and forgeries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.constantFrom("forged", "stale", "tampered"), { minLength: 1, maxLength: 4 }),
        async (seed, forgeries) => {
          const user = await signUpVerified(t, `stripe.run.${++sequence}@uni.example`);
          const events = await recordLifecycle(user);
          // Every event at least once, some up to three times, in a seeded random order.
          const random = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed, numRuns: 200 });
          const copies = events.flatMap((event, i) =>
            Array.from({ length: 1 + (random[i] % 3) }, () => event),
          );
          const order = copies
            .map((event, i) => ({ event, key: random[(i + 37) % random.length] }))
            .sort((a, b) => a.key - b.key)
            .map((entry) => entry.event);
          // Delivered in concurrent groups of up to four, forgeries in between.
          for (let i = 0; i < order.length; i += 4) {
            await Promise.all(order.slice(i, i + 4).map(deliver));
            const forgery = forgeries[(i / 4) % forgeries.length];
            await deliverForgery(order[i], forgery as "forged" | "stale" | "tampered");
          }
          expect(await accountState(user)).toEqual(expected);
        },
      ),
      { numRuns: 12, seed: 20251121 },
    );
  }, 240_000);
});
