import type { PlanId } from "@reachout/contract/plans";

/** What a plan card offers the visitor, given who they are and which plan they hold. */
export type PlanOffer =
  | { kind: "signup" }
  | { kind: "login" }
  | { kind: "current" }
  | { kind: "included"; in: PlanId }
  | { kind: "subscribe" }
  | { kind: "upgrade"; differenceCents: number }
  | { kind: "sales" }
  | { kind: "loading" };

const RANK: Record<PlanId, number> = { free: 0, gold: 1, black: 2, enterprise: 3 };

export function offerFor(
  plan: { plan_id: PlanId; price_cents: number | null },
  visitor: { isLoggedIn: boolean; currentPlan?: PlanId; currentPriceCents?: number | null },
): PlanOffer {
  if (plan.plan_id === "enterprise") return { kind: "sales" };
  if (!visitor.isLoggedIn) return plan.plan_id === "free" ? { kind: "signup" } : { kind: "login" };
  const current = visitor.currentPlan;
  if (!current) return { kind: "loading" };
  if (plan.plan_id === current) return { kind: "current" };
  if (RANK[plan.plan_id] < RANK[current]) return { kind: "included", in: current };
  if (current === "free") return { kind: "subscribe" };
  return {
    kind: "upgrade",
    differenceCents: (plan.price_cents ?? 0) - (visitor.currentPriceCents ?? 0),
  };
}

/** Whole dollars stay whole ("$50"); anything else shows cents ("$12.50"). */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
