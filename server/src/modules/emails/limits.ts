import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages, mailboxes } from "../../db/schema";
import { tooManyRequests } from "../../http/errors";
import { countedSend, sendUsedAt, warmupOf } from "../deliverability";

const DAY_MS = 24 * 3600_000;
/** The start of the rolling day the cap counts sends in. */
const windowStart = (now: Date): string => new Date(now.getTime() - DAY_MS).toISOString();

/** What counts against the daily cap and the spacing: the mailbox's counted sends. */
const usedASend = (userId: string): SQL =>
  and(
    eq(emailMessages.userId, userId),
    eq(emailMessages.direction, "outbound"),
    countedSend,
  ) as SQL;

const dueAt = sql`coalesce(${emailMessages.scheduledAt}, ${emailMessages.createdAt})`;

/** A scheduled email waiting for its mailbox. */
type Waiting = { id: string; userId: string; scheduledAt: Date | null; createdAt: Date };

/** The mailbox's scheduled emails due before this one (due time, then id). */
const aheadOf = (email: Waiting, now: Date) => sql`(
  select count(*)::int from ${emailMessages}
  where ${emailMessages.userId} = ${email.userId} and ${emailMessages.status} = 'scheduled'
    and ${dueAt} <= ${now.toISOString()}::timestamptz
    and (${dueAt}, ${emailMessages.id}) < (${(email.scheduledAt ?? email.createdAt).toISOString()}::timestamptz, ${email.id}::uuid))`;

/**
 * What the daily cap is read from, as columns of one select: the mailbox's warm-up start and its
 * sends in the rolling day before `now` (counted up to GMAIL_DAILY_CAP, the largest cap).
 */
const capColumns = (config: Config, userId: string, now: Date): SQL => sql`
  (select ${mailboxes.warmupStartedAt} from ${mailboxes}
    where ${mailboxes.userId} = ${userId}) as started_at,
  (select count(*)::int from (
    select 1 from ${emailMessages} where ${usedASend(userId)} and ${sendUsedAt} > ${windowStart(now)}
    limit ${config.sending.dailyCap}) used) as used`;

interface CapRow {
  started_at: string | Date | null;
  used: number;
}

/** The day's cap, and when it lets the next send go (null: not reached). */
interface Cap {
  cap: number;
  capSlot: Date | null;
}

/** The mailbox's cap today: GMAIL_DAILY_CAP, or less while a new mailbox warms up. */
const capOf = (config: Config, row: CapRow | undefined, now: Date): number =>
  row?.started_at ? warmupOf(config, new Date(row.started_at), now).cap : config.sending.dailyCap;

/** The cap read from `capColumns`, with a second statement only on a day its sends reach it. */
async function capFrom(
  db: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
  row: CapRow | undefined,
): Promise<Cap> {
  const cap = capOf(config, row, now);
  if (Number(row?.used ?? 0) < cap) return { cap, capSlot: null };
  // The oldest of the last `cap` sends leaves the window first.
  const [oldest] = rowsOf<{ used_at: string | Date }>(
    await db.execute(sql`
      select ${sendUsedAt} as used_at from ${emailMessages}
      where ${usedASend(userId)} and ${sendUsedAt} > ${windowStart(now)}
      order by used_at desc offset ${cap - 1} limit 1`),
  );
  return { cap, capSlot: oldest ? new Date(new Date(oldest.used_at).getTime() + DAY_MS) : null };
}

/** The mailbox's daily cap at `now`: the cap-only read (no spacing, no line). */
async function readCap(db: DbOrTx, config: Config, userId: string, now: Date): Promise<Cap> {
  const [row] = rowsOf<CapRow>(await db.execute(sql`select ${capColumns(config, userId, now)}`));
  return capFrom(db, config, userId, now, row);
}

/** When the mailbox may send next (null: now), and how many of its due emails come first. */
interface Line {
  slot: Date | null;
  ahead: number;
}

/**
 * The mailbox's line at `now`, in one statement (a second only on a day its sends reach the
 * cap): when its next send may go, by the daily cap and by the spacing, and, for a waiting
 * email, how many of the mailbox's due emails go before it.
 *
 * Gmail's own sending limits are per rolling 24 hours; the cap (GMAIL_DAILY_CAP, lower while
 * the mailbox warms up) stays well under them to protect the user's sender reputation.
 * Automated sends (scheduled, bulk, campaigns, follow-ups) of one mailbox keep
 * GMAIL_MIN_SPACING_SECONDS apart, so a batch never leaves as a burst.
 */
