import { MESSAGES, type SendEmailResponse } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import { findNetworkContact, statusOf } from "../contacts";
import { findMailbox, mailboxMessages } from "./mailbox";
import type { EmailRow } from "./messages";

/** The answer of POST /emails/send: the email's state and the contact's new status. */
export async function describeSend(
  deps: AppDeps,
  userId: string,
  email: EmailRow,
): Promise<SendEmailResponse> {
  const contact = await findNetworkContact(deps.database.db, userId, email.contactId);
  const isSent = email.status === "sent";
  // Still unconfirmed: the answer names the student's own mailbox (Gmail or Outlook).
  const provider = isSent
    ? null
    : ((await findMailbox(deps.database.db, userId))?.provider ?? "gmail");
  return {
    id: email.id,
    status: isSent ? "sent" : "sending",
    message: isSent
      ? MESSAGES.email.sent(
          contact?.full_name ?? "your contact",
          contact?.company ?? "their company",
        )
      : mailboxMessages(provider ?? "gmail").unconfirmed,
    sent_at: email.sentAt?.toISOString() ?? null,
    contact_status: statusOf(contact?.message_count ?? 0, contact?.replied ?? false),
    message_count: contact?.message_count ?? 0,
  };
}
