export const PLAN_IDS = ["free", "gold", "black", "enterprise"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PricingPlan {
  id: PlanId;
  name: string;
  /** Monthly price in US cents; null for Enterprise (custom). */
  priceCents: number | null;
  credits: number;
  /** The Stripe price id (config may override per deployment); null when not sold by checkout. */
  priceId: string | null;
  mostPopular: boolean;
  features: string[];
}

export const PLANS: Record<PlanId, PricingPlan> = {
  free: {
    id: "free",
    name: "Free",
    priceCents: 0,
    credits: 5,
    priceId: null,
    mostPopular: false,
    features: ["5 credits per month", "AI-personalised emails", "Gmail integration"],
  },
  gold: {
    id: "gold",
    name: "Gold",
    priceCents: 5000,
    credits: 225,
    priceId: "price_gold_monthly",
    mostPopular: true,
    features: [
      "225 credits per month",
      "AI Agent with target positions",
      "Bulk and scheduled emails",
      "Reply tracking",
    ],
  },
  black: {
    id: "black",
    name: "Black",
    priceCents: 12500,
    credits: 650,
    priceId: "price_black_monthly",
    mostPopular: false,
    features: [
      "650 credits per month",
      "Everything in Gold",
      "Startup founder directory",
      "Priority support",
    ],
  },
  enterprise: {
    id: "enterprise",
    name: "Enterprise",
    priceCents: null,
    credits: 0,
    priceId: null,
    mostPopular: false,
    features: ["Custom credit volume", "Team accounts", "Dedicated success manager"],
  },
};

export const PAID_PLAN_IDS = ["gold", "black"] as const;
export const SIGNUP_CREDITS = PLANS.free.credits;
