import nlp from "compromise";
import { has, lowerFirst, spelledRight, termsOf } from "./clause";
import { withoutLegalSuffix } from "./resume-facts";

/**
 * What a thank-you thanks the recipient for, from the line the student typed (issue 36). The
 * dialog asks "What are you thanking them for, and when?", and students answer in every shape:
 * a noun phrase ("our call on Tuesday about the risk team"), what the recipient did ("you
 * walked me through the analyst program", "Tom gave me a 30-minute call"), what they did
 * themselves ("we spoke at the alumni panel") or what someone else did ("Sarah introduced us").
 * Pasting the line after "Thank you for" wrote "Thank you for Tom gave him a call" and thanked
 * the recipient for someone else's act; each shape gets the sentence it needs instead.
 */
export type ThanksLine =
  /** "Thank you for {phrase}." */
  | { kind: "for"; phrase: string }
  /** "Thank you for your time when {clause}." (the student's own event: "we spoke on Monday"). */
  | { kind: "when"; clause: string }
  /** "Thank you for your time. {sentence}" (the student's own words about it). */
  | { kind: "sentence"; sentence: string }
  /** "Thank you for taking the time to talk with me after {clause}." (a third person's act). */
  | { kind: "after"; clause: string };

/** What the line went on to say of the recipient ("…, he walked me through …"), said after. */
export type ThanksLineWithMore = ThanksLine & { more?: string };

export interface ThankedPerson {
  fullName: string;
  firstName: string;
  /** Their company, spelled as it spells itself wherever the student typed it. */
  company?: string | null;
}

/** What a student has a thank-you for, said without an article ("call on Tuesday"). */
const EVENT_NOUNS =
  /^(call|phone call|video call|zoom call|chat|coffee|coffee chat|conversation|meeting|interview|mock interview|tour|office tour|plant tour|site visit|visit|talk|advice|help|introduction|intro|referral|session|info session|information session|informational|informational interview|lunch|dinner|panel|time|feedback|insight|insights|tips|resume review|review)\b/i;

/** Verbs of an event the student took part in: "Thank you for your time when we spoke …". */
const EVENT_VERBS =
  /^(met|meet|spoke|speak|talked|talk|chatted|chat|visited|visit|called|call|interviewed|saw|see|had|have|stopped|came|come|joined|attended|toured|shadowed|sat|connected|caught)$/i;

const TITLES = /^(mr|mrs|ms|mx|dr|prof|professor)\.?\s+/i;

/** The line without "Thank you for" the student may have typed, nor its end punctuation. */
function bare(text: string): string {
  return text
    .trim()
    .replace(/^(thanks|thank you)((\s+(so|very)\s+much)|\s+again|\s+a lot|\s+sm)*[\s,:;-]*/i, "")
    .replace(/^for\s+/i, "")
    .replace(/[.!?\s]+$/, "");
}

/**
 * The recipient named as the line's subject ("Tom gave me …", "Dr. Lee showed me …"): in a
 * note to them they are "you". Answers the line with "you" in their place, or null when the
 * line's subject is not the recipient. "He", "she" or "they" is not taken for them (round 7:
 * "she told about the new grad program" was someone else at the event).
 */
function addressed(line: string, person: ThankedPerson): string | null {
  const surname = person.fullName.trim().split(/\s+/).at(-1) ?? "";
  const first = person.firstName.trim();
  // "Sam" for Samuel, "Dan" for Daniel: the short name a student types.
  const short = /^[A-Z][a-z]{2,}/.exec(line)?.[0];
  const nickname = short && first.length > short.length && first.startsWith(short) ? short : null;
  const names = [person.fullName.trim(), first, nickname].filter((n): n is string => Boolean(n));
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const subject = new RegExp(
    `^(${[
      ...names.map(literal),
      surname ? `(mr|mrs|ms|mx|dr|prof|professor)\\.?\\s+${literal(surname)}` : null,
    ]
      .filter(Boolean)
      .join("|")})\\s+(?=[a-z])`,
    "i",
  );
  if (!subject.test(line)) return null;
  // Whoever the line told of in the third person beside the recipient is the student.
  return line
    .replace(subject, "you ")
    .replace(/\b(his|their)\b/gi, "your")
    .replace(HER_AS_OBJECT, "me")
    .replace(/\bher\b/gi, "your")
    .replace(/\b(him|them)\b/gi, "me")
    .replace(/\bhimself\b|\bherself\b/gi, "yourself");
}

/** "gave" -> "giving"; "" when compromise cannot read the word as a verb. */
function gerundOf(verb: string): string {
  const doc = nlp(verb.toLowerCase());
  if (doc.verbs().length === 0) doc.tag("Verb");
  return doc
    .verbs()
    .toGerund()
    .text()
    .replace(/^(is|are|am)\s+/, "");
}

/** "you gave me a call" -> "giving me a call"; null when no verb follows "you". */
function youClauseAsGerund(clause: string): string | null {
  const [, ...words] = clause.split(/\s+/);
  const adverbs: string[] = [];
  while (words.length > 0 && /ly$/i.test(words[0] ?? "")) adverbs.push(words.shift() ?? "");
  const verb = words.shift();
  if (!verb || !has(termsOf(`you ${verb}`)[1], "Verb")) return null;
  const gerund = gerundOf(verb);
  if (!gerund) return null;
  // "you told about the program": telling whom is the student ("telling me about …").
  if (
    /^(telling|showing|walking|filling)$/.test(gerund) &&
    /^(about|through|around|in)$/i.test(words[0] ?? "")
  ) {
    words.unshift("me");
  }
  // "did a mock interview with me and gave me feedback", "…, told me to reach out": every
  // verb the "and" or the comma joins.
  const rest: string[] = [];
  for (const [i, word] of words.entries()) {
    const joined = i > 0 && (words[i - 1] === "and" || words[i - 1].endsWith(","));
    const past = joined && has(termsOf(`you ${word}`)[1], "PastTense") ? gerundOf(word) : "";
    if (!past) {
      rest.push(word);
      continue;
    }
    if (words[i - 1] !== "and") rest.push(`${(rest.pop() ?? "").replace(/,$/, "")} and`);
    rest.push(past);
  }
  return [...adverbs, gerund, ...rest].join(" ");
}

