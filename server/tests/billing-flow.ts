import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { subscriptions } from "../src/db/schema";
import type { TestApp } from "./helpers";

type Auth = { authorization: string };

/** POST /api/create-checkout-session and the id of the sandbox Checkout Session it made. */
export async function startCheckout(
  t: TestApp,
  auth: Auth,
  userId: string,
  plan: "gold" | "black",
): Promise<{ url: string; sessionId: string }> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/create-checkout-session",
    headers: auth,
    payload: { user_id: userId, plan, credits: plan === "gold" ? 225 : 650, price_id: null },
  });
  expect(response.statusCode, response.body).toBe(200);
  const url: string = response.json().checkout_url;
  const sessionId = url.split("/checkout/")[1];
  return { url, sessionId };
}

/** Presses "Pay" on the sandbox's hosted checkout page (a plain form POST). */
export async function payCheckout(t: TestApp, sessionId: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: `/__sandbox/stripe/checkout/${sessionId}/pay`,
  });
  expect(response.statusCode, response.body).toBe(303);
  return String(response.headers.location);
}

export async function subscribe(t: TestApp, auth: Auth, userId: string, plan: "gold" | "black") {
  const { sessionId } = await startCheckout(t, auth, userId, plan);
  await payCheckout(t, sessionId);
  return sessionId;
}

export async function billingInfo(t: TestApp, auth: Auth) {
  const response = await t.app.inject({ url: "/api/billinginfo", headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function creditHistory(t: TestApp, auth: Auth, query = "") {
  const response = await t.app.inject({ url: `/api/credits/history${query}`, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    entries: Array<{ delta: number; balance_after: number; reason: string; description: string }>;
    total: number;
  };
}

export async function billingRow(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

export interface SandboxEvent {
  id: string;
  type: string;
  object_id: string | null;
  delivered: boolean;
  attempts: Array<{ status: number | null }>;
}

/** Sandbox events, newest first. */
export async function sandboxEvents(t: TestApp, type?: string): Promise<SandboxEvent[]> {
  const query = type ? `?type=${encodeURIComponent(type)}` : "";
  return (await t.app.inject({ url: `/__sandbox/stripe/events.json${query}` })).json();
}

export async function deliverEvent(t: TestApp, eventId: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/__sandbox/stripe/events/${eventId}/deliver`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: number | null };
}

export async function setDelivery(t: TestApp, mode: "auto" | "hold") {
  const response = await t.app.inject({
    method: "POST",
    url: "/__sandbox/stripe/delivery",
    payload: { mode },
  });
  expect(response.statusCode).toBe(200);
}

export async function advancePeriod(t: TestApp, subscription: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/__sandbox/stripe/advance",
    payload: { subscription },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { events: Array<{ id: string; type: string }> };
}

export async function sandboxPayments(t: TestApp, customer: string) {
  const response = await t.app.inject({
    url: `/__sandbox/stripe/payments.json?customer=${encodeURIComponent(customer)}`,
  });
  return response.json() as {
    payments: Array<{ id: string; amount: number; amount_refunded: number }>;
    refunds: Array<{ amount: number; payment_intent: string }>;
  };
}
