/**
 * Why a mail system refused or delayed an email, from the words of its report and its status
 * code. The wording is what the common mail systems write (Postfix, Exim, Sendmail, qmail,
 * Exchange and Office 365, Gmail, Yahoo, Amazon SES, Zoho, GMX, Mail.ru, appliances): each rule
 * names a family of refusals, not one system's sentence.
 */
export type BounceCause = "recipient" | "mailbox" | "sender" | "network" | "unknown";

/** What kind of sender-side refusal, for the plain-words explanation on the Account page. */
export type SenderProblem =
  | "authentication"
  | "blocklist"
  | "reputation"
  | "content"
  | "relay"
  | "size"
  | "rate"
  | "policy";

interface Rule {
  cause: BounceCause;
  problem?: SenderProblem;
  words: RegExp;
}

/**
 * Ordered: the first rule whose words are in the sentence decides. Specific refusals come
 * before general ones ("mailbox full" before "mailbox unavailable", DMARC before "rejected").
 */
const RULES: Rule[] = [
  // The student's own domain fails authentication (Gmail 5.7.26/5.7.27, Outlook 5.7.509/5.7.515).
  {
    cause: "sender",
    problem: "authentication",
    words:
      /\bdmarc\b|\bspf\b|\bdkim\b|sender policy framework|not authenticated|unauthenticated|authentication (check )?fail|fails? (to pass )?(sender )?authentication|sender (domain )?(is )?not (authorized|permitted|verified)|5\.7\.(2[3-7]|50[89]|51[05])\b|access denied, (sending domain|message|signature)/i,
  },
  // The student's own address or domain is refused (an unresolvable sender domain).
  {
    cause: "sender",
    problem: "policy",
    words:
      /domain of sender address|sender address .{0,60}(does not exist|not (found|resolv))|sender domain .{0,40}(not found|does not exist|must resolve|unresolvable)|sender address rejected/i,
  },
  // Exchange Online's directory check: the address is not in the recipient's directory.
  {
    cause: "recipient",
    words: /recipient address rejected: access denied|recipient not found by smtp address lookup/i,
  },
  // A group that does not take posts from outside (Google Groups, Exchange distribution lists).
  {
    cause: "recipient",
    words:
      /google groups?|googlegroups|the group you tried to contact|permission to post|not a member|non-?member|not (allowed|authori[sz]ed|permitted) to (post|send (messages )?to)|only (members|people in (the|my) organi[sz]ation) (can|may) (post|send)|グループ/i,
  },
  // Full or over quota: a mailbox that exists but cannot take mail now.
  {
    cause: "mailbox",
    words:
      /mailbox (is )?(full|over ?quota)|quota (exceeded|exceed)|over (the |its )?(disk |storage )?quota|exceeds? (the )?(storage|quota|mailbox size)|(disk|storage) (quota|space)|insufficient (system )?storage|mailbox size limit|out of storage|user is over|not enough (space|storage)|full mailbox|mail ?box (has )?exceeded|is full\b|boîte (aux lettres )?pleine|postfach (ist )?voll|5\.2\.2\b|4\.2\.2\b/i,
  },
  // An account switched off for now (suspended, inactive, disabled, locked).
  {
    cause: "mailbox",
    words:
      /(account|mailbox|user|address|recipient)( is| has been| was)? (temporarily )?(disabled|suspended|inactive|deactivated|locked|frozen|blocked for inactivity|not active|expired)|inactive (account|user|mailbox)|temporar(y|ily) locked|disabled (recipient|user|mailbox|account)|mailbox (is )?(unavailable|not available) (temporarily|at this time)|temporarily (unavailable|disabled)|account (has been )?(closed for now|on hold)/i,
  },
  // The address or the domain does not exist, or has moved.
  {
    cause: "recipient",
    words:
      /user ?unknown|unknown (user|recipient|local[- ]part|mailbox|address|alias|account)|no such (user|recipient|mailbox|address|account|person|local user|domain|host)|(user|recipient|mailbox|address|account|e-?mail account)( that you tried to reach)?( \S+)? (does not|doesn't|did not|do not) exist|does not exist\b|not (a )?(valid|known) (recipient|user|mailbox|address)|invalid (recipient|mailbox|address|user|e-?mail)|recipient (not found|unknown|invalid|address rejected: (user unknown|undeliverable|invalid))|(user|mailbox|address) not found|not found in (the )?(directory|address book)|no mailbox (here|by that name)|mailbox (name )?not (found|allowed)|unrouteable address|unroutable address|(user|recipient) (name )?is not recognized|recipient name is not recognized|couldn't be found|could not be found|isn't a valid|is not a valid|no longer (available|active|in use|with|employed|valid|exists)|has (moved|left)|address (has )?changed|not listed in|unknown address|host (or domain name )?not found|domain (name )?(not found|does not exist|doesn't exist)|nxdomain|unknown (host|domain)|no (mx|dns|a) record|host unknown|does not accept (e-?)?mail|null mx|accepts no mail|bad destination (mailbox|system)|destination address rejected|account (has been )?(deleted|removed|closed|terminated)|addressee unknown|no valid recipients?|this user doesn't have|wasn't found at|(may|might) not exist|invalid (domain|user ?id|address|final delivery)|domain is not reachable|(couldn't|could not|can't|cannot) find (a |any )?(mail exchanger|mx|host)|indicated no smtp service|host \S+ not found|host not found|not accepting (network )?messages|mailbox unavailable|no such user here|ist unbekannt|n'existe pas|inconnu|no existe|sconosciuto|不明|存在しない|не существует|несуществующ/i,
  },
  // The sending server's or domain's reputation: complaints, unexpected volume.
  {
    cause: "sender",
    problem: "reputation",
    words:
      /(user|spam) complaints|unexpected volume|(ip|domain|sender) reputation|poor reputation|low reputation|bad reputation|reputation (is )?too low/i,
  },
  // Blocked by a list or for the sending IP or domain.
  {
    cause: "sender",
    problem: "blocklist",
    words:
      /block ?list|black ?list|spamhaus|spamcop|sorbs|barracuda(central)?|\brbl\b|\bdnsbl\b|listed (at|on|in|by)|(\bip\b|ip address|sending domain|your domain|client host|sending host|your (server|host|ip)|sender).{0,40}(is |has been |was )?(blocked|banned|listed)|blocked (using|by|because|for)|banned sender|sender (address )?(rejected|blocked|denied)|(ip|domain) reputation|poor reputation|low reputation|bad reputation|reverse (dns|lookup)|\bptr\b|rdns|no reverse|not (have|found) (a )?(ptr|reverse)/i,
  },
  // Spam, content, virus or policy.
  {
    cause: "sender",
    problem: "content",
    words:
      /\bspam\b|junk|unsolicited|bulk mail|content (rejected|filter|policy)|message (content )?rejected|rejected (due to|for|by) (content|policy|security)|suspicious|phishing|virus|malware|infected|\burl\b.{0,30}(blocked|listed)|message (looks|was) (like|classified)|classified as|policy (violation|reasons|restriction)|violat(es|ed|ion)|not (accepted|allowed) (due to|because of|for) (policy|security)|hostile|dangerous|objectionable/i,
  },
  // Relaying or authentication to the submission server.
  {
    cause: "sender",
    problem: "relay",
    words:
      /relay(ing)? (access )?(denied|not (permitted|allowed))|not permitted to relay|unable to relay|we do not relay|no relaying|relay not|must (authenticate|be authenticated)|authentication required|5\.7\.(0|1|57)\b.*(auth|submit)/i,
  },
  // Too large.
  {
    cause: "sender",
    problem: "size",
    words:
      /message (size |is too |too )(large|big)|too (large|big)|exceeds? (the )?(maximum|max|size|message size)|size limit|mesg too big|5\.3\.4\b|5\.2\.3\b/i,
  },
  // Too many, too fast.
  {
    cause: "sender",
    problem: "rate",
    words:
      /rate limit|too many (messages|emails|recipients|mails)|sending limit|daily (sending )?(limit|quota)|exceeded (the )?(sending|message) (limit|rate)|try again later.{0,30}(limit|too many)|throttl/i,
  },
  // Plain refusals for the sender: access denied, not accepted, rejected by policy or filter.
  {
    cause: "sender",
    problem: "policy",
    words:
      /access denied|refused by (the )?(recipient|policy|filter)|not accepted from|sender denied|administrative prohibition|prohibited|denied by (policy|rule)|rejected by (rule|filter|the recipient domain)|mail filter|filtered|tls (required|is required)|starttls|encryption required|(helo|ehlo).{0,30}(rejected|invalid|denied)/i,
  },
  // The receiving system's own fault (it fails on any mail for now), whatever address it names.
  {
    cause: "network",
    words:
      /internal (system |server )?error|\bsystem error|mailer error|local error in processing/i,
  },
  // A refused address, with no other reason given.
  {
    cause: "recipient",
    words:
      /(?<!sender )\baddress rejected|recipient rejected|rejected recipient|bad recipient|recipient (address )?(is )?not (accepted|allowed)/i,
  },
  // Gave up after retrying, or could not reach the receiving server.
  {
    cause: "network",
    words:
      /expired|retry (time(out)?|period) (exceeded|expired)|gave up|given up|too long in (the )?queue|could not be delivered (for|within) \d+|after \d+ (days|hours)|timed? ?out|timeout|connection (refused|reset|lost|closed|dropped)|(host|server|network|domain) (is )?unreachable|no route to host|unable to connect|could not connect|can't connect|couldn't connect|lost connection|too many (connections|hops)|mail loop|loops back|routing loop|dns (error|failure|problem|lookup failed)|temporary (lookup )?failure|try again later|service (not available|unavailable)|system (is )?(busy|unavailable)|deferred|4\.4\.\d\b|5\.4\.\d\b/i,
  },
];

