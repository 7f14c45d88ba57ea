import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx, Tx } from "../../db/client";
import { subscriptions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { idOf, planOfPrice, type Stripe, stripeClient } from "../../integrations/stripe";
import { isPaidStatus } from "./plans";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === "number" ? new Date(seconds * 1000) : null;

export async function readSubscriptionRow(
  db: DbOrTx,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** A row that currently holds a paid plan. */
export const hasPaidPlan = (row: SubscriptionRow | undefined): row is SubscriptionRow =>
  Boolean(row?.stripeSubscriptionId && row.plan !== "free" && isPaidStatus(row.status));

/** Remembers the user's Stripe customer (created before the first checkout). */
export async function saveCustomerId(db: DbOrTx, userId: string, customerId: string) {
  await db
    .insert(subscriptions)
    .values({ userId, plan: "free", status: "none", stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, excluded.stripe_customer_id)`,
      },
    });
}

/**
 * Which user a Stripe object belongs to: the user id we put in its metadata or as the checkout
 * client_reference_id, else the owner of its customer. Null for objects made outside the app.
 */
export async function findBillingUser(
  db: DbOrTx,
  hints: { userId?: string | null; customerId?: string | null },
): Promise<string | null> {
  if (hints.userId && /^[0-9a-f-]{36}$/i.test(hints.userId)) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, hints.userId));
    if (user) return user.id;
  }
  if (hints.customerId) {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, hints.customerId));
    if (row) return row.userId;
  }
  return null;
}

/**
 * Makes the local plan match a subscription as Stripe reports it now. Every subscription
 * event ends here with a freshly retrieved subscription, so events arriving late or out of
 * order converge on Stripe's current state. A stale event about an older subscription never
 * takes away the plan of the user's current one.
 */
export async function applySubscription(
  tx: Tx,
  config: Config,
  userId: string,
  subscription: Stripe.Subscription,
): Promise<void> {
  const item = subscription.items.data[0];
  const plan = planOfPrice(config, item?.price.id);
  const isPaid = Boolean(plan) && isPaidStatus(subscription.status);
  const current = await readSubscriptionRow(tx, userId);
  if (
    current &&
    hasPaidPlan(current) &&
    current.stripeSubscriptionId !== subscription.id &&
    !isPaid
  ) {
    return;
  }
  const values = {
    plan: isPaid && plan ? plan : "free",
    status: subscription.status,
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    currentPeriodStart: fromUnix(item?.current_period_start),
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ? 1 : 0,
    updatedAt: new Date(),
  };
  await tx
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
  await tx.update(users).set({ plan: values.plan }).where(eq(users.id, userId));
}

/** The subscription as Stripe reports it now; the event's copy if Stripe no longer has it. */
export async function retrieveSubscription(
  deps: AppDeps,
  fallback: Stripe.Subscription | string,
): Promise<Stripe.Subscription> {
  const id = idOf(fallback) ?? "";
  try {
    return await stripeClient(deps.config).subscriptions.retrieve(id);
  } catch (error) {
    if (typeof fallback !== "string" && (error as { statusCode?: number }).statusCode === 404) {
      return fallback;
    }
    throw error;
  }
}
