import { type Season, type SeekingKind, seasonOfMonth } from "@reachout/contract";
import { MONTHS } from "../../../lib/month-day";
import { unfoldColumns } from "../../resumes";

/**
 * What the student says they are looking for, in their resume's own objective (issue 36):
 * "OBJECTIVE: Seeking a Summer 2027 internship in corporate finance", "Looking for a Fall 2027
 * co-op in power electronics", "Seeking a new graduate RN residency position". Many student
 * resumes open with one; the writer's guess from the degree and today's date asked a co-op
 * student for an internship and a nurse for "a role". Only a sentence that names what it seeks
 * counts; a summary of strengths ("Results-driven manager with 8 years …") says nothing here.
 */
export interface StatedGoal {
  seeking: SeekingKind;
  season: Season | null;
  year: number | null;
  roles: string[];
}

/** A heading that opens the objective or summary, with the text it may carry on its line. */
const OBJECTIVE_HEADING =
  /^(career\s+|professional\s+)?(objective|goal|summary|profile|about me)\s*[:\-–—|]?\s*(.*)$/i;

/** The sections that end a resume's top (the objective is above them, or in its own section). */
const SECTION =
  /^(education|experience|work experience|professional experience|employment|projects?|skills|technical skills|leadership|activities|certifications?|honors|awards|publications|research|relevant coursework|coursework|volunteer)\b/i;

const SEEKS =
  /\b(seeking|looking for|looking to|searching for|pursuing|to obtain|to secure|to find|aspiring|hoping to|interested in|moving|transitioning|pivoting|switching|to move into|to transition into|to pivot into|available for)\b/i;

/**
 * A direction the student states without asking for a kind of job ("moving from academic
 * research to industry data science", "now moving into digital product design"): the field
 * they are moving into.
 */
const MOVES =
  /\b(?:mov(?:e|ing)|transition(?:ing)?|pivot(?:ing)?|switch(?:ing)?|shift(?:ing)?)\s+(?:from\s+[^,.;]+?\s+)?(?:in)?to\s+(?:an?\s+|the\s+)?(?:(?:industry|corporate|digital)\s+)?([A-Za-z&/ -]+?)(?=\s+(?:roles?|positions?|jobs?|careers?|work)\b|[,.;)]|$)/i;

/** What a sentence seeks, the specific kinds first ("a co-op position" is a co-op). */
function seekingOf(sentence: string): SeekingKind | null {
  if (/\bco-?op\b/i.test(sentence)) return "co-op";
  if (/\binterns?(hip)?s?\b/i.test(sentence)) return "internship";
  if (/\bpart[- ]time\b/i.test(sentence)) return "part-time";
  // "a summer field assistant position": a student's summer job, not a career start.
  if (
    /\b(summer|seasonal)\s+(?:[a-z/&-]+\s+){0,5}(positions?|roles?|jobs?|work|employment)\b/i.test(
      sentence,
    ) &&
    !/\b(full[- ]time|new[- ]grad(uate)?|after graduat\w*|permanent)\b/i.test(sentence)
  ) {
    return "internship";
  }
  if (
    /\b(full[- ]time|new[- ]grad(uate)?|entry[- ]level|residency|fellowship|positions?|roles?|jobs?|careers?|employment|opportunit(y|ies))\b/i.test(
      sentence,
    )
  ) {
    return "full-time";
  }
  return null;
}

const SEASON_NAMES: Record<string, Season> = {
  spring: "Spring",
  summer: "Summer",
  fall: "Fall",
  autumn: "Fall",
  winter: "Winter",
};

/** "Summer 2027", "summer of '27", or a month: "July - December 2027" starts in Summer 2027. */
function startOf(sentence: string): { season: Season | null; year: number | null } {
  const season = /\b(spring|summer|fall|autumn|winter)\s*(?:of\s+)?'?(20\d{2}|\d{2})\b/i.exec(
    sentence,
  );
  if (season) {
    const year = Number(season[2].length === 2 ? `20${season[2]}` : season[2]);
    return { season: SEASON_NAMES[season[1].toLowerCase()] ?? null, year };
  }
  const month =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*(?:[-–]\s*[a-z]+\.?\s*)?(20\d{2})\b/i.exec(
      sentence,
    );
  if (!month) return { season: null, year: null };
  const index = MONTHS.findIndex((name) => name.toLowerCase().startsWith(month[1].toLowerCase()));
  return { season: seasonOfMonth(index), year: Number(month[2]) };
}

