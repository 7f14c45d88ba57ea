import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { emailMessages, mailboxes } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { MailboxError } from "../../integrations/mailbox";
import { bossDbFor, defineJob, type JobDefinition, SWEEP_EXPIRE_SECONDS } from "../../jobs/boss";
import { markMailboxRevoked } from "../auth";
import { findContactAddress } from "../contacts";
import { checkSendable } from "../deliverability";
import { findLatestResume } from "../resumes";
import { claimHoldMs, deliverClaimed, reconcileByMessageId, unknownGraceMs } from "./delivery";
import { enrollmentQueries } from "./enrollment-state";
import { checkFollowUp, isFollowUp } from "./follow-up-check";
import { mailboxTurn, nextMailboxSlot, queuedTurns, turnAfter } from "./limits";
import { findMailbox, lockMailbox } from "./mailbox";
import {
  type EmailRow,
  expireAbandonedSends,
  findEmail,
  insertOutboundEmails,
  type OutboundEmail,
  transition,
} from "./messages";

/**
 * The send job, whole: its name, how it is enqueued, its handler and the minute sweep that
 * re-enqueues whatever a crash or a deploy left behind. Every automated send (scheduled, bulk,
 * campaigns, startup emails) goes through it.
 */
export const SEND_EMAIL_JOB = "emails.send";
export const DISPATCH_SWEEP_JOB = "emails.dispatch-sweep";
export const EXPIRE_CLAIMS_JOB = "emails.expire-claims";
const SWEEP_BATCH = 1000;
/** The dispatch sweep's cron, "* * * * *": every minute. */
const SWEEP_EVERY_MS = 60_000;
/** A follow-up whose thread could not be read at Gmail waits this long before trying again. */
const FOLLOW_UP_RECHECK_MS = 30_000;
/** The longest a send job waits in place for its mailbox's turn instead of queuing again. */
const TURN_WAIT_MS = 1000;

/** The send job of one email as the queue stores it. */
type SendJob = { id: string; scheduledAt: Date | null; attempts: number };

/**
 * The send job's options: the singleton key names the row's schedule and attempt, so the
 * queue (policy "short") holds at most one waiting job per email state, however often sweeps
 * repeat.
 */
const sendJobKey = (email: SendJob) =>
  `${email.id}:${email.scheduledAt?.getTime() ?? 0}:${email.attempts}`;

/**
 * Enqueues the send job of one email (pass the transaction that wrote the row, so both commit
 * together).
 */
export async function enqueueSend(
  deps: Pick<AppDeps, "boss">,
  email: SendJob,
  startAfter: Date,
  tx?: DbOrTx,
): Promise<void> {
  await deps.boss.send(
    SEND_EMAIL_JOB,
    { emailId: email.id },
    { startAfter, singletonKey: sendJobKey(email), ...(tx ? { db: bossDbFor(tx) } : {}) },
  );
}

/**
 * Stores emails to send later and their send jobs in the caller's transaction: each row is
 * `scheduled` at its time, and the job wakes then, or, for one due now behind others of its
 * mailbox, at its turn (the dispatcher still keeps cap and spacing when it wakes). The jobs go
 * in one statement, and each mailbox's turns are read once for the batch.
 */
export async function queueEmails(
  deps: Pick<AppDeps, "boss" | "config">,
  tx: DbOrTx,
  emails: Array<Omit<OutboundEmail, "status" | "scheduledAt"> & { scheduledAt: Date }>,
): Promise<EmailRow[]> {
  const rows = await insertOutboundEmails(
    tx,
    emails.map((email) => ({ ...email, status: "scheduled" as const })),
  );
  const now = new Date();
  const dueNow = rows.filter((row) => (row.scheduledAt ?? now) <= now);
  const turns = new Map<string, Date | null>();
  for (const userId of new Set(dueNow.map((row) => row.userId))) {
    const ids = dueNow.filter((row) => row.userId === userId).map((row) => row.id);
    for (const [id, turn] of await queuedTurns(tx, deps.config, userId, ids, now)) {
      turns.set(id, turn);
    }
  }
  if (rows.length > 0) {
    await deps.boss.insert(
      rows.map((row) => ({
        name: SEND_EMAIL_JOB,
        data: { emailId: row.id },
        startAfter: turns.get(row.id) ?? row.scheduledAt ?? now,
        singletonKey: sendJobKey(row),
      })),
      { db: bossDbFor(tx) },
    );
  }
  return rows;
}

/**
 * Resolves an `unknown` send: marked sent when Gmail has its Message-ID; otherwise, once Gmail
 * has had time to index it, it goes back to `scheduled` and is sent again (same Message-ID).
 */
