import { MESSAGES, type SendEmailResponse } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import { findNetworkContact, statusOf } from "../contacts";
import { GMAIL_UNCONFIRMED } from "./delivery";
import type { EmailRow } from "./messages";

/** The answer of POST /emails/send: the email's state and the contact's new status. */
export async function describeSend(
  deps: AppDeps,
  userId: string,
  email: EmailRow,
): Promise<SendEmailResponse> {
  const contact = await findNetworkContact(deps.database.db, userId, email.contactId);
  const isSent = email.status === "sent";
  return {
    id: email.id,
    status: isSent ? "sent" : "sending",
    message: isSent
      ? MESSAGES.email.sent(
          contact?.full_name ?? "your contact",
          contact?.company ?? "their company",
        )
      : GMAIL_UNCONFIRMED,
    sent_at: email.sentAt?.toISOString() ?? null,
    contact_status: statusOf(contact?.message_count ?? 0, contact?.replied ?? false),
    message_count: contact?.message_count ?? 0,
  };
}
