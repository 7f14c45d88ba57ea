import { PLANS } from "@reachout/contract";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf } from "../../db/client";
import { subscriptions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { defineJob } from "../../jobs/boss";
import { grantCredits } from "../credits";
import { publishEvent } from "../events";
import { freePeriodReference, freePeriodSql } from "./free-period";
import { PAID_STATUSES } from "./plans";

const BATCH = 500;
/** Stripe sends customer.subscription.deleted at the period end; this sweep is the safety net. */
const LAPSE_GRACE_MS = 3_600_000;

/**
 * Gives every Free user the Free plan's credits for the monthly period they are in, once per
 * period (the ledger's unique grant key makes a rerun or a second instance harmless).
 * Paid plans get theirs from Stripe's invoice.paid. Answers how many users were credited.
 */
export async function grantFreeMonthlyCredits(deps: AppDeps, now = new Date()): Promise<number> {
  const { db } = deps.database;
  const period = freePeriodSql(now);
  let granted = 0;
  for (;;) {
    const due = rowsOf<{ id: string; period: number }>(
      await db.execute(sql`
        select users.id, ${period.index} as period
        from users
        where users.plan = 'free'
          and ${period.index} >= 1
          and not exists (
            select 1 from subscriptions s
            where s.user_id = users.id and s.plan <> 'free'
              and s.status in (${sql.join(
                PAID_STATUSES.map((s) => sql`${s}`),
                sql`, `,
              )}))
          and not exists (
            select 1 from credit_ledger l
            where l.user_id = users.id and l.reason = 'plan_grant' and l.delta > 0
              and l.reference = 'free:' || ${period.index})
        limit ${BATCH}`),
    );
    let grantedNow = 0;
    for (const user of due) {
      const balance = await db.transaction((tx) =>
        grantCredits(tx, {
          userId: user.id,
          amount: PLANS.free.credits,
          reason: "plan_grant",
          reference: freePeriodReference(Number(user.period)),
          description: `Free plan: ${PLANS.free.credits} credits for the new month`,
        }),
      );
      if (balance === null) continue;
      grantedNow++;
      publishEvent(user.id, { type: "credits", credits: balance });
    }
    granted += grantedNow;
    if (due.length < BATCH || grantedNow === 0) return granted;
  }
}

/**
 * Paid plans cancelled in the billing portal end at their period end. Stripe announces it with
 * customer.subscription.deleted; if that never arrived an hour later, the plan ends here.
 */
export async function endLapsedSubscriptions(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const ended = await tx
      .update(subscriptions)
      .set({ plan: "free", status: "canceled", updatedAt: now })
      .where(
        and(
          eq(subscriptions.cancelAtPeriodEnd, 1),
          inArray(subscriptions.status, [...PAID_STATUSES]),
          lt(subscriptions.currentPeriodEnd, new Date(now.getTime() - LAPSE_GRACE_MS)),
        ),
      )
      .returning({ userId: subscriptions.userId });
    if (ended.length === 0) return 0;
    await tx
      .update(users)
      .set({ plan: "free" })
      .where(
        inArray(
          users.id,
          ended.map((row) => row.userId),
        ),
      );
    return ended.length;
  });
}

/** Hourly: end lapsed cancelled plans first, so their users get this month's Free credits. */
export function monthlyCreditsJob(deps: AppDeps) {
  return defineJob({
    name: "billing.monthly-credits",
    payload: z.object({}).passthrough(),
    cron: "17 * * * *",
    async handle() {
      await endLapsedSubscriptions(deps);
      await grantFreeMonthlyCredits(deps);
    },
  });
}
