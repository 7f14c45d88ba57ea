import {
  type AutomaticAnswer,
  BOUNCE_DOMAIN,
  backOn,
  domainOf,
  scheduleAutomaticAnswer,
} from "./automatic-answers";
import type { GraphMailbox, GraphStoredMessage } from "./microsoft-store";
import { randomId } from "./token-issuer";

/** Exchange's explanation and diagnostic line for each failure the sandbox plays. */
function exchangeFailure(
  kind: Exclude<AutomaticAnswer, "away">,
  sent: GraphStoredMessage,
  to: string,
) {
  const senderDomain = domainOf(sent.from?.address ?? "");
  if (kind === "dmarc") {
    return `Your message to ${to} couldn't be delivered.\n\nThe receiving server rejected your message because your domain ${senderDomain} does not pass DMARC verification.\n\nDiagnostic information for administrators:\nRemote server returned '550 5.7.509 Access denied, sending domain ${senderDomain} does not pass DMARC verification and has a DMARC policy of reject.'\nOriginal-Message-ID: ${sent.internetMessageId}`;
  }
  if (kind === "full") {
    return `Your message to ${to} couldn't be delivered.\n\n${to.split("@")[0]}'s mailbox is full.\n\nDiagnostic information for administrators:\nRemote server returned '554 5.2.2 mailbox full; STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded'\nOriginal-Message-ID: ${sent.internetMessageId}`;
  }
  return `Your message to ${to} couldn't be delivered.\n\n${to.split("@")[0]} wasn't found at ${BOUNCE_DOMAIN}.\n\nDiagnostic information for administrators:\nRemote server returned '550 5.1.1 RESOLVER.ADR.RecipNotFound; not found'\nOriginal-Message-ID: ${sent.internetMessageId}`;
}

/** Exchange's non-delivery report. */
function nonDeliveryReport(
  sent: GraphStoredMessage,
  to: string,
  kind: Exclude<AutomaticAnswer, "away">,
) {
  const sender = "MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@outlook.example";
  return {
    from: { name: "Microsoft Outlook", address: sender },
    fromHeader: `Microsoft Outlook <${sender}>`,
    subject: `Undeliverable: ${sent.subject}`,
    text: exchangeFailure(kind, sent, to),
    headers: [
      { name: "X-MS-Exchange-Message-Is-Ndr", value: "" },
      {
        name: "Content-Type",
        value: 'multipart/report; report-type=delivery-status; boundary="ndr"',
      },
    ],
  };
}

/** Outlook's automatic reply of a recipient who is away. */
function outOfOfficeReply(sent: GraphStoredMessage, to: string, at: Date) {
  return {
    from: { name: "", address: to },
    fromHeader: to,
    subject: `Automatic reply: ${sent.subject}`,
    text: `Thank you for your email. I'm out of the office and will be back on ${backOn(at)}, with limited access to email. I'll reply when I return.`,
    headers: [
      { name: "X-Auto-Response-Suppress", value: "All" },
      { name: "Content-Type", value: 'text/plain; charset="utf-8"' },
    ],
  };
}

/**
 * What the far side does with a message just sent: an address at bounce.example bounces (an
 * Exchange NDR, 5.1.1), one at dmarc-reject.example is refused for the sender's DMARC (5.7.509),
 * one at full.example is full (5.2.2), one at ooo.example answers automatically. Either
 * arrives in the sender's inbox a moment later, in the sent message's conversation.
 */
export function answerAutomatically(mailbox: GraphMailbox, sent: GraphStoredMessage): void {
  const to = sent.to[0] ?? "";
  scheduleAutomaticAnswer(mailbox, to, (kind, at) => {
    const answer =
      kind === "away" ? outOfOfficeReply(sent, to, at) : nonDeliveryReport(sent, to, kind);
    const messageId = `<${randomId(16)}@outlook.example>`;
    mailbox.add({
      conversationId: sent.conversationId,
      internetMessageId: messageId,
      folder: "inbox",
      from: answer.from,
      to: [mailbox.address],
      subject: answer.subject,
      text: answer.text,
      headers: [
        { name: "From", value: answer.fromHeader },
        { name: "To", value: mailbox.address },
        { name: "Subject", value: answer.subject },
        { name: "Message-ID", value: messageId },
        { name: "In-Reply-To", value: sent.internetMessageId },
        { name: "References", value: sent.internetMessageId },
        { name: "Auto-Submitted", value: "auto-replied" },
        ...answer.headers,
      ],
      attachments: [],
    });
  });
}