/** "call on Tuesday" -> "the call on Tuesday"; a phrase with its own determiner stays. */
function withArticle(phrase: string): string {
  const lower = phrase.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
  if (!EVENT_NOUNS.test(lower)) return phrase;
  // "advice", "time", "help", "feedback" take no article: "Thank you for your advice" reads
  // as the student means it; a countable event takes "the".
  if (/^(advice|help|time|feedback|insight|insights|tips)\b/i.test(lower)) return `your ${lower}`;
  return `the ${lower}`;
}

/** A countable event a few words in ("30-minute call", "quick chat on Friday"). */
const EVENT_HEAD =
  /^(\S+\s+){1,3}?(call|chat|conversation|meeting|interview|tour|visit|talk|session|lunch|dinner|panel|review)\b/i;

/** "30-minute call on Friday" -> "the 30-minute call on Friday"; "Friday's call" stays. */
function withDeterminer(phrase: string): string {
  if (EVENT_NOUNS.test(phrase)) return withArticle(phrase);
  const [first] = termsOf(phrase);
  const determined =
    has(first, "Determiner", "Possessive", "Pronoun") ||
    /'s$/i.test(first?.text ?? "") ||
    /^(our|the|your|my|a|an|this|that|last|yesterday|today)\b/i.test(phrase);
  return !determined && EVENT_HEAD.test(phrase) ? `the ${phrase}` : phrase;
}

/** "Him" or "her": whoever it is, the student cannot say it of themselves to the recipient. */
const THIRD_PERSON = /\b(him|her|hers|his|himself|herself)\b/i;

/** Verbs of telling: what someone told the student of is what the student heard about. */
const TOLD =
  /^(.+?)\s+(?:(?:told|said|talked|spoke|explained|mentioned|described|shared|went over)\s+(?:(?:to|with)\s+)?(?:(?:me|us|him|them)\s+|her\s+(?=about|of|on|that)\b)?(?:(?:a lot|more|a bit|all)\s+)?(about|of|on|that)?|walked\s+(?:me|us|him|her|them)\s+(through)|gave\s+(?:me|us|him|her|them)\s+(an overview of)|filled\s+(?:me|us|him|her|them)\s+(in on))\s*(.+)$/i;

/** Acts that brought the student to the recipient: told after, "after Sarah introduced us". */
const INTRODUCED =
  /^(introduced|connected|referred|recommended|suggested|forwarded|sent|put|invited|pointed)$/i;

/**
 * A line whose subject is not the recipient ("Sarah introduced us at the mixer", "my advisor
 * connected us", "she told about the new grad program"): the recipient is thanked for their own
 * time, after an introduction; for what was said, the student says they were glad to hear of it
 * (true whoever said it); anything else gets a plain thanks (null), never someone else's act.
 */
function thirdPersonLine(line: string, pronoun: boolean): ThanksLine | null {
  const words = line.split(/\s+/);
  const verbAt = words.findIndex((word, i) => i > 0 && INTRODUCED.test(word));
  if (!pronoun && verbAt > 0 && verbAt <= 3 && !THIRD_PERSON.test(line)) {
    return { kind: "after", clause: line };
  }
  const told = toldOf(line);
  if (!told) return null;
  const heard = "that" in told ? `that ${told.that}` : `about ${told.about}`;
  return { kind: "sentence", sentence: `I was glad to hear ${heard}.` };
}

/**
 * Whether a told topic is a clause of its own: "the analyst class starts in July" is; "the
 * rotation program", "how … works" and "the training they give new hires" (a verb in a clause
 * of the noun's, after its own pronoun) are not.
 */
function hasFiniteVerb(text: string): boolean {
  const terms = termsOf(text);
  return terms.some(
    (t, i) =>
      i > 0 &&
      has(t, "PresentTense", "PastTense", "Modal", "Copula") &&
      !has(t, "Gerund") &&
      !(i > 1 && has(terms[i - 1], "Pronoun")),
  );
}

/** What the student heard: "about" a topic, or "that" something is so. */
export type Told = { about: string } | { that: string };

/**
 * What someone other than the student told them of ("she told about the new grad program",
 * "the recruiter explained the rotation program", "they mentioned the team is hiring"): the
 * topic alone ("the new grad program") or what was said ("the team is hiring"), which the
 * student can say they heard whoever told it; null when the line is no such act or its topic
 * speaks of "him" or "her".
 */
export function toldOf(line: string): Told | null {
  const told = TOLD.exec(line);
  if (!told || /^(I|we|you)$/i.test(told[1]) || told[1].split(/\s+/).length > 4) return null;
  const topic = (told[6] ?? "")
    .replace(/^(the\s+)?(details|ins and outs)\s+of\s+/i, "")
    .replace(/\btheir\b/gi, "the")
    .trim();
  if (!topic || THIRD_PERSON.test(topic)) return null;
  // "mentioned the team is hiring": what was said is a clause, heard "that" it is so.
  const said = told[2]?.toLowerCase();
  if (
    said === "that" ||
    (!said && !/^(how|what|why|when|where|who|which)\b/i.test(topic) && hasFiniteVerb(topic))
  ) {
    return { that: lowerFirstPhrase(topic) };
  }
  return { about: lowerFirstPhrase(topic) };
}

