import { and, asc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { emailMessages, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError, conflict, tooManyRequests } from "../../http/errors";
import { MailboxError, type MailboxProvider } from "../../integrations/mailbox";
import { sends } from "../../lib/metrics";
import { markMailboxRevoked } from "../auth";
import type { StoredResume } from "../resumes";
import { buildMime } from "./compose";
import { enrollmentQueries } from "./enrollment-state";
import { isFollowUp } from "./follow-up-check";
import { type MailboxRow, mailboxFor, mailboxMessages } from "./mailbox";
import { adoptMessageId, type EmailRow, markSent, renewClaim, transition } from "./messages";
import { enqueueSyncAfterSend } from "./reply-sync-job";
import { enqueueSend } from "./send-job";

/** Immediate sends retry inside the request only while Gmail proves it refused the message. */
const IMMEDIATE_ATTEMPTS = 3;
const AUTOMATED_MAX_ATTEMPTS = 6;
/** How long Gmail gets to make an accepted message searchable before we conclude it was not. */
export const unknownGraceMs = (config: Config) => config.sending.unconfirmedGraceSeconds * 1000;

export type DeliveryMode = "immediate" | "automated";
export interface Recipient {
  fullName: string;
  email: string;
}
export type DeliveryResult =
  | { kind: "sent"; email: EmailRow }
  | { kind: "unknown"; email: EmailRow }
  | { kind: "retrying" | "paused" | "failed" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const asMailboxError = (error: unknown, account: MailboxRow) =>
  error instanceof MailboxError
    ? error
    : new MailboxError(
        "unknown",
        error instanceof Error ? error.message : mailboxMessages(account.provider).sendFailed,
      );

/** The conversation an email continues: Gmail thread, In-Reply-To and References. */
async function threadContext(db: Db, email: EmailRow) {
  // A follow-up continues its sequence's first email, whatever else the contact received.
  const pinned = isFollowUp(email)
    ? ((await enrollmentQueries().stateOf(db, email.enrollmentId as string))?.threadId ?? null)
    : null;
  const rows = await db
    .select({ threadId: emailMessages.threadId, messageId: emailMessages.rfc822MessageId })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.userId, email.userId),
        eq(emailMessages.contactId, email.contactId),
        ne(emailMessages.id, email.id),
        isNotNull(emailMessages.threadId),
        inArray(emailMessages.status, ["sent", "received"]),
        pinned ? eq(emailMessages.threadId, pinned) : undefined,
      ),
    )
    .orderBy(asc(sql`coalesce(${emailMessages.sentAt}, ${emailMessages.createdAt})`));
  const threadId = pinned ?? rows.at(-1)?.threadId ?? null;
  const references = rows
    .filter((r) => r.threadId === threadId && r.messageId)
    .map((r) => r.messageId as string)
    .slice(-20);
  return { threadId, references, inReplyTo: references.at(-1) ?? null };
}

