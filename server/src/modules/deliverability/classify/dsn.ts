import { header, type MailFacts, partText, readableText } from "./facts";

/** What a delivery-status notification (RFC 3464, or a daemon's plain-text bounce) says. */
export interface DeliveryReport {
  /** A permanent failure (status 5.x.x): the address does not take mail. */
  isPermanent: boolean;
  /** The enhanced status code, e.g. "5.1.1" (inferred as 5.0.0 / 4.0.0 when only words say it). */
  status: string;
  /** The addresses the report is about (failed, or delayed for a temporary report). */
  recipients: string[];
  /** The Message-ID of the email that bounced, when the report gives it. */
  originalMessageId: string | null;
  diagnostic: string | null;
}

/** Senders of bounces: Gmail, Postfix, Exim, qmail, Exchange/Outlook, Yahoo… */
const DAEMON_SENDER =
  /(mailer-daemon|postmaster|mail delivery (subsystem|system)|microsoftexchange|mail administrator)/i;
const BOUNCE_SUBJECT =
  /(delivery status notification|undeliverable|undelivered mail|delivery (has )?failed|failure notice|mail delivery failed|returned mail|delivery failure|could not be delivered|non-?delivery|unzustellbar|non remis|non recapitabile|no se puede entregar|onbestelbaar|delivery delayed|delayed mail|warning: message .* delayed)/i;
