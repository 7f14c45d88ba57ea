import { type PaidPlanId, PLAN_IDS, PLANS, type PlansResponse } from "@reachout/contract";
import type { Config } from "../../config";

/** Stripe statuses in which the subscriber keeps the plan (past_due: Stripe is still retrying). */
export const PAID_STATUSES = ["active", "trialing", "past_due"] as const;

export const isPaidStatus = (status: string | null | undefined) =>
  (PAID_STATUSES as readonly string[]).includes(status ?? "");

/** Gold < Black: moving up is an upgrade, moving down is not sold mid-period. */
export const PLAN_RANK: Record<PaidPlanId, number> = { gold: 1, black: 2 };

export function priceOf(config: Config, plan: PaidPlanId): string {
  return config.stripe.prices[plan];
}

/** The pricing page's plans, with this deployment's Stripe price ids and sales address. */
export function listPlans(config: Config): PlansResponse {
  return {
    plans: PLAN_IDS.map((id) => {
      const plan = PLANS[id];
      return {
        plan_id: plan.id,
        name: plan.name,
        price_cents: plan.priceCents,
        credits: plan.credits,
        price_id: id === "gold" || id === "black" ? priceOf(config, id) : null,
        most_popular: plan.mostPopular,
        features: plan.features,
      };
    }),
    sales_email: config.mail.salesEmail,
  };
}

/** A balance a billing event changed, announced to the user's open pages after commit. */
export type BalanceChange = { userId: string; credits: number };
