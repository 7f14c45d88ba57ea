import { header, type MailFacts, readableText } from "./facts";

export interface AutoReply {
  /** Why it counts as automatic, shown to the student. */
  reason: string;
  /** When the person is back, if the text says (start of that day, UTC). */
  returnsAt: Date | null;
}

/** Subject prefixes of out-of-office and other automatic answers, in the usual languages. */
const AUTO_SUBJECT = new RegExp(
  [
    "^\\s*(automatic reply|auto(matic)?[- ]?reply|auto(matic)? response|autoreply|auto:)",
    "out of (the )?office",
    "^\\s*(ooo|away from (the )?office|on vacation|on leave|vacation reply)\\b",
    "abwesenheit(snotiz)?|automatische antwort|nicht im büro",
    "réponse automatique|absence du bureau|absent\\b",
    "respuesta automática|fuera de la oficina|ausente\\b",
    "risposta automatica|fuori ufficio",
    "automatisch antwoord|afwezig|niet op kantoor",
    "resposta automática|ausente do escritório|fora do escritório",
    "autosvar|frånvaro|fravær|automaattinen vastaus|poza biurem|odpowiedź automatyczna",
    "автоматический ответ|自動応答|自动回复|自動回覆",
  ].join("|"),
  "i",
);

/**
 * Headers that mark automatic mail: RFC 3834 `Auto-Submitted` (anything but "no"), the
 * `X-Autoreply`/`X-Autorespond` family many autoresponders add, and `Precedence:
 * auto_reply|bulk|junk` (the older convention, e.g. vacation(1) and Exchange).
 */
function automaticHeader(facts: MailFacts): string | null {
  const submitted = header(facts, "Auto-Submitted")?.trim();
  if (submitted && !/^no\b/i.test(submitted)) return `Auto-Submitted: ${submitted}`;
  for (const name of ["X-Autoreply", "X-Autorespond", "X-Autoresponder", "X-Auto-Reply"]) {
    const value = header(facts, name)?.trim();
    if (value !== undefined && !/^(no|false|0)$/i.test(value)) return `${name}: ${value || "yes"}`;
  }
  const precedence = header(facts, "Precedence")?.trim();
  if (precedence && /^(auto_reply|bulk|junk)$/i.test(precedence))
    return `Precedence: ${precedence}`;
  return null;
}

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  // en, de, fr, es, it, nl, pt (each month's names and abbreviations)
  ["january", "jan", "januar", "janvier", "enero", "gennaio", "januari", "janeiro", "jänner"],
  [
    "february",
    "feb",
    "februar",
    "février",
    "fevrier",
    "febrero",
    "febbraio",
    "februari",
    "fevereiro",
  ],
  ["march", "mar", "märz", "maerz", "mars", "marzo", "maart", "março", "marco"],
  ["april", "apr", "avril", "abril", "aprile"],
  ["may", "mai", "mayo", "maggio", "mei", "maio"],
  ["june", "jun", "juni", "juin", "junio", "giugno", "junho"],
  ["july", "jul", "juli", "juillet", "julio", "luglio", "julho"],
  ["august", "aug", "août", "aout", "agosto", "augustus"],
  ["september", "sep", "sept", "septembre", "septiembre", "settembre", "setembro"],
  ["october", "oct", "oktober", "octobre", "octubre", "ottobre", "okt", "outubro"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  [
    "december",
    "dec",
    "dezember",
    "décembre",
    "decembre",
    "diciembre",
    "dicembre",
    "dez",
    "dezembro",
  ],
];
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) MONTHS[name] = index;
});
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|")})\\.?`;

/** Words that introduce the day someone is back ("back on", "zurück am", "de retour le"…). */
const RETURN_WORDS =
  "back|return(ing|s)?|until|till|through|thru|zurück|wieder (im büro|da|erreichbar)|bis( zum)?|retour|jusqu'au|regreso|volveré|hasta( el)?|rientro|fino al|terug|tot( en met)?|voltarei|de volta|até";
/** Days a person is still away ("through Friday"): they are back the day after. */
const LAST_DAY_WORDS = /^(through|thru|tot en met|bis einschließlich)$/i;