async function resolveUnknown(deps: AppDeps, email: EmailRow): Promise<void> {
  const account = await findMailbox(deps.database.db, email.userId);
  if (account?.status !== "connected") return; // paused; the sweep retries after a reconnect
  try {
    if (await reconcileByMessageId(deps, email, account)) return;
  } catch (error) {
    if (error instanceof MailboxError && error.kind === "auth_revoked") {
      await markMailboxRevoked(deps.database.db, account);
      return;
    }
    await enqueueSend(deps, email, new Date(Date.now() + unknownGraceMs(deps.config)));
    return;
  }
  const settledAt = email.updatedAt.getTime() + unknownGraceMs(deps.config);
  if (Date.now() < settledAt) {
    await enqueueSend(deps, email, new Date(settledAt));
    return;
  }
  const back = await transition(deps.database.db, email.id, ["unknown"], {
    status: "scheduled",
    error: "Gmail never confirmed the first attempt; sending again.",
  });
  if (back) await processEmailJob(deps, back.id);
}

/**
 * The send job (`emails.send`). Safe to run any number of times, on any number of instances:
 * it re-reads the row and acts only through conditional UPDATEs, so a row already claimed,
 * sent or cancelled is left alone.
 */
export async function processEmailJob(deps: AppDeps, emailId: string): Promise<void> {
  const db = deps.database.db;
  const email = await findEmail(db, emailId);
  if (!email) return;
  if (email.status === "unknown") return resolveUnknown(deps, email);
  if (email.status !== "scheduled") return;
  let now = new Date();
  if (email.scheduledAt && email.scheduledAt.getTime() > now.getTime() + 1000) {
    await enqueueSend(deps, email, email.scheduledAt); // its time was edited to later
    return;
  }
  // A mailbox that must wait (daily cap, spacing) defers the job before the heavier reads
  // (contact, resume file): when many emails of one mailbox fall due together, most runs end
  // here. A turn a moment away (the job woke a little early, or the send before it went a
  // little late) is waited for here rather than queued again. The claim below checks cap and
  // spacing again under the mailbox lock.
  const turn = await mailboxTurn(db, deps.config, email, now);
  if (turn) {
    const wait = turn.getTime() - Date.now();
    if (wait > TURN_WAIT_MS) {
      await enqueueSend(deps, email, turn);
      return;
    }
    await sleep(wait + 10); // a timer may fire a millisecond early: then the claim would defer it
    now = new Date();
  }

  if (isFollowUp(email)) {
    const verdict = await checkFollowUp(deps, email);
    if (verdict === "retry") {
      await enqueueSend(deps, email, new Date(Date.now() + FOLLOW_UP_RECHECK_MS));
      return;
    }
    if (verdict) {
      await transition(db, email.id, ["scheduled"], { status: "cancelled", error: verdict });
      return;
    }
  }

  const contact = await findContactAddress(db, email.userId, email.contactId);
  if (!contact) {
    await transition(db, email.id, ["scheduled"], {
      status: "cancelled",
      error: "The contact was removed from your network.",
    });
    return;
  }
  if (!contact.email) {
    await transition(db, email.id, ["scheduled"], {
      status: "failed",
      error: "This contact has no email address.",
    });
    return;
  }
  const resume = email.attachResume ? await findLatestResume(db, email.userId) : null;
  if (email.attachResume && !resume) {
    await transition(db, email.id, ["scheduled"], {
      status: "failed",
      error: "No resume was on file when this email was due.",
    });
    return;
  }

  const address = contact.email;
  const claim = await db.transaction(async (tx) => {
    const account = await lockMailbox(tx, email.userId);
    // Revoked, or automated sending paused for bounces: the sweep sends it once resolved.
    if (account?.status !== "connected" || account.automatedPausedAt) {
      return { kind: "paused" as const };
    }
    if (
      isFollowUp(email) &&
      !(await enrollmentQueries().isActive(tx, email.enrollmentId as string))
    ) {
      return { kind: "gone" as const }; // paused or stopped: that cancels the row itself
    }
    const slot = await nextMailboxSlot(tx, deps.config, email.userId, now);
    if (slot) return { kind: "deferred" as const, at: slot };
    const verdict = await checkSendable(tx, deps.config, {
      userId: email.userId,
      email: address,
      firstEmail: isFollowUp(email) ? false : undefined,
    });
    if (verdict.kind === "suppressed") {
      await transition(tx, email.id, ["scheduled"], { status: "failed", error: verdict.detail });
      return { kind: "gone" as const };
    }
    if (verdict.kind === "capped") {
      // Waits for the recipient's week to free up, and says so in the scheduled list.
      await transition(tx, email.id, ["scheduled"], { error: verdict.detail });
      return { kind: "waiting" as const, at: verdict.availableAt };
    }
    const claimed = await transition(tx, email.id, ["scheduled"], {
      status: "sending",
      attempts: email.attempts + 1,
      isFirstEmail: verdict.firstEmail,
    });
    return claimed
      ? { kind: "claimed" as const, email: claimed, account }
      : { kind: "gone" as const };
  });
  if (claim.kind === "deferred") {
    await enqueueSend(deps, email, await turnAfter(db, deps.config, email, claim.at, now));
  }
  if (claim.kind === "waiting") await enqueueSend(deps, email, claim.at);
  if (claim.kind !== "claimed") return;
  await deliverClaimed(
    deps,
    claim.email,
    claim.account,
    { fullName: contact.fullName, email: contact.email },
    resume,
    "automated",
  );
}

