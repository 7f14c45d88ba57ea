import type { ResumeFacts as StructuredFacts } from "@reachout/contract";
import { ACTION_VERBS, parseResumeFacts } from "../../resumes";
import { clauseOf } from "./clause";

/**
 * What an outreach email leans on from the structured resume facts: the strongest
 * achievements (a number, a named employer or project) and the field the student's own
 * experience points to, so an email never claims a direction the resume does not support.
 */
export interface Achievement {
  /** Ready to follow "I": "built a DCF model for a $1.2B acquisition". */
  clause: string;
  /** The employer, project or organization it happened at. */
  where: string;
  role: string | null;
  kind: "experience" | "project" | "leadership";
  /** Still going on (dates to "Present"): told in the present, never "where I was". */
  current: boolean;
  score: number;
}

export type Field =
  | "finance"
  | "consulting"
  | "software"
  | "data"
  | "design"
  | "product"
  | "operations"
  | "general";

const FIELD_PATTERNS: Array<[Field, RegExp]> = [
  [
    "finance",
    /\b(financ\w*|invest\w*|banking|bank|equity|econom\w*|accounting|valuation|dcf|lbo|m&a|trading|trader|capital markets|wealth|asset management|hedge fund|credit)\b/i,
  ],
  ["consulting", /\b(consult\w*|strategy|case competition|engagement)\b/i],
  [
    "product",
    /\b(product manag\w*|product intern|product analyst|roadmap|\bpm\b|product owner)\b/i,
  ],
  [
    "operations",
    /\b(operations|supply chain|industrial engineering|industrial and systems engineering|logistics|manufacturing|lean|six sigma)\b/i,
  ],
  ["design", /\b(design\w*|ux|ui|figma|user research|visual|interaction|prototyp\w*)\b/i],
  ["data", /\b(data scien\w*|machine learning|statistics|analytics|data analyst|ml engineer)\b/i],
  [
    "software",
    /\b(software|computer science|computer engineering|developer|engineer\w*|python|java|typescript|react|backend|frontend|full-stack)\b/i,
  ],
];

/** The field the resume points to: roles weigh most, then the major, then skills. */
export function fieldOf(facts: StructuredFacts, major: string | null): Field {
  const score = new Map<Field, number>();
  const add = (text: string | null | undefined, weight: number) => {
    if (!text) return;
    for (const [field, pattern] of FIELD_PATTERNS) {
      if (pattern.test(text)) {
        score.set(field, (score.get(field) ?? 0) + weight);
        break;
      }
    }
  };
  for (const e of facts.experiences) add(e.role, 3);
  add(major, 2);
  for (const e of facts.education) add(e.major, 2);
  for (const skill of facts.skills) add(skill, 0.5);
  let best: Field = "general";
  let top = 0;
  for (const [field, value] of score) {
    if (value > top) {
      best = field;
      top = value;
    }
  }
  return best;
}

function scoreOf(bullet: string): number {
  if (bullet.length < 25 || bullet.length > 240 || /@|https?:/.test(bullet)) return 0;
  const first = bullet.split(" ")[0]?.toLowerCase() ?? "";
  let score = 0;
  // A bullet that starts with its verb says what the student did; one that names a thing
  // ("Distributed key-value store ...") is told too, with a verb of its own (clause.ts).
  if (ACTION_VERBS.has(first)) score += 3;
  else if (/^[a-z]+ed$/.test(first)) score += 2;
  else score += 1;
  if (/\d/.test(bullet)) score += 3;
  if (/[%$]|\b(million|billion|users|clients|revenue|customers|students|members)\b/i.test(bullet)) {
    score += 2;
  }
  if (bullet.length >= 50 && bullet.length <= 170) score += 1;
  return score;
}

/** The field a piece of text speaks of (a bullet, an industry, a job title), or null. */
function fieldOfText(text: string): Field | null {
  return FIELD_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** Words that say nothing about a line of work, left out when a bullet is matched to a reader. */
const PLAIN_WORDS = new Set(
  "with from that this their they them into over under about team teams company companies inc llc group work working worked using used manager director senior junior lead head intern recruiter university talent acquisition associate".split(
    " ",
  ),
);

const stemsOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[a-z][a-z&+-]{3,}/g) ?? [])
      .filter((word) => !PLAIN_WORDS.has(word))
      .map((word) => word.slice(0, 5)),
  );