function dateFrom(match: RegExpExecArray, kind: "iso" | "month-day" | "day-month" | "numeric") {
  const g = match.slice(1);
  if (kind === "iso") return { year: Number(g[0]), month: Number(g[1]) - 1, day: Number(g[2]) };
  if (kind === "month-day") {
    return {
      year: g[3] ? Number(g[3]) : null,
      month: MONTHS[g[0].toLowerCase()],
      day: Number(g[1]),
    };
  }
  if (kind === "day-month") {
    return {
      year: g[2] ? Number(g[2]) : null,
      month: MONTHS[g[1].toLowerCase()],
      day: Number(g[0]),
    };
  }
  // Numeric: "12/01/2026" is US month/day; "27.11.2026" and "27/11/2026" are day.month.
  const [a, b, separator, c] = [Number(g[0]), Number(g[2]), g[1], g[3]];
  const year = c ? (c.length === 2 ? 2000 + Number(c) : Number(c)) : null;
  const isDayFirst = separator === "." || a > 12;
  return { year, month: (isDayFirst ? b : a) - 1, day: isDayFirst ? a : b };
}

const DATE_PATTERNS: Array<[RegExp, Parameters<typeof dateFrom>[1]]> = [
  [/^(\d{4})-(\d{2})-(\d{2})/, "iso"],
  [new RegExp(`^${MONTH}\\s+(\\d{1,2})(st|nd|rd|th)?(?:,?\\s+(\\d{4}))?`, "i"), "month-day"],
  [
    new RegExp(
      `^(\\d{1,2})(?:\\.|st|nd|rd|th|er|º)?\\s+(?:de\\s+)?${MONTH}(?:\\s+(?:de\\s+)?(\\d{4}))?`,
      "i",
    ),
    "day-month",
  ],
  [/^(\d{1,2})([./])(\d{1,2})(?:[./](\d{4}|\d{2}))?\b/, "numeric"],
];

/**
 * The day the sender is back, from phrases like "back on Monday, December 1", "returning
 * 12/01", "zurück am 27.11.2026", "de retour le 27 novembre": the first date after a return
 * word, within a few words of it. A date with no year is the next such day after `receivedAt`.
 */
export function readReturnDate(text: string, receivedAt: Date): Date | null {
  const words = new RegExp(`\\b(${RETURN_WORDS})\\b`, "gi");
  for (const found of text.matchAll(words)) {
    const after = text.slice(
      (found.index ?? 0) + found[0].length,
      (found.index ?? 0) + found[0].length + 60,
    );
    // Skip filler between the word and the date: "on", "am", "le", a weekday and a comma.
    const rest = after.replace(
      /^\s*(on|am|le|el|il|op|em|the|office on|in the office on|to the office on)?\s*([a-zà-ü]+day|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes|lunedì|martedì|mercoledì|giovedì|venerdì|maandag|dinsdag|woensdag|donderdag|vrijdag)?,?\s*(the\s+)?/i,
      "",
    );
    for (const [pattern, kind] of DATE_PATTERNS) {
      const match = pattern.exec(rest);
      if (!match) continue;
      const { year, month, day } = dateFrom(match, kind);
      if (!(month >= 0 && month <= 11 && day >= 1 && day <= 31)) continue;
      const base = year ?? receivedAt.getUTCFullYear();
      let date = new Date(Date.UTC(base, month, day));
      if (year === null && date.getTime() < receivedAt.getTime() - 24 * 3600_000) {
        date = new Date(Date.UTC(base + 1, month, day));
      }
      if (LAST_DAY_WORDS.test(found[0])) date = new Date(date.getTime() + 24 * 3600_000);
      return date;
    }
  }
  return null;
}

/**
 * Recognises an automatic answer (out of office, vacation responder, "we received your
 * message"): by its headers first (RFC 3834 and the common conventions), else by a subject
 * the usual responders use. A person's reply answers null.
 */
export function readAutoReply(facts: MailFacts, receivedAt: Date): AutoReply | null {
  const subject = header(facts, "Subject") ?? "";
  const byHeader = automaticHeader(facts);
  const bySubject = AUTO_SUBJECT.test(subject) ? `subject "${subject.trim()}"` : null;
  const reason = byHeader ?? bySubject;
  if (!reason) return null;
  const text = readableText(facts).slice(0, 2000);
  return { reason, returnsAt: readReturnDate(text, receivedAt) };
}
