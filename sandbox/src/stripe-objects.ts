import { randomBytes } from "node:crypto";

/** Stripe-shaped objects, only the fields Reachout (or a curious developer) reads. */

export const API_VERSION = "2026-10-28.endive";

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
export const unixNow = () => Math.floor(Date.now() / 1000);

/** One calendar month after a unix time, like Stripe's monthly billing anchor. */
export function addMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  nickname: string;
  product: string;
  recurring: { interval: "month"; interval_count: number } | null;
  type: "recurring" | "one_time";
  livemode: false;
}

export interface Customer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface LineInput {
  price?: string;
  amount: number;
  name: string;
  quantity: number;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription" | "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  price: Price;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription {
  id: string;
  object: "subscription";
  status: "active" | "canceled";
  customer: string;
  currency: string;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  latest_invoice: string | null;
  livemode: false;
}

export interface Invoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid";
  billing_reason: "subscription_create" | "subscription_cycle";
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  created: number;
  period_start: number;
  period_end: number;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: "list";
    has_more: false;
    data: Array<{
      id: string;
      object: "line_item";
      amount: number;
      currency: string;
      description: string;
      quantity: number;
      period: { start: number; end: number };
      pricing: { type: "price_details"; price_details: { price: string; product: string } };
    }>;
  };
  status_transitions: { paid_at: number };
  livemode: false;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: string;
  customer: string | null;
  description: string;
  status: "succeeded";
  invoice: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface PortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

/** Stripe's error body; the SDK turns it into a typed StripeError. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type?: "idempotency_error",
  ) {
    super(message);
  }

  toJSON() {
    return {
      error: {
        type: this.type ?? (this.status === 401 ? "authentication_error" : "invalid_request_error"),
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const missing = (what: string, id: string, param?: string) =>
  new StripeApiError(404, `No such ${what}: '${id}'`, "resource_missing", param);