/** The line's first sentence: what follows ("super helpful!!") is the student's aside. */
function firstSentence(text: string): string {
  return (
    // "Johnson Creek E. coli": a single letter before the full stop is an initial.
    text.split(/(?<!\b(?:mr|mrs|ms|mx|dr|prof|st|jr|sr|vs|e\.g|i\.e|[a-z]))[.!?]+\s+(?=\S)/i)[0] ??
    text
  );
}

/** Where a call took place, typed where the call goes ("zoom on Monday"): "our Zoom call". */
const MEDIUM =
  /^(?:(the|a|our|that|your)\s+)?(Zoom|FaceTime|Google Meet|Microsoft Teams|Webex|Skype|phone)\b(?!\s+(?:call|chat|meeting|interview|session|conversation|coffee|catch[- ]?up|info(?:rmational)?|mock|review)\b)/i;

function withMedium(line: string): string {
  return line.replace(MEDIUM, (_, determiner: string | undefined, medium: string) => {
    const said = determiner?.toLowerCase() === "a" ? "our" : (determiner ?? "our");
    return `${said} ${medium === "Phone" ? "phone" : medium} call`;
  });
}

/**
 * "He" or "she" in a thank-you note is the one thanked: students answer "what are you thanking
 * them for?" about the person they write to ("30 min video chat on tues, he mentioned they're
 * hiring"). Pasted as typed, the note spoke of the recipient as "he" to his face (round 8).
 */
