import { type PaidPlanId, PLANS } from "@reachout/contract";
import type { Config } from "../../config";
import type { Tx } from "../../db/client";
import { idOf, planOfPrice, type Stripe } from "../../integrations/stripe";
import { grantCredits } from "../credits";
import type { BalanceChange } from "./plans";

/**
 * The plan an invoice paid for: the price on its subscription line (`pricing.price_details` in
 * the current layout, `price` or `plan` in the layouts before 2025-03-31).
 */
export function planOfInvoice(config: Config, invoice: Stripe.Invoice): PaidPlanId | null {
  for (const line of invoice.lines?.data ?? []) {
    const legacy = line as unknown as {
      price?: { id: string } | null;
      plan?: { id: string } | null;
    };
    for (const price of [
      idOf(line.pricing?.price_details?.price),
      legacy.price?.id,
      legacy.plan?.id,
    ]) {
      const plan = planOfPrice(config, price);
      if (plan) return plan;
    }
  }
  return null;
}

/**
 * A paid subscription invoice brings the plan's monthly credits: the first one is the
 * purchase, each renewal the new period's grant. Keyed by invoice id, so it happens once.
 * Other invoices (manual, proration) grant nothing.
 */
export async function grantInvoiceCredits(
  tx: Tx,
  userId: string,
  plan: PaidPlanId,
  invoice: Stripe.Invoice,
): Promise<BalanceChange | null> {
  const reason =
    invoice.billing_reason === "subscription_create"
      ? "purchase"
      : invoice.billing_reason === "subscription_cycle"
        ? "plan_grant"
        : null;
  if (!reason) return null;
  const { name, credits } = PLANS[plan];
  const balance = await grantCredits(tx, {
    userId,
    amount: credits,
    reason,
    reference: invoice.id,
    description:
      reason === "purchase"
        ? `${name} plan purchased: ${credits} credits`
        : `${name} plan renewed: ${credits} credits for the new month`,
  });
  return balance === null ? null : { userId, credits: balance };
}