/**
 * Marks `unknown` every `sending` row older than the lease (its worker died: crash, kill,
 * deploy) and queues its reconciliation. A lease that runs out before the next minute's sweep
 * (a short lease; a worker killed just before a sweep) gets a look of its own then, so a lost
 * send waits out its lease, not the clock's next minute.
 */
export async function expireLostClaims(deps: AppDeps): Promise<void> {
  const leaseMs = claimHoldMs(deps.config);
  const now = Date.now();
  const { expired, oldestClaim } = await expireAbandonedSends(
    deps.database.db,
    new Date(now - leaseMs),
  );
  for (const row of expired) {
    await enqueueSend(deps, row, new Date(row.updatedAt.getTime() + unknownGraceMs(deps.config)));
  }
  const leaseEnd = oldestClaim ? oldestClaim.getTime() + leaseMs : null;
  if (leaseEnd !== null && leaseEnd < now + SWEEP_EVERY_MS) {
    await deps.boss.send(EXPIRE_CLAIMS_JOB, {}, { startAfter: new Date(leaseEnd + 100) });
  }
}

/**
 * The minute sweep that makes sending survive anything a process can suffer: abandoned
 * `sending` rows become `unknown` (reconciled by Message-ID before any resend), and every due
 * `scheduled` or settled `unknown` row of a connected mailbox gets a send job. The singleton
 * keys make repeated sweeps cheap: a row that already has a waiting job gets no second one.
 */
export async function sweepDueEmails(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = Date.now();
  await expireLostClaims(deps);
  const due = await db
    .select({
      id: emailMessages.id,
      scheduledAt: emailMessages.scheduledAt,
      attempts: emailMessages.attempts,
      status: emailMessages.status,
      updatedAt: emailMessages.updatedAt,
    })
    .from(emailMessages)
    .innerJoin(
      mailboxes,
      and(eq(mailboxes.userId, emailMessages.userId), eq(mailboxes.status, "connected")),
    )
    .where(
      or(
        and(
          eq(emailMessages.status, "scheduled"),
          or(isNull(emailMessages.scheduledAt), lte(emailMessages.scheduledAt, new Date(now))),
        ),
        eq(emailMessages.status, "unknown"),
      ),
    )
    .orderBy(asc(emailMessages.scheduledAt))
    .limit(SWEEP_BATCH);
  for (const row of due) {
    const startAfter =
      row.status === "unknown"
        ? new Date(Math.max(now, row.updatedAt.getTime() + unknownGraceMs(deps.config)))
        : new Date(now);
    await enqueueSend(deps, row, startAfter);
  }
  return due.length;
}

const Empty = z.object({}).passthrough();

export function sendJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: SEND_EMAIL_JOB,
      payload: z.object({ emailId: z.uuid() }),
      queue: { policy: "short", retryLimit: 3, retryDelay: 30, retryBackoff: true },
      // Sends of different mailboxes go out side by side (each mailbox is still one at a time,
      // under its lock): a thousand emails due at 07:30 leave within seconds, not minutes.
      // A deferred send (spacing) waits for its turn: polling every half second keeps it close.
      // A send is mostly waiting on Gmail (the thread read, the send, the Message-ID read), so
      // each loop's batch goes side by side: 10 loops poll, 50 sends are under way.
      work: { batchSize: 5, pollingIntervalSeconds: 0.5 },
      concurrency: 10,
      batchSideBySide: true,
      handle: ({ emailId }) => processEmailJob(deps, emailId),
    }),
    // Both sweeps are "short" (at most one waiting), not "singleton" (one running): a worker
    // killed mid-sweep leaves its run active until it expires, and a singleton queue would
    // start no sweep until then, leaving the sends that worker had under way claimed. Two runs
    // at once are harmless: every change is conditional and every send job keyed.
    defineJob({
      name: EXPIRE_CLAIMS_JOB,
      payload: Empty,
      queue: { policy: "short", expireInSeconds: SWEEP_EXPIRE_SECONDS },
      handle: () => expireLostClaims(deps),
    }),
    defineJob({
      name: DISPATCH_SWEEP_JOB,
      payload: Empty,
      cron: "* * * * *", // SWEEP_EVERY_MS
      runAtStart: true,
      queue: { policy: "short", expireInSeconds: SWEEP_EXPIRE_SECONDS },
      handle: async () => {
        await sweepDueEmails(deps);
      },
    }),
  ];
}
