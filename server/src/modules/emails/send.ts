import { MESSAGES, type NetworkContact } from "@reachout/contract";
import { emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict, tooManyRequests } from "../../http/errors";
import { GmailError } from "../../integrations/gmail";
import { assertSendable, checkSendable, verdictError } from "../deliverability";
import { getLatestResume, hasResume, type StoredResume } from "../resumes/service";
import { newMessageId } from "./compose";
import { findNetworkContact, loadNetworkContact } from "./contact";
import { deliverClaimed, reconcileByMessageId, unknownGraceMs } from "./delivery";
import { checkFollowUp, isEnrollmentActive, isFollowUp } from "./follow-up-check";
import {
  capDetail,
  mailboxDailyCap,
  nextSlotAfterDailyCap,
  nextSlotAfterSpacing,
  spacingTurn,
  turnAfter,
} from "./limits";
import { getGmailAccount, lockGmailAccount, markGmailRevoked, requireConnected } from "./mailbox";
import { enqueueSend } from "./queue";
import { type EmailRow, loadEmail, transition } from "./state";

export const NO_RESUME_TO_ATTACH =
  "Upload your resume before sending emails: it is attached to every email you send.";
const SCHEDULE_IN_PAST = "Pick a time from the current minute onwards.";
const SCHEDULE_TOO_FAR = "Emails can be scheduled at most one year ahead.";
const YEAR_MS = 366 * 24 * 3600_000;
/** A follow-up whose thread could not be read at Gmail waits this long before trying again. */
const FOLLOW_UP_RECHECK_MS = 30_000;

export interface Draft {
  contactId: string;
  subject: string;
  body: string;
  /** The writer format it was written in, for insights; null or absent: the student's own text. */
  emailFormat?: string | null;
}

function requireEmailAddress(contact: NetworkContact): string {
  if (!contact.email) {
    throw new AppError(
      422,
      `${contact.full_name} has no email address on file, so nothing can be sent.`,
    );
  }
  return contact.email;
}

async function requireResume(deps: AppDeps, userId: string): Promise<StoredResume> {
  const resume = await getLatestResume(deps.database.db, userId);
  if (!resume) throw conflict(NO_RESUME_TO_ATTACH);
  return resume;
}

/** A time at or after the current minute (the picker's minimum) and within a year. */
export function checkScheduledAt(value: string | Date, now = new Date()): Date {
  const at = new Date(value);
  const minute = new Date(now);
  minute.setSeconds(0, 0);
  if (Number.isNaN(at.getTime()) || at < minute) throw badRequest(SCHEDULE_IN_PAST);
  if (at.getTime() - now.getTime() > YEAR_MS) throw badRequest(SCHEDULE_TOO_FAR);
  return at;
}

/**
 * Sends now from the user's Gmail: the row is written as `sending` under the mailbox lock
 * (after the daily cap check, 429 when reached) and the recipient's lock (suppressed address
 * 409, recipient weekly cap 429), then delivered. Answers the row: `sent`, or `unknown` when
 * Gmail did not confirm and reconciliation continues in the background.
 */
export async function sendEmailNow(deps: AppDeps, userId: string, draft: Draft): Promise<EmailRow> {
  const db = deps.database.db;
  const contact = await findNetworkContact(db, userId, draft.contactId);
  const address = requireEmailAddress(contact);
  requireConnected(await getGmailAccount(db, userId));
  const resume = await requireResume(deps, userId);
  const now = new Date();

  const { email, account } = await db.transaction(async (tx) => {
    const account = requireConnected(await lockGmailAccount(tx, userId));
    const capped = await nextSlotAfterDailyCap(tx, deps.config, userId, now);
    if (capped) {
      throw tooManyRequests(
        capDetail(await mailboxDailyCap(tx, deps.config, userId, now), capped, now),
        (capped.getTime() - now.getTime()) / 1000,
      );
    }
    const { firstEmail } = await assertSendable(tx, {
      userId,
      email: address,
      config: deps.config,
    });
    const [email] = await tx
      .insert(emailMessages)
      .values({
        userId,
        contactId: contact.contact_id,
        direction: "outbound",
        status: "sending",
        toEmail: address,
        fromEmail: account.email,
        subject: draft.subject,
        body: draft.body,
        emailFormat: draft.emailFormat ?? null,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
        attempts: 1,
        isFirstEmail: firstEmail,
        updatedAt: now,
      })
      .returning();
    return { email, account };
  });

  const result = await deliverClaimed(
    deps,
    email,
    account,
    { fullName: contact.full_name, email: address },
    resume,
    "immediate",
  );
  if (result.kind === "sent" || result.kind === "unknown") return result.email;
  throw new AppError(502, MESSAGES.email.sendFailed);
}