/** The cause an enhanced status code names by itself (RFC 3463 and the common extensions). */
function causeOfStatus(status: string | null): { cause: BounceCause; problem?: SenderProblem } {
  const match = status ? /^[245]\.(\d{1,3})\.(\d{1,3})$/.exec(status) : null;
  if (!match) return { cause: "unknown" };
  const [subject, detail] = [Number(match[1]), Number(match[2])];
  if (subject === 1) {
    if ([1, 2, 3, 6, 10].includes(detail)) return { cause: "recipient" };
    if ([7, 8].includes(detail)) return { cause: "sender", problem: "policy" };
    return { cause: "unknown" };
  }
  if (subject === 2) {
    if (detail === 2) return { cause: "mailbox" };
    if (detail === 3) return { cause: "sender", problem: "size" };
    if (detail === 1) return { cause: "mailbox" };
    return { cause: "mailbox" };
  }
  if (subject === 3) {
    if (detail === 4) return { cause: "sender", problem: "size" };
    return { cause: "network" };
  }
  if (subject === 4) return { cause: "network" };
  if (subject === 6) return { cause: "sender", problem: "content" };
  if (subject === 7) {
    if ([23, 24, 25, 26, 27].includes(detail))
      return { cause: "sender", problem: "authentication" };
    if (detail === 1 || detail === 0) return { cause: "sender", problem: "policy" };
    return { cause: "sender", problem: "policy" };
  }
  return { cause: "unknown" };
}

