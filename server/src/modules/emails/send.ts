import { MESSAGES, mailboxName, type NetworkContact } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, conflict } from "../../http/errors";
import { getNetworkContact } from "../contacts";
import { assertSendable, checkSendable, verdictError } from "../deliverability";
import { findLatestResume, hasResume, type StoredResume } from "../resumes";
import { newMessageId } from "./compose";
import { deliverClaimed } from "./delivery";
import { assertDailyCapRoom } from "./limits";
import { findMailbox, lockMailbox, requireConnected } from "./mailbox";
import { type EmailRow, insertOutboundEmails } from "./messages";
import { queueEmails } from "./send-job";

export const NO_RESUME_TO_ATTACH =
  "Upload your resume before sending emails: it is attached to every email you send.";
const SCHEDULE_IN_PAST = "Pick a time from the current minute onwards.";
const SCHEDULE_TOO_FAR = "Emails can be scheduled at most one year ahead.";
const YEAR_MS = 366 * 24 * 3600_000;

export interface Draft {
  contactId: string;
  subject: string;
  body: string;
  /** The writer format it was written in, for insights; null or absent: the student's own text. */
  emailFormat?: string | null;
}

export function requireEmailAddress(contact: NetworkContact): string {
  if (!contact.email) {
    throw new AppError(
      422,
      `${contact.full_name} has no email address on file, so nothing can be sent.`,
    );
  }
  return contact.email;
}

async function requireResume(deps: AppDeps, userId: string): Promise<StoredResume> {
  const resume = await findLatestResume(deps.database.db, userId);
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
 * (after the daily cap check, 429 when reached), then delivered. Answers the row: `sent`, or
 * `unknown` when Gmail did not confirm and reconciliation continues in the background.
 */
export async function sendEmailNow(deps: AppDeps, userId: string, draft: Draft): Promise<EmailRow> {
  const db = deps.database.db;
  const contact = await getNetworkContact(db, userId, draft.contactId);
  const address = requireEmailAddress(contact);
  requireConnected(await findMailbox(db, userId));
  const resume = await requireResume(deps, userId);
  const now = new Date();

  const { email, account } = await db.transaction(async (tx) => {
    const account = requireConnected(await lockMailbox(tx, userId));
    await assertDailyCapRoom(
      tx,
      deps.config,
      userId,
      now,
      `this ${mailboxName(account.provider)} account`,
    );
    const { firstEmail } = await assertSendable(tx, {
      userId,
      email: address,
      config: deps.config,
    });
    const [email] = await insertOutboundEmails(tx, [
      {
        userId,
        contactId: contact.contact_id,
        status: "sending",
        toEmail: address,
        fromEmail: account.email,
        subject: draft.subject,
        body: draft.body,
        emailFormat: draft.emailFormat ?? null,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
        isFirstEmail: firstEmail,
        attempts: 1,
        updatedAt: now,
      },
    ]);
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
  const contact = await getNetworkContact(db, userId, draft.contactId);
  const address = requireEmailAddress(contact);
  const account = requireConnected(await findMailbox(db, userId));
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
  const [email] = await db.transaction((tx) =>
    queueEmails(deps, tx, [
      {
        userId,
        contactId: contact.contact_id,
        toEmail: address,
        fromEmail: account.email,
        subject: draft.subject,
        body: draft.body,
        emailFormat: draft.emailFormat ?? null,
        scheduledAt,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
      },
    ]),
  );
  return email;
}
