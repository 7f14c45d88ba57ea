import {
  type BulkEmailRequest,
  type BulkEmailResponse,
  type BulkSendRequest,
  type BulkSendResponse,
  givenNameOf,
  type NetworkContact,
  type SalesCampaignResponse,
  TEMPLATE_VARIABLES,
} from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import { contacts, emailMessages, userContacts, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { selectNetworkContacts } from "../contacts";
import { checkSendable } from "../deliverability";
import { hasResume } from "../resumes";
import { newMessageId } from "./compose";
import { queuedTurns, roomInDailyCap, turnPaceMs } from "./limits";
import { findMailbox, requireConnected } from "./mailbox";
import { checkScheduledAt, NO_RESUME_TO_ATTACH } from "./send";
import { queueEmails } from "./send-job";

const VARIABLE = /\{\{\s*([a-zA-Z_]+)\s*\}\}/g;

/** Fills {{first_name}}, {{company}}… for one contact; a gap gets a neutral phrase. */
export function fillTemplate(template: string, contact: NetworkContact): string {
  const first =
    givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }) || "there";
  const values: Record<(typeof TEMPLATE_VARIABLES)[number], string> = {
    first_name: first,
    last_name: contact.last_name?.trim() || "",
    full_name: contact.full_name.trim() || first,
    company: contact.company?.trim() || "your company",
    title: contact.title?.trim() || "your role",
    location: contact.location?.trim() || "your city",
  };
  return template.replace(
    VARIABLE,
    (_match, name: string) => values[name.toLowerCase() as keyof typeof values] ?? "",
  );
}

function checkVariables(...texts: string[]): void {
  for (const text of texts) {
    for (const [, name] of text.matchAll(VARIABLE)) {
      if (!(TEMPLATE_VARIABLES as readonly string[]).includes(name.toLowerCase())) {
        throw badRequest(
          `Unknown template variable {{${name}}}. Use ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(", ")}.`,
        );
      }
    }
  }
}

/**
 * Queues one personalised email (`write`) to each recipient (each has an email address) as
 * scheduled rows due now, with their jobs, in one transaction: the dispatcher then sends them
 * one by one within the daily cap and minimum spacing.
 */
async function queueNow(
  deps: AppDeps,
  userId: string,
  fromEmail: string,
  recipients: NetworkContact[],
  write: (contact: NetworkContact) => { subject: string; body: string },
  options: { attachResume: boolean },
): Promise<number> {
  if (recipients.length === 0) return 0;
  const now = new Date();
  const rows = await deps.database.db.transaction((tx) =>
    queueEmails(
      deps,
      tx,
      recipients.map((contact) => ({
        userId,
        contactId: contact.contact_id,
        toEmail: contact.email as string,
        fromEmail,
        ...write(contact),
        scheduledAt: now,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
        attachResume: options.attachResume,
      })),
    ),
  );
  return rows.length;
}

/** POST /my-network/mine/bulk-email: one template, filled per contact of the user's network. */
export async function sendBulkEmail(
  deps: AppDeps,
  userId: string,
  request: BulkEmailRequest,
): Promise<BulkEmailResponse> {
  checkVariables(request.subject, request.email_template);
  const db = deps.database.db;
  const account = requireConnected(await findMailbox(db, userId));
  if (!(await hasResume(db, userId))) throw conflict(NO_RESUME_TO_ATTACH);
  const ids = [...new Set(request.contact_ids)];
  const network = await selectNetworkContacts(db, userId, { contactIds: ids });
  // Suppressed addresses (bounced, opted out) are left out here; the weekly cap is applied as
  // each email falls due.
  const reachable = network.filter((c) => c.email && c.email_status === "ok");
  const queued = await queueNow(
    deps,
    userId,
    account.email,
    reachable,
    (c) => ({
      subject: fillTemplate(request.subject, c)
        .replace(/[\r\n]+/g, " ")
        .trim(),
      body: fillTemplate(request.email_template, c),
    }),
    { attachResume: true },
  );
  const skipped = ids.length - queued;
  const spacing = deps.config.sending.minSpacingSeconds;
  return {
    success: queued > 0,
    emails_sent: queued,
    message:
      queued === 0
        ? "No emails were queued: none of the selected contacts has an email address Reachout can write to in your network."
        : `Queued ${queued} email${queued === 1 ? "" : "s"} from ${account.email}${spacing > 0 ? `, sent one every ${spacing} seconds` : ""}.${skipped > 0 ? ` ${skipped} skipped (not in your network, no email address, or an address that bounced or opted out).` : ""}`,
  };
}

export const NOT_IN_NETWORK = "Contact not found in your network";

/**
 * POST /api/emails/bulk: the bulk dialog's emails, each written for its contact, queued on the
 * mailbox's line in one transaction (rows `scheduled`, due now or at `scheduled_at`, with their
 * jobs): the send job then sends them one at a time, GMAIL_MIN_SPACING_SECONDS apart and within
 * the day's cap (lower while the mailbox warms up), exactly as it sends sequences. Nothing
 * leaves in a burst. A contact outside the network refuses the whole request (404); a contact
 * nobody may write to now (no address, bounced, opted out, over the recipient weekly cap at the
 * time asked for) is listed in `refused` and the others go. Each queued email says when it is
 * planned to leave.
 */
