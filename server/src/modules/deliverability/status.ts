import type { SendingStatus } from "@reachout/contract";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages, mailboxes, senderRejections } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { countedSend, sendUsedAt } from "./counted-send";
import { bounceStats, warmupOf } from "./warmup";

async function sentInLastDay(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.userId, userId),
        eq(emailMessages.direction, "outbound"),
        countedSend,
        gt(sendUsedAt, new Date(now.getTime() - 24 * 3600_000).toISOString()),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The Account page's sending health: today's sends and cap, the warm-up, bounces, any pause. */
export async function readSendingStatus(deps: AppDeps, userId: string): Promise<SendingStatus> {
  const db = deps.database.db;
  const now = new Date();
  const [account] = await db.select().from(mailboxes).where(eq(mailboxes.userId, userId));
  const warmup = account ? warmupOf(deps.config, account.warmupStartedAt, now) : null;
  const [sentToday, bounces, rejections] = await Promise.all([
    sentInLastDay(db, userId, now),
    bounceStats(db, userId, now),
    db
      .select()
      .from(senderRejections)
      .where(
        and(
          eq(senderRejections.userId, userId),
          gt(senderRejections.createdAt, new Date(now.getTime() - 30 * 24 * 3600_000)),
        ),
      )
      .orderBy(desc(senderRejections.createdAt))
      .limit(5),
  ]);
  return {
    sent_today: sentToday,
    daily_cap: warmup?.cap ?? deps.config.sending.dailyCap,
    full_daily_cap: deps.config.sending.dailyCap,
    warmup_day: warmup?.day ?? null,
    is_warming_up: warmup?.isWarmingUp ?? false,
    sends_30d: bounces.sends,
    bounces_30d: bounces.bounces,
    bounce_rate_30d: bounces.rate,
    automated_paused: Boolean(account?.automatedPausedAt),
    paused_notice: account?.automatedPausedAt ? account.automatedPausedReason : null,
    sender_rejections: rejections.map((r) => ({
      refused_by: r.refusedBy,
      status: r.status,
      notice: r.notice,
      sentence: r.sentence,
      at: r.createdAt.toISOString(),
    })),
  };
}
