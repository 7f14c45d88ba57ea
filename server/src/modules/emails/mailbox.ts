import { mailboxName } from "@reachout/contract";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { mailboxes } from "../../db/schema";
import { conflict } from "../../http/errors";
import type { MailboxProvider } from "../../integrations/mailbox";
import { createMailboxProvider } from "../../integrations/mailbox-provider";
import { saveRotatedRefreshToken } from "../auth";

export type MailboxRow = typeof mailboxes.$inferSelect;

export const MAILBOX_NOT_CONNECTED =
  "Connect your Gmail account before sending emails: Reachout sends from your own address.";

/** What the student reads about a mailbox's sends, in its own name ("Outlook" for Microsoft). */
export function mailboxMessages(provider: MailboxRow["provider"]) {
  const name = mailboxName(provider);
  return {
    revoked: `Your ${name} connection was revoked or has expired. Reconnect ${name} from your Account page, then try again.`,
    busy: `${name} is rate-limiting your account right now, so the email was not sent. Please try again in a minute.`,
    unconfirmed: `${name} has not confirmed this email yet. We'll check your Sent mail and finish sending it automatically; it will not be sent twice.`,
    refused: `${name} refused to send this email. Check the contact's email address and try again.`,
    refusedThis: (detail: string) => `${name} refused this email (${detail}).`,
    keptRefusing: (detail: string) => `${name} kept refusing the send (${detail}).`,
    sendFailed: `${name} send failed`,
  };
}

export async function findMailbox(db: DbOrTx, userId: string): Promise<MailboxRow | null> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.userId, userId));
  return row ?? null;
}

/**
 * The mailbox row, locked for the rest of the transaction: sends of one mailbox pass the cap
 * and spacing checks one at a time, so two instances cannot both take the last slot.
 */
export async function lockMailbox(tx: DbOrTx, userId: string): Promise<MailboxRow | null> {
  const [row] = await tx.select().from(mailboxes).where(eq(mailboxes.userId, userId)).for("update");
  return row ?? null;
}

/** Throws the 409 the user can act on when the mailbox cannot send. */
export function requireConnected(account: MailboxRow | null): MailboxRow {
  if (!account) throw conflict(MAILBOX_NOT_CONNECTED);
  if (account.status !== "connected") throw conflict(mailboxMessages(account.provider).revoked);
  return account;
}

/** The provider client (Gmail or Microsoft) of a connected mailbox row. */
export const mailboxFor = (
  deps: { config: Config; database: { db: DbOrTx } },
  account: MailboxRow,
  call: { timeoutMs?: number; deadline?: AbortSignal } = {},
): MailboxProvider =>
  createMailboxProvider(deps.config, account, {
    ...call,
    onNewRefreshToken: (refreshToken) =>
      saveRotatedRefreshToken(deps.database.db, deps.config, account, refreshToken),
  });

/** Connected mailboxes whose push watch is due for renewal (or was never set up). */
export async function listWatchesDue(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(mailboxes)
    .where(
      and(
        eq(mailboxes.status, "connected"),
        or(isNull(mailboxes.watchRenewAt), lte(mailboxes.watchRenewAt, now)),
      ),
    )
    .limit(limit);
}
