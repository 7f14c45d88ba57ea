import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import {
  advancePeriod,
  billingInfo,
  billingRow,
  creditHistory,
  deliverEvent,
  payCheckout,
  sandboxEvents,
  setDelivery,
  startCheckout,
  subscribe,
} from "../../../tests/billing-flow";
import { uniqueEmail, useTestApp } from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { stripeEvents } from "../../db/schema";

const t = useTestApp();

const newUser = () => signUpVerified(t, uniqueEmail("hook"));

const sign = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;

const postWebhook = (payload: string, signature?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "stripe-signature": signature } : {}),
    },
    payload,
  });

const countEvents = async () =>
  (await t.deps.database.db.select({ id: stripeEvents.id }).from(stripeEvents)).length;

/** A real invoice.paid event body from the sandbox, for tampering with. */
async function paidInvoiceEvent() {
  const { userId, auth } = await newUser();
  await subscribe(t, auth, userId, "gold");
  const [event] = await sandboxEvents(t, "invoice.paid");
  return { auth, userId, event };
}

describe("webhook signatures", () => {
  const body = JSON.stringify({
    id: "evt_test_forged",
    object: "event",
    type: "invoice.paid",
    data: { object: { id: "in_forged" } },
  });

  it("answers 400 to a payload signed with another secret and records nothing", async () => {
    const before = await countEvents();
    const response = await postWebhook(body, sign(body, "whsec_attacker"));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: "Invalid Stripe signature" });
    expect(await countEvents()).toBe(before);
  });

  it("answers 400 to a correctly signed payload whose timestamp is stale", async () => {
    const staleSignature = sign(
      body,
      t.deps.config.stripe.webhookSecret,
      Math.floor(Date.now() / 1000) - 600,
    );
    const response = await postWebhook(body, staleSignature);
    expect(response.statusCode).toBe(400);
  });

  it("answers 400 without a signature and to a body changed after signing", async () => {
    expect((await postWebhook(body)).statusCode).toBe(400);
    const signature = sign(body, t.deps.config.stripe.webhookSecret);
    const tampered = body.replace("in_forged", "in_other");
    expect((await postWebhook(tampered, signature)).statusCode).toBe(400);
  });

  it("acknowledges a signed event of a type it does not handle", async () => {
    const other = JSON.stringify({
      id: "evt_test_other",
      object: "event",
      type: "charge.refunded",
      data: { object: {} },
    });
    const response = await postWebhook(other, sign(other, t.deps.config.stripe.webhookSecret));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("exactly-once processing", () => {
  it("grants nothing more when the sandbox redelivers an invoice.paid", async () => {
    const { auth, event } = await paidInvoiceEvent();
    const before = await creditHistory(t, auth);
    expect((await deliverEvent(t, event.id)).status).toBe(200);
    const after = await creditHistory(t, auth);
    expect(after.total).toBe(before.total);
    expect((await billingInfo(t, auth)).user_credits).toBe(230);
  });

  it("treats a freshly signed replay of a processed event as a duplicate", async () => {
    const { auth, event } = await paidInvoiceEvent();
    // Rebuild the event from the sandbox's Stripe objects: same id, new signature.
    const payload = JSON.stringify({
      id: event.id,
      object: "event",
      type: "invoice.paid",
      data: { object: { id: event.object_id } },
    });
    const response = await postWebhook(payload, sign(payload, t.deps.config.stripe.webhookSecret));
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe("duplicate");
    expect((await billingInfo(t, auth)).user_credits).toBe(230);
  });
});

describe("order independence", () => {
  it("reaches Gold with 230 credits when the checkout events arrive in reverse order", async () => {
    const { userId, auth } = await newUser();
    await setDelivery(t, "hold");
    try {
      const { sessionId } = await startCheckout(t, auth, userId, "gold");
      await payCheckout(t, sessionId);
      expect(await billingInfo(t, auth)).toMatchObject({ plan: "free", user_credits: 5 });
      const events = (await sandboxEvents(t)).filter((e) => !e.delivered).slice(0, 3);
      // Newest first: invoice.paid, then checkout.session.completed, then subscription.created.
      expect(events.map((e) => e.type)).toEqual([
        "invoice.paid",
        "checkout.session.completed",
        "customer.subscription.created",
      ]);
      const credits: number[] = [];
      for (const event of events) {
        expect((await deliverEvent(t, event.id)).status).toBe(200);
        credits.push((await billingInfo(t, auth)).user_credits);
      }
      expect(credits).toEqual([230, 230, 230]);
      expect(await billingInfo(t, auth)).toMatchObject({ plan: "gold", user_credits: 230 });
    } finally {
      await setDelivery(t, "auto");
    }
  });

  it("stays Free when a cancellation's deletion arrives before its update", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const row = await billingRow(t, userId);
    await setDelivery(t, "hold");
    try {
      const update = await t.app.inject({
        method: "POST",
        url: `/__sandbox/stripe/v1/subscriptions/${row.stripeSubscriptionId}`,
        headers: {
          authorization: `Bearer ${t.deps.config.stripe.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: "cancel_at_period_end=true",
      });
      expect(update.statusCode).toBe(200);
      const { events } = await advancePeriod(t, row.stripeSubscriptionId ?? "");
      const [updated] = await until("the subscription's update event", async () => {
        const list = await sandboxEvents(t, "customer.subscription.updated");
        return list.some((e) => e.object_id === row.stripeSubscriptionId && !e.delivered) && list;
      });
      expect((await deliverEvent(t, events[0].id)).status).toBe(200);
      expect((await deliverEvent(t, updated.id)).status).toBe(200);
      expect(await billingInfo(t, auth)).toMatchObject({ plan: "free", cancel_url: null });
    } finally {
      await setDelivery(t, "auto");
    }
  });
});

describe("invoice.paid in an older API version's layout", () => {
  /** A renewal invoice as an endpoint pinned to 2024-06-20 receives it. */
  const legacyRenewal = (subscriptionId: string, customerId: string, priceId: string) => {
    const suffix = Math.random().toString(36).slice(2, 10);
    return {
      id: `evt_legacy_${suffix}`,
      object: "event",
      api_version: "2024-06-20",
      type: "invoice.paid",
      data: {
        object: {
          id: `in_legacy_${suffix}`,
          object: "invoice",
          customer: customerId,
          subscription: subscriptionId,
          billing_reason: "subscription_cycle",
          status: "paid",
          lines: {
            object: "list",
            data: [{ id: `il_${suffix}`, price: { id: priceId }, subscription: subscriptionId }],
          },
        },
      },
    };
  };

  it("is handled: the renewal grants the plan's monthly credits once", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const row = await billingRow(t, userId);
    const event = legacyRenewal(
      row.stripeSubscriptionId ?? "",
      row.stripeCustomerId ?? "",
      t.deps.config.stripe.prices.gold,
    );
    const payload = JSON.stringify(event);
    const response = await postWebhook(payload, sign(payload, t.deps.config.stripe.webhookSecret));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toBe("processed");
    expect((await billingInfo(t, auth)).user_credits).toBe(230 + 225);
    const again = await postWebhook(payload, sign(payload, t.deps.config.stripe.webhookSecret));
    expect(again.json().outcome).toBe("duplicate");
    expect((await billingInfo(t, auth)).user_credits).toBe(230 + 225);
  });

  it("is refused loudly (not acknowledged) when no subscription can be read from it", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const event = legacyRenewal("", "cus_unknown", t.deps.config.stripe.prices.gold);
    const invoice = event.data.object as Record<string, unknown>;
    delete invoice.subscription;
    invoice.lines = {
      object: "list",
      data: [{ id: "il_x", price: { id: t.deps.config.stripe.prices.gold } }],
    };
    const before = await countEvents();
    const payload = JSON.stringify(event);
    const response = await postWebhook(payload, sign(payload, t.deps.config.stripe.webhookSecret));
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/API version 2024-06-20.*not applied/);
    // Not recorded: Stripe's retry (after a fix) is processed, not taken for a duplicate.
    expect(await countEvents()).toBe(before);
    expect((await billingInfo(t, auth)).user_credits).toBe(230);
  });
});
