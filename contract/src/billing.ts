import { z } from "zod";
import { PAID_PLAN_IDS, PLAN_IDS } from "./plans";

export const PaidPlanId = z.enum(PAID_PLAN_IDS, { message: "Choose the Gold or Black plan" });
export type PaidPlanId = z.infer<typeof PaidPlanId>;

/**
 * The spec's checkout payload (§7). `credits` and `price_id` are what the pricing card showed; the
 * server charges the configured price of `plan` and never trusts them.
 */
export const CreateCheckoutSessionRequest = z.object({
  user_id: z.uuid({ message: "Invalid user id" }),
  plan: PaidPlanId,
  credits: z.number().int().min(0).max(1_000_000).nullish(),
  price_id: z.string().max(200).nullish(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

export const CheckoutSessionResponse = z.object({ checkout_url: z.url() });
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

export const BillingInfo = z.object({
  plan: z.enum(PLAN_IDS),
  user_credits: z.number().int(),
  /** ISO timestamps of the current monthly period (the Free plan's credit month included). */
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  days_remaining: z.number().int().nullable(),
  /** True when a paid plan is cancelled and ends at current_period_end. */
  cancel_at_period_end: z.boolean(),
  /** A billing-portal link to manage or cancel the subscription; null without one. */
  cancel_url: z.string().nullable(),
});
export type BillingInfo = z.infer<typeof BillingInfo>;

export const CreditHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CreditHistoryQuery = z.infer<typeof CreditHistoryQuery>;

export const CreditEntry = z.object({
  id: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type CreditEntry = z.infer<typeof CreditEntry>;

export const CreditHistoryResponse = z.object({
  entries: z.array(CreditEntry),
  total: z.number().int(),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponse>;

/** The spec's "Pricing plan" (§3): name, price, features, plan id, credits, price_id. */
export const PricingPlanInfo = z.object({
  plan_id: z.enum(PLAN_IDS),
  name: z.string(),
  /** Monthly price in US cents; null for Enterprise (custom). */
  price_cents: z.number().int().nullable(),
  credits: z.number().int(),
  price_id: z.string().nullable(),
  most_popular: z.boolean(),
  features: z.array(z.string()),
});
export type PricingPlanInfo = z.infer<typeof PricingPlanInfo>;

export const PlansResponse = z.object({
  plans: z.array(PricingPlanInfo),
  /** Where the Enterprise card's "Contact Sales" mails. */
  sales_email: z.string(),
});
export type PlansResponse = z.infer<typeof PlansResponse>;
