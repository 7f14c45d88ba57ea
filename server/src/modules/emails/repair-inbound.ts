import { and, asc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { contacts, emailMessages, inboundRepairs, suppressions } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { MailboxError } from "../../integrations/mailbox";
import { uncountReplyOnContact } from "../contacts";
import {
  applyInboundVerdict,
  enrollmentRequests,
  type InboundVerdict,
  liftBounceSuppression,
  normalizeAddress,
} from "../deliverability";
import { findMailbox, mailboxFor } from "./mailbox";
import { type EmailRow, reclassifyInbound, replyFromContact } from "./messages";
import { classifyMailboxMessage } from "./sync";

/**
 * The one-time repair of issue 33. Stored inbound rows keep only the new text of a message, so
 * each one is read again from the student's mailbox (Gmail or Graph), classified with today's
 * code (the sync's own path) and what its old verdict caused is corrected:
 * - a mail system's message stored as the contact's reply: the row takes its real kind (insights
 *   re-settle), the contact goes back to Contacted unless another answer of theirs remains (a
 *   real reply, or one the student recorded), and the enrolments it ended as `replied` resume, or
 *   end as `bounced` when the address really bounced;
 * - a verdict whose kind or cause changed: today's effects (a hold for a full mailbox or a
 *   network failure, the student's sending health for a refusal of their email, the suppression
 *   for a permanent recipient failure). Old refusals pause nothing today.
 * Then a bounce suppression from a report that no re-read message supports any more is lifted and
 * the enrolments it ended resume.
 *
 * Each message's corrections and its `inbound_repairs` row commit in one transaction, so a run
 * killed mid-way and run again corrects every message exactly once; a second full run changes
 * nothing. A message the mailbox no longer has, or of a mailbox not connected, is left as stored
 * (its suppression kept) for a later run.
 */

export interface RepairCounts {
  /** Messages read again and recorded this run. */
  examined: number;
  /** Of those, ones whose stored verdict stood. */
  unchanged: number;
  /** Messages the mailbox no longer has (recorded as they were). */
  gone: number;
  /** Messages left for a later run (mailbox not connected or failing). */
  skipped: number;
  /** Each correction applied this run, by name. */
  corrections: Record<string, number>;
}

type Correction =
  | "reply_reclassified"
  | "verdict_reclassified"
  | "contact_unresponded"
  | "sequence_resumed"
  | "sequence_stopped_by_bounce"
  | "address_held"
  | "sender_rejection_recorded"
  | "address_suppressed"
  | "suppression_lifted";

/** What one re-read message corrects; runs in the message's transaction. */
async function correctMessage(
  tx: DbOrTx,
  row: EmailRow,
  verdict: InboundVerdict,
): Promise<Correction[]> {
  const oldKind = row.inboundKind ?? "reply";
  const done: Correction[] = [];
  if (oldKind === verdict.kind && (row.inboundCause ?? null) === (verdict.cause ?? null)) {
    return done;
  }
  // Only verdicts that read a message as coming from a mail system are taken back: a message once
  // read as a mail system's stays so, and an opt-out keeps its suppression.
  if (verdict.kind === "reply" || verdict.kind === "opt_out" || oldKind === "opt_out") return done;
  await reclassifyInbound(tx, row.id, {
    inboundKind: verdict.kind,
    inboundCause: verdict.cause,
    classificationNote: verdict.note,
  });
  const db = tx as Db;
  if (oldKind === "reply") {
    done.push("reply_reclassified");
    const [other] = await tx
      .select({ id: emailMessages.id })
      .from(emailMessages)
      .where(and(replyFromContact(row.userId, row.contactId), ne(emailMessages.id, row.id)))
      .limit(1);
    if (await uncountReplyOnContact(tx, row.userId, row.contactId, Boolean(other))) {
      done.push("contact_unresponded");
    }
    const resumed = await enrollmentRequests().restoreWronglyEnded(tx, {
      from: "replied",
      userId: row.userId,
      contactId: row.contactId,
    });
    for (let i = 0; i < resumed; i++) done.push("sequence_resumed");
  } else {
    done.push("verdict_reclassified");
  }
  if (verdict.kind === "bounce") {
    const effects = await applyInboundVerdict(
      db,
      {
        userId: row.userId,
        contactId: row.contactId,
        threadId: row.threadId ?? "",
        fromAddress: row.fromEmail ?? "",
      },
      verdict,
      row.sentAt ?? row.createdAt,
      false,
    );
    for (const _ of effects.held) done.push("address_held");
    if (effects.senderRejection) done.push("sender_rejection_recorded");
    for (const _ of effects.suppressed) done.push("address_suppressed");
    if (effects.suppressed.length > 0) {
      // The enrolments just resumed ended again as the bounce ends them.
      return done.map((c) => (c === "sequence_resumed" ? "sequence_stopped_by_bounce" : c));
    }
  }
  return done;
}

function supportsSuppression(verdict: InboundVerdict, contactEmail: string | null): boolean {
  if (verdict.kind !== "bounce" || verdict.cause !== "recipient" || !verdict.permanent) {
    return false;
  }
  return verdict.recipients.length === 0
    ? Boolean(contactEmail)
    : verdict.recipients.some((r) => normalizeAddress(r) === contactEmail);
}

/** Stored inbound messages of the user read from a mailbox and not repaired yet, oldest first. */
async function pendingMessages(db: Db, userId: string): Promise<EmailRow[]> {
  return db
    .select({ message: emailMessages })
    .from(emailMessages)
    .leftJoin(inboundRepairs, eq(inboundRepairs.messageId, emailMessages.id))
    .where(
      and(
        eq(emailMessages.userId, userId),
        eq(emailMessages.direction, "inbound"),
        isNotNull(emailMessages.gmailMessageId),
        isNull(inboundRepairs.messageId),
      ),
    )
    .orderBy(asc(emailMessages.sentAt), asc(emailMessages.id))
    .then((rows) => rows.map((r) => r.message));
}

async function contactEmailOf(db: DbOrTx, contactId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row?.email ? normalizeAddress(row.email) : null;
}

/** Re-reads and corrects one message in its own transaction; null when another run did it. */
async function repairMessage(
  db: Db,
  row: EmailRow,
  verdict: InboundVerdict | null,
): Promise<Correction[] | null> {
  const contactEmail = await contactEmailOf(db, row.contactId);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(inboundRepairs)
      .values({
        messageId: row.id,
        userId: row.userId,
        oldKind: row.inboundKind ?? "reply",
        newKind: verdict?.kind ?? "gone",
        newCause: verdict?.cause ?? null,
        failedAddress: contactEmail,
        // A message the mailbox no longer has keeps what its stored verdict supported.
        supportsSuppression: verdict
          ? supportsSuppression(verdict, contactEmail)
          : row.inboundKind === "bounce" && (row.inboundCause ?? "recipient") === "recipient",
      })
      .onConflictDoNothing()
      .returning({ id: inboundRepairs.messageId });
    if (!claimed) return null;
    const done = verdict ? await correctMessage(tx, row, verdict) : [];
    if (done.length > 0) {
      await tx
        .update(inboundRepairs)
        .set({ corrections: done })
        .where(eq(inboundRepairs.messageId, row.id));
    }
    return done;
  });
}

