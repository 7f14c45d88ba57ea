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
    // "engineer" alone is no software word: a mechanical or civil engineer is not one.
    /\b(software|computer science|computer engineering|developer|swe|(software|backend|frontend|full-stack|web|platform|data|machine learning|ml|devops|site reliability|mobile) engineer\w*|python|java|typescript|react|backend|frontend|full-stack)\b/i,
  ],
];

/** Every field a piece of text names ("Computer Science and Economics": software and finance). */
const fieldsOfText = (text: string | null | undefined): Field[] =>
  text ? FIELD_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([field]) => field) : [];

/**
 * The field the resume points to, claimed only when both sides of it agree (issue 36 round 3:
 * a biology PhD and a mechanical engineer were written as heading into software engineering,
 * an English major into a data analyst internship): one of the student's roles and their
 * major name the same field. Skills alone never decide it. "general" otherwise, and the email
 * asks without naming a field.
 */
export function fieldOf(facts: StructuredFacts, major: string | null): Field {
  const majors = new Set(
    [major, ...facts.education.map((e) => e.major)].flatMap((m) => fieldsOfText(m)),
  );
  const roles = new Map<Field, number>();
  for (const e of facts.experiences) {
    for (const field of new Set(fieldsOfText(e.role)))
      roles.set(field, (roles.get(field) ?? 0) + 1);
  }
  let best: Field = "general";
  let top = 0;
  for (const [field, count] of roles) {
    if (majors.has(field) && count > top) {
      best = field;
      top = count;
    }
  }
  return best;
}

/**
 * Words a resume puts where an employer goes that name no employer: a shift type ("PRN", "per
 * diem"), an arrangement ("Part-time", "Remote", "Contract"), a status (issue 36: "At PRN").
 */
const NOT_EMPLOYERS =
  /^(prn|per[\s-]?diem|as needed|full[\s-]?time|part[\s-]?time|contract(or)?|temp(orary)?|seasonal|remote|hybrid|on[\s-]?site|in[\s-]?person|internship|intern|volunteer(ing)?|freelance|self[\s-]?employed|various|n\/?a|none|present|current|summer|fall|spring|winter|nights?|days?|weekends?)$/i;

/** Whether an experience's employer is a name that can follow "At" in an email. */
export function isEmployerName(employer: string | null | undefined): boolean {
  const name =
    employer
      ?.trim()
      .replace(/[.,;:()]/g, "")
      .trim() ?? "";
  if (!name || !/[A-Za-z]/.test(name)) return false;
  return !NOT_EMPLOYERS.test(name) && !/^(19|20)\d{2}\b/.test(name);
}

/** A header line read as a bullet: a role or place with its date range ("Registered Nurse, Jan 2024 – Present"). */
const HEADER_LINE = /\b(19|20)\d{2}\s*[–—-]\s*((\w+\.?\s+)?(19|20)\d{2}|present|current|now)\b/i;

function scoreOf(bullet: string): number {
  if (bullet.length < 25 || bullet.length > 240 || /@|https?:/.test(bullet)) return 0;
  if (HEADER_LINE.test(bullet) && bullet.length < 70) return 0;
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
export function fieldOfText(text: string): Field | null {
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
    // "PRN" or "Part-time" where the employer goes: the work is told without an employer.
    push(
      e.bullets,
      {
        where: isEmployerName(e.employer) ? e.employer : "",
        role: e.role,
        kind: "experience",
        current,
      },
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
