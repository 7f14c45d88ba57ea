import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { emailMessages } from "../../db/schema";
import { countedSend, sendUsedAt } from "./counted-send";
import { normalizeAddress } from "./suppressions";

export const WEEK_MS = 7 * 24 * 3600_000;
/**
 * What a connected mailbox sent or received. A copy-mode record is the student's own word: it
 * never uses an address's weekly cap, so three made-up "I sent it" clicks cannot close an
 * address to every other student for a week (issue 32).
 */
const SEEN_IN_A_MAILBOX = sql`not ${emailMessages.selfReported}`;
const sameAddress = (email: string) =>
  sql`lower(${emailMessages.toEmail}) = ${normalizeAddress(email)}`;
/** Keeps the advisory-lock keys of recipients apart from any other use of advisory locks. */
const RECIPIENT_LOCK_SPACE = 727_020;

/**
 * Serialises every send to one address until the caller's transaction ends, so the cap check
 * and the row that uses it are one step: 20 students writing at once queue here and exactly
 * RECIPIENT_WEEKLY_CAP of them get through. Take it after the mailbox lock (one lock order).
 */
export async function lockRecipient(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK_SPACE}, hashtext(${normalizeAddress(email)}))`,
  );
}

/**
 * Whether this would be the user's first email to the address: nothing sent to it before (a
 * follow-up in a thread, or an answer in a conversation the person started, is not). For a send
 * through a mailbox (`selfReported` false) only mailbox history counts: copy-mode records never
 * used the weekly cap, so they cannot make a real first email pass as a follow-up.
 */
export async function isFirstEmailTo(
  db: DbOrTx,
  userId: string,
  email: string,
  selfReported = false,
): Promise<boolean> {
  const history = selfReported ? sql`true` : SEEN_IN_A_MAILBOX;
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from ${emailMessages}
        where ${emailMessages.userId} = ${userId} and ${history}
          and ((${emailMessages.direction} = 'outbound' and ${countedSend} and ${sameAddress(email)})
            or (${emailMessages.direction} = 'inbound'
              and lower(${emailMessages.fromEmail}) = ${normalizeAddress(email)}))
      ) as found`),
  );
  return !row?.found;
}

/**
 * When the address can take another first email: null when it can now, else the moment the
 * oldest of the last `cap` first emails leaves the rolling 7 days.
 */
export async function nextFirstEmailSlot(
  db: DbOrTx,
  email: string,
  cap: number,
  now: Date,
): Promise<Date | null> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const rows = rowsOf<{ used_at: string | Date }>(
    await db.execute(sql`
      select ${sendUsedAt} as used_at from ${emailMessages}
      where ${emailMessages.isFirstEmail} and ${sameAddress(email)} and ${countedSend}
        and ${SEEN_IN_A_MAILBOX} and ${sendUsedAt} > ${since}
      order by used_at desc
      limit ${cap}`),
  );
  if (rows.length < cap) return null;
  return new Date(new Date(rows[rows.length - 1].used_at).getTime() + WEEK_MS);
}

/** "2 students wrote this week": first emails to each address in the rolling 7 days. */
export async function recentOutreachCounts(
  db: DbOrTx,
  emails: string[],
): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.map(normalizeAddress))];
  if (wanted.length === 0) return new Map();
  const since = new Date(Date.now() - WEEK_MS).toISOString();
  const rows = rowsOf<{ email: string; count: number | string }>(
    await db.execute(sql`
      select lower(${emailMessages.toEmail}) as email, count(*) as count from ${emailMessages}
      where ${emailMessages.isFirstEmail}
        and lower(${emailMessages.toEmail}) in (${sql.join(
          wanted.map((e) => sql`${e}`),
          sql`, `,
        )})
        and ${countedSend} and ${SEEN_IN_A_MAILBOX} and ${sendUsedAt} > ${since}
      group by 1`),
  );
  return new Map(rows.map((r) => [r.email, Number(r.count)]));
}

/** The same count as a correlated column for record queries, keyed on a contacts.email column. */
export const recentOutreachColumn = (emailColumn: unknown) => sql<number>`(
  select count(*)::int from ${emailMessages}
  where ${emailMessages.isFirstEmail} and lower(${emailMessages.toEmail}) = lower(${emailColumn})
    and ${countedSend} and ${SEEN_IN_A_MAILBOX} and ${sendUsedAt} > now() - interval '7 days')`;

export function recipientCapDetail(cap: number, availableAt: Date): string {
  const when = availableAt.toLocaleString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  });
  return `This person has already received ${cap} first emails from Reachout students in the last 7 days, the most Reachout allows so nobody is flooded. You can write to them from ${when} UTC.`;
}

/**
 * Whether the person asked this student (and only this student) never to write again: an
 * opt-out the student recorded in copy mode. A mailbox's opt-out suppresses the address for
 * everyone instead (`suppressAddress`).
 */
export async function optedOutOfUser(db: DbOrTx, userId: string, email: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`
      select exists (
        select 1 from ${emailMessages}
        where ${emailMessages.userId} = ${userId} and ${emailMessages.direction} = 'inbound'
          and ${emailMessages.inboundKind} = 'opt_out'
          and lower(${emailMessages.fromEmail}) = ${normalizeAddress(email)}
      ) as found`),
  );
  return Boolean(row?.found);
}