export function pronounsToYou(text: string): string {
  return text
    .replace(/\b(he|she) (is|was|has|does)\b/gi, (_, _p: string, verb: string) => {
      const to: Record<string, string> = { is: "are", was: "were", has: "have", does: "do" };
      return `you ${to[verb.toLowerCase()]}`;
    })
    .replace(/\b(he|she)['’]s (been|got)\b/gi, "you've $2")
    .replace(/\b(he|she)['’](s|d|ll)\b/gi, (_, _p: string, c: string) =>
      c.toLowerCase() === "s" ? "you're" : `you'${c.toLowerCase()}`,
    )
    .replace(/\b(himself|herself)\b/gi, "yourself")
    .replace(/\b(he|she|him)\b/gi, "you")
    .replace(/\bhis\b/gi, "your")
    .replace(HER_AS_OBJECT, "you")
    .replace(/\bher\b/gi, "your");
}

/** "Her" as an object ("asked her about", "gave her a call"), not a possessive ("her team"). */
const HER_AS_OBJECT =
  /\bher\b(?=\s*(?:$|[,.;!?]|\s(?:about|to|for|with|at|on|in|and|after|before|again|today|yesterday|last|this|a|an|the|some|my)\b))/gi;

/** "EVENT, he VERBED …": what was thanked for, then what the recipient did at it. */
const EVENT_THEN_DOER = /^(.+?)(?:\s*[,;]\s*|\s+and\s+|\s+where\s+|\s+[-–—]\s+)(he|she)\s+(.+)$/i;

/** Verbs of telling by the recipient: what they said is what the student was glad to hear. */
const YOU_SAID =
  /^you\s+(?:mentioned|said|told me|explained|shared|let me know)\s+(?:that\s+)?(.+)$/i;

/**
 * A follow-up the recipient asked for or offered ("asked me to send my resume", "said to email
 * my CV", "offered to read my cover letter"): the email's close does it (requestedFollowUp in
 * offline/typed.ts), so the thanks does not say it too ("It was especially helpful that you
 * asked me to email you my resume").
 */
const FOLLOW_UP =
  /\b(?:(?:asked|told|wanted|invited) me to (?:send|email|forward|share)|said (?:to|I should) (?:send|email|forward)|offered to (?:review|look over|look at|read|check|give (?:me )?feedback on))(?: (?:her|him|them|you))?\s+(?:my |a |the |your )?(?:resume|résumé|cv|cover letter|portfolio|writing sample|transcript)\b/i;

/** What the recipient did at the event, as the sentence after the thanks ("" when only a follow-up). */
function moreOf(clause: string): string {
  if (FOLLOW_UP.test(clause.split(/\s+and\s+/i)[0] ?? "")) return "";
  // "you asked me to email you in January": the student says they will.
  const later =
    /^you\s+(?:asked|told|wanted) me to (?:email|reach out to|follow up with|check in with|contact|write to|get back to)(?: (?:you|him|her|them))?\s+((?:in|after|next|around|by|early|late|before)\b.+)$/i.exec(
      clause,
    );
  if (later) return `As you suggested, I'll be in touch ${toRecipient(later[1])}.`;
  // "you told me about your roundabout work and said to send my resume": what was heard, then
  // the rest as what they said.
  const heard =
    /^you\s+(?:told me|talked|spoke)\s+about\s+(.+?)(?:\s+and\s+(said|told me|mentioned)\s+(.+))?$/i.exec(
      clause,
    );
  if (heard) {
    const told = heard[3] ? `${heard[2].toLowerCase()} ${heard[3]}` : "";
    const rest = told && !FOLLOW_UP.test(told) ? `, and that you ${told}` : "";
    return `I was glad to hear about ${toRecipient(heard[1])}${toRecipient(rest)}.`;
  }
  const explained =
    /^you\s+(?:explained|showed me|walked me through)\s+(how|what|why|where)\s+(.+)$/i.exec(clause);
  if (explained) {
    const [what, said] = explained[2].split(/\s+and\s+(?=said\b|told me\b|mentioned\b)/i);
    const rest = said && !FOLLOW_UP.test(said) ? `, and that you ${said}` : "";
    return `It was especially helpful to hear ${explained[1]} ${toRecipient(what ?? "")}${toRecipient(rest)}.`;
  }
  // "you explained design controls and how you started as a co-op": a thing explained is
  // heard about, not "glad to hear that design controls".
  const thing = /^you\s+(?:explained|described|walked me through)\s+(?!that\b)(.+)$/i.exec(clause);
  if (thing) return `It was especially helpful to hear about ${toRecipient(thing[1])}.`;
  const said = YOU_SAID.exec(clause);
  if (said) return `I was glad to hear that ${toRecipient(said[1])}.`;
  return `It was especially helpful that ${toRecipient(clause)}.`;
}

/** What a student had with someone: the meeting a thank-you is for. */
const EVENT_WORDS =
  "(?:(?:quick |short |\\d+-minute )?(?:phone call|video call|zoom call|zoom|call|coffee chat|coffee|chat|lunch|dinner|breakfast|meeting|conversation|informational interview|informational|mock interview|office tour|tour|visit))";
const UNTIL_WHEN =
  "(?=\\s+(?:on|last|this|yesterday|today|at|in|over|about|after|before|during|for)\\b|[,;]|$)";
const HAD_EVENT_WITH = new RegExp(
  `^(?:(?:I|we)\\s+)?(?:had|got)\\s+(?:(?:a|an|our|the)\\s+)?(${EVENT_WORDS})\\s+with\\s+(.+?)${UNTIL_WHEN}(.*)$`,
  "i",
);
const EVENT_WITH = new RegExp(
  `^(?:(?:a|an|our|the)\\s+)?(${EVENT_WORDS})\\s+with\\s+(.+?)${UNTIL_WHEN}(.*)$`,
  "i",
);

/**
 * "I had a phone call with Ms. Kaur on October 3", "coffee with Anita on Tuesday": in a note to
 * that person, the meeting itself ("the phone call on October 3"). A meeting with someone else
 * stays as typed.
 */
function theirEvent(line: string, to: ThankedPerson): string {
  for (const pattern of [HAD_EVENT_WITH, EVENT_WITH]) {
    const found = pattern.exec(line);
    if (found && isThePerson(found[2], to)) return `the ${found[1].toLowerCase()}${found[3]}`;
  }
  return line;
}

/** The recipient as a student names them: first name, its short form, surname with a title. */
function isThePerson(named: string, person: ThankedPerson): boolean {
  const name = named
    .trim()
    .replace(/^(mr|mrs|ms|mx|dr|prof|professor)\.?\s+/i, "")
    .toLowerCase();
  if (/^(you|him|her|them)$/.test(name)) return true;
  const full = person.fullName.trim().toLowerCase();
  const first = person.firstName.trim().toLowerCase();
  const surname = full.split(/\s+/).at(-1) ?? "";
  return (
    name === full ||
    name === first ||
    name === surname ||
    (name.length >= 3 && first.startsWith(name))
  );
}

/** The thank-you's line from what the student typed, or null when they typed nothing. */
export function thanksLineOf(
  text: string | null | undefined,
  to: ThankedPerson,
  names: Array<string | null | undefined> = [to.company],
  vocabulary: ReadonlySet<string> = new Set(),
): ThanksLineWithMore | null {
  const tidy = tidyTyped(text, names, vocabulary);
  // "(she's a Purdue alum, my advisor connected us)": context for the app, not the thanks.
  const said = tidy
    ? theirEvent(
        withMedium(bare(firstSentence(tidy)))
          .replace(/\s*\([^)]*\)/g, "")
          .trim(),
        to,
      )
    : "";
  if (!said) return null;
  // "him staying after the info session": the recipient's own act, thanked as theirs.
  // "the portfolio review - his notes on my florence project": what they gave at it, and
  // theirs ("his" to his face, round 21).
  const yours = said
    .replace(/^(him|her)\s+(?=[a-z]+ing\b)/i, "")
    .replace(/\s+[-–—]\s+(?=(?:his|her)\s+[a-z])/i, ", and ");
  const typed = yours.replace(/,\s+(?:we\s+)?(?:talked|spoke|chatted)\s+(about|through)\b/i, " $1");
  const split = /^(he|she)\s/i.test(typed) ? null : EVENT_THEN_DOER.exec(typed);
  if (split) {
    const head = lineOf(pronounsToYou(split[1].replace(/[\s,;]+$/, "")), to);
    const more = moreOf(`you ${pronounsToYou(split[3])}`);
    return head ? { ...head, more } : null;
  }
  return lineOf(/^(he|she)\s/i.test(typed) ? pronounsToYou(typed) : typed, to);
}

function lineOf(typed: string, to: ThankedPerson): ThanksLine | null {
  // "talked with him for a while at the booth", "met you at the fair": the student's own act,
  // thanked as the recipient's time with them ("talking with me", "meeting me").
  // "Met Hannah at the fair" to Hannah is her meeting the student: "meeting me at the fair"
  // (round 12 wrote "Thank you for you Met Hannah at …").
  const names = [to.firstName, to.fullName]
    .map((name) => name.trim())
    .filter((name) => name.length >= 2)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const them = new RegExp(`\\b(him|her|them|you${names.map((n) => `|${n}`).join("")})\\b`, "i");
  const line = /^(talked|spoke|met|chatted|connected)\b/i.test(typed)
    ? `you ${typed.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()).replace(them, "me")}`
    : typed;
  const toYou = /^you\s/i.test(line) ? line : addressed(line, to);
  if (toYou) {
    const gerund = youClauseAsGerund(toYou);
    if (gerund) return { kind: "for", phrase: gerund };
  }
  const probe = line.replace(TITLES, "");
  const terms = termsOf(probe.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()));
  const [first, second] = terms;
  if (has(first, "Gerund")) return { kind: "for", phrase: toThem(lowerFirst(line)) };
  if (/^(i|we)$/i.test(first?.text ?? "") && has(second, "Verb")) {
    const clause = line.replace(/^We\b/, "we");
    return EVENT_VERBS.test(second?.text ?? "")
      ? { kind: "when", clause }
      : { kind: "sentence", sentence: `${clause.replace(/^i\b/, "I")}.` };
  }
  // Someone else's act, or one whose doer the line does not name as the recipient ("he",
  // "she", "they"): never thanked as theirs (round 7).
  const subjectEnds = terms.findIndex((t, i) => i > 0 && has(t, "Verb") && has(t, "PastTense"));
  const pronoun = /^(he|she|they)$/i.test(first?.text ?? "");
  const opensWithName =
    pronoun ||
    has(first, "ProperNoun", "Person") ||
    /^(my|our|the|a|an|his|her|their)$/i.test(first?.text ?? "");
  if (
    opensWithName &&
    subjectEnds > 0 &&
    subjectEnds <= 3 &&
    !EVENT_NOUNS.test(probe.toLowerCase())
  ) {
    return thirdPersonLine(line, pronoun);
  }
  return { kind: "for", phrase: toThem(properNamesIn(withDeterminer(lowerFirstPhrase(line)))) };
}

/**
 * "the zoom about how she went from sound design into PM and her feedback": past the thing
 * thanked for, "he" and "her" are the one thanked (round 21 said them to her face).
 */
const toThem = (phrase: string) =>
  /\b(he|she|his|her|him)\b/i.test(phrase) ? pronounsToYou(phrase) : phrase;

/** A noun phrase's first word lower-cased only when it is a common word ("Our call" -> "our call"). */
function lowerFirstPhrase(phrase: string): string {
  const first = phrase.split(/\s+/)[0] ?? "";
  const [term] = termsOf(first);
  const common =
    /^(our|the|your|my|a|an|last|yesterday|this)$/i.test(first) ||
    EVENT_NOUNS.test(phrase.toLowerCase()) ||
    (term && !has(term, "ProperNoun", "Person", "Place", "Organization", "Date"));
  return common ? lowerFirst(phrase) : phrase;
}

/** The opening sentence of a thank-you for the line. */
export function thanksSentence(line: ThanksLineWithMore, again: boolean): string {
  const more = line.more ? ` ${line.more}` : "";
  return `${openingOf(line, again)}${more}`;
}

function openingOf(line: ThanksLine, again: boolean): string {
  const lead = again ? "Thank you again" : "Thank you";
  switch (line.kind) {
    case "for":
      return `${lead} for ${line.phrase}.`;
    case "when":
      return `${lead} for your time when ${line.clause}.`;
    case "sentence":
      return `${lead} for your time. ${line.sentence}`;
    case "after":
      return `${lead} for taking the time to talk with me after ${line.clause}.`;
  }
}

/** Names students type in lower case ("zoom", "linkedin"), as they are written. */
const PROPER_NAMES: Array<[RegExp, string | ((word: string) => string)]> = [
  [/\bzoom\b/gi, "Zoom"],
  [/\blinked\s?in\b/gi, "LinkedIn"],
  [/\bgoogle meet\b/gi, "Google Meet"],
  [/\bface\s?time\b/gi, "FaceTime"],
  [/\bwebex\b/gi, "Webex"],
  [/\bskype\b/gi, "Skype"],
  [/\b(ms|microsoft) teams\b/gi, "Microsoft Teams"],
  [/\b(on|via|over) teams\b/gi, "$1 Teams"],
  [/\bteams (call|meeting)\b/gi, "Teams $1"],
  // Initialisms typed small ("whether i should go straight to icu", "our cs club", "my fsae
  // upright", "a UC"): as they are written (round 24's readers flagged each one).
  [/\b(icu|nicu|picu|fsae|mba|ibd|ux|hr|qa|r&d|nyc|ev)\b/g, (w: string) => w.toUpperCase()],
  [
    /\b(cs|ee|me|ib|ui|ai|ml)(?=\s+(club|major|majors|student|students|degree|classes|courses|roles?|team|internships?|department|program|electives|recruiting|division))\b/g,
    (w: string) => w.toUpperCase(),
  ],
  [
    /\b(?<!\d\s?)pm(?=\s+(roles?|internships?|interns?|team|track|at|program|work|path|interview|recruiting)\b)/g,
    "PM",
  ],
  [/\b(a|the|to|at|from|any)\s+uc\b/g, "$1 UC"],
  [/\buc\s+(?=[a-z])/g, "UC "],
];

const properNamesIn = (text: string) =>
  PROPER_NAMES.reduce(
    (said, [name, written]) =>
      typeof written === "string" ? said.replace(name, written) : said.replace(name, written),
    text,
  );

/** A day after a word it needs "on" from: "the call monday" is "the call on Monday". */
const PLAIN_DAY =
  /\b([A-Za-z]+) (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!['’]s)/g;
const DAY_TAKES_NO_ON =
  /^(on|last|this|next|by|until|till|since|from|every|before|after|that|the|a|each|early|late|and|or|to|through|of|past|coming)$/i;

/** "the opening in jan": a month after "in", "by" or "until", written out. */
const SHORT_MONTH =
  /\b(in|by|until|till|early|late|mid)\s+(jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b\.?/gi;
const MONTH_NAMES: Record<string, string> = {
  jan: "January",
  feb: "February",
  mar: "March",
  apr: "April",
  jun: "June",
  jul: "July",
  aug: "August",
  sep: "September",
  oct: "October",
  nov: "November",
  dec: "December",
};

/** "on tues", "thurs" after "on" or "last": the day, written out. */
const SHORT_DAY =
  /\b(on|last|this|next)\s+(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b\.?/gi;
const DAYS: Record<string, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/**
 * Short names students type for schools and employers ("msft", "Umd", "jpmc"), as the
 * organisation writes itself (round 26's readers got "msft" and "Umd" in a student's email).
 * Only words that are no English word of their own.
 */
const TYPED_SHORT_NAMES: Record<string, string> = {
  msft: "Microsoft",
  goog: "Google",
  amzn: "Amazon",
  jpmc: "JPMorgan Chase",
  bofa: "Bank of America",
  pwc: "PwC",
  kpmg: "KPMG",
  ey: "EY",
  umd: "UMD",
  ucla: "UCLA",
  ucsd: "UCSD",
  ucsb: "UCSB",
  uiuc: "UIUC",
  unc: "UNC",
  usc: "USC",
  uva: "UVA",
  uga: "UGA",
  ucf: "UCF",
  utd: "UTD",
  umbc: "UMBC",
  umich: "UMich",
  umass: "UMass",
  uconn: "UConn",
  upenn: "UPenn",
  nyu: "NYU",
  cmu: "CMU",
  asu: "ASU",
  osu: "OSU",
  psu: "PSU",
  msu: "MSU",
  fsu: "FSU",
  lsu: "LSU",
  gatech: "Georgia Tech",
};
const TYPED_SHORT_NAME = new RegExp(`\\b(${Object.keys(TYPED_SHORT_NAMES).join("|")})\\b`, "gi");

const DAY_AND_MONTH_NAMES =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/g;

/**
 * What the student typed, as it may stand in their email: "i" as "I", days and months with
 * their capitals, and a hedge to the app cut ("the Built In Colorado fair, I think it was the
 * virtual one" is "the Built In Colorado fair"; "not sure" and a closing "?" likewise).
 */
/**
 * A typed word with two letters swapped ("Servcie Desk Analyst") spelled as the resume or the
 * reader's title spells it ("Service"): the student's slip, not repeated in an email in their
 * name (round 25). Only a swap of two neighbours, only against words of five letters or more.
 */
export function typosFixed(text: string, vocabulary: ReadonlySet<string>): string {
  if (vocabulary.size === 0) return text;
  return text.replace(/\b[A-Za-z]{5,}\b/g, (word) => {
    const lower = word.toLowerCase();
    if (vocabulary.has(lower)) return word;
    for (let i = 0; i < lower.length - 1; i++) {
      const swapped = lower.slice(0, i) + lower[i + 1] + lower[i] + lower.slice(i + 2);
      if (swapped !== lower && vocabulary.has(swapped)) {
        return /^[A-Z]/.test(word) ? swapped[0].toUpperCase() + swapped.slice(1) : swapped;
      }
    }
    return word;
  });
}

/** The words of a text, lower-cased, five letters or more: what a typed word is checked against. */
export const vocabularyOf = (...texts: Array<string | null | undefined>): Set<string> =>
  new Set(
    texts
      .join(" ")
      .toLowerCase()
      .match(/\b[a-z]{5,}\b/g) ?? [],
  );

export function tidyTyped(
  text: string | null | undefined,
  names: Array<string | null | undefined> = [],
  vocabulary: ReadonlySet<string> = new Set(),
): string | null {
  if (!text) return null;
  const tidy = typosFixed(text, vocabulary)
    .trim()
    // Chat shorthand ("where u looked over my resume"): the words it stands for.
    .replace(/\btysm\b/gi, "thank you so much")
    .replace(/\b(thx|thnx|thnks|thks|tnx)\b/gi, "thanks")
    // "super helpful ty": a thanks at the end of a note is said by the email itself.
    .replace(/[,\s]+(ty|tysm|thank you|thanks)[!.\s]*$/i, "")
    // "how he transfered": the student's slip, not repeated in their name.
    .replace(/[\s\S]+/, spelledRight)
    // "thank him for the coffee chat": the student's instruction to the app, not the thanks.
    .replace(/^(please\s+)?(say\s+)?(thank|thanks)\s+(him|her|them|you)\s+for\s+/i, "")
    // "sooo helpful", "thanksss": a letter held is emphasis, not spelling.
    .replace(/\bso{3,}\b/gi, "so")
    .replace(/\bto{3,}\b/gi, "too")
    .replace(/(?<=[a-z])([a-z])\1{2,}\b/gi, "$1")
    // "chassis eng", "residency q's", "as intl student": the words they stand for.
    .replace(/\beng\b(?!\.)/gi, "engineering")
    .replace(/\bq['’]?s\b/gi, "questions")
    .replace(/\bas (international|intl\.?) students?\b/gi, "as an international student")
    // "the fair (oct 2026)": a month and year in brackets is when it was.
    .replace(
      /\s*\((jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+(20\d{2})\)/gi,
      (_, month: string, year: string) =>
        ` in ${month.toLowerCase() === "may" ? "May" : MONTH_NAMES[month.toLowerCase().slice(0, 3)]} ${year}`,
    )
    // "b4 graduating", "NCSU Engg Career Fair", "the hc group": the words they stand for.
    .replace(/\bb4\b/gi, "before")
    // "your spanish language tiktok launch": a language is written with its capital (round 33).
    .replace(
      /\b(spanish|english|french|german|mandarin|chinese|portuguese|italian|japanese|korean|arabic|hindi|vietnamese|tagalog|russian)\b/g,
      (word) => word[0].toUpperCase() + word.slice(1),
    )
    // "so I'm fine in the water lol": the student's laugh is no part of the email (round 31).
    .replace(/[\s,]+(lol|lmao|haha+|hehe|jk)\b[!.]*/gi, "")
    // "swe intern summer 2027": a software engineering intern ("the SWE night" is the Society
    // of Women Engineers').
    .replace(
      /\bswe(?=\s+(intern|internship|co-?op|role|position|new grad|jobs?|roles)\b)/gi,
      (word) => (/^S/.test(word) ? "Software Engineering" : "software engineering"),
    )
    .replace(TYPED_SHORT_NAME, (word) => TYPED_SHORT_NAMES[word.toLowerCase()])
    // "talkin abt", "scribe exp", "asst mgr", "ppl w newsroom backgrounds", "your table wed",
    // "career night @ the union" (round 27).
    .replace(
      /\b(talk|chatt|go|do|say|look|work|ask|meet|gett|hang|try|think|mention)in\b(?!['’])/gi,
      "$1ing",
    )
    .replace(/\bexp\b(?![.\d\s]*\d)/gi, "experience")
    .replace(/\basst\b\.?/gi, "assistant")
    .replace(/\brly\b/gi, "really")
    .replace(/(?<!\b(?:were|was|be|been|get|got|newly|just)\s)\bwed\b\.?/gi, "Wednesday")
    .replace(/\bw\s+(?=[a-z])/gi, "with ")
    .replace(/\s@\s/g, " at ")
    .replace(/\bengg\b\.?/gi, (word) => (/^E/.test(word) ? "Engineering" : "engineering"))
    .replace(/\bhc(?=\s+(group|team|coverage|banking|practice)\b)/gi, "healthcare")
    // "what they look for in jr analysts": "junior".
    .replace(/\bjr\.?(?=\s+[a-z])/g, "junior")
    // "call on 11/19 re: his move": "about".
    .replace(/\bre:\s*/gi, "about ")
    // "on zoom tues": a day's short form that is no other word, written out.
    .replace(/\b(tues|weds|thurs)\b\.?/gi, (day: string) => DAYS[day.toLowerCase().slice(0, 3)])
    // "u of m": the university's own short name, not "you of m".
    .replace(/\bu of ([a-z])\b/gi, (_, letter: string) => `U of ${letter.toUpperCase()}`)
    .replace(/\bu\b(?![.'])/g, "you")
    .replace(/\bur\b(?![.'])/g, "your")
    // "cisco's intern projects": the company as it spells itself.
    .replace(/[\s\S]+/, (all) => withNamesSpelled(all, names))
    .replace(/\p{Extended_Pictographic}\uFE0F?|(^|\s)[:;]-?[()DPp](?=\s|$)/gu, " ")
    // "the interview 11/5!! she gave feedback": what the recipient did next, after a comma, so
    // it is told as theirs ("…11/5 she gave feedback", round 20).
    .replace(/\s*[!?]+\s+(?=(he|she|they)\s+[a-z]+)/gi, ", ")
    // "!!" or "?!" in the middle of a line is emphasis, not the end of a sentence; before a
    // clause of its own ("…networking night!! ur tip about …", round 28) it ends what came
    // before it.
    .replace(/\s*[!?]+(?=\s+(ur|your|u|you|i|we|it|that|this)\s)/gi, ",")
    .replace(/\s*[!?]+(?=\s+[a-z])/g, "")
    .replace(/([!?])[!?]+/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim()
    .replace(/\bi\b(?=('(m|ve|d|ll)\b)|\s|$)/g, "I")
    .replace(/\bthru\b/gi, "through")
    .replace(/\btho\b/gi, "though")
    .replace(/\bbc\b/gi, "because")
    .replace(/\babt\b/gi, "about")
    // "esp walking me through", "intl students", "the analyst yr" (round 21).
    .replace(/\besp\b\.?/gi, "especially")
    .replace(/\bintl\b\.?/gi, "international")
    // "how ppl move up", "even tho im only a sophomore" (round 23).
    .replace(/\bppl\b/gi, "people")
    .replace(/\bim\b(?=\s+[a-z])/g, "I'm")
    .replace(
      /\b(dont|didnt|doesnt|wasnt|isnt|wont|couldnt|wouldnt)\b/g,
      (word) => `${word.slice(0, -1)}'t`,
    )
    .replace(/\bive\b(?=\s+[a-z])/g, "I've")
    .replace(/\byrs\b/gi, "years")
    .replace(/\byr\b/gi, "year")
    // "…the interview on 11/23, we went over my forecasting work": two sentences joined by a
    // comma; a semicolon joins them in writing (", I loved the clean room" reads as one).
    .replace(
      /,\s+(we)\s+(?=(went|got|had|met|spoke|talked|covered|discussed|chatted|[a-z]+ed)\b)/g,
      "; $1 ",
    )
    // "the analytics mgr", "my rec letter": office shorthand, written out.
    .replace(/\bmgrs?\b/gi, (word) => (word.length > 3 ? "managers" : "manager"))
    .replace(/\bmgmt\b/gi, "management")
    // "tues 11/24", "mon 11/23": a day before its date, written out.
    .replace(
      /\b(mon|tues?|wed|thu|thurs?|fri|sat|sun)\.?\s+(?=\d{1,2}\/\d{1,2}\b)/gi,
      (_, day: string) => `${DAYS[day.toLowerCase().slice(0, 3)]} `,
    )
    .replace(/\b(\d+)[\s-]?wks?\b/gi, "$1-week")
    .replace(/\bwks\b/gi, "weeks")
    // "career fair sept 2026": a month before its year, written out.
    .replace(
      /\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+(20\d{2})\b/gi,
      (_, month: string, year: string) => `${MONTH_NAMES[month.toLowerCase().slice(0, 3)]} ${year}`,
    )
    .replace(/\bdept\b\.?/gi, "department")
    .replace(/\brec\b(?=\s+letter)/gi, "recommendation")
    .replace(/\bw\s+(?=(you|me|him|her|them|the|my|your)\b)/gi, "with ")
    .replace(/\blike\s+(?=\d)/gi, "")
    .replace(
      SHORT_MONTH,
      (_, at: string, month: string) => `${at} ${MONTH_NAMES[month.toLowerCase().slice(0, 3)]}`,
    )
    .replace(/\bw\/o\b\s*/gi, "without ")
    // "the fair (sept)": a month alone in brackets is when it was, written out.
    .replace(
      /\s*\((jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)\.?\)/gi,
      (_, month: string) =>
        ` in ${month.toLowerCase() === "may" ? "May" : MONTH_NAMES[month.toLowerCase().slice(0, 3)]}`,
    )
    // "imaging screens + whether they hire": the plus joins two things said.
    .replace(/\s\+\s/g, " and ")
    .replace(/\bw\/\s*/gi, "with ")
    // "oct 3", "Nov 12th": the month written out before its day.
    .replace(
      /\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/gi,
      (_, month: string, day: string) => `${MONTH_NAMES[month.toLowerCase().slice(0, 3)]} ${day}`,
    )
    // "career night (October 15)": the date in brackets is when it was.
    .replace(
      /\s*\(((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2})\)/g,
      " on $1",
    )
    .replace(/\b(for|about)\s+like\s+(?=\d)/gi, "$1 ")
    .replace(
      /\b(\d+)\s?(?:min|mins|minute)\b(?=\s+(?:video|phone|zoom|call|chat|coffee|conversation|meeting|interview|mock|informational)\b)/gi,
      "$1-minute",
    )
    .replace(/\b(\d+)\s?mins?\b/gi, "$1 minutes")
    .replace(
      SHORT_DAY,
      (_, on: string, day: string) => `${on} ${DAYS[day.toLowerCase().slice(0, 3)]}`,
    )
    .replace(DAY_AND_MONTH_NAMES, (word) => word[0].toUpperCase() + word.slice(1))
    // "last wed (11/18)": the date says which Wednesday; "last" would be wrong a week later.
    .replace(
      /\blast (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\s*\((\d{1,2}\/\d{1,2})\)/g,
      "on $1 $2",
    )
    // "Tuesday October 6": a day and its date take a comma between them.
    .replace(
      /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),?\s+(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2})\b/g,
      "$1, $2 $3",
    )
    // "office hours, Thursday": the day the event took place.
    .replace(
      /,\s+(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?=\s*(?:,|$))/g,
      " on $1",
    )
    .replace(PLAIN_DAY, (whole, before: string, day: string) =>
      DAY_TAKES_NO_ON.test(before) ? whole : `${before} on ${day}`,
    )
    .replace(/[\s\S]+/, properNamesIn)
    // "(the career service booth area, not really a fair)": an aside to the app.
    .replace(
      /\s*\([^)]*\b(not really|not exactly|basically|technically|kind of|sort of|I think|not sure)\b[^)]*\)/gi,
      "",
    )
    .replace(/^(I think|I believe|maybe|probably)\s+(it was\s+)?/i, "")
    .replace(
      /\s*([,;(–—-]|\.\s)\s*(I think|I believe|not sure|maybe|probably|if I remember|I forget|don't remember)\b.*$/i,
      "",
    )
    .replace(/\s*\?+\s*$/, "")
    .trim();
  return tidy || null;
}

/** Each name ("Cisco", "Teleflex") as it spells itself wherever the student typed it otherwise. */
function withNamesSpelled(text: string, names: Array<string | null | undefined>): string {
  let spelled = text;
  for (const name of names) {
    const core = name ? withoutLegalSuffix(name) : null;
    if (!core || core.length < 3) continue;
    const escaped = core.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // "amazons area manager program": the possessive typed without its apostrophe.
    spelled = spelled.replace(new RegExp(`\\b${escaped}s\\b`, "gi"), `${core}'s`);
    spelled = spelled.replace(new RegExp(`\\b${escaped}\\b`, "gi"), core);
    // "froedtert's new grad residency" for Froedtert ThedaCare Health: the first word of a
    // longer name, in the possessive only (a plain "general" or "works" is no name).
    // "whether windy pines needs PAs" for Windy Pines Pictures: the first two words of a
    // longer name are the name too (round 28).
    const words = core.split(/\s+/);
    if (words.length >= 3 && words.slice(0, 2).every((w) => /^[A-Z][a-z]{2,}$/.test(w))) {
      const two = words.slice(0, 2).join(" ");
      spelled = spelled.replace(new RegExp(`\\b${two}\\b`, "gi"), two);
    }
    const first = core.split(/\s+/)[0] ?? "";
    if (first !== core && first.length >= 4 && /^[A-Z][a-z]+$/.test(first)) {
      spelled = spelled.replace(new RegExp(`\\b${first}(?=['’]s\\b)`, "gi"), first);
    }
  }
  return spelled;
}

/**
 * The recipient told of in the third person in the student's note ("whether they ever hire new
 * grads", "their single-cell team"): in a note to them, "you" and "your".
 */
export function toRecipient(text: string): string {
  return text.replace(/\b(they're|they've|they|theirs|their|them)\b/gi, (word, _, at: number) =>
    // "what new grads work on their first year": people named just before are who "their" is
    // (round 23 wrote "what new grads actually work on your first year").
    // "whether they hire new grads into their ICU": a "they" before those people is the
    // recipient, and so is the "their" after.
    isAboutPeopleBefore(text.slice(Math.max(0, at - 50), at))
      ? word
      : (SECOND_PERSON[word.toLowerCase()] ?? word),
  );
}

const SECOND_PERSON: Record<string, string> = {
  "they're": "you're",
  "they've": "you've",
  they: "you",
  theirs: "yours",
  their: "your",
  them: "you",
};

function isAboutPeopleBefore(before: string): boolean {
  const people = PEOPLE_BEFORE.exec(before);
  return people !== null && !/\bthey\b/i.test(before.slice(0, people.index));
}

/** People in the plural, the ones a "they" or "their" soon after is about. */
const PEOPLE_BEFORE =
  /\b(grads|graduates|students|interns|hires|engineers|analysts|associates|nurses|people|employees|members|candidates|recruits|sophomores|juniors|seniors|freshmen|folks|managers|scientists|consultants|residents|trainees|rotators)\b[^.;!?]*$/i;