export async function queueBulkSend(
  deps: AppDeps,
  userId: string,
  request: BulkSendRequest,
): Promise<BulkSendResponse> {
  const db = deps.database.db;
  const now = new Date();
  const scheduledAt = request.scheduled_at ? checkScheduledAt(request.scheduled_at, now) : now;
  const ids = request.emails.map((e) => e.contact_id);
  const network = await selectNetworkContacts(db, userId, { contactIds: ids });
  const byId = new Map(network.map((c) => [c.contact_id, c]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing) throw notFound(`${NOT_IN_NETWORK}: ${missing}`);
  const account = requireConnected(await findMailbox(db, userId));
  if (!(await hasResume(db, userId))) throw conflict(NO_RESUME_TO_ATTACH);

  const refused: BulkSendResponse["refused"] = [];
  const going: Array<{ contact: NetworkContact; email: BulkSendRequest["emails"][number] }> = [];
  for (const email of request.emails) {
    const contact = byId.get(email.contact_id) as NetworkContact;
    if (!contact.email) {
      refused.push({
        contact_id: contact.contact_id,
        detail: `${contact.full_name} has no email address on file, so nothing can be sent.`,
      });
      continue;
    }
    // Checked again as each falls due; refused now when it could not go at the time asked for.
    const verdict = await checkSendable(db, deps.config, { userId, email: contact.email }, now);
    if (
      verdict.kind === "suppressed" ||
      (verdict.kind === "capped" && verdict.availableAt > scheduledAt)
    ) {
      refused.push({ contact_id: contact.contact_id, detail: verdict.detail });
      continue;
    }
    going.push({ contact, email });
  }

  const room = await roomInDailyCap(db, deps.config, userId, now);
  const queued = await db.transaction(async (tx) => {
    const rows = await queueEmails(
      deps,
      tx,
      going.map(({ contact, email }) => ({
        userId,
        contactId: contact.contact_id,
        toEmail: contact.email as string,
        fromEmail: account.email,
        subject: email.subject,
        body: email.body,
        emailFormat: email.email_format ?? null,
        scheduledAt,
        rfc822MessageId: newMessageId(deps.config.publicUrl),
      })),
    );
    // The turns the jobs were given (read again in the same transaction: the same line).
    const turns =
      scheduledAt <= now
        ? await queuedTurns(
            tx,
            deps.config,
            userId,
            rows.map((row) => row.id),
            now,
          )
        : new Map<string, Date | null>();
    const planned = rows.map((row, i) =>
      scheduledAt <= now
        ? (turns.get(row.id) ?? now)
        : new Date(scheduledAt.getTime() + i * turnPaceMs(deps.config)),
    );
    // The places past the day's cap wait for it (the line goes by due time, then id).
    const rank = new Map(
      rows
        .map((row, i) => ({ id: row.id, at: planned[i].getTime() }))
        .sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))
        .map(({ id }, place) => [id, place]),
    );
    return rows.map((row, i) => ({
      contact_id: row.contactId,
      email_id: row.id,
      leaves_at: (rank.get(row.id) ?? 0) < room ? planned[i].toISOString() : null,
    }));
  });

  const spacing = deps.config.sending.minSpacingSeconds;
  const waiting = queued.filter((q) => q.leaves_at === null).length;
  return {
    queued,
    refused,
    from_email: account.email,
    spacing_seconds: spacing,
    message:
      queued.length === 0
        ? "No emails were queued: Reachout can't write to any of the selected contacts."
        : `Queued ${queued.length} email${queued.length === 1 ? "" : "s"} from ${account.email}${
            queued.length > 1 && spacing > 0 ? `, one every ${spacing} seconds` : ""
          }.${waiting > 0 ? ` ${waiting} wait until this mailbox's daily limit frees a send (it counts the last 24 hours).` : ""}`,
  };
}

function salesEmail(student: NetworkContact, sender: string): { subject: string; body: string } {
  const first = givenNameOf({ firstName: student.first_name, fullName: student.full_name });
  const school = student.university?.trim() || student.education?.trim();
  return {
    subject: `${first}, land interviews with personal emails to hiring managers`,
    body: [
      `Hi ${first},`,
      `I'm ${sender} from Reachout. We help students${school ? ` at ${school}` : ""} land internship and full-time interviews: Reachout finds the recruiters and hiring managers behind the roles you want and helps you write a personal email to each of them, sent from your own Gmail.`,
      "Our beta is limited to 500 students. It's free to try, with free credits and no credit card required.",
      "If you'd like a spot, just reply to this email and I'll set you up.",
      `Best,\n${sender}\nReachout`,
    ].join("\n\n"),
  };
}

/**
 * Admin "Send Mass Student Sales Emails": queues a sales email, from the admin's own Gmail,
 * to each student of the admin's network not yet emailed, up to what the daily cap leaves
 * today (the rest wait for the next run). `failed` counts students without a usable address.
 */
export async function runStudentSalesCampaign(
  deps: AppDeps,
  adminId: string,
): Promise<SalesCampaignResponse> {
  const db = deps.database.db;
  const account = requireConnected(await findMailbox(db, adminId));
  const [admin] = await db.select({ name: users.name }).from(users).where(eq(users.id, adminId));
  const studentRows = await db
    .select({ contactId: userContacts.contactId })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(
      and(
        eq(userContacts.userId, adminId),
        eq(contacts.isStudent, true),
        sql`not exists (select 1 from ${emailMessages} where ${emailMessages.userId} = ${adminId}
          and ${emailMessages.contactId} = ${userContacts.contactId}
          and ${emailMessages.direction} = 'outbound'
          and ${emailMessages.status} not in ('failed', 'cancelled'))`,
      ),
    );
  const students = await selectNetworkContacts(db, adminId, {
    contactIds: studentRows.map((r) => r.contactId),
  });
  const valid = students.filter((s) => s.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email));
  const room = await roomInDailyCap(db, deps.config, adminId, new Date());
  const batch = valid.slice(0, room);
  const sender = admin?.name?.trim() || account.email.split("@")[0];
  const sent = await queueNow(deps, adminId, account.email, batch, (s) => salesEmail(s, sender), {
    attachResume: false,
  });
  return { sent, failed: students.length - valid.length };
}
