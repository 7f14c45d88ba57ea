import { header, type MailFacts, partText, readableText } from "./facts";

/**
 * What a mail system's report says: a delivery-status notification (RFC 3464, any report-type
 * variant) or the plain-text report of a daemon that writes none (qmail, Exchange 2003, Exim's
 * text, carriers, appliances, Google Groups).
 */
export interface MailSystemReport {
  kind: "bounce" | "delay" | "delivered";
  /** The enhanced status code the report gives ("5.1.1"), else one from its SMTP reply class. */
  status: string | null;
  /** Whether the report or its reply code says the failure is permanent (class 5). */
  permanentClass: boolean | null;
  /** The addresses the report is about (failed, delayed or delivered). */
  recipients: string[];
  /** The Message-ID of the email it reports on, when it gives it. */
  originalMessageId: string | null;
  /** The receiving server's own sentence (Diagnostic-Code or the report's line with the code). */
  diagnostic: string | null;
  /** Every recipient's sentence, when the report has several (the first is `diagnostic`). */
  diagnostics: string[];
  /** The host that refused or reported (Remote-MTA, the host named in the text, Reporting-MTA). */
  reportedBy: string | null;
  /** The report's own words, without the returned original. */
  text: string;
}

const ENHANCED = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;
const ENHANCED_ALL = new RegExp(ENHANCED.source, "g");
/** A reply code at the start of a sentence or after "said:", "<…>:" or "host … :" */
const REPLY_CODE = /(?:^|said:\s*|[>:;]\s+|\(|\s)([245])\d\d(?=[ -]|$)/m;
const ADDRESS = /[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;

/** Local parts of mail-system senders: bounce daemons, postmasters, Exchange's system mailbox. */
const DAEMON_LOCAL =
  /^(mailer[-_]?daemon|mail[-_]?daemon|postmaster|post_master|post-master|double-bounce|bounces?|bounce[-+_.][^@]*|mdaemon|mailerdaemon|mail[-_]?delivery|maildelivery|microsoftexchange[0-9a-f]*|nobody|root|mmsc|ndr|dsn|returned|noreply-dsn|mailer|smtp|mta|mail[-_]?system|sysadmin|system|[^@]*-(admin|owner|request|bounces?)|owner-[^@]*)$/i;
/** Display names of mail-system senders, in the languages they come in. */
const DAEMON_NAME =
  /mail delivery|mailer[- ]?daemon|postmaster|post_master|mail administrator|system administrator|mail system|delivery (status|notification|subsystem|system)|returned mail|microsoft outlook|microsoftexchange|\bmmsc\b|\bndr\b|mail ?daemon|mail-?server|e-?mail (delivery|system)|undeliverable|nicht zustellbar|zustellsystem|système de messagerie|sistema de correo|システム|メール配信|почтовая система|邮件系统/i;

/** Subjects of reports (failures, delays, successes) in the languages mail systems use. */
const REPORT_SUBJECT =
  /delivery status notification|^\s*delivery status\b|undeliver(able|ed)|undelivered mail|returned mail|return(ed)? to sender|mail delivery (failed|failure|system|problem|subsystem)|delivery (has )?failed|delivery failure|failure notice|failed (delivery|mail)|could not (be )?deliver|couldn't (be )?deliver|not (be )?delivered|non[- ]?delivery|message (not delivered|delivery (failed|report)|bounced)|delivery (report|notification)|delayed mail|delivery delayed|(message|mail) delayed|warning: (could not|message)|mail (system )?error|bounced mail|unzustellbar|nicht zugestellt|zustellung|non remis|non distribuable|échec de (la )?(remise|livraison)|rapport de remise|non recapitabile|impossibile recapitare|no se puede entregar|no entregado|error de entrega|onbestelbaar|niet bezorgd|não entregue|não foi possível entregar|kan inte levereras|ikke levert|nie dostarczono|niedostarczon|nedoručiteln|kézbesíthetetlen|teslim edilemedi|недоставлен|не доставлено|не может быть доставлено|未送達|配信不能|配信エラー|送信エラー|エラー通知|mail failure|not (a )?member|退信|无法投递|未能送达|傳送失敗|전송 실패|반송/i;

/** Words that say a report is about a failure. */
const FAILURE_WORDS =
  /could not be delivered|couldn't be delivered|was not delivered|wasn't delivered|not be delivered|undeliverable|delivery (to the following .{0,40})?(has )?failed|failed permanently|permanent (error|failure|fatal)|fatal error|did not reach|didn't reach|unable to deliver|couldn't deliver|could not deliver|cannot deliver|can't deliver|rejected|refused|bounced|returned to sender|i'm afraid i wasn't able|i'm sorry to have to inform you|not delivered|delivery failure|message not delivered|user unknown|does not exist|failed recipient|there was a problem delivering|was undeliverable|delivery has failed|error (occurred )?(while|during) (delivering|delivery|sending)|retry time(out)? exceeded|gave up|given up|expired/i;
/** Words that say the server is still trying. */
const DELAY_WORDS =
  /has (not yet|not) been delivered|hasn't been delivered|not yet been delivered|(is|has been|was) delayed|delivery (is |has been )?delayed|delivery delay|will (keep|continue|be) (trying|to (try|retry)|retried)|will (try|retry) (again|to deliver|for)|will retry|still (trying|being retried)|being retried|continue to try|temporarily deferred|no action is required on your part|warning: message|delayed mail|this is a warning|temporary (failure|problem)|could not be delivered yet/i;
/** Words that say the server has stopped trying (a delay report never says them). */
const GIVE_UP_WORDS =
  /(gave|given|giving) up|failed permanently|permanent (error|failure|fatal)|will not (be retried|retry|try again|be delivered)|not going to try|won't (retry|try again)|could not be delivered (to|because)|retry time(out)? (exceeded|expired)|expired|message has been (deleted|returned)|delivery has failed|was undeliverable|could not be delivered$/im;
/** Words of a success report (RFC 3464 relayed/delivered, Exchange's delivery receipts). */
const SUCCESS_WORDS =
  /delivery to (the following|these) recipients?( or groups)? (was|has been|were|is) (successful|complete)|(was|has been) (successfully )?delivered to|successfully (delivered|relayed)|your message (has been|was) delivered|delivered to the following|relayed (to|in) (a )?non-?rfc|delivery (was|has been) (successful|completed)/i;

/** Where a report's text stops and the returned original (or its headers) begins. */
const RETURNED_MARKER =
  /^[ \t]*(?:[-=_*]{2,}[^\n]*(?:original message|original text|original mail|below this line|copy of (?:the|your) message|message (?:text )?follows|returned message|undelivered message|message headers?|header of the original|original headers?|included message|rfc ?822|元のメッセージ|原始邮件|исходное сообщение)[^\n]*|original message follows\.?|[ \t]*this is a copy of (?:the|your) message[^\n]*|[ \t]*(?:the )?original message (?:was|is) (?:attached|included|below)[^\n]*|[ \t]*-{3,} ?forwarded message ?-{3,}[^\n]*|[ \t]*received: from [^\n]*|[ \t]*return-path: *<[^\n]*)$/im;

const unique = (values: string[]) => [...new Set(values)];
const lower = (value: string) => value.toLowerCase();

/** The text of the report, without the returned original after it. */
function ownText(facts: MailFacts): string {
  const text = readableText(facts).replace(/\r/g, "");
  const marker = RETURNED_MARKER.exec(text);
  // A marker on the very first lines is the report's heading, not the returned copy.
  return marker && marker.index > 40 ? text.slice(0, marker.index) : text;
}

/** The returned original's headers: a message/rfc822 or text/rfc822-headers part, else inline. */
function returnedHeaders(facts: MailFacts): string {
  const part =
    partText(facts, "message/rfc822") ??
    partText(facts, "text/rfc822-headers") ??
    partText(facts, "message/global") ??
    partText(facts, "message/global-headers");
  if (part) return part.replace(/\r/g, "").split(/\n\s*\n/)[0] ?? "";
  const text = readableText(facts).replace(/\r/g, "");
  const marker = RETURNED_MARKER.exec(text);
  return marker ? text.slice(marker.index, marker.index + 6000) : "";
}

const fieldOf = (headersText: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\n[ \\t]+.*)*)`, "im")
    .exec(headersText)?.[1]
    ?.replace(/\n[ \t]+/g, " ")
    .trim();

/** Fields of a delivery-status body, grouped: the per-message block, then one per recipient. */
function statusBlocks(text: string): Array<Map<string, string>> {
  const unfolded = text.replace(/\r/g, "").replace(/\n[ \t]+/g, " ");
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0 && /^[a-z][a-z0-9-]*$/i.test(line.slice(0, colon).trim())) {
          const name = line.slice(0, colon).trim().toLowerCase();
          if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
        }
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

const addressIn = (value: string | undefined) =>
  value ? lower(value.replace(/^\s*[a-z0-9-]+\s*;\s*/i, "").match(ADDRESS)?.[0] ?? "") : "";
const hostIn = (value: string | undefined) =>
  value
    ? lower(
        value.replace(/^\s*[a-z0-9-]+\s*;\s*/i, "").match(/[a-z0-9-]+(?:\.[a-z0-9-]+)+/i)?.[0] ??
          "",
      ) || null
    : null;

/** The most specific enhanced code of a text: a detailed one (5.1.1) over a generic (5.0.0). */
function enhancedIn(text: string | undefined | null): string | null {
  if (!text) return null;
  const codes = [...text.matchAll(ENHANCED_ALL)].map((m) => `${m[1]}.${m[2]}.${m[3]}`);
  return codes.find((code) => !/\.0\.0$/.test(code)) ?? codes[0] ?? null;
}

const replyClassIn = (text: string | undefined | null) =>
  text ? (REPLY_CODE.exec(text)?.[1] ?? null) : null;

const isCoded = (line: string) =>
  /(?:^|\s|[:;(])[45]\d\d[ -]/.test(line) || /(?<![\d.])[45]\.\d{1,3}\.\d{1,3}/.test(line);

/** The report's lines that carry a server's answer (a reply or status code), each as one sentence. */
function codedSentences(text: string): string[] {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const out: string[] = [];
  for (let at = 0; at < lines.length; at++) {
    if (!isCoded(lines[at])) continue;
    // A reply that goes on over the next lines ("550-5.1.1 … 550 5.1.1 …") is one sentence.
    let sentence = lines[at];
    while (at + 1 < lines.length && out.length < 20) {
      const next = lines[at + 1];
      const continues =
        /^[45]\d\d[ -]/.test(next) ||
        /^\(/.test(next) ||
        (/^[a-z]/.test(next) && !/^<?\S+@\S+/.test(next) && !isCoded(next));
      if (!continues) break;
      sentence = `${sentence} ${next.replace(/^[45]\d\d[ -](?:[45]\.\d+\.\d+ )?/, "")}`;
      at++;
    }
    out.push(sentence.slice(0, 600));
  }
  return out;
}

/** The line of the report that carries the server's answer: a reply or status code, or a refusal. */
function diagnosticLine(text: string): string | null {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const coded = codedSentences(text)[0];
  if (coded) return coded;
  const refusal = lines.find((line) =>
    /user unknown|does not exist|doesn't exist|not found|unknown user|no such|invalid|disabled|full|quota|rejected|refused|denied|blocked|not accepted|not permitted|not allowed|expired|timed? ?out|unreachable|not recognized|unrouteable/i.test(
      line,
    ),
  );
  return refusal?.slice(0, 600) ?? null;
}

/** Is this message from a mail system (a report, a daemon, Exchange's NDR)? Answers why, or null. */
export function mailSystemSign(facts: MailFacts): string | null {
  const contentType = facts.contentType.toLowerCase();
  if (contentType.startsWith("multipart/report")) return "a multipart/report";
  if (
    facts.parts.some((p) =>
      /^message\/(global-)?(delivery-status|disposition-notification)$|^message\/feedback-report$/.test(
        p.mimeType,
      ),
    )
  ) {
    return "a delivery-status part";
  }
  if (header(facts, "X-MS-Exchange-Message-Is-Ndr") !== undefined) return "Exchange's NDR header";
  if (header(facts, "X-MS-Embedded-Report") !== undefined) return "Exchange's report header";
  if (header(facts, "X-Failed-Recipients")) return "an X-Failed-Recipients header";
  const from = header(facts, "From") ?? "";
  const address = addressIn(from);
  const local = address.split("@")[0] ?? "";
  const _name = from
    .replace(/<[^>]*>/, "")
    .replace(/"/g, "")
    .trim();
  if (DAEMON_LOCAL.test(local)) return `a mail-system sender (${from})`;
  if (!address && /mailer-daemon|postmaster/i.test(from)) return `a mail-system sender (${from})`;
  if (/^\s*<\s*>\s*$/.test(from)) return "an empty sender (<>)";
  return null;
}

/** A sender whose display name alone reads as a mail system ("Mail Delivery System"). */
export const hasSystemName = (facts: MailFacts) =>
  DAEMON_NAME.test((header(facts, "From") ?? "").replace(/<[^>]*>/, "").replace(/"/g, ""));

/** A report's subject: a failure, a delay or a success in the usual words and languages. */
export const isReportSubject = (subject: string) => REPORT_SUBJECT.test(subject);

/** An Amazon SES notification (through SNS) about a bounce, a complaint or a delivery. */
export const isSesNotification = (text: string) =>
  /\\?"notificationType\\?"\s*:\s*\\?"(Bounce|Complaint|Delivery)\\?"/.test(text);

/** Does the text read like a delivery report (failure or delay wording)? */
export const hasReportWords = (text: string) => FAILURE_WORDS.test(text) || DELAY_WORDS.test(text);

/** Addresses that are never the failed recipient: the mail system's own and the student's. */
function excludedAddresses(facts: MailFacts, returned: string): Set<string> {
  const excluded = new Set<string>();
  for (const name of ["From", "To", "Sender", "Reply-To", "Delivered-To", "Return-Path"]) {
    for (const match of (header(facts, name) ?? "").matchAll(ADDRESS))
      excluded.add(lower(match[0]));
  }
  const returnedFrom = fieldOf(returned, "From");
  for (const match of (returnedFrom ?? "").matchAll(ADDRESS)) excluded.add(lower(match[0]));
  return excluded;
}

const SYSTEM_LOCAL =
  /^(mailer-daemon|postmaster|abuse|hostmaster|webmaster|noreply|no-reply|donotreply|do-not-reply|support|help|helpdesk|admin|root|nobody|security|privacy)$/i;

/** The failed recipients a plain-text report names, the returned original's To: as a fallback. */
function recipientsInText(facts: MailFacts, text: string, returned: string): string[] {
  const failedHeader = header(facts, "X-Failed-Recipients");
  if (failedHeader) {
    const listed = unique([...failedHeader.matchAll(ADDRESS)].map((m) => lower(m[0])));
    if (listed.length) return listed;
  }
  const excluded = excludedAddresses(facts, returned);
  const returnedTo = unique(
    [fieldOf(returned, "To"), fieldOf(returned, "Cc")]
      .flatMap((value) => [...(value ?? "").matchAll(ADDRESS)])
      .map((m) => lower(m[0])),
  );
  const named = unique(
    [...text.matchAll(ADDRESS)]
      .map((m) => lower(m[0]).replace(/^(rfc822;|mailto:)/, ""))
      .filter((a) => !excluded.has(a) && !SYSTEM_LOCAL.test(a.split("@")[0] ?? "")),
  );
  // A report that names the original's recipient names the one that failed.
  const both = named.filter((a) => returnedTo.includes(a));
  if (both.length) return both;
  if (named.length) return named.slice(0, 5);
  return returnedTo.filter((a) => !excluded.has(a)).slice(0, 5);
}

function originalMessageIdOf(facts: MailFacts, returned: string, perMessage?: Map<string, string>) {
  const fromReport =
    perMessage?.get("original-message-id") ?? perMessage?.get("x-original-message-id");
  if (fromReport) return fromReport.trim();
  const inReturned = fieldOf(returned, "Message-ID");
  if (inReturned) return inReturned.trim();
  return header(facts, "In-Reply-To")?.trim() || null;
}

interface RecipientLine {
  address: string;
  action: string;
  status: string | null;
  replyClass: string | null;
  diagnostic: string | null;
  remoteMta: string | null;
}

/** The delivery-status part's recipients, each with its action, status and diagnostic. */
function recipientLines(statusText: string): {
  perMessage: Map<string, string> | undefined;
  lines: RecipientLine[];
} {
  const blocks = statusBlocks(statusText);
  const isRecipient = (b: Map<string, string>) =>
    b.has("final-recipient") || b.has("original-recipient") || b.has("x-actual-recipient");
  const perMessage = blocks.find((b) => !isRecipient(b));
  const lines = blocks.filter(isRecipient).map((b) => {
    const diagnostic =
      b
        .get("diagnostic-code")
        ?.replace(/^\s*(smtp|x-[a-z-]+|x-unix)\s*;\s*/i, "")
        .trim() || null;
    const statusField = enhancedIn(b.get("status"));
    const fromDiagnostic = enhancedIn(diagnostic);
    // A generic Status (5.0.0) next to a specific code in the diagnostic: the specific one.
    const status =
      statusField && !/\.0\.0$/.test(statusField)
        ? statusField
        : (fromDiagnostic ?? statusField ?? null);
    return {
      address: addressIn(
        b.get("final-recipient") ?? b.get("original-recipient") ?? b.get("x-actual-recipient"),
      ),
      action: lower(b.get("action") ?? ""),
      status,
      replyClass: replyClassIn(diagnostic),
      diagnostic,
      remoteMta: hostIn(b.get("remote-mta")) ?? hostIn(perMessage?.get("reporting-mta")),
    };
  });
  return { perMessage, lines };
}

const isSuccessAction = (action: string) =>
  /^(delivered|relayed|expanded|deliverable|delivered-to)/.test(action);

function kindOfLine(line: RecipientLine, text: string): MailSystemReport["kind"] {
  if (isSuccessAction(line.action) || line.status?.startsWith("2")) return "delivered";
  if (/^(failed|expired|failure|undeliverable)/.test(line.action)) return "bounce";
  if (/^delayed|^delay/.test(line.action)) return "delay";
  if (line.status?.startsWith("5") || line.replyClass === "5") return "bounce";
  if (DELAY_WORDS.test(text) && !GIVE_UP_WORDS.test(text)) return "delay";
  return "bounce";
}

function fromStatusPart(
  facts: MailFacts,
  statusText: string,
  text: string,
  returned: string,
): MailSystemReport | null {
  const { perMessage, lines } = recipientLines(statusText);
  const known = lines.filter((l) => l.address || l.status || l.diagnostic || l.action);
  if (known.length === 0) return null;
  const kinds = known.map((l) => ({
    line: l,
    kind: kindOfLine(l, `${l.diagnostic ?? ""}\n${text}`),
  }));
  const kind: MailSystemReport["kind"] = kinds.some((k) => k.kind === "bounce")
    ? "bounce"
    : kinds.some((k) => k.kind === "delay")
      ? "delay"
      : "delivered";
  const chosen = kinds.filter((k) => k.kind === kind).map((k) => k.line);
  // The worst first: a permanent failure over a temporary one.
  chosen.sort(
    (a, b) =>
      Number(b.status?.startsWith("5") ?? false) - Number(a.status?.startsWith("5") ?? false),
  );
  const first = chosen[0];
  let recipients = unique(chosen.map((l) => l.address).filter(Boolean));
  if (recipients.length === 0) recipients = recipientsInText(facts, text, returned);
  const textDiagnostic = first.diagnostic ? null : diagnosticLine(text);
  const status =
    first.status ?? enhancedIn(textDiagnostic) ?? (kind === "bounce" ? enhancedIn(text) : null);
  const replyClass = first.replyClass ?? replyClassIn(textDiagnostic);
  return {
    kind,
    status,
    permanentClass: status ? status.startsWith("5") : replyClass ? replyClass === "5" : null,
    recipients,
    originalMessageId: originalMessageIdOf(facts, returned, perMessage),
    diagnostic: first.diagnostic ?? textDiagnostic,
    diagnostics: unique(
      chosen.map((l) => l.diagnostic).filter((d): d is string => Boolean(d)),
    ).concat(first.diagnostic ? [] : codedSentences(text)),
    reportedBy: first.remoteMta ?? hostIn(perMessage?.get("reporting-mta")),
    text,
  };
}

function fromText(facts: MailFacts, text: string, returned: string): MailSystemReport {
  const subject = header(facts, "Subject") ?? "";
  const diagnostic = diagnosticLine(text);
  const status = enhancedIn(diagnostic) ?? enhancedIn(text);
  const replyClass = replyClassIn(diagnostic);
  const words = `${subject}\n${text}`;
  const kind: MailSystemReport["kind"] =
    (SUCCESS_WORDS.test(words) || status?.startsWith("2")) &&
    !FAILURE_WORDS.test(text) &&
    !status?.startsWith("5")
      ? "delivered"
      : (DELAY_WORDS.test(words) || status?.startsWith("4")) &&
          !GIVE_UP_WORDS.test(words) &&
          !status?.startsWith("5") &&
          replyClass !== "5" &&
          (DELAY_WORDS.test(words) || !FAILURE_WORDS.test(text))
        ? "delay"
        : "bounce";
  const host =
    /(?:host|server|mx|mail server)\s+\[?([a-z0-9-]+(?:\.[a-z0-9-]+)+)/i.exec(
      diagnostic ?? "",
    )?.[1] ?? null;
  const saysPermanent = /permanent (error|failure|fatal)|failed permanently|i've given up/i.test(
    text,
  );
  return {
    kind,
    status,
    permanentClass: status
      ? status.startsWith("5")
      : replyClass
        ? replyClass === "5"
        : saysPermanent || null,
    recipients: recipientsInText(facts, text, returned),
    originalMessageId: originalMessageIdOf(facts, returned),
    diagnostic,
    diagnostics: codedSentences(text),
    reportedBy: host ? lower(host) : null,
    text,
  };
}

/**
 * An Amazon SES notification forwarded by SNS as email: a JSON body whose notificationType
 * is Bounce, Complaint or Delivery, with each recipient's action, status and diagnostic.
 */
function fromSesNotification(_facts: MailFacts, text: string): MailSystemReport | null {
  const start = text.indexOf("{");
  if (start < 0 || !isSesNotification(text)) return null;
  let body: {
    notificationType?: string;
    bounce?: {
      bounceType?: string;
      bouncedRecipients?: Array<{
        emailAddress?: string;
        status?: string;
        diagnosticCode?: string;
      }>;
      reportingMTA?: string;
    };
    complaint?: { complainedRecipients?: Array<{ emailAddress?: string }> };
    delivery?: { recipients?: string[]; smtpResponse?: string; remoteMtaIp?: string };
    mail?: { messageId?: string };
  };
  try {
    body = JSON.parse(text.slice(start, text.lastIndexOf("}") + 1).replace(/\n\s*/g, ""));
    // SNS's raw envelope carries the notification as a JSON string in "Message".
    const inner = (body as { Message?: unknown }).Message;
    if (typeof inner === "string") body = JSON.parse(inner);
  } catch {
    return null;
  }
  const type = body.notificationType;
  const bounced = body.bounce?.bouncedRecipients ?? [];
  const first = bounced[0];
  const diagnostic = first?.diagnosticCode?.replace(/^\s*smtp\s*;\s*/i, "") ?? null;
  const status = enhancedIn(first?.status) ?? enhancedIn(diagnostic);
  const recipients =
    type === "Bounce"
      ? bounced.map((r) => lower(r.emailAddress ?? "")).filter(Boolean)
      : type === "Complaint"
        ? (body.complaint?.complainedRecipients ?? []).map((r) => lower(r.emailAddress ?? ""))
        : (body.delivery?.recipients ?? []).map(lower);
  return {
    kind:
      type === "Delivery"
        ? "delivered"
        : type === "Bounce" && body.bounce?.bounceType === "Transient"
          ? "delay"
          : "bounce",
    status: type === "Delivery" ? "2.0.0" : status,
    permanentClass: type === "Bounce" ? body.bounce?.bounceType === "Permanent" : null,
    recipients,
    originalMessageId: body.mail?.messageId ?? null,
    diagnostic: type === "Complaint" ? "The recipient reported your email as spam." : diagnostic,
    diagnostics: diagnostic ? [diagnostic] : [],
    reportedBy: hostIn(body.bounce?.reportingMTA) ?? "amazonses.com",
    text: type === "Complaint" ? "The recipient reported your email as spam." : (diagnostic ?? ""),
  };
}

/**
 * Reads a mail system's report: from its delivery-status part when it has a useful one, else
 * from its words. Call it for a message `mailSystemSign` recognised, or one whose subject and
 * words read as a report; it always answers (a report without details is a bounce of unknown
 * cause, never a person's reply).
 */
export function readMailSystemReport(facts: MailFacts): MailSystemReport {
  const text = ownText(facts);
  const returned = returnedHeaders(facts);
  const statusText =
    partText(facts, "message/delivery-status") ?? partText(facts, "message/global-delivery-status");
  const fromPart = statusText ? fromStatusPart(facts, statusText, text, returned) : null;
  return fromPart ?? fromSesNotification(facts, text) ?? fromText(facts, text, returned);
}
