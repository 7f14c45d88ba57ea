import { type MailboxStatusResponse, mailboxName } from "@reachout/contract";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailboxes, mailboxSettings, users } from "../../db/schema";
import { conflict } from "../../http/errors";

/** The refusal of copy mode while a mailbox is connected, in that mailbox's name. */
const connectedNotCopy = (provider: "gmail" | "microsoft") =>
  `Your ${mailboxName(provider)} is connected, so your emails go out from it. Copy mode is for students who do not connect a mailbox.`;

/** A connection started this long ago and never returned is no longer asked about. */
const UNFINISHED_FOR_MS = 7 * 24 * 3600_000;

type SettingsRow = typeof mailboxSettings.$inferSelect;

async function findSettings(db: DbOrTx, userId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(mailboxSettings).where(eq(mailboxSettings.userId, userId));
  return row ?? null;
}

async function upsert(db: DbOrTx, userId: string, set: Partial<SettingsRow>): Promise<void> {
  const now = new Date();
  await db
    .insert(mailboxSettings)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: mailboxSettings.userId, set: { ...set, updatedAt: now } });
}

/** The student was sent to Google or Microsoft to connect a mailbox (cleared on the way back). */
export async function startMailboxConnection(
  db: DbOrTx,
  userId: string,
  provider: "gmail" | "microsoft",
): Promise<void> {
  await upsert(db, userId, { connectStartedAt: new Date(), connectProvider: provider });
}

/** Google sent the student back (connected, cancelled or failed): nothing is unfinished. */
export async function endMailboxConnection(
  db: DbOrTx,
  userId: string,
  outcome: "connected" | "returned",
): Promise<void> {
  // A connected mailbox replaces copy mode: one way of sending at a time.
  await upsert(
    db,
    userId,
    outcome === "connected" ? { connectStartedAt: null, mode: null } : { connectStartedAt: null },
  );
}

/** True when the student sends in copy mode. */
export async function isCopyMode(db: DbOrTx, userId: string): Promise<boolean> {
  return (await findSettings(db, userId))?.mode === "manual";
}

/**
 * Turns copy mode on (`manual`) or off (`none`); either answer also closes the question about
 * an unfinished connection. Copy mode is refused while a Gmail account is connected.
 */
export async function setMailboxMode(
  db: DbOrTx,
  userId: string,
  mode: "manual" | "none",
): Promise<void> {
  if (mode === "manual") {
    const status = await loadMailboxStatus(db, userId);
    if (status.connected && (status.provider === "gmail" || status.provider === "microsoft")) {
      throw conflict(connectedNotCopy(status.provider));
    }
  }
  await upsert(db, userId, { mode: mode === "manual" ? "manual" : null, connectStartedAt: null });
}

/**
 * The student's settings row, locked for the rest of the transaction (created when missing):
 * copy-mode records of one student pass the cap checks one at a time.
 */
export async function lockMailboxSettings(tx: DbOrTx, userId: string): Promise<SettingsRow> {
  await tx.insert(mailboxSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(mailboxSettings)
    .where(eq(mailboxSettings.userId, userId))
    .for("update");
  return row;
}

/**
 * GET /auth/mailbox/status: the one place that says which mailbox a student sends from: a
 * connected (or revoked) mailbox names its provider and address; copy mode is `manual` (it
 * cannot send: `connected` false); without either, null.
 */
export async function loadMailboxStatus(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<MailboxStatusResponse> {
  const [[gmail], settings, [user]] = await Promise.all([
    db
      .select({
        provider: mailboxes.provider,
        email: mailboxes.email,
        status: mailboxes.status,
      })
      .from(mailboxes)
      .where(eq(mailboxes.userId, userId)),
    findSettings(db, userId),
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
  ]);
  const gmailConnected = gmail?.status === "connected";
  const started = settings?.connectStartedAt;
  const unfinished =
    !gmailConnected &&
    settings?.mode !== "manual" &&
    Boolean(started && now.getTime() - started.getTime() < UNFINISHED_FOR_MS);
  if (gmail && gmailConnected) {
    return {
      provider: gmail.provider,
      connected: true,
      address: gmail.email,
      unfinished_connection: false,
      unfinished_provider: null,
    };
  }
  if (settings?.mode === "manual") {
    return {
      provider: "manual",
      connected: false,
      address: user?.email ?? null,
      unfinished_connection: false,
      unfinished_provider: null,
    };
  }
  if (gmail) {
    // A revoked or expired grant: still the student's mailbox, to be reconnected.
    return {
      provider: gmail.provider,
      connected: false,
      address: gmail.email,
      unfinished_connection: unfinished,
      unfinished_provider: unfinished ? (settings?.connectProvider ?? "gmail") : null,
    };
  }
  return {
    provider: null,
    connected: false,
    address: null,
    unfinished_connection: unfinished,
    unfinished_provider: unfinished ? (settings?.connectProvider ?? "gmail") : null,
  };
}
