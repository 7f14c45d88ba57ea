import {
  type BillingInfo,
  type CreditHistoryQuery,
  type CreditHistoryResponse,
  PLAN_IDS,
  type PlanId,
} from "@reachout/contract";
import { count, desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { creditLedger, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { notFound } from "../../http/errors";
import { stripeClient } from "../../integrations/stripe";
import { freePeriodSql } from "./free-period";
import { hasPaidPlan, readSubscriptionRow } from "./subscriptions";

const DAY_MS = 86_400_000;

const asPlan = (plan: string): PlanId =>
  (PLAN_IDS as readonly string[]).includes(plan) ? (plan as PlanId) : "free";

const daysUntil = (end: Date, now: Date) =>
  Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));

/**
 * The Account page's plan and credits. A subscriber sees the Stripe period and a billing
 * portal link to manage or cancel it; a Free user sees the month their free credits cover.
 */
export async function getBillingInfo(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userId: string,
  now = new Date(),
): Promise<BillingInfo> {
  const { db } = deps.database;
  const period = freePeriodSql(now);
  const [user] = await db
    .select({
      plan: users.plan,
      credits: users.credits,
      freeStart: period.start.mapWith((v) => new Date(v as string)),
      freeEnd: period.end.mapWith((v) => new Date(v as string)),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  const row = await readSubscriptionRow(db, userId);
  if (hasPaidPlan(row) && row.currentPeriodStart && row.currentPeriodEnd) {
    return {
      plan: asPlan(row.plan),
      user_credits: user.credits,
      current_period_start: row.currentPeriodStart.toISOString(),
      current_period_end: row.currentPeriodEnd.toISOString(),
      days_remaining: daysUntil(row.currentPeriodEnd, now),
      cancel_at_period_end: row.cancelAtPeriodEnd === 1,
      cancel_url: await portalUrl(deps, log, row.stripeCustomerId),
    };
  }
  return {
    plan: asPlan(user.plan),
    user_credits: user.credits,
    current_period_start: user.freeStart.toISOString(),
    current_period_end: user.freeEnd.toISOString(),
    days_remaining: daysUntil(user.freeEnd, now),
    cancel_at_period_end: false,
    cancel_url: null,
  };
}

/** A fresh billing-portal session; the Account page still loads if Stripe is unreachable. */
async function portalUrl(
  deps: AppDeps,
  log: FastifyBaseLogger,
  customerId: string | null,
): Promise<string | null> {
  if (!customerId) return null;
  try {
    const session = await stripeClient(deps.config).billingPortal.sessions.create({
      customer: customerId,
      return_url: `${deps.config.publicUrl}/account`,
    });
    return session.url;
  } catch (error) {
    log.warn({ err: error }, "stripe billing portal session failed");
    return null;
  }
}

export async function listCreditHistory(
  deps: AppDeps,
  userId: string,
  query: CreditHistoryQuery,
): Promise<CreditHistoryResponse> {
  const { db } = deps.database;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      description: row.description,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}