/** Who an email is for, as far as choosing what to tell them goes. */
export interface Reader {
  company: string | null;
  title: string | null;
  industry: string | null;
}

/** What of the reader's world a bullet is matched against, worked out once per email. */
interface ReaderWords {
  field: Field | null;
  stems: Set<string>;
}

function readerWordsOf(reader: Reader): ReaderWords | null {
  const theirs = [reader.industry, reader.title].filter(Boolean).join(" ");
  if (!theirs && !reader.company) return null;
  return {
    field: theirs ? fieldOfText(theirs) : null,
    stems: stemsOf(`${theirs} ${reader.company ?? ""}`),
  };
}

/**
 * How much an achievement speaks to the reader's world (issue 36: every reader of the review
 * named achievements unrelated to the recipient): the same field as their industry or title,
 * and words their industry, title or company share with the bullet, its role or where it was.
 */
function relevanceTo(achievement: Achievement, bullet: string, reader: ReaderWords): number {
  const ours = [bullet, achievement.role, achievement.where].filter(Boolean).join(" ");
  let relevance = reader.field && fieldOfText(ours) === reader.field ? 3 : 0;
  let shared = 0;
  for (const stem of stemsOf(ours)) if (reader.stems.has(stem)) shared++;
  relevance += Math.min(shared, 2) * 2;
  return relevance;
}

/**
 * The strongest achievements, best first: at most one per employer or project, or (`every`)
 * every bullet that reads as an achievement, for a follow-up that adds one more. Given the
 * reader, the ones that speak to their field and work come first among them.
 */
export function achievementsOf(
  facts: StructuredFacts,
  every = false,
  reader: Reader | null = null,
): Achievement[] {
  const all: Achievement[] = [];
  const words = reader ? readerWordsOf(reader) : null;
  const push = (bullets: string[], base: Omit<Achievement, "clause" | "score">, bonus: number) => {
    for (const bullet of bullets) {
      const score = scoreOf(bullet);
      if (score <= 0) continue;
      const achievement = { ...base, clause: clauseOf(bullet, base.kind), score: score + bonus };
      if (words) achievement.score += relevanceTo(achievement, bullet, words);
      all.push(achievement);
    }
  };
  for (const [i, e] of facts.experiences.entries()) {
    const current = /\b(present|current|now)\b/i.test(e.dates ?? "");
    push(
      e.bullets,
      { where: e.employer, role: e.role, kind: "experience", current },
      i === 0 ? 1 : 0,
    );
  }
  for (const p of facts.projects)
    push(p.bullets, { where: p.name, role: null, kind: "project", current: false }, -1);
  for (const l of facts.leadership) {
    push(
      l.bullets,
      { where: l.organization, role: l.role, kind: "leadership", current: false },
      -2,
    );
  }
  all.sort((a, b) => b.score - a.score);
  if (every) return all;
  const seen = new Set<string>();
  return all.filter((a) => {
    if (seen.has(a.where)) return false;
    seen.add(a.where);
    return true;
  });
}

/** The short form of the facts that follow-ups lean on: achievement clauses and skills. */
export interface ResumeFacts {
  /** Ready to follow "I", best first: "built a DCF model for a $1.2B acquisition". */
  highlights: string[];
  skills: string[];
  university: string | null;
  major: string | null;
  graduationYear: number | null;
}

/**
 * The short facts of a resume: from its text, or (better, with the student's corrections) from
 * the structured facts of resumes/facts-store.ts's loadResumeFacts.
 */
export function extractResumeFacts(
  source: string | StructuredFacts | null | undefined,
): ResumeFacts {
  const facts = typeof source === "object" && source !== null ? source : parseResumeFacts(source);
  const education = facts.education[0];
  return {
    highlights: achievementsOf(facts).map((a) => a.clause),
    skills: facts.skills.slice(0, 6),
    university: education?.school ?? null,
    major: education?.major ?? null,
    graduationYear: education?.class_year ?? null,
  };
}
