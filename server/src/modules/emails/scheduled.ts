import type {
  OutgoingStatus,
  ScheduledEmail,
  UpdateScheduledEmailRequest,
} from "@reachout/contract";
import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { contacts, emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { type EmailRow, transition } from "./messages";
import { checkScheduledAt } from "./send";
import { enqueueSend } from "./send-job";

const LIST_LIMIT = 500;
const NOT_FOUND = "Scheduled email not found";

/** `unknown` (a send Gmail has not confirmed yet) is still being sent, as far as users go. */
const shownStatus = (status: EmailRow["status"]): OutgoingStatus =>
  status === "unknown" ? "sending" : (status as OutgoingStatus);

function toScheduled(
  row: EmailRow,
  contact: { fullName: string; company: string | null },
): ScheduledEmail {
  return {
    id: row.id,
    status: shownStatus(row.status),
    scheduled_at: (row.scheduledAt ?? row.createdAt).toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    subject: row.subject,
    body: row.body,
    error: row.status === "failed" || row.status === "scheduled" ? row.error : null,
    contact_id: row.contactId,
    contacts: { full_name: contact.fullName, company: contact.company },
  };
}

/** The emails the user scheduled (any state) that `also` matches, with their contact. */
const selectScheduled = (deps: AppDeps, userId: string, also?: SQL) =>
  deps.database.db
    .select({ email: emailMessages, fullName: contacts.fullName, company: contacts.company })
    .from(emailMessages)
    .innerJoin(contacts, eq(contacts.id, emailMessages.contactId))
    .where(
      and(
        also,
        eq(emailMessages.userId, userId),
        eq(emailMessages.direction, "outbound"),
        isNotNull(emailMessages.scheduledAt),
      ),
    );

/** Every email the user scheduled (any state), latest time first. */
export async function listScheduledEmails(
  deps: AppDeps,
  userId: string,
): Promise<ScheduledEmail[]> {
  const rows = await selectScheduled(deps, userId)
    .orderBy(desc(emailMessages.scheduledAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => toScheduled(r.email, r));
}

async function findScheduled(deps: AppDeps, userId: string, id: string) {
  const [found] = await selectScheduled(deps, userId, eq(emailMessages.id, id));
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

export async function getScheduledEmail(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<ScheduledEmail> {
  const found = await findScheduled(deps, userId, id);
  return toScheduled(found.email, found);
}

/**
 * Cancels a scheduled email, or changes its time, subject or body. Only a `scheduled` one can
 * change (a conditional UPDATE, so a send already under way wins); otherwise 409.
 */
export async function updateScheduledEmail(
  deps: AppDeps,
  userId: string,
  id: string,
  changes: UpdateScheduledEmailRequest,
): Promise<ScheduledEmail> {
  const db = deps.database.db;
  const current = await findScheduled(deps, userId, id);
  const refuse = () =>
    conflict(
      `Only a scheduled email can be ${"status" in changes ? "cancelled" : "changed"}; this one is already ${shownStatus(current.email.status)}.`,
    );

  if ("status" in changes) {
    const cancelled = await transition(db, id, ["scheduled"], { status: "cancelled", error: null });
    if (!cancelled) throw refuse();
    return toScheduled(cancelled, current);
  }

  const scheduledAt = changes.scheduled_at ? checkScheduledAt(changes.scheduled_at) : undefined;
  const updated = await db.transaction(async (tx) => {
    const row = await transition(tx, id, ["scheduled"], {
      ...(scheduledAt ? { scheduledAt } : {}),
      ...(changes.subject !== undefined ? { subject: changes.subject } : {}),
      ...(changes.body !== undefined ? { body: changes.body } : {}),
    });
    if (row && scheduledAt) await enqueueSend(deps, row, scheduledAt, tx);
    return row;
  });
  if (!updated) throw refuse();
  return toScheduled(updated, current);
}
