import {
  type AutomaticAnswer,
  BOUNCE_DOMAIN,
  backOn,
  domainOf,
  OUT_OF_OFFICE_DOMAIN,
  scheduleAutomaticAnswer,
} from "./automatic-answers";
import { gmailPayloadFromRaw } from "./gmail-mime";
import { type GmailMailbox, type GmailStoredMessage, gmailId } from "./gmail-store";

const rfcDate = (at: Date) => at.toUTCString().replace("GMT", "+0000");

/** Gmail's words for each failure the sandbox plays: heading, explanation, status, diagnostic. */
function gmailFailure(kind: Exclude<AutomaticAnswer, "away">, original: GmailStoredMessage) {
  const senderDomain = domainOf(original.from.replace(/^.*<|>.*$/g, ""));
  if (kind === "dmarc") {
    return {
      heading: "** Message blocked **",
      explanation: `Your message to ${original.to} has been blocked. See technical details below for more information.`,
      status: "5.7.26",
      diagnostic: `550 5.7.26 Unauthenticated email from ${senderDomain} is not accepted due to domain's DMARC policy. Please contact the administrator of ${senderDomain} domain if this was a legitimate mail. To learn about the DMARC initiative, go to https://support.google.com/mail/?p=DmarcRejection`,
    };
  }
  if (kind === "full") {
    return {
      heading: "** Message not delivered **",
      explanation: `Your message couldn't be delivered to ${original.to} because the recipient's inbox is full.`,
      status: "5.2.2",
      diagnostic:
        "552 5.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTempL",
    };
  }
  return {
    heading: "** Address not found **",
    explanation: `Your message wasn't delivered to ${original.to} because the address couldn't be found, or is unable to receive mail.`,
    status: "5.1.1",
    diagnostic: "550 5.1.1 The email account that you tried to reach does not exist.",
  };
}

function deliveryStatusNotification(
  mailbox: GmailMailbox,
  original: GmailStoredMessage,
  at: Date,
  kind: Exclude<AutomaticAnswer, "away">,
) {
  const boundary = `000000000000${gmailId()}`;
  const { heading, explanation, status, diagnostic } = gmailFailure(kind, original);
  return `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${mailbox.address}
Subject: Delivery Status Notification (Failure)
Auto-Submitted: auto-replied
References: ${original.messageId}
In-Reply-To: ${original.messageId}
X-Failed-Recipients: ${original.to}
Message-ID: <${gmailId()}.GMR@mx.google.example>
Date: ${rfcDate(at)}
MIME-Version: 1.0
Content-Type: multipart/report; boundary="${boundary}"; report-type=delivery-status

--${boundary}
Content-Type: text/plain; charset="UTF-8"

${heading}

${explanation}

The response from the remote server was:
${diagnostic}

--${boundary}
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Arrival-Date: ${rfcDate(new Date(original.internalDate))}
Original-Message-ID: ${original.messageId}

Final-Recipient: rfc822; ${original.to}
Action: failed
Status: ${status}
Remote-MTA: dns; mx.${domainOf(original.to) || BOUNCE_DOMAIN}
Diagnostic-Code: smtp; ${diagnostic}
Last-Attempt-Date: ${rfcDate(at)}

--${boundary}
Content-Type: text/rfc822-headers

From: ${original.from}
To: ${original.to}
Subject: ${original.subject}
Message-ID: ${original.messageId}
Date: ${rfcDate(new Date(original.internalDate))}

--${boundary}--
`.replace(/\r?\n/g, "\r\n");
}

function outOfOfficeReply(mailbox: GmailMailbox, original: GmailStoredMessage, at: Date) {
  return `From: ${original.to}
To: ${mailbox.address}
Subject: Automatic reply: ${original.subject}
Auto-Submitted: auto-replied
X-Autoreply: yes
Precedence: auto_reply
References: ${[...original.references, original.messageId].join(" ")}
In-Reply-To: ${original.messageId}
Message-ID: <${gmailId()}@mail.${OUT_OF_OFFICE_DOMAIN}>
Date: ${rfcDate(at)}
MIME-Version: 1.0
Content-Type: text/plain; charset="UTF-8"

Thank you for your email. I'm out of the office and will be back on ${backOn(at)}, with limited access to email. I'll reply when I return.
`.replace(/\r?\n/g, "\r\n");
}

/** Stores an RFC 822 message in the mailbox's inbox, in a thread, as Gmail would deliver it. */
async function deliverToInbox(mailbox: GmailMailbox, threadId: string, raw: string) {
  const payload = await gmailPayloadFromRaw(raw);
  const header = (name: string) =>
    payload.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? "";
  const leaf = (part: typeof payload): string =>
    part.parts ? leaf(part.parts[0]) : Buffer.from(part.body.data ?? "", "base64url").toString();
  mailbox.add({
    threadId,
    labelIds: ["INBOX", "UNREAD"],
    from: header("From"),
    to: header("To"),
    subject: header("Subject"),
    text: leaf(payload),
    messageId: header("Message-ID"),
    inReplyTo: header("In-Reply-To") || undefined,
    references: header("References").split(/\s+/).filter(Boolean),
    attachments: [],
    payload,
    // format=raw answers the message as it arrived (a bounce's report parts included).
    raw: Buffer.from(raw),
  });
}

/**
 * What the far side does with a message just sent: an address at bounce.example bounces
 * (Gmail's DSN, 5.1.1), one at dmarc-reject.example is refused for the sender's DMARC (5.7.26),
 * one at full.example is over quota (5.2.2), one at ooo.example answers automatically. Both arrive a moment later
 * in the sender's mailbox, in the original's thread, and show in `history` like any mail.
 */
export function answerAutomatically(mailbox: GmailMailbox, sent: GmailStoredMessage): void {
  scheduleAutomaticAnswer(mailbox, sent.to, (kind, at) => {
    const raw =
      kind === "away"
        ? outOfOfficeReply(mailbox, sent, at)
        : deliveryStatusNotification(mailbox, sent, at, kind);
    deliverToInbox(mailbox, sent.threadId, raw).catch(() => {});
  });
}
