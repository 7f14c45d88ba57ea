import { readAutoReply } from "./auto-reply";
import { type BounceCause, readCause, type SenderProblem, sentencesOf } from "./cause";
import { header, type MailFacts, readableText } from "./facts";
import { readOptOut } from "./opt-out";
import {
  hasReportWords,
  hasSystemName,
  isReportSubject,
  isSesNotification,
  type MailSystemReport,
  mailSystemSign,
  readMailSystemReport,
} from "./report";

export type { AutoReply } from "./auto-reply";
export { readAutoReply, readReturnDate } from "./auto-reply";
export type { BounceCause, SenderProblem } from "./cause";
export { factsOfGmail, type MailFacts, readableText } from "./facts";
export type { OptOut } from "./opt-out";
export { readOptOut } from "./opt-out";

/** What an inbound message in a known thread is: one shape for Gmail and Outlook. */
export type InboundKind = "bounce" | "delay" | "delivered" | "auto_reply" | "reply" | "opt_out";

export interface InboundVerdict {
  kind: InboundKind;
  /** Why a bounce or delay happened (null for anything else). */
  cause: BounceCause | null;
  /** A failure the report says will not fix itself by retrying (a 5.x.x refusal). */
  permanent: boolean;
  /** The enhanced status code ("5.1.1"); inferred 5.0.0 / 4.0.0 when only words say it. */
  status: string | null;
  /** The address the report is about, when it says (else the caller's thread recipient). */
  recipient: string | null;
  recipients: string[];
  /** The report's sentence that decided the verdict, shown to the student. */
  sentence: string | null;
  /** For a refusal of the sender: which kind, for the plain-words advice. */
  senderProblem: SenderProblem | null;
  /** Who refused or reported, in words a student knows ("Gmail", "Outlook", a host name). */
  refusedBy: string | null;
  /** The Message-ID of the email a report is about. */
  originalMessageId: string | null;
  /** Why it is automatic, for an automatic reply. */
  returnsAt: Date | null;
  /** The words of an opt-out reply. */
  phrase: string | null;
  /** The note the conversation shows (null for a person's reply). */
  note: string | null;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

const EMPTY: Omit<InboundVerdict, "kind"> = {
  cause: null,
  permanent: false,
  status: null,
  recipient: null,
  recipients: [],
  sentence: null,
  senderProblem: null,
  refusedBy: null,
  originalMessageId: null,
  returnsAt: null,
  phrase: null,
  note: null,
};

/** The mail provider a host or address belongs to, in the words students know. */
const PROVIDERS: Array<[RegExp, string]> = [
  [/google\.com|googlemail\.com|gmail\.com|gsmtp|googlegroups/i, "Gmail"],
  [
    /outlook\.com|hotmail\.|live\.com|msn\.com|microsoft\.com|office365|exchangelabs|prod\.outlook/i,
    "Outlook",
  ],
  [/yahoo|yahoodns|aol\.com|aol\.net/i, "Yahoo"],
  [/icloud\.com|me\.com|mac\.com|apple\.com/i, "iCloud Mail"],
  [/zoho/i, "Zoho Mail"],
  [/gmx\.|web\.de|1and1|ionos|kundenserver/i, "GMX"],
  [/mail\.ru/i, "Mail.ru"],
  [/yandex/i, "Yandex"],
  [/amazonses|amazonaws|awsapps/i, "Amazon SES"],
  [/mimecast/i, "Mimecast"],
  [/pphosted|proofpoint/i, "Proofpoint"],
  [/barracuda/i, "Barracuda"],
  [/messagelabs|symantec/i, "Symantec MessageLabs"],
];

function refuserOf(report: MailSystemReport, facts: MailFacts): string | null {
  const seen = [report.reportedBy, report.diagnostic, header(facts, "From")]
    .filter(Boolean)
    .join(" ");
  for (const [pattern, name] of PROVIDERS) if (pattern.test(seen)) return name;
  return report.reportedBy;
}

/** What a sender-side refusal means and what to do, in plain words. */
const SENDER_ADVICE: Record<SenderProblem, string> = {
  authentication:
    "your domain fails its authentication checks (SPF, DKIM or DMARC). Ask your university's IT (or whoever runs your email domain) to fix the domain's SPF, DKIM and DMARC records, or send from a Gmail or Outlook address",
  blocklist:
    "your sending server or domain is on a block list. Ask your university's IT to check the listing; until it is cleared, send from another address",
  reputation:
    "your sending domain's reputation is too low. Send fewer emails for a few days and make sure each one is personal",
  content:
    "it read your email as spam or against its content policy. Make the email shorter and personal, without links or attachments, and send it again later",
  relay: "your mail server would not pass the email on. Reconnect your mailbox on the Account page",
  size: "the email is too large. Send it without the attachment or with a smaller file",
  rate: "you sent too many emails too quickly. Automated sending slows down; wait a day",
  policy:
    "its policy refuses email from you. Check the exact words below; if they name your domain or address, ask your university's IT",
};

/** The sentence the student reads for a sender-side refusal. */
export function senderRefusalText(verdict: Pick<InboundVerdict, "refusedBy" | "senderProblem">) {
  const who = verdict.refusedBy
    ? `${verdict.refusedBy} rejected your email`
    : "The receiving mail server rejected your email";
  return `${who}: ${SENDER_ADVICE[verdict.senderProblem ?? "policy"]}.`;
}

function reportNote(verdict: InboundVerdict): string {
  const status = verdict.status ?? "";
  const said = verdict.sentence ? ` It said: "${verdict.sentence.slice(0, 300)}"` : "";
  if (verdict.kind === "delivered") return `Delivery report (${status || "2.0.0"}): delivered.`;
  if (verdict.kind === "delay") {
    return `Delivery delayed (${status}): the receiving mail server is still trying.${said}`;
  }
  const head = `Bounced (${status})`;
  switch (verdict.cause) {
    case "recipient":
      return `${head}: the receiving mail server refused this address${verdict.permanent ? " permanently" : ""}; it does not exist or does not take mail from outside.${said}`;
    case "mailbox":
      return `${head}: the mailbox cannot take mail for now (full or switched off); the address is held for 14 days.${said}`;
    case "network":
      return `${head}: the receiving mail server could not be reached, so the email was not delivered; the address is held for 14 days.${said}`;
    case "sender":
      return `${head}: ${senderRefusalText(verdict)}${said}`;
    default:
      return `${head}: the receiving mail server refused this email.${said}`;
  }
}

/**
 * The cause of a report: of its diagnostic, or, when it lists several recipients' answers, the
 * one that says the address does not exist (the refusal that matters most) before the others.
 */
function causeOfReport(report: MailSystemReport) {
  const first = readCause(report.status, report.diagnostic, report.text);
  if (first.cause === "recipient") return first;
  for (const sentence of report.diagnostics.slice(0, 10)) {
    const reading = readCause(null, sentence, "");
    if (reading.cause === "recipient") return reading;
  }
  // A generic answer ("554 Service unavailable") after a transcript that names the reason.
  if (first.cause === "unknown" || (first.cause === "network" && report.permanentClass)) {
    const reading = readCause(null, null, report.text);
    if (reading.cause === "recipient") return reading;
  }
  return first;
}

/** The verdict of a mail system's report. */
function fromReport(facts: MailFacts, report: MailSystemReport): InboundVerdict {
  const isArf = facts.parts.some((p) => p.mimeType === "message/feedback-report");
  const reading =
    report.kind === "delivered"
      ? { cause: null, problem: null, sentence: report.diagnostic }
      : isArf
        ? {
            cause: "sender" as const,
            problem: "content" as const,
            sentence: sentencesOf(report.text)[0] ?? "The recipient reported your email as spam.",
          }
        : causeOfReport(report);
  // A temporary failure (the mail system retries) with no code naming the address ("DNS Error:
  // … Domain name not found", Gmail's 4.0.0) has not refused the address: the destination could
  // not be reached for now, which holds it rather than doing nothing.
  const cause =
    reading.cause === "recipient" &&
    report.permanentClass === false &&
    (!report.status || /^\d\.0\.0$/.test(report.status))
      ? "network"
      : reading.cause;
  const permanent =
    report.kind === "bounce" &&
    (report.permanentClass ?? (cause !== "network" && cause !== "mailbox"));
  const status =
    report.status ??
    (report.kind === "bounce"
      ? permanent
        ? "5.0.0"
        : "4.0.0"
      : report.kind === "delay"
        ? "4.0.0"
        : null);
  const verdict: InboundVerdict = {
    ...EMPTY,
    kind: report.kind,
    cause,
    permanent,
    status,
    recipient: report.recipients[0] ?? null,
    recipients: report.recipients,
    sentence: reading.sentence ?? report.diagnostic,
    senderProblem: cause === "sender" ? (reading.problem ?? "policy") : null,
    refusedBy: refuserOf(report, facts),
    originalMessageId: report.originalMessageId,
  };
  return { ...verdict, note: reportNote(verdict) };
}

/** Signs in the words alone that a message is a report: a code with failure words, no person. */
function readsAsReport(facts: MailFacts): boolean {
  const subject = header(facts, "Subject") ?? "";
  const text = readableText(facts).slice(0, 4000);
  const nullSender = /^\s*<\s*>\s*$/.test(header(facts, "Return-Path") ?? "x");
  const automatic = /^auto-(generated|replied)/i.test(
    header(facts, "Auto-Submitted")?.trim() ?? "",
  );
  const coded = /(?<![\d.])[45]\.\d{1,3}\.\d{1,3}(?!\.?\d)|(?:^|\s)[45]\d\d[ -]\S/m.test(text);
  // The student's own email returned inside it.
  const returnsOriginal = facts.parts.some((p) => p.returned);
  if (isSesNotification(text)) return true;
  // A person answering ("Re: Undeliverable packages") writes a reply prefix; a mail system not.
  const isAnswer = /^\s*(re|aw|sv|vs|antw|réf|rif|res|odp|回复|答复)\s*:/i.test(subject);
  if (
    isReportSubject(subject) &&
    !isAnswer &&
    (coded || nullSender || automatic || returnsOriginal || hasReportWords(text))
  ) {
    return true;
  }
  if (returnsOriginal && hasReportWords(text) && (coded || nullSender || automatic || !isAnswer)) {
    return true;
  }
  // A no-reply sender is a machine: its words of a failed delivery are a report.
  const noReply = /\b(no-?reply|do-?not-?reply|donotreply)@/i.test(header(facts, "From") ?? "");
  if (noReply && hasReportWords(text)) return true;
  return (nullSender || automatic) && hasReportWords(text) && coded;
}

/**
 * Sorts an inbound message: a mail system's report (bounce, delay, delivered) first, then an
 * automatic reply, then a person's reply that asks to stop, else a reply. A message from a mail
 * system (a daemon sender, a delivery report, Exchange's NDR headers) is never a reply.
 * `replyText` is the new text of the message with quoted history removed.
 */
export function classifyInbound(
  facts: MailFacts,
  replyText: string,
  receivedAt: Date,
): InboundVerdict {
  const auto = readAutoReply(facts, receivedAt);
  // A daemon sender, a report part or Exchange's NDR headers: always a report.
  if (mailSystemSign(facts) !== null) return fromReport(facts, readMailSystemReport(facts));
  if (readsAsReport(facts) || hasSystemName(facts)) {
    const report = readMailSystemReport(facts);
    // A vacation notice from a system-sounding name, with no report in it, is an automatic reply.
    const saysNothing =
      !report.status && !hasReportWords(`${header(facts, "Subject") ?? ""}\n${report.text}`);
    if (!(auto && saysNothing)) return fromReport(facts, report);
  }
  if (auto) {
    const back = auto.returnsAt ? ` Back on ${dayFormat.format(auto.returnsAt)}.` : "";
    return {
      ...EMPTY,
      kind: "auto_reply",
      returnsAt: auto.returnsAt,
      sentence: auto.reason,
      note: `Automatic reply (${auto.reason}); not counted as a response.${back}`,
    };
  }
  const optOut = readOptOut(replyText);
  if (optOut) {
    return {
      ...EMPTY,
      kind: "opt_out",
      phrase: optOut.phrase,
      sentence: optOut.phrase,
      note: `Opted out: the reply says "${optOut.phrase}". Nobody can email this address through Reachout any more.`,
    };
  }
  return { ...EMPTY, kind: "reply" };
}
