import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages } from "../../db/schema";
import { pauseAutomatedSending } from "../auth";

const DAY_MS = 24 * 3600_000;
/** Automated sending pauses above this share of bounces... */
export const PAUSE_BOUNCE_RATE = 0.05;
/** ...once at least this many emails were sent in the window, so two early bounces don't. */
export const PAUSE_MIN_SENDS = 20;
const BOUNCE_WINDOW_DAYS = 30;

export const BOUNCE_PAUSE_NOTICE =
  "Automated sending is paused: more than 5% of your emails in the last 30 days bounced, which hurts your Gmail sender reputation. Check your contacts' addresses, then resume sending from your Account page.";

export interface Warmup {
  /** Day of the warm-up, 1 on the day the mailbox was connected. */
  day: number;
  cap: number;
  fullCap: number;
  isWarmingUp: boolean;
}

/**
 * A new mailbox sends little at first and more each day, as mailbox providers expect of a new
 * sender: GMAIL_WARMUP_START_CAP on day one, GMAIL_WARMUP_DAILY_INCREASE more each day, up to
 * GMAIL_DAILY_CAP.
 */
export function warmupOf(config: Config, startedAt: Date, now: Date): Warmup {
  const day = Math.max(1, Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS) + 1);
  const fullCap = config.sending.dailyCap;
  const cap = Math.min(
    fullCap,
    config.sending.warmupStartCap + config.sending.warmupDailyIncrease * (day - 1),
  );
  return { day, cap, fullCap, isWarmingUp: cap < fullCap };
}

export interface BounceStats {
  sends: number;
  bounces: number;
  rate: number;
}

/**
 * Sent emails and bounces of the mailbox's user over the last 30 days. A refusal of the student's
 * own email (cause `sender`) is not the recipients' failure and is counted by its own rule.
 */
export async function bounceStats(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<BounceStats> {
  const since = new Date(now.getTime() - BOUNCE_WINDOW_DAYS * DAY_MS).toISOString();
  const [row] = rowsOf<{ sends: number | string; bounces: number | string }>(
    await db.execute(sql`
      select
        count(*) filter (where ${emailMessages.direction} = 'outbound' and ${emailMessages.status} = 'sent') as sends,
        count(*) filter (where ${emailMessages.direction} = 'inbound' and ${emailMessages.inboundKind} = 'bounce'
          and ${emailMessages.inboundCause} is distinct from 'sender') as bounces
      from ${emailMessages}
      where ${emailMessages.userId} = ${userId} and ${emailMessages.sentAt} > ${since}`),
  );
  const sends = Number(row?.sends ?? 0);
  const bounces = Number(row?.bounces ?? 0);
  return { sends, bounces, rate: sends > 0 ? bounces / sends : 0 };
}

/**
 * After a hard bounce: pauses the mailbox's automated sending when bounces exceed 5% of at
 * least 20 sends in 30 days. A student who resumed is paused again only by a later bounce.
 * Answers whether it paused now.
 */
export async function pauseIfBouncing(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<boolean> {
  const stats = await bounceStats(db, userId, now);
  if (stats.sends < PAUSE_MIN_SENDS || stats.rate <= PAUSE_BOUNCE_RATE) return false;
  return pauseAutomatedSending(db, userId, BOUNCE_PAUSE_NOTICE, now);
}
