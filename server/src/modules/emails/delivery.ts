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
/** What a claim is held beyond its send's deadline: the worker's own writes after the answer. */
const CLAIM_MARGIN_MS = 5_000;

/**
 * How long a `sending` row may go untouched before it is taken for lost (its worker died) and
 * reconciled. Never less than the send's deadline and a margin: each attempt touches the claim
 * just before it calls the provider and runs under that deadline, so a claim whose worker may
 * still be inside the provider call is never expired, however starved the worker is. A lease
 * configured shorter only gives way to this.
 */
export const claimHoldMs = (config: Config) =>
  Math.max(
    config.sending.sendingLeaseSeconds * 1000,
    config.sending.sendTimeoutSeconds * 1000 + CLAIM_MARGIN_MS,
  );

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
 * Touches this worker's claim just before a provider call and answers the deadline the call
 * runs under, or null when the claim is no longer this worker's (it was taken for lost while
 * the worker was starved: its reconciliation decides, and this worker must not send). Since the
 * call ends by its deadline and the claim is held untouched for longer (claimHoldMs), a
 * reconciliation never looks while a send of this claim may still reach the provider.
 */
async function holdClaim(deps: AppDeps, emailId: string): Promise<AbortSignal | null> {
  if (!(await renewClaim(deps.database.db, emailId))) return null;
  return AbortSignal.timeout(deps.config.sending.sendTimeoutSeconds * 1000);
}

/** What a send whose claim was taken from it answers: the row as its reconciliation left it. */
async function claimLost(db: Db, emailId: string): Promise<DeliveryResult> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, emailId));
  if (row && (row.status === "unknown" || row.status === "sent")) {
    return row.status === "sent" ? { kind: "sent", email: row } : { kind: "unknown", email: row };
  }
  return { kind: "failed" };
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
async function sendClaimed(
  deps: AppDeps,
  email: EmailRow,
  account: MailboxRow,
  recipient: Recipient,
  resume: StoredResume | null,
  mode: DeliveryMode,
): Promise<DeliveryResult> {
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

  for (let attempt = 1; ; attempt++) {
    const deadline = await holdClaim(deps, email.id);
    if (!deadline) return claimLost(db, email.id);
    try {
      const sent = await mailboxFor(deps, account, { deadline }).sendMime(raw, threadId);
      const row = await markSent(db, email, sent, ["sending", "unknown"]);
      if (!row) return { kind: "failed" };
      await adoptGmailMessageId(db, row, mailboxFor(deps, account)).catch(() => {});
      await enqueueSyncAfterSend(deps, row.userId, mode).catch(() => {});
      return { kind: "sent", email: row };
    } catch (caught) {
      const error = asMailboxError(caught, account);
      if (error.kind === "temporary" && mode === "immediate" && attempt < IMMEDIATE_ATTEMPTS) {
        await sleep(Math.min(3000, Math.max(500 * attempt, (error.retryAfterSeconds ?? 0) * 1000)));
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
