import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type CompanyNewsItem,
  firstNameOf,
  type ResumeFacts,
  WRITER_FORMATS,
  type WriterFormat,
} from "@reachout/contract";
import { studentSignalsOf, warmSignalsFor } from "../../contacts";
import { extractResumeText, parseResumeFacts } from "../../resumes";
import { inferGoal } from "./goal";
import { THE_ORGANIZATIONS } from "./offline/phrases";
import { achievementsOf } from "./resume-facts";
import type { EmailWriter, WriteInput, WrittenEmail } from "./types";

/**
 * The writer's evaluation set and rubric (`npm run eval:writer`, enforced for the offline
 * writer by eval.test.ts): the twelve fixture resumes, each paired with three of the contacts
 * below, and one alum or same-major contact each (48 pairs), every format, scored on what makes a student's email worth sending.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../resumes/fixtures");

export interface EvalContact {
  recipient: Omit<WriteInput["recipient"], "warmSignals">;
  education: string | null;
  news: CompanyNewsItem | null;
}

const contact = (
  fullName: string,
  title: string,
  company: string,
  industry: string,
  location: string,
  university: string | null,
  interests: string[],
  news: CompanyNewsItem | null = null,
): EvalContact => ({
  recipient: {
    fullName,
    firstName: firstNameOf(fullName),
    title,
    company,
    industry,
    location,
    university,
    interests,
  },
  education: university ? `${university}, B.A.` : null,
  news,
});

const item = (title: string, date: string, source: string): CompanyNewsItem => ({
  title,
  date,
  source,
  url: null,
});

/** Varied people: recruiters, analysts, managers, a founder; alumni, same city, shared interests. */
export const EVAL_CONTACTS: EvalContact[] = [
  contact(
    "Grace Whitfield",
    "Vice President, M&A",
    "Harborview Partners",
    "investment banking",
    "New York, NY",
    "Cornell University",
    ["chess"],
    item(
      "Harborview Partners advises on $1.4 billion sale of a Midwest logistics group",
      "2026-11-19",
      "Financial Times",
    ),
  ),
  contact(
    "Omar Haddad",
    "Campus Recruiter",
    "Keystone Advisory",
    "management consulting",
    "Boston, MA",
    null,
    ["mentoring"],
    item(
      "Keystone Advisory opens a new office in Chicago and plans to hire 120 consultants",
      "2026-11-10",
      "Crain's Chicago Business",
    ),
  ),
  contact(
    "Julia Santos",
    "Senior Software Engineer",
    "Cloudforge",
    "software",
    "Seattle, WA",
    "Georgia Institute of Technology",
    ["open source"],
    item(
      "Cloudforge ships a major update to its developer platform with faster builds",
      "2026-11-18",
      "The Verge",
    ),
  ),
  contact(
    "Ben Carter",
    "Product Manager",
    "Loop Product Labs",
    "technology",
    "San Francisco, CA",
    "Duke University",
    ["startups"],
  ),
  contact(
    "Mei Tanaka",
    "Senior Product Designer",
    "Pixelgrove",
    "technology",
    "Providence, RI",
    null,
    ["photography"],
    item(
      "Pixelgrove redesigns its mobile app and reports a 30% jump in weekly users",
      "2026-11-17",
      "Fast Company",
    ),
  ),
  contact(
    "Ravi Iyer",
    "Data Scientist",
    "Quanta Analytics",
    "artificial intelligence",
    "New York, NY",
    "Columbia University",
    ["running"],
  ),
  contact(
    "Laura Becker",
    "Managing Director",
    "Jefferies",
    "investment banking",
    "New York, NY",
    "New York University",
    ["basketball"],
  ),
  contact("Sam Nguyen", "Engineering Manager", "Stripe", "software", "Seattle, WA", null, [
    "music",
  ]),
  contact(
    "Alicia Romero",
    "Co-Founder & CEO",
    "Tidal Interactive",
    "technology",
    "Austin, TX",
    "University of California, Berkeley",
    ["diversity in tech"],
  ),
  contact(
    "Henry Osei",
    "Talent Acquisition Partner",
    "Northbridge Capital",
    "private equity",
    "Chicago, IL",
    "University of Michigan",
    ["basketball"],
  ),
  contact(
    "Nina Petrova",
    "Strategy Consultant",
    "Brightline Consulting",
    "management consulting",
    "Washington, DC",
    "Georgetown University",
    ["sustainability"],
  ),
  contact(
    "David Park",
    "UX Research Lead",
    "Hatch Design",
    "technology",
    "Seattle, WA",
    "University of Washington",
    ["education"],
  ),
];