const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const ADDRESS = /[^\s<>;:"',()[\]]+@[^\s<>;:"',()[\]]+\.[a-z]{2,}/i;
const PERMANENT_WORDS =
  /(permanent (error|failure)|i've given up|does not exist|doesn't exist|user unknown|no such user|unknown user|recipient not found|address rejected|mailbox unavailable|could not be delivered)/i;
const TEMPORARY_WORDS =
  /(temporary (error|failure|problem)|will (keep|continue) (trying|to retry)|has not yet been delivered|delivery (is )?delayed|will retry|still trying)/i;

const stripAddress = (value: string) =>
  (ADDRESS.exec(value.replace(/^\s*[a-z0-9-]+\s*;\s*/i, ""))?.[0] ?? "").toLowerCase();

/** Fields of a delivery-status body, grouped: the per-message block, then one per recipient. */
function statusBlocks(text: string): Array<Map<string, string>> {
  const unfolded = text.replace(/\r/g, "").replace(/\n[ \t]+/g, " ");
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0)
          fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** The Message-ID of the bounced email: the report's own field, the returned headers, or threading. */
function originalMessageIdOf(facts: MailFacts, perMessage?: Map<string, string>): string | null {
  const fromReport =
    perMessage?.get("original-message-id") ?? perMessage?.get("x-original-message-id");
  if (fromReport) return fromReport.trim();
  const returned = partText(facts, "text/rfc822-headers") ?? partText(facts, "message/rfc822");
  const inReturned = returned ? /^message-id:\s*(\S+)/im.exec(returned)?.[1] : undefined;
  if (inReturned) return inReturned.trim();
  return header(facts, "In-Reply-To")?.trim() || null;
}

function classOf(status: string | undefined, action: string | undefined, text: string) {
  const code = status ? ENHANCED_STATUS.exec(status)?.[0] : undefined;
  if (code) return code;
  if (/^failed/i.test(action ?? "")) return "5.0.0";
  if (/^delayed/i.test(action ?? "")) return "4.0.0";
  if (PERMANENT_WORDS.test(text)) return "5.0.0";
  if (TEMPORARY_WORDS.test(text)) return "4.0.0";
  return null;
}

function fromStatusPart(facts: MailFacts, statusText: string): DeliveryReport | null {
  const blocks = statusBlocks(statusText);
  const perMessage = blocks.find((b) => !b.has("final-recipient") && !b.has("original-recipient"));
  const perRecipient = blocks
    .filter((b) => b.has("final-recipient") || b.has("original-recipient"))
    .map((b) => {
      const diagnostic = b.get("diagnostic-code")?.replace(/^\s*smtp\s*;\s*/i, "") ?? null;
      const status = classOf(b.get("status") ?? diagnostic ?? undefined, b.get("action"), "");
      return {
        address: stripAddress(b.get("final-recipient") ?? b.get("original-recipient") ?? ""),
        status,
        action: (b.get("action") ?? "").toLowerCase(),
        diagnostic,
      };
    })
    .filter((r) => r.address && r.status && !/^(delivered|relayed|expanded)/.test(r.action));
  if (perRecipient.length === 0) return null;
  const failed = perRecipient.filter((r) => r.status?.startsWith("5"));
  const chosen = failed.length > 0 ? failed : perRecipient;
  return {
    isPermanent: failed.length > 0,
    status: chosen[0].status as string,
    recipients: [...new Set(chosen.map((r) => r.address))],
    originalMessageId: originalMessageIdOf(facts, perMessage),
    diagnostic: chosen[0].diagnostic,
  };
}

/** A daemon's plain-text bounce (qmail, Exim, older Yahoo): the words and codes it uses. */
function fromText(facts: MailFacts): DeliveryReport | null {
  const text = readableText(facts).replace(/\r/g, "");
  // Only the report itself, not the returned original below it.
  const report = text.split(/\n-{2,}\s*(below this line|original message|this is a copy)/i)[0];
  const status = classOf(ENHANCED_STATUS.exec(report)?.[0], undefined, report);
  if (!status) return null;
  const recipients = new Set<string>();
  // qmail: "<user@example.com>:"; Exim: an indented address on its own line.
  for (const match of report.matchAll(/^\s*<([^>\s]+@[^>\s]+)>:?/gm))
    recipients.add(match[1].toLowerCase());
  for (const match of report.matchAll(/^[ \t]+([^\s<>@]+@[^\s<>]+\.[a-z]{2,})\s*$/gim)) {
    recipients.add(match[1].toLowerCase());
  }
  // Exchange / Outlook's text (an NDR read through Microsoft Graph has no delivery-status part).
  for (const match of report.matchAll(
    /^(?:Your message to|Delivery has failed to these recipients or groups:\s*)\s*([^\s<>@]+@[^\s<>]+\.[a-z]{2,})/gim,
  )) {
    recipients.add(match[1].toLowerCase());
  }
  if (recipients.size === 0) {
    const returned = partText(facts, "message/rfc822") ?? partText(facts, "text/rfc822-headers");
    const to = returned ? /^to:\s*(.+)$/im.exec(returned)?.[1] : undefined;
    const address = to ? stripAddress(to) : "";
    if (address) recipients.add(address);
  }
  if (recipients.size === 0) return null;
  const diagnostic = /^.*\b[45]\d\d\b.*$/m.exec(report)?.[0].trim() ?? null;
  return {
    isPermanent: status.startsWith("5"),
    status,
    recipients: [...recipients],
    originalMessageId: originalMessageIdOf(facts),
    diagnostic,
  };
}

/**
 * Reads a delivery-status notification: an RFC 3464 `multipart/report;
 * report-type=delivery-status` (Gmail, Outlook/Exchange, Postfix…) or a mailer daemon's
 * plain-text bounce (qmail, Exim). Anything else, including a person's reply, answers null.
 */
export function readDeliveryReport(facts: MailFacts): DeliveryReport | null {
  const contentType = facts.contentType.toLowerCase();
  const isReport =
    contentType.startsWith("multipart/report") &&
    /report-type\s*=\s*"?delivery-status/.test(contentType);
  const statusText =
    partText(facts, "message/delivery-status") ?? partText(facts, "message/global-delivery-status");
  if (statusText !== undefined) {
    const report = fromStatusPart(facts, statusText);
    if (report) return report;
  }
  const fromDaemon = DAEMON_SENDER.test(header(facts, "From") ?? "");
  if (!isReport && !(fromDaemon && BOUNCE_SUBJECT.test(header(facts, "Subject") ?? ""))) {
    return null;
  }
  return fromText(facts);
}
