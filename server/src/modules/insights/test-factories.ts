import type { TestApp } from "../../../tests/helpers";
import { emailMessages } from "../../db/schema";

let counter = 0;

/** A sent email from the user to a contact, as the send path leaves it. */
export async function recordSent(
  t: TestApp,
  options: {
    userId: string;
    contactId: string;
    sentAt: Date;
    format?: string | null;
    step?: number | null;
  },
) {
  const [row] = await t.deps.database.db
    .insert(emailMessages)
    .values({
      userId: options.userId,
      contactId: options.contactId,
      direction: "outbound",
      status: "sent",
      subject: `Hello ${++counter}`,
      body: "A short note.",
      sentAt: options.sentAt,
      emailFormat: options.format ?? null,
      sequenceStep: options.step ?? null,
    })
    .returning({ id: emailMessages.id });
  return row.id;
}

/**
 * An inbound message on the contact's thread, as the mailbox sync stores it: a person's reply,
 * or (kind set) what deliverability classified as a bounce or an automatic reply.
 */
export async function recordInbound(
  t: TestApp,
  options: { userId: string; contactId: string; sentAt: Date; kind?: "bounce" | "auto_reply" },
) {
  const { raw } = t.deps.database;
  await raw.query(
    `insert into email_messages (user_id, contact_id, direction, status, subject, body, sent_at, inbound_kind)
     values ($1, $2, 'inbound', 'received', 'Re: Hello', 'Thanks for writing.', $3, $4)`,
    [options.userId, options.contactId, options.sentAt.toISOString(), options.kind ?? null],
  );
}

/** A time on a fixed Tuesday (UTC), hours apart, so weekday and hour figures are known. */
export const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 3, hour, minute));