export interface EvalPair {
  resume: string;
  facts: ResumeFacts;
  contact: EvalContact;
  /** The posting a referral names, when the pair has its own. */
  role?: string;
}

/**
 * 48 pairs: each resume with three contacts, chosen so every resume meets different people,
 * and a fourth who shares something with the student, so the warm openings are scored too:
 * an alum of the student's school (even resumes) or someone who studied the same major.
 */
export async function loadEvalPairs(): Promise<EvalPair[]> {
  const files = [
    "finance-one-column-pdfkit.pdf",
    "finance-two-column-pdf-lib.pdf",
    "consulting-one-column.docx",
    "consulting-two-column-pdfkit.pdf",
    "software-one-column-pdf-lib.pdf",
    "software-one-column.docx",
    "software-two-column-pdfkit.pdf",
    "design-two-column-pdf-lib.pdf",
    "design-one-column.docx",
    "product-one-column-pdfkit.pdf",
    "product-two-column.docx",
    "data-one-column-reachout.pdf",
  ];
  const pairs: EvalPair[] = [];
  for (const [i, file] of files.entries()) {
    const data = readFileSync(path.join(FIXTURES, file));
    const text = await extractResumeText(file.endsWith(".docx") ? "docx" : "pdf", data);
    const facts = parseResumeFacts(text);
    for (const offset of [0, 4, 7]) {
      pairs.push({
        resume: file,
        facts,
        contact: EVAL_CONTACTS[(i + offset) % EVAL_CONTACTS.length],
      });
    }
    const other = EVAL_CONTACTS[(i + 2) % EVAL_CONTACTS.length];
    const { school, major } = facts.education[0] ?? {};
    const shared =
      i % 2 === 0 && school
        ? {
            ...other,
            recipient: { ...other.recipient, university: school },
            education: `${school}, B.A.`,
          }
        : {
            ...other,
            recipient: { ...other.recipient, university: null },
            education: major ? `Boston University, B.S. in ${major}` : null,
          };
    pairs.push({ resume: file, facts, contact: shared });
  }
  return pairs;
}

/** The day the evaluation is written on: its dates (news, seasons) are read against it. */
export const EVAL_NOW = new Date("2026-11-20T12:00:00Z");

/**
 * What the student tells the dialog for the formats that need it (issue 36): the role of a
 * referral, what a thank-you is for, the fair and the conversation of a career-fair note.
 */
export const EVAL_CONTEXT = {
  role: "Summer Analyst",
  occasion: {
    thank_you: "our call on Tuesday about how your team works",
    career_fair: "the Fall Career Fair",
  },
  topic: "what your team looks for in new hires",
} as const;

export function inputOf(
  pair: EvalPair,
  format: WriterFormat,
  variant = 0,
  now: Date = EVAL_NOW,
): WriteInput {
  const education = pair.facts.education[0];
  const sender = {
    name: pair.facts.name,
    email: null,
    university: education?.school ?? null,
    major: education?.major ?? null,
    graduationYear: education?.class_year ?? null,
    resumeText: null,
    facts: pair.facts,
    goal: inferGoal(
      pair.facts,
      { graduationYear: education?.class_year ?? null, major: education?.major ?? null },
      now,
    ),
  };
  const warmSignals = warmSignalsFor(
    studentSignalsOf(pair.facts, { university: sender.university, major: sender.major }),
    { ...pair.contact.recipient, education: pair.contact.education },
  );
  return {
    format,
    sender,
    recipient: { ...pair.contact.recipient, warmSignals },
    news: pair.contact.news,
    // Every odd variant names no role: the writer then asks for the kind of role the goal
    // names (the dialog asks the student for a role first; the rubric checks it invents none).
    role: format === "referral" && variant % 2 === 0 ? (pair.role ?? EVAL_CONTEXT.role) : null,
    occasion:
      format === "thank_you" || format === "career_fair" ? EVAL_CONTEXT.occasion[format] : null,
    topic: format === "career_fair" ? EVAL_CONTEXT.topic : null,
    variant,
    now,
  };
}

