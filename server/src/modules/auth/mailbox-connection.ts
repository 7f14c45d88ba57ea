import { mailboxName } from "@reachout/contract";
import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { mailboxes } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict } from "../../http/errors";
import type { MailboxProviderName } from "../../integrations/mailbox";
import { MAILBOX_WATCH_SWEEP_JOB } from "../../jobs/names";
import { encryptSecret } from "../../lib/crypto";
import { endMailboxConnection, loadMailboxStatus } from "./mailbox-mode";

/**
 * The account page a mailbox connection returns to, telling the web app how it went:
 * `?gmail=connected` or `?outlook=error&message=…`.
 */
export function mailboxAccountPage(
  deps: AppDeps,
  mailbox: "gmail" | "outlook",
  outcome: "connected" | "error",
  message?: string,
): string {
  const url = new URL(`${deps.config.publicUrl}/account`);
  url.searchParams.set(mailbox, outcome);
  if (message) url.searchParams.set("message", message);
  return url.toString();
}

/**
 * Stores (or replaces) the user's Gmail connection: the refresh token sealed with AES-256-GCM,
 * the address and the granted scopes. Reconnecting another address drops the old history cursor
 * and restarts the sending warm-up.
 */
export async function saveMailboxConnection(
  db: DbOrTx,
  config: Config,
  input: {
    /** Which service holds the mailbox (default Gmail). */
    provider?: MailboxProviderName;
    userId: string;
    email: string;
    refreshToken: string;
    scopes: string[];
    /** When this address's warm-up began (a new connection: now). */
    warmupStartedAt?: Date;
  },
): Promise<void> {
  const sealed = encryptSecret(input.refreshToken, config.tokenEncryptionKey);
  const scopes = input.scopes.join(" ");
  const now = new Date();
  await db
    .insert(mailboxes)
    .values({
      userId: input.userId,
      email: input.email,
      provider: input.provider ?? "gmail",
      refreshTokenEnc: sealed,
      scopes,
      status: "connected",
      connectedAt: now,
      warmupStartedAt: input.warmupStartedAt ?? now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: mailboxes.userId,
      set: {
        email: input.email,
        provider: input.provider ?? "gmail",
        refreshTokenEnc: sealed,
        scopes,
        status: "connected",
        historyId: sql`case when ${mailboxes.email} = excluded.email and ${mailboxes.provider} = excluded.provider then ${mailboxes.historyId} else null end`,
        // Another address starts its own warm-up; reconnecting the same one keeps its progress.
        warmupStartedAt: sql`case when ${mailboxes.email} = excluded.email then ${mailboxes.warmupStartedAt} else excluded.warmup_started_at end`,
        connectedAt: now,
        // A new grant is watched again at once (watchNewMailbox), else within a minute.
        watchRenewAt: null,
        // A Graph subscription is renewed in place for the same mailbox; another starts afresh.
        watchId: sql`case when ${mailboxes.email} = excluded.email and ${mailboxes.provider} = excluded.provider then ${mailboxes.watchId} else null end`,
        updatedAt: now,
      },
    });
}

/**
 * Asks for the push-watch sweep now, so a mailbox that just connected is watched (Gmail
 * users.watch, a Graph subscription) within seconds instead of at the next minute's sweep,
 * and its first reply reaches Reachout by push. The sweep watches every due mailbox; the user id
 * says which connection asked.
 */
export async function watchNewMailbox(deps: Pick<AppDeps, "boss">, userId: string): Promise<void> {
  await deps.boss.send(MAILBOX_WATCH_SWEEP_JOB, { userId });
}

/**
 * A connection's happy end, Gmail or Outlook: the grant stored, the connection no longer
 * unfinished, and the new mailbox watched at once.
 */
export async function finishMailboxConnection(
  deps: Pick<AppDeps, "database" | "config" | "boss">,
  grant: Parameters<typeof saveMailboxConnection>[2],
): Promise<void> {
  const { db } = deps.database;
  await saveMailboxConnection(db, deps.config, grant);
  await endMailboxConnection(db, grant.userId, "connected");
  await watchNewMailbox(deps, grant.userId);
}

/**
 * One mailbox per student: connecting another provider's mailbox replaces the stored one only
 * when the student confirmed the switch (409 with the explanation otherwise).
 */
export async function assertMailboxSwitch(
  db: DbOrTx,
  userId: string,
  provider: MailboxProviderName,
  confirmed: boolean,
): Promise<void> {
  const current = await loadMailboxStatus(db, userId);
  if (confirmed || !current.provider || current.provider === "manual") return;
  if (current.provider === provider) return;
  throw conflict(
    `You send from your ${mailboxName(current.provider)} mailbox (${current.address}). Reachout sends from one mailbox at a time: connecting ${mailboxName(provider)} replaces it. Confirm the switch to continue.`,
  );
}

/** GET /auth/gmail/status (the spec's meaning, §7): a Gmail mailbox is connected and can send. */
export async function isGmailConnected(db: DbOrTx, userId: string): Promise<boolean> {
  const status = await loadMailboxStatus(db, userId);
  return status.provider === "gmail" && status.connected;
}