async function readLine(
  db: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
  email?: Waiting,
): Promise<Line> {
  const [row] = rowsOf<CapRow & { last: string | Date | null; ahead: number }>(
    await db.execute(sql`
      select
        ${capColumns(config, userId, now)},
        (select max(${sendUsedAt}) from ${emailMessages} where ${usedASend(userId)}) as last,
        ${email ? aheadOf(email, now) : sql`0`} as ahead`),
  );
  let slot = (await capFrom(db, config, userId, now, row)).capSlot;
  const spacingMs = config.sending.minSpacingSeconds * 1000;
  if (spacingMs > 0 && row?.last) {
    const spaced = new Date(new Date(row.last).getTime() + spacingMs);
    if (spaced > now && (!slot || spaced > slot)) slot = spaced;
  }
  return { slot, ahead: Number(row?.ahead ?? 0) };
}

/**
 * How far apart the turns of a mailbox's waiting emails are planned: the spacing and a margin
 * of a twentieth of it (at most 1 s). A send goes a little after its turn (the queue's polling, the
 * thread check at Gmail); with turns exactly one spacing apart, the next email would wake just
 * before the mailbox is free and have to wait again, one more run of its job for every email.
 * The claim itself keeps the exact spacing.
 */
export function turnPaceMs(config: Config): number {
  const spacingMs = Math.max(0, config.sending.minSpacingSeconds * 1000);
  return spacingMs + Math.min(1000, spacingMs / 20);
}

/**
 * When the mailbox's next automated send may go by its daily cap and spacing, or null when
 * now. Call with the mailbox row locked: the claim's check.
 */
export async function nextMailboxSlot(
  tx: DbOrTx,
  config: Config,
  userId: string,
  now: Date,
): Promise<Date | null> {
  return (await readLine(tx, config, userId, now)).slot;
}

/**
 * When a mailbox has to wait, the turn of one of its waiting emails: the slot, plus one pace
 * (`turnPaceMs`) for each email of the mailbox due before it. Every waiting email then wakes at its own turn,
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
  const paceMs = turnPaceMs(config);
  if (paceMs <= 0) return slot;
  const [row] = rowsOf<{ ahead: number }>(
    await tx.execute(sql`select ${aheadOf(email, now)} as ahead`),
  );
  return new Date(slot.getTime() + (row?.ahead ?? 0) * paceMs);
}

/**
 * The cheap look an automated send takes before loading anything (one statement, no lock):
 * when the mailbox's cap or spacing makes this email wait, its turn, `ahead` paces
 * (`turnPaceMs`) after the mailbox's next slot; null when it may try to go now.
 */
export async function mailboxTurn(
  db: DbOrTx,
  config: Config,
  email: Waiting,
  now: Date,
): Promise<Date | null> {
  const { slot, ahead } = await readLine(db, config, email.userId, now, email);
  return slot ? new Date(slot.getTime() + ahead * turnPaceMs(config)) : null;
}

/**
 * The turns of emails of one mailbox queued now, due by `now`: each after the mailbox's next
 * slot and after every one of its due emails ahead of it, one pace apart; null for the one
 * first in line, which may go now. A batch queued at once (bulk, the follow-ups of many
 * enrolments of one mailbox) then wakes one email at a time, instead of all waking to find the
 * mailbox busy and waiting again. Two statements for the whole batch: the line, and each
 * email's place in it.
 */
export async function queuedTurns(
  db: DbOrTx,
  config: Config,
  userId: string,
  emailIds: string[],
  now: Date,
): Promise<Map<string, Date | null>> {
  const { slot } = await readLine(db, config, userId, now);
  const places = rowsOf<{ id: string; ahead: number }>(
    await db.execute(sql`
      select id, ahead from (
        select ${emailMessages.id} as id,
          (row_number() over (order by ${dueAt}, ${emailMessages.id}) - 1)::int as ahead
        from ${emailMessages}
        where ${emailMessages.userId} = ${userId} and ${emailMessages.status} = 'scheduled'
          and ${dueAt} <= ${now.toISOString()}::timestamptz) line
      where id = any(${`{${emailIds.join(",")}}`}::uuid[])`),
  );
  const base = (slot ?? now).getTime();
  const turns = new Map<string, Date | null>();
  for (const { id, ahead } of places) {
    const turn = base + Number(ahead) * turnPaceMs(config);
    turns.set(id, turn > now.getTime() ? new Date(turn) : null);
  }
  return turns;
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
  const { cap, capSlot: capped } = await readCap(tx, config, userId, now);
  if (!capped) return;
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
  const [row] = rowsOf<CapRow & { waiting: number }>(
    await db.execute(sql`
      select
        ${capColumns(config, userId, now)},
        (select count(*)::int from ${emailMessages}
          where ${emailMessages.userId} = ${userId} and ${emailMessages.direction} = 'outbound'
            and ${emailMessages.status} = 'scheduled') as waiting`),
  );
  const cap = capOf(config, row, now);
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