export interface CauseReading {
  cause: BounceCause;
  problem: SenderProblem | null;
  /** The sentence that decided it, when words did. */
  sentence: string | null;
}

/** The sentences of a text: its lines, with continuation lines of a diagnostic joined. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\r/g, "")
    .split(/\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0);
}

function ruleFor(text: string): Rule | undefined {
  return RULES.find((rule) => rule.words.test(text));
}

/**
 * The cause of a refusal: the diagnostic sentence's words first (they are the receiving
 * server's own), then the status code when it is specific, then the words anywhere in the
 * report. A status like x.0.0 or none says nothing by itself.
 */
export function readCause(
  status: string | null,
  diagnostic: string | null,
  reportText: string,
): CauseReading {
  if (diagnostic) {
    const rule = ruleFor(diagnostic);
    if (rule) return { cause: rule.cause, problem: rule.problem ?? null, sentence: diagnostic };
  }
  const byStatus = causeOfStatus(status);
  const isSpecific = status !== null && !/^\d\.0\.0$/.test(status) && byStatus.cause !== "unknown";
  // Status 5.7.1 and 5.1.0/5.4.0 families say little alone: let the words speak first.
  const isVague = status !== null && /^\d\.(7\.1|7\.0|1\.0|4\.0|0\.\d+)$/.test(status);
  if (isSpecific && !isVague) {
    return { cause: byStatus.cause, problem: byStatus.problem ?? null, sentence: diagnostic };
  }
  for (const sentence of sentencesOf(reportText)) {
    const rule = ruleFor(sentence);
    if (rule) return { cause: rule.cause, problem: rule.problem ?? null, sentence };
  }
  if (isSpecific) {
    return { cause: byStatus.cause, problem: byStatus.problem ?? null, sentence: diagnostic };
  }
  return { cause: "unknown", problem: null, sentence: diagnostic };
}
