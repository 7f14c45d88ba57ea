import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { mailboxes } from "../../db/schema";
import { type ConnectedMailboxRef, forgetMailboxTokens } from "../../integrations/mailbox-provider";
import { encryptSecret } from "../../lib/crypto";

/**
 * Every change to a stored mailbox after its grant (mailbox-connection.ts stores the grant): the
 * auth module is the one writer of `mailboxes`; sending, syncing and deliverability call
 * these. Changes that follow a grant name it by its sealed token, so a reconnect that stored a
 * new grant meanwhile is never overwritten by news about the old one.
 */

/**
 * Marks the connection revoked (the user sees the mailbox as Pending and their sends pause).
 * Only the grant that failed is marked: a reconnect that stored a new token meanwhile stays.
 */
export async function markMailboxRevoked(db: DbOrTx, account: ConnectedMailboxRef): Promise<void> {
  forgetMailboxTokens(account);
  await db
    .update(mailboxes)
    .set({ status: "revoked", updatedAt: new Date() })
    .where(
      and(
        eq(mailboxes.userId, account.userId),
        eq(mailboxes.refreshTokenEnc, account.refreshTokenEnc),
      ),
    );
}

/**
 * Stores the refresh token a provider rotated in, sealed, in place of the one it replaced (a
 * reconnect that stored another grant meanwhile stays). The row in hand follows, so a revocation
 * later in the same run still finds it.
 */
export async function saveRotatedRefreshToken(
  db: DbOrTx,
  config: Config,
  account: ConnectedMailboxRef,
  refreshToken: string,
): Promise<void> {
  const sealed = encryptSecret(refreshToken, config.tokenEncryptionKey);
  const [row] = await db
    .update(mailboxes)
    .set({ refreshTokenEnc: sealed, updatedAt: new Date() })
    .where(
      and(
        eq(mailboxes.userId, account.userId),
        eq(mailboxes.refreshTokenEnc, account.refreshTokenEnc),
      ),
    )
    .returning({ userId: mailboxes.userId });
  if (row) account.refreshTokenEnc = sealed;
}

/**
 * Records a mailbox's watch: when it ends, its id at the provider (a Graph subscription), and
 * when to renew it (or to try again).
 */
export async function saveWatch(
  db: DbOrTx,
  userId: string,
  watch: { expiresAt: Date | null; id?: string; renewAt: Date },
): Promise<void> {
  await db
    .update(mailboxes)
    .set({
      ...(watch.expiresAt ? { watchExpiresAt: watch.expiresAt } : {}),
      ...(watch.id ? { watchId: watch.id } : {}),
      watchRenewAt: watch.renewAt,
    })
    .where(eq(mailboxes.userId, userId));
}

/**
 * Records how far the reply sync read (Gmail's historyId, Graph's delta link) for the address it
 * read: a reconnect of another address meanwhile starts from its own beginning.
 */
export async function saveSyncCursor(
  db: DbOrTx,
  account: { userId: string; email: string },
  cursor: string,
): Promise<void> {
  await db
    .update(mailboxes)
    .set({ historyId: cursor, lastSyncedAt: new Date() })
    .where(and(eq(mailboxes.userId, account.userId), eq(mailboxes.email, account.email)));
}

/**
 * Pauses the mailbox's automated sending with the reason the student reads, unless it is paused
 * already or the student resumed it within the last second (a resume wins over the bounce that
 * raced it). Answers whether it paused now.
 */
export async function pauseAutomatedSending(
  db: DbOrTx,
  userId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mailboxes)
    .set({ automatedPausedAt: now, automatedPausedReason: reason })
    .where(
      and(
        eq(mailboxes.userId, userId),
        isNull(mailboxes.automatedPausedAt),
        or(
          isNull(mailboxes.automatedResumedAt),
          sql`${mailboxes.automatedResumedAt} < ${new Date(now.getTime() - 1000).toISOString()}`,
        ),
      ),
    )
    .returning({ userId: mailboxes.userId });
  return rows.length > 0;
}

/** The student's "Resume sending": automated sends go again from the next dispatch sweep. */
export async function resumeAutomatedSending(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .update(mailboxes)
    .set({ automatedPausedAt: null, automatedPausedReason: null, automatedResumedAt: new Date() })
    .where(eq(mailboxes.userId, userId))
    .returning({ userId: mailboxes.userId });
  return rows.length > 0;
}