/**
 * Bounce suppressions from reports whose every stored message was re-read and none of which
 * supports it today: lifted, each with the enrolments it ended, in one transaction per address.
 */
async function liftUnsupportedSuppressions(db: Db): Promise<number> {
  const candidates = await db
    .select({ email: suppressions.email })
    .from(suppressions)
    .where(
      and(
        eq(suppressions.reason, "bounced"),
        eq(suppressions.source, "dsn"),
        sql`exists (select 1 from ${inboundRepairs} r where r.failed_address = ${suppressions.email})`,
        sql`not exists (select 1 from ${inboundRepairs} r
          where r.failed_address = ${suppressions.email} and r.supports_suppression)`,
        // A report about the address not re-read yet may still support it.
        sql`not exists (select 1 from ${emailMessages} m
          join ${contacts} c on c.id = m.contact_id
          left join ${inboundRepairs} r on r.message_id = m.id
          where m.direction = 'inbound' and m.inbound_kind = 'bounce' and r.message_id is null
            and lower(c.email) = ${suppressions.email})`,
      ),
    );
  let lifted = 0;
  for (const { email } of candidates) {
    const done = await db.transaction(async (tx) => {
      if (!(await liftBounceSuppression(tx, email))) return false;
      await enrollmentRequests().restoreWronglyEnded(tx, { from: "bounced", email });
      return true;
    });
    if (done) lifted++;
  }
  return lifted;
}

/** Users with stored inbound messages from a mailbox not repaired yet. */
async function usersToRepair(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: emailMessages.userId })
    .from(emailMessages)
    .leftJoin(inboundRepairs, eq(inboundRepairs.messageId, emailMessages.id))
    .where(
      and(
        eq(emailMessages.direction, "inbound"),
        isNotNull(emailMessages.gmailMessageId),
        isNull(inboundRepairs.messageId),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function repairInboundVerdicts(
  deps: AppDeps,
  log: (line: string) => void = () => {},
): Promise<RepairCounts> {
  const db = deps.database.db;
  const counts: RepairCounts = { examined: 0, unchanged: 0, gone: 0, skipped: 0, corrections: {} };
  const count = (done: Correction[]) => {
    for (const name of done) counts.corrections[name] = (counts.corrections[name] ?? 0) + 1;
  };
  for (const userId of await usersToRepair(db)) {
    const rows = await pendingMessages(db, userId);
    const account = await findMailbox(db, userId);
    if (account?.status !== "connected") {
      counts.skipped += rows.length;
      continue;
    }
    const client = mailboxFor(deps, account);
    for (const [index, row] of rows.entries()) {
      let message: Awaited<ReturnType<typeof client.getMessage>> | null;
      try {
        message = await client.getMessage(row.gmailMessageId as string, "full");
      } catch (error) {
        if (!(error instanceof MailboxError)) throw error;
        if (error.kind !== "not_found") {
          // Revoked or failing: this mailbox's remaining messages wait for a later run.
          counts.skipped += rows.length - index;
          break;
        }
        message = null;
      }
      const verdict = message
        ? classifyMailboxMessage(message, row.sentAt ?? row.createdAt).verdict
        : null;
      const done = await repairMessage(db, row, verdict);
      if (done === null) continue;
      counts.examined++;
      if (!verdict) counts.gone++;
      else if (done.length === 0) counts.unchanged++;
      count(done);
    }
  }
  const lifted = await liftUnsupportedSuppressions(db);
  if (lifted > 0) counts.corrections.suppression_lifted = lifted;
  log(
    `inbound repair: ${counts.examined} messages re-read (${counts.unchanged} unchanged, ${counts.gone} no longer in the mailbox), ${counts.skipped} left for a later run; corrections: ${
      Object.entries(counts.corrections)
        .map(([name, n]) => `${name} ${n}`)
        .join(", ") || "none"
    }`,
  );
  return counts;
}
