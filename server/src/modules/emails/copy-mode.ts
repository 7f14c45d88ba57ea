import type { CopiedReplyResponse, NetworkContact } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict } from "../../http/errors";
import { isCopyMode, lockMailboxSettings } from "../auth";
import { getNetworkContact } from "../contacts";
import { applySelfReportedVerdict, assertSendable, classifyInbound } from "../deliverability";
import { publishEvent } from "../events";
import { assertDailyCapRoom } from "./limits";
import { findMailbox, requireConnected } from "./mailbox";
import { type EmailRow, findEmailByMessageId, recordCopiedMessage } from "./messages";
import { requireEmailAddress } from "./send";

export const COPY_MODE_OFF =
  "Copy mode is off. Turn it on from your Account page to record emails you send yourself.";
export const NOTHING_SENT_YET =
  "Mark the email you sent as sent first: a reply answers an email Reachout knows about.";

/** Our Message-ID for a copy-mode record: the key the dialog made makes a retry a no-op. */
const copyMessageId = (kind: "sent" | "reply", key: string) => `<copy-${kind}.${key}@reachout>`;

/**
 * Writing needs a way to send: a connected Gmail, or copy mode (the student sends from their
 * own mail app). Throws the 409 the user can act on otherwise.
 */
export async function requireMailboxReady(deps: AppDeps, userId: string): Promise<void> {
  const db = deps.database.db;
  if (await isCopyMode(db, userId)) return;
  requireConnected(await findMailbox(db, userId));
}

/** What the student sent from their own mail app; `key` makes a repeated click a no-op. */
export interface CopiedSend {
  subject: string;
  body: string;
  emailFormat?: string | null;
  key: string;
  /** A follow-up of a copy-mode sequence: its enrolment and step. */
  enrollmentId?: string;
  sequenceStep?: number;
}

/**
 * "I sent it" (copy mode): the student sent this email from their own mail app. Recorded as
 * sent (the contact becomes Contacted) under the same checks as a send from Gmail: the daily cap
 * (429) and the recipient's suppression and weekly cap (409/429). The record is self-reported:
 * it uses none of the recipient's weekly cap (issue 32). The dialog's key makes a repeated click
 * answer the first record.
 */
export async function recordCopiedSend(
  deps: AppDeps,
  userId: string,
  input: CopiedSend & { contactId: string },
): Promise<EmailRow> {
  const db = deps.database.db;
  const contact = await getNetworkContact(db, userId, input.contactId);
  return db.transaction(
    async (tx) => (await recordCopiedSendIn(tx, deps, userId, contact, input)).row,
  );
}

/**
 * recordCopiedSend in the caller's transaction (a sequence records its first email or a
 * follow-up and moves the enrolment in the same one). `created` is false for a repeated key.
 */
export async function recordCopiedSendIn(
  tx: DbOrTx,
  deps: Pick<AppDeps, "config">,
  userId: string,
  contact: NetworkContact,
  input: CopiedSend,
): Promise<{ row: EmailRow; created: boolean }> {
  const address = requireEmailAddress(contact);
  const messageId = copyMessageId("sent", input.key);
  const now = new Date();
  const settings = await lockMailboxSettings(tx, userId);
  if (settings.mode !== "manual") throw conflict(COPY_MODE_OFF);
  const existing = await findEmailByMessageId(tx, userId, messageId);
  if (existing) return { row: existing, created: false };
  await assertDailyCapRoom(tx, deps.config, userId, now, "your mailbox");
  const { firstEmail } = await assertSendable(tx, {
    userId,
    email: address,
    selfReported: true,
    config: deps.config,
  });
  const row = await recordCopiedMessage(tx, {
    userId,
    contactId: contact.contact_id,
    direction: "outbound",
    toEmail: address,
    fromEmail: null,
    subject: input.subject,
    body: input.body,
    emailFormat: input.emailFormat ?? null,
    rfc822MessageId: messageId,
    isFirstEmail: firstEmail,
    inboundKind: null,
    classificationNote: null,
    countsOnContact: true,
    enrollmentId: input.enrollmentId ?? null,
    sequenceStep: input.sequenceStep ?? null,
  });
  return { row, created: true };
}

/**
 * "They replied" (copy mode): the person answered in the student's own mailbox. The pasted
 * text, when given, is read like a synced reply: an opt-out request is recorded as one and an
 * automatic reply is not counted as an answer. What the student pastes is their word only, so
 * an opt-out stops this student's sequences and sends to the person, never anyone else's (the
 * person's own opt-out page does that; issue 32).
 */
export async function recordCopiedReply(
  deps: AppDeps,
  userId: string,
  input: { contactId: string; text?: string | null; key: string },
): Promise<CopiedReplyResponse> {
  const db = deps.database.db;
  const contact = await getNetworkContact(db, userId, input.contactId);
  const text = input.text?.trim() ?? "";
  const now = new Date();
  const verdict = text
    ? classifyInbound(
        { headers: [], parts: [{ mimeType: "text/plain", text }], contentType: "text/plain" },
        text,
        now,
      )
    : ({ kind: "reply" } as const);
  const kind = verdict.kind === "opt_out" || verdict.kind === "auto_reply" ? verdict.kind : "reply";
  const isAnswer = kind !== "auto_reply";
  const messageId = copyMessageId("reply", input.key);

  const recorded = await db.transaction(async (tx) => {
    const settings = await lockMailboxSettings(tx, userId);
    if (settings.mode !== "manual") throw conflict(COPY_MODE_OFF);
    if (await findEmailByMessageId(tx, userId, messageId)) return false;
    const [sent] = await tx
      .select({ id: emailMessages.id, subject: emailMessages.subject })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.userId, userId),
          eq(emailMessages.contactId, contact.contact_id),
          eq(emailMessages.direction, "outbound"),
          eq(emailMessages.status, "sent"),
        ),
      )
      .limit(1);
    if (!sent) throw conflict(NOTHING_SENT_YET);
    await recordCopiedMessage(tx, {
      userId,
      contactId: contact.contact_id,
      direction: "inbound",
      toEmail: null,
      fromEmail: contact.email,
      subject: `Re: ${sent.subject}`,
      body: text,
      emailFormat: null,
      rfc822MessageId: messageId,
      isFirstEmail: false,
      inboundKind: kind === "reply" ? null : kind,
      classificationNote: "note" in verdict ? verdict.note : null,
      countsOnContact: isAnswer,
    });
    return true;
  });
  if (recorded && verdict.kind !== "reply") {
    await applySelfReportedVerdict(db, { userId, contactId: contact.contact_id }, verdict);
  }
  if (recorded) {
    publishEvent(
      userId,
      isAnswer
        ? { type: "reply", contact_id: contact.contact_id }
        : { type: "delivery", contact_id: contact.contact_id, kind: "auto_reply" },
    );
  }
  const { status } = await getNetworkContact(db, userId, contact.contact_id);
  return { kind, note: "note" in verdict ? verdict.note : null, contact_status: status };
}