function backoffMs(config: Config, attempts: number, retryAfterSeconds?: number): number {
  const base = config.sending.retryBaseSeconds * 1000;
  const exponential = Math.min(base * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
  return Math.max(exponential, (retryAfterSeconds ?? 0) * 1000);
}

/** After an unconfirmed send: was it accepted after all? Marks it sent when Gmail has it. */
export async function reconcileByMessageId(
  deps: AppDeps,
  email: EmailRow,
  account: MailboxRow,
): Promise<EmailRow | null> {
  if (!email.rfc822MessageId) return null;
  const client = mailboxFor(deps, account);
  const [found] = await client.findByMessageId(email.rfc822MessageId);
  if (!found) return null;
  return markSent(deps.database.db, email, found, ["unknown", "sending"]);
}

async function recordFailure(
  deps: AppDeps,
  email: EmailRow,
  account: MailboxRow,
  error: MailboxError,
  mode: DeliveryMode,
): Promise<DeliveryResult> {
  const db = deps.database.db;
  const fail = (detail: string) =>
    transition(db, email.id, ["sending"], { status: "failed", error: detail });
  const say = mailboxMessages(account.provider);
  switch (error.kind) {
    case "temporary": {
      if (mode === "immediate") {
        await fail(error.message);
        throw tooManyRequests(say.busy, error.retryAfterSeconds ?? 60);
      }
      if (email.attempts >= AUTOMATED_MAX_ATTEMPTS) {
        await fail(say.keptRefusing(error.message));
        return { kind: "failed" };
      }
      const back = await transition(db, email.id, ["sending"], {
        status: "scheduled",
        error: error.message,
      });
      if (back) {
        await enqueueSend(
          deps,
          back,
          new Date(Date.now() + backoffMs(deps.config, back.attempts, error.retryAfterSeconds)),
        );
      }
      return { kind: "retrying" };
    }
    case "unknown": {
      const unknown = await transition(db, email.id, ["sending"], {
        status: "unknown",
        error: error.message,
      });
      if (!unknown) return { kind: "failed" };
      const reconciled = await reconcileByMessageId(deps, unknown, account).catch(() => null);
      if (reconciled) return { kind: "sent", email: reconciled };
      await enqueueSend(deps, unknown, new Date(Date.now() + unknownGraceMs(deps.config)));
      return { kind: "unknown", email: unknown };
    }
    case "auth_revoked": {
      await markMailboxRevoked(db, account);
      if (mode === "immediate") {
        await fail(say.revoked);
        throw conflict(say.revoked);
      }
      // Paused, not failed: the dispatch sweep sends it once Gmail is reconnected.
      await transition(db, email.id, ["sending"], {
        status: "scheduled",
        error: say.revoked,
      });
      return { kind: "paused" };
    }
    default: {
      await fail(say.refusedThis(error.message));
      if (mode === "immediate") {
        throw new AppError(422, say.refused);
      }
      return { kind: "failed" };
    }
  }
}

/**
 * Runs a claimed send, renewing its claim three times a lease while it is under way: a
 * `sending` row not touched for the lease is taken for lost (and reconciled, then sent again),
 * so a slow send (a loaded machine, Gmail taking its time) must never look like one.
 */
async function keepingClaim<T>(deps: AppDeps, emailId: string, send: () => Promise<T>): Promise<T> {
  const renewEveryMs = Math.max(250, (deps.config.sending.sendingLeaseSeconds * 1000) / 3);
  const renewal = setInterval(() => {
    renewClaim(deps.database.db, emailId).catch(() => {});
  }, renewEveryMs);
  try {
    return await send();
  } finally {
    clearInterval(renewal);
  }
}

/**
 * Sends one email that this caller has moved to `sending`: builds the MIME message (resume
 * attached, threaded after earlier messages), calls users.messages.send and records the
 * outcome by conditional UPDATE. Only errors proving Gmail refused the message are retried;
 * an unconfirmed send becomes `unknown` and is reconciled by Message-ID before any resend.
 */
export async function deliverClaimed(
  deps: AppDeps,
  email: EmailRow,
  account: MailboxRow,
  recipient: Recipient,
  resume: StoredResume | null,
  mode: DeliveryMode,
): Promise<DeliveryResult> {
  try {
    const result = await sendClaimed(deps, email, account, recipient, resume, mode);
    sends.inc({ provider: account.provider, outcome: result.kind });
    return result;
  } catch (error) {
    sends.inc({ provider: account.provider, outcome: "failed" });
    throw error;
  }
}

/** deliverClaimed's work, apart from its counting. */
function sendClaimed(
  deps: AppDeps,
  email: EmailRow,
  account: MailboxRow,
  recipient: Recipient,
  resume: StoredResume | null,
  mode: DeliveryMode,
): Promise<DeliveryResult> {
  return keepingClaim(deps, email.id, async () => {
    const db = deps.database.db;
    let raw: Buffer;
    let threadId: string | null;
    let build: (inThread: boolean) => Promise<Buffer>;
    try {
      const [thread, [sender]] = await Promise.all([
        threadContext(db, email),
        db.select({ name: users.name }).from(users).where(eq(users.id, email.userId)),
      ]);
      threadId = thread.threadId;
      build = (inThread) =>
        buildMime({
          from: { name: sender?.name ?? null, address: account.email },
          to: { name: recipient.fullName, address: recipient.email },
          subject: email.subject,
          text: email.body,
          messageId: email.rfc822MessageId ?? "",
          inReplyTo: inThread ? thread.inReplyTo : null,
          references: inThread ? thread.references : [],
          attachment:
            email.attachResume && resume
              ? { filename: resume.filename, content: resume.data, contentType: resume.mimeType }
              : null,
        });
      raw = await build(true);
    } catch (error) {
      await transition(db, email.id, ["sending"], {
        status: "failed",
        error: `The message could not be built (${error instanceof Error ? error.message : "error"}).`,
      });
      throw error;
    }

    const client = mailboxFor(deps, account);
    for (let attempt = 1; ; attempt++) {
      try {
        const sent = await client.sendMime(raw, threadId);
        const row = await markSent(db, email, sent, ["sending", "unknown"]);
        if (!row) return { kind: "failed" };
        await adoptGmailMessageId(db, row, client).catch(() => {});
        await enqueueSyncAfterSend(deps, row.userId, mode).catch(() => {});
        return { kind: "sent", email: row };
      } catch (caught) {
        const error = asMailboxError(caught, account);
        if (error.kind === "temporary" && mode === "immediate" && attempt < IMMEDIATE_ATTEMPTS) {
          await sleep(
            Math.min(3000, Math.max(500 * attempt, (error.retryAfterSeconds ?? 0) * 1000)),
          );
          continue;
        }
        // A thread Gmail no longer has (deleted by the user): a 404 proves nothing was sent.
        if (error.kind === "not_found" && threadId) {
          threadId = null;
          raw = await build(false);
          continue;
        }
        return recordFailure(deps, email, account, error, mode);
      }
    }
  });
}

/** Gmail may rewrite Message-ID; threading later replies needs the one recipients saw. */
async function adoptGmailMessageId(db: Db, row: EmailRow, client: MailboxProvider): Promise<void> {
  if (!row.gmailMessageId) return;
  const message = await client.getMessage(row.gmailMessageId, "metadata", ["Message-ID"]);
  const actual = message.payload?.headers?.find(
    (h) => h.name.toLowerCase() === "message-id",
  )?.value;
  if (actual && actual !== row.rfc822MessageId) {
    await adoptMessageId(db, row.id, actual);
  }
}
