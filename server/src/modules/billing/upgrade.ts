import { PAID_PLAN_IDS, type PaidPlanId, PLANS } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Tx } from "../../db/client";
import { creditLedger } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { idOf, planOfPrice, type Stripe, stripeClient } from "../../integrations/stripe";
import { grantCredits } from "../credits";
import { UPGRADE_KIND } from "./checkout";
import type { BalanceChange } from "./plans";
import { isPaidStatus, PLAN_RANK, priceOf } from "./plans";
import { findBillingUser, retrieveSubscription } from "./subscriptions";

export interface PreparedUpgrade {
  userId: string;
  subscription: Stripe.Subscription;
  from: PaidPlanId;
  target: PaidPlanId;
  /** One upgrade per subscription period: the credit grant's idempotency key. */
  reference: string;
}

const isPaidPlanId = (value: unknown): value is PaidPlanId =>
  (PAID_PLAN_IDS as readonly unknown[]).includes(value);

/**
 * A paid upgrade checkout (ADR 005): switch the running subscription to the new price
 * (no proration: the difference was just paid) and say which credits to grant. A payment
 * that cannot upgrade anything (the subscription ended meanwhile, or this period was already
 * upgraded by an earlier payment) is refunded in full. Every Stripe call here is idempotent.
 */
export async function prepareUpgrade(
  deps: AppDeps,
  log: FastifyBaseLogger,
  session: Stripe.Checkout.Session,
): Promise<PreparedUpgrade | null> {
  const metadata = session.metadata ?? {};
  if (metadata.kind !== UPGRADE_KIND || !metadata.subscription) return null;
  const { from_plan: from, plan: target } = metadata;
  const userId = await findBillingUser(deps.database.db, {
    userId: metadata.user_id ?? session.client_reference_id,
    customerId: idOf(session.customer),
  });
  if (!userId || !isPaidPlanId(from) || !isPaidPlanId(target)) {
    log.warn({ session: session.id }, "stripe upgrade checkout that matches no user or plan");
    return null;
  }
  const stripe = stripeClient(deps.config);
  const refund = async (why: string) => {
    const paymentIntent = idOf(session.payment_intent);
    if (!paymentIntent) return null;
    log.warn({ session: session.id, why }, "refunding an upgrade payment");
    await stripe.refunds.create(
      { payment_intent: paymentIntent, metadata: { reason: why } },
      { idempotencyKey: `reachout-refund-${session.id}` },
    );
    return null;
  };

  let subscription = await retrieveSubscription(deps, metadata.subscription);
  const item = subscription.items.data[0];
  const current = planOfPrice(deps.config, item?.price.id);
  if (!item || !current || !isPaidStatus(subscription.status)) {
    return refund("subscription no longer active");
  }
  const reference = `upgrade:${subscription.id}:${item.current_period_start}`;
  if (await hasUpgradeGrant(deps, userId, reference)) return refund("period already upgraded");
  if (PLAN_RANK[current] > PLAN_RANK[target]) return refund("plan already higher");
  if (current !== target) {
    subscription = await stripe.subscriptions.update(
      subscription.id,
      {
        items: [{ id: item.id, price: priceOf(deps.config, target) }],
        proration_behavior: "none",
        metadata: { plan: target },
      },
      { idempotencyKey: `reachout-upgrade-${session.id}` },
    );
  }
  return { userId, subscription, from, target, reference };
}

async function hasUpgradeGrant(deps: AppDeps, userId: string, reference: string) {
  const [row] = await deps.database.db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        eq(creditLedger.reason, "purchase"),
        eq(creditLedger.reference, reference),
      ),
    );
  return Boolean(row);
}

/**
 * The credits the new plan has over the old one, for the current period. If another payment
 * for the same period won the race, fail: Stripe retries the event, which then refunds it.
 */
export async function grantUpgradeCredits(
  tx: Tx,
  upgrade: PreparedUpgrade,
): Promise<BalanceChange | null> {
  const extra = PLANS[upgrade.target].credits - PLANS[upgrade.from].credits;
  if (extra <= 0) return null;
  const balance = await grantCredits(tx, {
    userId: upgrade.userId,
    amount: extra,
    reason: "purchase",
    reference: upgrade.reference,
    description: `Upgraded from ${PLANS[upgrade.from].name} to ${PLANS[upgrade.target].name}: ${extra} more credits this month`,
  });
  if (balance === null) throw new Error("period already upgraded by a concurrent payment");
  return { userId: upgrade.userId, credits: balance };
}
