import { mailboxName } from "@reachout/contract";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { gmailAccounts } from "../../db/schema";
import { conflict } from "../../http/errors";
import type { MailboxProvider } from "../../integrations/mailbox";
import { createMailboxProvider } from "../../integrations/mailbox-provider";
import { saveRotatedRefreshToken } from "../auth";

export type GmailAccountRow = typeof gmailAccounts.$inferSelect;

export const GMAIL_NOT_CONNECTED =
  "Connect your Gmail account before sending emails: Reachout sends from your own address.";
export const GMAIL_REVOKED =
  "Your Gmail connection was revoked or has expired. Reconnect Gmail from your Account page, then try again.";

export async function findGmailAccount(
  db: DbOrTx,
  userId: string,
): Promise<GmailAccountRow | null> {
  const [row] = await db.select().from(gmailAccounts).where(eq(gmailAccounts.userId, userId));
  return row ?? null;
}

/**
 * The mailbox row, locked for the rest of the transaction: sends of one mailbox pass the cap
 * and spacing checks one at a time, so two instances cannot both take the last slot.
 */
export async function lockGmailAccount(
  tx: DbOrTx,
  userId: string,
): Promise<GmailAccountRow | null> {
  const [row] = await tx
    .select()
    .from(gmailAccounts)
    .where(eq(gmailAccounts.userId, userId))
    .for("update");
  return row ?? null;
}

/** A message about the mailbox in the student's terms: "Outlook" for a Microsoft mailbox. */
export const inMailboxTerms = (text: string, account: Pick<GmailAccountRow, "provider">) =>
  text.replace(/\bGmail\b/g, mailboxName(account.provider));

/** Throws the 409 the user can act on when the mailbox cannot send. */
export function requireConnected(account: GmailAccountRow | null): GmailAccountRow {
  if (!account) throw conflict(GMAIL_NOT_CONNECTED);
  if (account.status !== "connected") throw conflict(inMailboxTerms(GMAIL_REVOKED, account));
  return account;
}

/** The provider client (Gmail or Microsoft) of a connected mailbox row. */
export const mailboxFor = (
  deps: { config: Config; database: { db: DbOrTx } },
  account: GmailAccountRow,
  timeoutMs?: number,
): MailboxProvider =>
  createMailboxProvider(deps.config, account, {
    timeoutMs,
    onNewRefreshToken: (refreshToken) =>
      saveRotatedRefreshToken(deps.database.db, deps.config, account, refreshToken),
  });

/** Connected mailboxes whose push watch is due for renewal (or was never set up). */
export async function listWatchesDue(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(gmailAccounts)
    .where(
      and(
        eq(gmailAccounts.status, "connected"),
        or(isNull(gmailAccounts.watchRenewAt), lte(gmailAccounts.watchRenewAt, now)),
      ),
    )
    .limit(limit);
}