/** Words a format's email may have (greeting and signature included). */
export const WORD_BOUNDS: Record<WriterFormat, [number, number]> = {
  original: [90, 230],
  precision: [50, 160],
  referral: [80, 220],
  informational: [70, 200],
  coffee_chat: [60, 190],
  thank_you: [40, 160],
  career_fair: [60, 200],
};

/** The formats that open cold, where the warm signal belongs in the email. */
const COLD_FORMATS: WriterFormat[] = [
  "original",
  "precision",
  "referral",
  "informational",
  "coffee_chat",
];

/** Direction words an email may only use when the student's own resume points there. */
const FIELD_CLAIMS: Array<[RegExp, RegExp]> = [
  [/ship(ping)? product/i, /(?!)/],
  [/\b(live )?deals?\b|\bdeal work\b/i, /financ|bank|equity|M&A|trading|invest/i],
  [/software engineering/i, /software|computer|engineer/i],
  [/product design/i, /design/i],
  [/product management/i, /product/i],
  [/data science/i, /data|statistic|machine learning/i],
  [/\bconsulting\b/i, /consult|strategy/i],
];

export interface RubricResult {
  checks: Record<string, boolean>;
  score: number;
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

const countOf = (text: string, term: string) => text.split(term).length - 1;

/**
 * The email from its greeting to the end of the student's introduction ("I'm Ada Lovelace,
 * ... 2026."), or its first paragraph when it has none: where a shared school or major is
 * said once, not in the opening and again in the introduction.
 */
function openingOf(body: string, name: string | null): string {
  const paragraphs = body.split("\n\n");
  const start = name ? body.indexOf(`I'm ${name}`) : -1;
  if (start < 0) return paragraphs.slice(0, 2).join("\n\n");
  const end = body.slice(start).search(/[.!?](\s|$)/);
  return body.slice(0, end < 0 ? body.length : start + end + 1);
}

/** What the warm signal is about, as the email would name it. */
function warmTerm(input: WriteInput): string | null {
  const signal = input.recipient.warmSignals?.[0];
  if (!signal) return null;
  switch (signal.kind) {
    case "school":
      return signal.label.replace(/ alum$/, "");
    case "employer":
      return signal.label.replace(/^You worked at /, "");
    case "interest":
      return signal.label.replace(/^Shared interest: /, "");
    case "major":
      return signal.label.replace(/^Also studied /, "");
    case "location":
      return signal.label.replace(/^Also in /, "");
  }
}

export function scoreEmail(input: WriteInput, email: WrittenEmail): RubricResult {
  const facts = input.sender.facts as ResumeFacts;
  const body = email.body;
  const first = input.recipient.firstName ?? "";
  const resumeText = JSON.stringify(facts);
  const numbers = achievementsOf(facts)
    .flatMap((a) => a.clause.match(/\$?\d[\d,.]*(%|[KMB]\b|x\b)?/g) ?? [])
    .filter((n) => n.length > 1 || /\d/.test(n));
  const names = [
    ...facts.experiences.map((e) => e.employer),
    ...facts.projects.map((p) => p.name),
    ...facts.leadership.map((l) => l.organization),
  ];
  const term = warmTerm(input);
  const warmKind = input.recipient.warmSignals?.[0]?.kind ?? null;
  const paragraphs = body.split("\n\n");
  const [low, high] = WORD_BOUNDS[input.format];
  const words = wordsOf(body);
  const aboutStudent = [input.recipient.company, input.recipient.title, input.recipient.industry]
    .filter((text): text is string => Boolean(text))
    .reduce((text, phrase) => text.replaceAll(phrase, " "), body);
  const checks: Record<string, boolean> = {
    "sender's real name": Boolean(
      input.sender.name && body.trimEnd().includes(`\n${input.sender.name}`),
    ),
    "recipient's first name": body.startsWith(`Hi ${first},`),
    company: body.includes(input.recipient.company ?? "\u0000"),
    "a concrete resume fact":
      numbers.some((n) => body.includes(n)) || names.some((n) => body.includes(n)),
    "the warm signal": !term || !COLD_FORMATS.includes(input.format) || body.includes(term),
    // The writer opens with the strongest signal: it is why this person was written to.
    "opens with the warm signal":
      !term || !COLD_FORMATS.includes(input.format) || (paragraphs[1] ?? "").includes(term),
    // "As a fellow Cornell student, ... I'm Ada, a student at Cornell University": once.
    "the shared school or major said once":
      !term ||
      !["school", "major"].includes(warmKind ?? "") ||
      countOf(openingOf(body, input.sender.name), term) <= 1,
    // An alum is no longer a student: "fellow Cornell student" is wrong said to one.
    "an alum not called a fellow student":
      warmKind !== "school" || !/\bfellow\b[^.!?\n]*\bstudent\b/i.test(`${email.subject}\n${body}`),
    // "As President of Cornell Consulting Club": a club or center takes "the".
    "clubs and centers named with the": names
      .filter((name) => THE_ORGANIZATIONS.test(name) && !/^the\s/i.test(name))
      .every(
        (name) =>
          !new RegExp(
            `\\b(at|of|with|through) ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
            "i",
          ).test(body),
      ),
    // With no role named, the referral asks for a kind of role, never "the" posting.
    "no role invented":
      input.format !== "referral" ||
      Boolean(input.role?.trim()) ||
      !/\b(applying for|refer(ring)? me for) the\b/i.test(body),
    // Naming the contact's company, title or industry is no claim about the student.
    "no unsupported claim": FIELD_CLAIMS.every(
      ([claim, support]) => !claim.test(aboutStudent) || support.test(resumeText),
    ),
    "no placeholder or stray ellipsis": !/[{}[\]]|\.\.\.|…|undefined|\bnull\b|TODO|XXX/.test(
      `${email.subject}\n${body}`,
    ),
    // "a Economics student", "a Imperial College alum": the article follows the sound
    // ("a UX designer", "a university" and "Series A at" are right).
    "a and an used right":
      !/(?<![\w&])a (?!(?:uni|use|usu|eu|one|once)\w*)(?!U[A-Z])[aeiouAEIOU]\w/.test(body),
    "length within bounds": words >= low && words <= high,
    "subject under 70 characters": email.subject.length > 0 && email.subject.length < 70,
  };
  const values = Object.values(checks);
  return { checks, score: values.filter(Boolean).length / values.length };
}

export interface EvalRun {
  writer: string;
  results: Array<{
    pair: EvalPair;
    format: WriterFormat;
    email: WrittenEmail;
    rubric: RubricResult;
  }>;
  /** Per resume and format: how many of its contacts got the same body as another. */
  duplicates: number;
}

export async function runEval(writer: EmailWriter, name: string): Promise<EvalRun> {
  const pairs = await loadEvalPairs();
  const results: EvalRun["results"] = [];
  for (const pair of pairs) {
    for (const format of WRITER_FORMATS) {
      const input = inputOf(pair, format);
      const email = await writer.write(input);
      results.push({ pair, format, email, rubric: scoreEmail(input, email) });
    }
  }
  const seen = new Map<string, number>();
  for (const r of results) {
    const key = `${r.pair.resume}|${r.format}|${r.email.body}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const duplicates = [...seen.values()].filter((count) => count > 1).length;
  return { writer: name, results, duplicates };
}
