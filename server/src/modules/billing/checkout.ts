import {
  type CreateCheckoutSessionRequest,
  MESSAGES,
  type PaidPlanId,
  PLANS,
} from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError, conflict, forbidden, notFound } from "../../http/errors";
import { type Stripe, stripeClient } from "../../integrations/stripe";
import { PLAN_RANK, priceOf } from "./plans";
import {
  hasPaidPlan,
  readSubscriptionRow,
  type SubscriptionRow,
  saveCustomerId,
} from "./subscriptions";

/** Metadata of a one-off checkout that upgrades a running subscription (see ADR 005). */
export const UPGRADE_KIND = "upgrade";

/**
 * Starts a Stripe Checkout for a plan. A Free user subscribes; a Gold subscriber moving to
 * Black pays only the difference for the current period in a one-off checkout, and the
 * subscription switches price when that payment completes (docs/decisions/005).
 * The amount always comes from server config; the client's credits and price_id are ignored.
 */
export async function createCheckoutSession(
  deps: AppDeps,
  log: FastifyBaseLogger,
  callerId: string,
  request: CreateCheckoutSessionRequest,
): Promise<{ checkout_url: string }> {
  if (request.user_id !== callerId)
    throw forbidden("You can only buy a plan for your own account.");
  const { db } = deps.database;
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, callerId));
  if (!user) throw notFound("User not found");
  const row = await readSubscriptionRow(db, user.id);
  const stripe = stripeClient(deps.config);
  const customerId = await ensureCustomer(deps, log, stripe, user, row);
  const urls = {
    success_url: `${deps.config.publicUrl}/account?checkout=success`,
    cancel_url: `${deps.config.publicUrl}/pricing?checkout=cancelled`,
  };
  const session = await callStripe(log, () => {
    if (hasPaidPlan(row))
      return upgradeSession(stripe, row, user.id, customerId, request.plan, urls);
    return stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customerId,
      client_reference_id: user.id,
      line_items: [{ price: priceOf(deps.config, request.plan), quantity: 1 }],
      metadata: { user_id: user.id, plan: request.plan },
      subscription_data: { metadata: { user_id: user.id, plan: request.plan } },
      ...urls,
    });
  });
  if (!session.url) throw new AppError(502, MESSAGES.checkout.failed);
  return { checkout_url: session.url };
}

function upgradeSession(
  stripe: Stripe,
  row: SubscriptionRow,
  userId: string,
  customerId: string,
  target: PaidPlanId,
  urls: { success_url: string; cancel_url: string },
): Promise<Stripe.Checkout.Session> {
  const from = row.plan as PaidPlanId;
  if (from === target) throw conflict(`You're already on the ${PLANS[target].name} plan.`);
  if (PLAN_RANK[target] < PLAN_RANK[from]) {
    throw conflict(
      `Your ${PLANS[from].name} plan already includes everything in ${PLANS[target].name}. To switch, cancel it from your Account page; it stays active until the period ends.`,
    );
  }
  if (row.status === "past_due") {
    throw conflict(
      "Your last payment did not go through. Update your card from your Account page first.",
    );
  }
  const difference = (PLANS[target].priceCents ?? 0) - (PLANS[from].priceCents ?? 0);
  const metadata = {
    kind: UPGRADE_KIND,
    user_id: userId,
    plan: target,
    from_plan: from,
    subscription: row.stripeSubscriptionId ?? "",
  };
  return stripe.checkout.sessions.create({
    mode: "payment",
    customer: customerId,
    client_reference_id: userId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: difference,
          product_data: {
            name: `Upgrade from ${PLANS[from].name} to ${PLANS[target].name} (this billing period)`,
          },
        },
      },
    ],
    metadata,
    payment_intent_data: { metadata },
    ...urls,
  });
}

async function ensureCustomer(
  deps: AppDeps,
  log: FastifyBaseLogger,
  stripe: Stripe,
  user: { id: string; email: string; name: string | null },
  row: SubscriptionRow | undefined,
): Promise<string> {
  if (row?.stripeCustomerId) return row.stripeCustomerId;
  // The idempotency key makes two simultaneous first checkouts share one customer.
  const customer = await callStripe(log, () =>
    stripe.customers.create(
      { email: user.email, name: user.name ?? undefined, metadata: { user_id: user.id } },
      { idempotencyKey: `reachout-customer-${user.id}` },
    ),
  );
  await saveCustomerId(deps.database.db, user.id, customer.id);
  return (await readSubscriptionRow(deps.database.db, user.id))?.stripeCustomerId ?? customer.id;
}

/** Stripe failures become the spec's checkout message (§8); the cause goes to the log only. */
async function callStripe<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error({ err: error }, "stripe checkout call failed");
    throw new AppError(502, MESSAGES.checkout.failed);
  }
}
