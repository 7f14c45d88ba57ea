import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import {
  advancePeriod,
  billingInfo,
  billingRow,
  creditHistory,
  payCheckout,
  sandboxPayments,
  startCheckout,
  subscribe,
} from "../../../tests/billing-flow";
import { uniqueEmail, useTestApp } from "../../../tests/helpers";
import { users } from "../../db/schema";
import { stripeClient } from "../../integrations/stripe";

const t = useTestApp();

const newUser = () => signUpVerified(t, uniqueEmail("buyer"));

describe("checkout from Free", () => {
  it("takes a Free user to Gold through the sandbox checkout page: plan gold, 5 + 225 credits", async () => {
    const { userId, auth } = await newUser();
    const { url, sessionId } = await startCheckout(t, auth, userId, "gold");
    expect(url).toBe(`${t.baseUrl}/__sandbox/stripe/checkout/${sessionId}`);

    const page = await t.app.inject({ url: `/__sandbox/stripe/checkout/${sessionId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("$50.00");
    expect(page.body).toMatch(/>Pay</);
    expect(page.body).toMatch(/>Cancel</);

    expect(await payCheckout(t, sessionId)).toBe(`${t.baseUrl}/account?checkout=success`);

    const info = await billingInfo(t, auth);
    expect(info).toMatchObject({ plan: "gold", user_credits: 230, cancel_at_period_end: false });
    expect(info.cancel_url).toContain(`${t.baseUrl}/__sandbox/stripe/portal/`);
    const start = Date.parse(info.current_period_start);
    expect(Math.abs(start - Date.now())).toBeLessThan(60_000);
    expect(info.days_remaining).toBeGreaterThanOrEqual(28);
    expect(info.days_remaining).toBeLessThanOrEqual(31);

    const history = await creditHistory(t, auth);
    expect(history.total).toBe(2);
    expect(history.entries[0]).toMatchObject({
      delta: 225,
      balance_after: 230,
      reason: "purchase",
    });
    expect(history.entries[1]).toMatchObject({
      delta: 5,
      balance_after: 5,
      reason: "signup_grant",
    });
  });

  it("charges the configured Gold price whatever credits and price_id the client sends", async () => {
    const { userId, auth } = await newUser();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/create-checkout-session",
      headers: auth,
      payload: { user_id: userId, plan: "gold", credits: 100000, price_id: "price_black_monthly" },
    });
    expect(response.statusCode).toBe(200);
    const sessionId = response.json().checkout_url.split("/checkout/")[1];
    await payCheckout(t, sessionId);
    const row = await billingRow(t, userId);
    const payments = await sandboxPayments(t, row.stripeCustomerId ?? "");
    expect(payments.payments.map((p) => p.amount)).toEqual([5000]);
    expect(await billingInfo(t, auth)).toMatchObject({ plan: "gold", user_credits: 230 });
  });

  it("refuses another user's id with 403, a bad plan with 400 and no session with 401", async () => {
    const buyer = await newUser();
    const other = await newUser();
    const cases = [
      { headers: buyer.auth, payload: { user_id: other.userId, plan: "gold" }, status: 403 },
      { headers: buyer.auth, payload: { user_id: buyer.userId, plan: "enterprise" }, status: 400 },
      { headers: buyer.auth, payload: { user_id: "not-a-uuid", plan: "gold" }, status: 400 },
      { headers: {}, payload: { user_id: buyer.userId, plan: "gold" }, status: 401 },
    ];
    for (const { headers, payload, status } of cases) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/create-checkout-session",
        headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof response.json().detail).toBe("string");
    }
    expect(await billingRow(t, buyer.userId)).toBeUndefined();
    expect(await billingInfo(t, buyer.auth)).toMatchObject({ plan: "free", user_credits: 5 });
  });

  it("sends a cancelled checkout back to /pricing and changes nothing", async () => {
    const { userId, auth } = await newUser();
    const { sessionId } = await startCheckout(t, auth, userId, "gold");
    const response = await t.app.inject({
      method: "POST",
      url: `/__sandbox/stripe/checkout/${sessionId}/cancel`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${t.baseUrl}/pricing?checkout=cancelled`);
    expect(await billingInfo(t, auth)).toMatchObject({
      plan: "free",
      user_credits: 5,
      cancel_url: null,
    });
  });
});

describe("upgrades, renewals and cancellation", () => {
  it("charges only the $75 difference from Gold to Black and adds the 425 missing credits", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const { sessionId } = await startCheckout(t, auth, userId, "black");
    const page = await t.app.inject({ url: `/__sandbox/stripe/checkout/${sessionId}` });
    expect(page.body).toContain("$75.00");
    await payCheckout(t, sessionId);

    const row = await billingRow(t, userId);
    const { payments } = await sandboxPayments(t, row.stripeCustomerId ?? "");
    expect(payments.map((p) => p.amount)).toEqual([7500, 5000]);
    expect(await billingInfo(t, auth)).toMatchObject({ plan: "black", user_credits: 655 });
    const subscription = await stripeClient(t.deps.config).subscriptions.retrieve(
      row.stripeSubscriptionId ?? "",
    );
    expect(subscription.items.data[0].price.id).toBe(t.deps.config.stripe.prices.black);
    const [latest] = (await creditHistory(t, auth)).entries;
    expect(latest).toMatchObject({ delta: 425, reason: "purchase" });
  });

  it("refunds a second upgrade payment for the same period and grants nothing for it", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const first = await startCheckout(t, auth, userId, "black");
    const second = await startCheckout(t, auth, userId, "black");
    await payCheckout(t, first.sessionId);
    await payCheckout(t, second.sessionId);

    const row = await billingRow(t, userId);
    const { payments, refunds } = await sandboxPayments(t, row.stripeCustomerId ?? "");
    expect(payments.map((p) => p.amount)).toEqual([7500, 7500, 5000]);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 7500, payment_intent: payments[0].id }),
    ]);
    expect(await billingInfo(t, auth)).toMatchObject({ plan: "black", user_credits: 655 });
  });

  it("refuses the current plan again and a downgrade with 409", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "black");
    for (const plan of ["black", "gold"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/create-checkout-session",
        headers: auth,
        payload: { user_id: userId, plan },
      });
      expect(response.statusCode).toBe(409);
    }
    expect(await billingInfo(t, auth)).toMatchObject({ plan: "black", user_credits: 655 });
  });

  it("grants the plan's credits again when the subscription renews", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const before = await billingInfo(t, auth);
    const row = await billingRow(t, userId);
    await advancePeriod(t, row.stripeSubscriptionId ?? "");

    const after = await billingInfo(t, auth);
    expect(after).toMatchObject({ plan: "gold", user_credits: 455 });
    expect(after.current_period_start).toBe(before.current_period_end);
    expect((await creditHistory(t, auth)).entries[0]).toMatchObject({
      delta: 225,
      reason: "plan_grant",
    });
  });

  it("keeps a plan cancelled in the billing portal until the period ends, then returns to Free", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const { cancel_url: portalUrl } = await billingInfo(t, auth);
    const portalPath = new URL(portalUrl).pathname;
    const portal = await t.app.inject({ url: portalPath });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toMatch(/>Cancel plan</);
    const action = /action="([^"]+\/cancel\?subscription=[^"]+)"/.exec(portal.body)?.[1] ?? "";
    const target = new URL(action.replaceAll("&amp;", "&"), `${t.baseUrl}${portalPath}`);
    const cancelled = await t.app.inject({ method: "POST", url: target.pathname + target.search });
    expect(cancelled.statusCode).toBe(303);

    const pending = await billingInfo(t, auth);
    expect(pending).toMatchObject({ plan: "gold", cancel_at_period_end: true, user_credits: 230 });

    const row = await billingRow(t, userId);
    const advanced = await advancePeriod(t, row.stripeSubscriptionId ?? "");
    expect(advanced.events.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    const ended = await billingInfo(t, auth);
    expect(ended).toMatchObject({ plan: "free", cancel_url: null, user_credits: 230 });
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.id, userId));
    expect(user.plan).toBe("free");
  });
});