/** Stores a scheduled email and enqueues its send job in the same transaction. */
export async function scheduleEmail(
  deps: AppDeps,
  userId: string,
  draft: Draft & { scheduledAt: Date | string },
): Promise<EmailRow> {
  const db = deps.database.db;
  const scheduledAt = checkScheduledAt(draft.scheduledAt);
  const contact = await findNetworkContact(db, userId, draft.contactId);
  const address = requireEmailAddress(contact);
  const account = requireConnected(await getGmailAccount(db, userId));
  // Checked now, attached when it is sent: the file itself is not needed yet.
  if (!(await hasResume(db, userId))) throw conflict(NO_RESUME_TO_ATTACH);
  // Checked again when it is due; refused now when it could not go at the time asked for.
  const verdict = await checkSendable(db, deps.config, { userId, email: address });
  const refused =
    verdict.kind === "suppressed" ||
    (verdict.kind === "capped" && verdict.availableAt > scheduledAt)
      ? verdictError(verdict)
      : null;
  if (refused) throw refused;
  return db.transaction(async (tx) => {
    const [email] = await tx
      .insert(emailMessages)
      .values({
        userId,
        contactId: contact.contact_id,
        direction: "outbound",
        status: "scheduled",
        toEmail: address,
        fromEmail: account.email,
        subject: draft.subject,
        body: draft.body,
        emailFormat: draft.emailFormat ?? null,
        scheduledAt,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
      })
      .returning();
    await enqueueSend(deps, email, scheduledAt, tx);
    return email;
  });
}

/**
 * Resolves an `unknown` send: marked sent when Gmail has its Message-ID; otherwise, once Gmail
 * has had time to index it, it goes back to `scheduled` and is sent again (same Message-ID).
 */
async function resolveUnknown(deps: AppDeps, email: EmailRow): Promise<void> {
  const account = await getGmailAccount(deps.database.db, email.userId);
  if (account?.status !== "connected") return; // paused; the sweep retries after a reconnect
  try {
    if (await reconcileByMessageId(deps, email, account)) return;
  } catch (error) {
    if (error instanceof GmailError && error.kind === "auth_revoked") {
      await markGmailRevoked(deps.database.db, account);
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
 * The send-scheduled-email job. Safe to run any number of times, on any number of instances:
 * it re-reads the row and acts only through conditional UPDATEs, so a row already claimed,
 * sent or cancelled is left alone.
 */
export async function processEmailJob(deps: AppDeps, emailId: string): Promise<void> {
  const db = deps.database.db;
  const email = await loadEmail(db, emailId);
  if (!email) return;
  if (email.status === "unknown") return resolveUnknown(deps, email);
  if (email.status !== "scheduled") return;
  const now = new Date();
  if (email.scheduledAt && email.scheduledAt.getTime() > now.getTime() + 1000) {
    await enqueueSend(deps, email, email.scheduledAt); // its time was edited to later
    return;
  }
  // A mailbox that must wait (daily cap, spacing) defers the job before the heavier reads
  // (contact, resume file): when many emails of one mailbox fall due together, most runs end
  // here. The claim below checks cap and spacing again under the mailbox lock.
  const capped = await nextSlotAfterDailyCap(db, deps.config, email.userId, now);
  const turn = capped
    ? await turnAfter(db, deps.config, email, capped, now)
    : await spacingTurn(db, deps.config, email, now);
  if (turn) {
    await enqueueSend(deps, email, turn);
    return;
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

  const contact = await loadNetworkContact(db, email.userId, email.contactId);
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
  const resume = email.attachResume ? await getLatestResume(db, email.userId) : null;
  if (email.attachResume && !resume) {
    await transition(db, email.id, ["scheduled"], {
      status: "failed",
      error: "No resume was on file when this email was due.",
    });
    return;
  }

  const address = contact.email;
  const claim = await db.transaction(async (tx) => {
    const account = await lockGmailAccount(tx, email.userId);
    // Revoked, or automated sending paused for bounces: the sweep sends it once resolved.
    if (account?.status !== "connected" || account.automatedPausedAt) {
      return { kind: "paused" as const };
    }
    if (isFollowUp(email) && !(await isEnrollmentActive(tx, email.enrollmentId as string))) {
      return { kind: "gone" as const }; // paused or stopped: that cancels the row itself
    }
    const slot =
      (await nextSlotAfterDailyCap(tx, deps.config, email.userId, now)) ??
      (await nextSlotAfterSpacing(tx, deps.config, email.userId, now));
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
    { fullName: contact.full_name, email: contact.email },
    resume,
    "automated",
  );
}
