import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages, gmailAccounts } from "../../db/schema";
import { tooManyRequests } from "../../http/errors";
import { warmupOf } from "../deliverability";

const DAY_MS = 24 * 3600_000;

/**
 * The one rule of what counts against the Gmail daily cap and the spacing: an outbound email
 * that used (or may have used) one of the mailbox's sends, at the time it was sent (or last
 * touched, for one still `sending` or `unknown`: Gmail may have accepted it).
 */
const COUNTED = ["sending", "sent", "unknown"] as const;
const usedAt = sql`coalesce(${emailMessages.sentAt}, ${emailMessages.updatedAt})`;
const usedASend = (userId: string): SQL =>
  and(
    eq(emailMessages.userId, userId),
    eq(emailMessages.direction, "outbound"),
    inArray(emailMessages.status, [...COUNTED]),
  ) as SQL;

/** The mailbox's cap today: GMAIL_DAILY_CAP, or less while a new mailbox warms up. */
export async function mailboxDailyCap(
  tx: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ startedAt: gmailAccounts.warmupStartedAt })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.userId, userId));
  return row ? warmupOf(config, row.startedAt, now).cap : config.gmail.dailyCap;
}

/**
 * Gmail's own sending limits are per rolling 24 hours; the cap (GMAIL_DAILY_CAP, lower while
 * the mailbox warms up) stays well under them to protect the user's sender reputation. Answers
 * when the next slot frees up, or null when a send may go now. Call with the mailbox row locked.
 */
export async function nextSlotAfterDailyCap(
  tx: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const cap = await mailboxDailyCap(tx, config, userId, now);
  const since = new Date(now.getTime() - DAY_MS);
  const result = await tx.execute(sql`
    select ${usedAt} as used_at from ${emailMessages}
    where ${usedASend(userId)} and ${usedAt} > ${since.toISOString()}
    order by used_at desc
    limit ${cap}`);
  const rows = rowsOf<{ used_at: string | Date }>(result);
  if (rows.length < cap) return null;
  // The oldest of the last `cap` sends leaves the window first.
  return new Date(new Date(rows[rows.length - 1].used_at).getTime() + DAY_MS);
}

/**
 * Automated sends (scheduled, bulk, campaigns) of one mailbox keep GMAIL_MIN_SPACING_SECONDS
 * apart, so a batch never leaves as a burst. Answers when the next one may go, or null.
 */
export async function nextSlotAfterSpacing(
  tx: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const spacingMs = config.gmail.minSpacingSeconds * 1000;
  if (spacingMs <= 0) return null;
  const [row] = await tx
    .select({ last: sql<string | Date | null>`max(${usedAt})` })
    .from(emailMessages)
    .where(usedASend(userId));
  if (!row?.last) return null;
  const next = new Date(new Date(row.last).getTime() + spacingMs);
  return next > now ? next : null;
}

const dueAt = sql`coalesce(${emailMessages.scheduledAt}, ${emailMessages.createdAt})`;

type Waiting = { id: string; userId: string; scheduledAt: Date | null; createdAt: Date };

/** The mailbox's scheduled emails due before this one (due time, then id). */
const aheadOf = (email: Waiting, now: Date) => sql`(
  select count(*)::int from ${emailMessages}
  where ${emailMessages.userId} = ${email.userId} and ${emailMessages.status} = 'scheduled'
    and ${dueAt} <= ${now.toISOString()}::timestamptz
    and (${dueAt}, ${emailMessages.id}) < (${(email.scheduledAt ?? email.createdAt).toISOString()}::timestamptz, ${email.id}::uuid))`;

/**
 * When a mailbox has to wait, the turn of one of its waiting emails: the slot, plus one spacing
 * for each email of the mailbox due before it. Every waiting email then wakes at its own turn,
 * instead of all waking at the slot for one to go and the rest to wait again. The send itself
 * still checks cap and spacing under the mailbox lock.
 */
export async function turnAfter(
  tx: DbOrTx,
  config: Config,
  email: Waiting,
  slot: Date,
  now: Date,
): Promise<Date> {
  const spacingMs = config.gmail.minSpacingSeconds * 1000;
  if (spacingMs <= 0) return slot;
  const [row] = rowsOf<{ ahead: number }>(
    await tx.execute(sql`select ${aheadOf(email, now)} as ahead`),
  );
  return new Date(slot.getTime() + (row?.ahead ?? 0) * spacingMs);
}

/**
 * The cheap look an automated send takes before loading anything (one query, no lock): when
 * the mailbox's spacing makes this email wait, its turn; null when it may try to go now.
 */
export async function spacingTurn(
  db: DbOrTx,
  config: Config,
  email: Waiting,
  now: Date,
): Promise<Date | null> {
  const spacingMs = config.gmail.minSpacingSeconds * 1000;
  if (spacingMs <= 0) return null;
  const [row] = rowsOf<{ last: string | Date | null; ahead: number }>(
    await db.execute(sql`
      select (
        select max(${usedAt}) from ${emailMessages} where ${usedASend(email.userId)}
      ) as last, ${aheadOf(email, now)} as ahead`),
  );
  if (!row?.last) return null;
  const slot = new Date(row.last).getTime() + spacingMs;
  if (slot <= now.getTime()) return null;
  return new Date(slot + row.ahead * spacingMs);
}

/**
 * Refuses (429, with the wait in Retry-After) a send that would break the daily cap. `mailbox`
 * names it in the message ("this Gmail account", "your mailbox"). Call with the mailbox locked.
 */
export async function assertDailyCapRoom(
  tx: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
  mailbox?: string,
): Promise<void> {
  const capped = await nextSlotAfterDailyCap(tx, config, userId, now);
  if (!capped) return;
  const cap = await mailboxDailyCap(tx, config, userId, now);
  throw tooManyRequests(
    capDetail(cap, capped, now, mailbox),
    (capped.getTime() - now.getTime()) / 1000,
  );
}

/**
 * Sends the mailbox can still make in the rolling day: the cap less the sends it used and the
 * emails already waiting to go (they will use sends of the same day).
 */
export async function roomInDailyCap(
  db: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [row] = rowsOf<{ used: number; waiting: number }>(
    await db.execute(sql`
      select
        (select count(*)::int from ${emailMessages}
          where ${usedASend(userId)} and ${usedAt} > ${since}) as used,
        (select count(*)::int from ${emailMessages}
          where ${emailMessages.userId} = ${userId} and ${emailMessages.direction} = 'outbound'
            and ${emailMessages.status} = 'scheduled') as waiting`),
  );
  const cap = await mailboxDailyCap(db, config, userId, now);
  return Math.max(0, cap - Number(row?.used ?? 0) - Number(row?.waiting ?? 0));
}

export function capDetail(
  cap: number,
  retryAt: Date,
  now: Date,
  mailbox = "this Gmail account",
): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  const wait = minutes >= 90 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
  return `You've reached the limit of ${cap} emails per day from ${mailbox}, which protects your sender reputation. You can send again in about ${wait}.`;
}
