import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Tx } from "../../db/client";
import { stripeEvents } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/errors";
import { idOf, type Stripe } from "../../integrations/stripe";
import { publishEvent } from "../events";
import { grantInvoiceCredits, planOfInvoice } from "./invoices";
import type { BalanceChange } from "./plans";
import { applySubscription, findBillingUser, retrieveSubscription } from "./subscriptions";
import { grantUpgradeCredits, prepareUpgrade } from "./upgrade";

/** What an event changes in our database, run in the transaction that records the event. */
type Effect = (tx: Tx) => Promise<BalanceChange | null>;

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/**
 * Applies one verified Stripe event exactly once. Stripe calls (retrieving the current
 * subscription, switching an upgraded price) happen first and are safe to repeat; then the
 * event id and its effect commit together, so a replay or a concurrent duplicate changes nothing.
 */
export async function handleStripeEvent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const { db } = deps.database;
  const [seen] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";

  const effect = await prepareEffect(deps, log, event);
  const result = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return { outcome: "duplicate" as const, change: null };
    if (!effect) return { outcome: "ignored" as const, change: null };
    return { outcome: "processed" as const, change: await effect(tx) };
  });
  if (result.change) {
    publishEvent(result.change.userId, { type: "credits", credits: result.change.credits });
  }
  return result.outcome;
}

async function prepareEffect(
  deps: AppDeps,
  log: FastifyBaseLogger,
  event: Stripe.Event,
): Promise<Effect | null> {
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutCompleted(deps, log, event.data.object);
    case "invoice.paid":
      return invoicePaid(deps, log, event.data.object, event.api_version ?? null);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return subscriptionChanged(deps, log, event.data.object);
    default:
      return null;
  }
}

function subscriptionEffect(
  deps: AppDeps,
  log: FastifyBaseLogger,
  subscription: Stripe.Subscription,
  hints: { userId?: string | null },
): Effect {
  return async (tx) => {
    const userId = await findBillingUser(tx, {
      userId: hints.userId ?? subscription.metadata?.user_id,
      customerId: idOf(subscription.customer),
    });
    if (!userId) {
      log.warn({ subscription: subscription.id }, "stripe subscription of no known user");
      return null;
    }
    await applySubscription(tx, deps.config, userId, subscription);
    return null;
  };
}

async function subscriptionChanged(
  deps: AppDeps,
  log: FastifyBaseLogger,
  object: Stripe.Subscription,
): Promise<Effect> {
  const subscription = await retrieveSubscription(deps, object);
  return subscriptionEffect(deps, log, subscription, {});
}

async function checkoutCompleted(
  deps: AppDeps,
  log: FastifyBaseLogger,
  session: Stripe.Checkout.Session,
): Promise<Effect | null> {
  if (session.mode === "subscription" && session.subscription) {
    const subscription = await retrieveSubscription(deps, session.subscription);
    return subscriptionEffect(deps, log, subscription, { userId: session.client_reference_id });
  }
  if (session.mode === "payment" && session.payment_status === "paid") {
    const upgrade = await prepareUpgrade(deps, log, session);
    if (!upgrade) return null;
    return async (tx) => {
      await applySubscription(tx, deps.config, upgrade.userId, upgrade.subscription);
      return grantUpgradeCredits(tx, upgrade);
    };
  }
  return null;
}

/**
 * The fields of an invoice in Stripe's layouts before 2025-03-31 ("basil"): the subscription on
 * the invoice itself and the price on each line. An endpoint pinned to an older API version
 * still sends these.
 */
interface LegacyInvoice {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
  lines?: {
    data?: Array<{
      subscription?: string | { id: string } | null;
      price?: { id: string } | null;
      plan?: { id: string } | null;
      parent?: { subscription_item_details?: { subscription?: string | null } | null } | null;
    }>;
  };
}

/** The subscription an invoice belongs to, in the current layout or an older one. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): {
  subscriptionId: string | null;
  userId: string | null;
} {
  const legacy = invoice as unknown as LegacyInvoice;
  const details = invoice.parent?.subscription_details;
  const fromLines = (legacy.lines?.data ?? [])
    .map(
      (line) =>
        idOf(line.subscription) ?? line.parent?.subscription_item_details?.subscription ?? null,
    )
    .find(Boolean);
  return {
    subscriptionId: idOf(details?.subscription) ?? idOf(legacy.subscription) ?? fromLines ?? null,
    userId: details?.metadata?.user_id ?? legacy.subscription_details?.metadata?.user_id ?? null,
  };
}

async function invoicePaid(
  deps: AppDeps,
  log: FastifyBaseLogger,
  invoice: Stripe.Invoice,
  apiVersion: string | null,
): Promise<Effect | null> {
  const { subscriptionId, userId: hintedUserId } = subscriptionOfInvoice(invoice);
  const plan = planOfInvoice(deps.config, invoice) ?? null;
  if (!subscriptionId) {
    // A paid invoice for a plan we sell that names no subscription we can find: a layout this
    // code does not know. Refused (Stripe retries and shows the failure) instead of "ignored"
    // while a customer has paid.
    if (plan || invoice.billing_reason?.startsWith("subscription")) {
      log.error(
        { invoice: invoice.id, apiVersion, billingReason: invoice.billing_reason },
        "stripe invoice.paid in a layout without a recognisable subscription",
      );
      throw new AppError(
        422,
        `invoice.paid (API version ${apiVersion ?? "unknown"}) names no subscription this server can read; it was not applied.`,
      );
    }
    return null;
  }
  const subscription = await retrieveSubscription(deps, subscriptionId);
  return async (tx) => {
    const userId = await findBillingUser(tx, {
      userId: hintedUserId ?? subscription.metadata?.user_id,
      customerId: idOf(invoice.customer),
    });
    if (!userId) {
      log.warn({ invoice: invoice.id }, "stripe invoice of no known user");
      return null;
    }
    await applySubscription(tx, deps.config, userId, subscription);
    return plan ? grantInvoiceCredits(tx, userId, plan, invoice) : null;
  };
}