const KIND_WORD =
  // "Program Analyst", "Program Manager": a program that starts a title is no kind of position.
  "(?:internships?|co-?ops?|positions?|roles?|jobs?|opportunit(?:y|ies)|residency|program(?!\\s+(?:analysts?|managers?|coordinators?|assistants?|specialists?|officers?|directors?|associates?|evaluators?|leads?)\\b)|fellowship|career)";

/** Words that qualify what is sought, not the role itself. */
const QUALIFIERS =
  /^(?:(?:a|an|the|my|or|and|challenging|rewarding|exciting|paid|full[- ]time|part[- ]time|summer|fall|autumn|spring|winter|of|20\d{2}|'\d{2}|\d{2})\s+)+/i;

/** Kinds that are themselves what is sought: "a New Graduate RN Residency". */
const NAMED_KINDS = /^(residency|program|fellowship)$/i;

/** The words between an opening and the kind, without qualifiers: "" when only qualifiers. */
function named(match: RegExpExecArray | null): string {
  if (!match) return "";
  const words = `${match[1]} `.replace(QUALIFIERS, "").trim();
  if (!words) return "";
  return NAMED_KINDS.test(match[2] ?? "") ? `${words} ${match[2]}` : words;
}

const SEEK_LEAD = "(?:seeking|looking for|searching for|pursuing|to obtain|to secure|to find)";

/** The role the sentence names, as a posting would: "corporate finance", "UX designer". */
/** The head of a list of areas: "… chassis, suspension, or product development engineering". */
const LIST_HEADS =
  "engineering|design|development|analysis|analytics|research|management|marketing|finance|operations|science|consulting";

function roleOf(sentence: string): string | null {
  // "Looking for Scientist / Computational Biologist roles", "Seeking: Hardware Engineering Co-op".
  const lead = new RegExp(
    `\\b${SEEK_LEAD}\\s*:?\\s*(?:an?\\s+|the\\s+)?((?:[A-Za-z0-9&/'+-]+\\s+){1,8}?)(${KIND_WORD})\\b`,
    "i",
  ).exec(sentence);
  // "… a Summer 2027 corporate finance internship", "… an entry-level UX designer role".
  const before = new RegExp(
    `\\b(?:an?|the)\\s+((?:[A-Za-z0-9&/'+-]+\\s+){1,8}?)(${KIND_WORD})\\b`,
    "i",
  ).exec(sentence);
  // "… internship in corporate finance at a mid-size firm", "… position as a UX designer".
  const after = new RegExp(
    `\\b${KIND_WORD}\\s+(?:in|within|as|on)\\s+(?:an?\\s+|the\\s+)?([A-Za-z&/+ -]+?)(?=\\s+(?:at|with|where|to|that|which|for|utilizing|using|leveraging|while|starting|beginning|and\\s+(?:gain|grow|apply|contribute|learn))\\b|[,.;(]|$)`,
    "i",
  ).exec(sentence);
  // "internship in vehicle chassis, suspension, or product development engineering": the list's
  // last word is every item's ("vehicle chassis engineering", round 24 asked for "a vehicle
  // chassis internship").
  const rest = after ? sentence.slice(after.index + after[0].length) : "";
  const lastItem = /^,\s+[^.;]*?\b(?:or|and)\s+([A-Za-z /&-]+?)\s*(?=[.;,]|$)/.exec(rest)?.[1];
  const head = lastItem?.trim().split(/\s+/).at(-1) ?? "";
  if (after && new RegExp(`^(${LIST_HEADS})$`, "i").test(head)) {
    if (!new RegExp(`\\b${head}\\b`, "i").test(after[1]))
      after[1] = `${after[1]} ${head.toLowerCase()}`;
  }
  // "an entry level full-time role in accounting": the words before the kind are all
  // qualifiers, and the role is the one after it.
  const raw =
    withoutKind(named(lead)) ||
    withoutKind(named(before)) ||
    withoutKind(`${after?.[1] ?? ""} `.replace(QUALIFIERS, ""));
  if (!raw || raw.split(/\s+/).length > 7) return null;
  // A kind on its own ("a full-time position") names no role.
  if (/^(position|role|job|opportunity|internship|co-?op)$/i.test(raw)) return null;
  return raw;
}

/**
 * The role without the employment type or a second level, which the ask says itself (round 7:
 * "my first full-time junior developer role" was asked for as "a full-time first full-time
 * junior developer role"): "first", "next", "full-time" and "part-time" go wherever they stand,
 * and "entry-level" or "new grad" beside "junior" says the level twice.
 */
function withoutKind(phrase: string): string {
  let words = phrase
    .replace(/(?<![\w-])(first|next|full[- ]?time|part[- ]?time|permanent)(?![\w-])/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (/\b(junior|jr\.?|associate)\b/i.test(words)) {
    words = words.replace(/(?<![\w-])(entry[- ]level|new[- ]grad(uate)?)\s+/gi, "");
  }
  const left = `${words} `.replace(QUALIFIERS, "").trim();
  // A level alone ("an entry level full-time role") names no role.
  return /^(entry[- ]level|new[- ]grad(uate)?|junior|senior|graduate)$/i.test(left) ? "" : left;
}

/** The resume's top and its objective or summary section, as sentences. */
function objectiveSentences(text: string): string[] {
  // A summary in the main column beside a sidebar is read once the columns are apart (round
  // 29's "Seeking a" / "Summer 2027 process engineering internship." beside a contact block).
  // A bulleted summary's points are sentences of their own, with or without a full stop.
  const lines = unfoldColumns(text)
    .text.split(/\r?\n/)
    .map((line) => {
      const point = line.replace(/^[\s•·*\-–—]+/, "").trim();
      return point && point !== line.trim() && !/[.!?]$/.test(point) ? `${point}.` : point;
    })
    .filter(Boolean);
  // An objective section's wrapped lines join into one text; each line above the first section
  // (the name, the contact line, an unheaded objective) stands alone.
  const blocks: string[] = [];
  let objective: string[] | null = null;
  let sectionSeen = false;
  for (const [index, line] of lines.entries()) {
    const heading = OBJECTIVE_HEADING.exec(line);
    if (heading && line.length < 200) {
      if (objective) blocks.push(objective.join(" "));
      objective = heading[3] ? [heading[3]] : [];
      continue;
    }
    if (SECTION.test(line) && line.length < 40) {
      if (objective) blocks.push(objective.join(" "));
      objective = null;
      sectionSeen = true;
      continue;
    }
    if (objective) objective.push(line);
    else if (!sectionSeen && index < 8) blocks.push(line);
  }
  if (objective) blocks.push(objective.join(" "));
  // "Seeking a full-" / "time SOC Analyst role": a word hyphenated where its line wrapped is
  // one word again ("a full-time full- time SOC Analyst role", round 32).
  return blocks
    .map((block) => block.replace(/(\p{L})- (?=\p{Ll})/gu, "$1-"))
    .flatMap((block) => block.split(/(?<=[.!?])\s+/))
    .filter((sentence) => SEEKS.test(sentence));
}

/** The goal the resume states, or null when it states none. */
export function statedGoal(text: string | null | undefined): StatedGoal | null {
  if (!text) return null;
  for (const whole of objectiveSentences(text)) {
    const moving = MOVES.exec(whole)?.[1]?.trim() ?? null;
    // What is sought follows the verb that seeks it: "senior with three co-op rotations at the
    // Ohio Department of Transportation seeking a full-time entry-level position in …" asks for
    // a full-time position, not a co-op at "Ohio Department of Transportation" (round 25).
    const seeks = SEEKS.exec(whole);
    const sentence = seeks && !moving ? whole.slice(seeks.index) : whole;
    const seeking = seekingOf(sentence) ?? (moving ? "full-time" : null);
    if (!seeking) continue;
    const role = roleOf(sentence) ?? (moving && moving.split(/\s+/).length <= 4 ? moving : null);
    // A direction alone names no start: its dates are the degree's ("defending April 2027").
    const start = seekingOf(sentence) ? startOf(sentence) : { season: null, year: null };
    return { seeking, ...start, roles: role ? [role] : [] };
  }
  return null;
}
