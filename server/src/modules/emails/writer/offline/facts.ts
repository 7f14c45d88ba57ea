import {
  type CareerGoal,
  type CareerStage,
  givenNameOf,
  type ResumeEducation,
  type ResumeFacts,
  titledGreetingOf,
  type WarmSignal,
} from "@reachout/contract";
import { MONTHS } from "../../../../lib/month-day";
import { shortSchool, studentSignalsOf, warmSignalsFor } from "../../../contacts";
import { parseResumeFacts } from "../../../resumes";
import { degreeOf, graduationMonthOf, hasGraduated, inferGoal, trainingOf } from "../goal";
import { tidyTyped } from "../occasion";
import {
  type Achievement,
  achievementsOf,
  designAreaOf,
  designAreaOfText,
  engineeringAreaOf,
  type Field,
  fieldOf,
  fieldOfText,
  isEmployerName,
  isMajorField,
  isRoleTitle,
  isSchoolName,
  TRAINING_ENTRY,
} from "../resume-facts";
import { trustedFacts } from "../trusted";
import type { WriteInput } from "../types";
import { employerName, schoolWithArticle, sharesStem, teamOf } from "./phrases";
import { coauthorOf, published } from "./publications";
import { askWith, fairParts, periodHasBegun, typedPosition } from "./typed";

/** A stable choice among phrasings: one contact, format and variant always read the same. */
/** The student works at the reader's company now: no outsider to it (round 27). */
export const worksThere = (f: Facts) => f.warm?.kind === "employer" && f.warmJob?.current === true;

/**
 * The student's name as a signature writes it: one typed all in small letters (or all in
 * capitals) when they signed up ("sofia marquez", round 27) with a capital to each part,
 * "O'Brien" and "Marquez-Lindqvist" too. A name typed with capitals is kept as typed ("de la
 * Cruz", "McKenna").
 */
export function writtenName(name: string | null | undefined): string | null {
  const typed = name?.trim().replace(/\s+/g, " ");
  if (!typed) return null;
  if (typed !== typed.toLowerCase() && typed !== typed.toUpperCase()) return typed;
  return typed
    .toLowerCase()
    .replace(
      /(^|[\s'’-])(\p{Ll})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

export function chooser(seed: string) {
  return <T>(slot: string, options: readonly T[]): T => {
    let hash = 2166136261;
    for (const char of `${seed}|${slot}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 16777619);
    }
    return options[(hash >>> 0) % options.length];
  };
}
export type Pick = ReturnType<typeof chooser>;

/** What the student is aiming for, in words their own resume supports. */
export const FIELD_WORDS: Record<Field, { area: string; role: string }> = {
  accounting: { area: "accounting and audit", role: "accounting internship" },
  hr: { area: "human resources", role: "human resources internship" },
  marketing: { area: "marketing", role: "marketing internship" },
  finance: { area: "finance", role: "summer analyst role" },
  consulting: { area: "consulting", role: "consulting internship" },
  software: { area: "software engineering", role: "software engineering internship" },
  data: { area: "data and analytics", role: "data internship" },
  design: { area: "product design", role: "product design internship" },
  product: { area: "product management", role: "product management internship" },
  operations: { area: "operations", role: "operations internship" },
  communications: { area: "communications", role: "communications internship" },
  journalism: { area: "journalism", role: "reporting internship" },
  engineering: { area: "engineering", role: "engineering internship" },
  it: { area: "IT support", role: "IT support internship" },
  general: { area: "", role: "internship" },
};

export interface Facts {
  first: string;
  /** Greeted "Dear …" (a reader in East Asia), not "Hi …". */
  formal: boolean;
  company: string;
  title: string | null;
  name: string | null;
  school: string | null;
  major: string | null;
  year: number | null;
  field: Field;
  /** The line of work the student is aiming for, in words ("" when nothing supports one). */
  area: string;
  /** When the degree ends, and whether it has: "graduated" only for a date that is past. */
  graduation: { year: number; month: number; done: boolean } | null;
  achievements: Achievement[];
  skills: string[];
  warm: WarmSignal | null;
  /** The student's own time at the contact's company, when the warm signal is that employer. */
  warmJob: {
    role: string | null;
    years: string | null;
    current: boolean;
    /** The entry is a clinical rotation there, not a job. */
    placement: boolean;
  } | null;
  city: string | null;
  goal: CareerGoal;
  /** What the student asks for, with the kind and period they typed: "a Summer 2027 internship". */
  ask: string;
  /** The goal's stage, corrected by the graduation date where the two disagree. */
  stage: CareerStage;
  /** Still studying: a student or a graduate student says "I'm a student". */
  studying: boolean;
  /** The degree a graduate student is working on: "master's", "PhD", "MBA". */
  degree: string | null;
  /** A doctoral student past the qualifying exams ("Ph.D. Candidate, Statistics"). */
  candidate: boolean;
  /** What the publications section says, as a sentence and as a listed point (publications.ts). */
  published: { sentence: string; point: string } | null;
  /** The reader is a co-author of one of the student's papers: its journal, as said. */
  coauthor: { venue: string | null } | null;
  /** A career changer's or an experienced person's last job, and what they trained in. */
  lastJob: { role: string; employer: string; years: number | null; current: boolean } | null;
  /** The line of work an experienced person is moving into, when it is not their job's. */
  movingInto: string | null;
  /** `done` is false for training that ends later than this year ("finishing in 2027"). */
  training: { name: string; year: number | null; done: boolean } | null;
  /** Every other bullet that reads as an achievement, best first, for a list of points. */
  more: Achievement[];
  /** The courses a resume lists as relevant coursework, for a student with little else. */
  coursework: string[];
  /** A portfolio's address from the resume's head ("noralindqvist.studio", a Behance page). */
  portfolio: string | null;
  /** A security clearance held, said to a reader in defense or government work, else null. */
  clearance: string | null;
  /** The reader's team as their title names it ("the Creator Tools team"), else null. */
  team: string | null;
}

/**
 * A security clearance the resume says the student holds or held ("Active Secret clearance",
 * "Previously held SECRET clearance", "TS/SCI"), as a sentence; never one they are only eligible
 * for. Round 21's readers: a veteran writing to a national-security recruiter never said his.
 */
export function clearanceOf(resumeText: string): string | null {
  const found =
    /\b(active|current|interim|previously held|formerly held|held|inactive|expired|former|past|prior)?\s*(?:an?\s+)?(?:DoD\s+)?(TS\/SCI|Top Secret(?:\/SCI)?|Secret|Public Trust)\b\s*(?:security\s+)?clearance\b(?:\s*\(([^)]*)\))?/i.exec(
      resumeText,
    );
  if (!found) return null;
  const around = resumeText.slice(
    Math.max(0, found.index - 25),
    found.index + found[0].length + 15,
  );
  if (/\b(eligible|eligibility|able to obtain|obtain|pursuing)\b/i.test(around)) {
    return null;
  }
  const level = /^ts\/sci$/i.test(found[2])
    ? "TS/SCI"
    : found[2].replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
  const status = `${found[1] ?? ""} ${found[3] ?? ""}`.toLowerCase();
  // "Former DoD Secret Clearance (2018–2024)" is held no more (round 33 told a defense
  // recruiter "I hold a Secret clearance").
  if (
    /\b(previously|formerly|former|past|prior|inactive|expired)\b/.test(status) ||
    /^\s*held\b/.test(status)
  ) {
    return `I previously held a ${level} clearance.`;
  }
  return `I hold ${/^(active|current|interim)/.test(status.trim()) ? "an active" : "a"} ${level} clearance.`;
}

/** A reader whose work a clearance speaks to: defense, intelligence, government. */
const CLEARED_WORK =
  /\b(national security|(?<!cyber )defen[cs]e|federal|government|intelligence|dod|military|homeland|public sector|aerospace|cleared|clearance|Booz Allen|Leidos|SAIC|Lockheed|Northrop|Raytheon|RTX|General Dynamics|CACI|ManTech|MITRE|BAE Systems|L3Harris|Anduril|Palantir)\b/i;

/** A heading of certificates and licences ("CERTIFICATIONS & TRAINING", "Licenses"). */
const CERTIFICATE_HEADING =
  /^\s*((licen[cs]es?|certifications?|certificates?|credentials|training|professional development)\s*(&|and|,|\/)?\s*)+:?\s*$/i;
/** Any other heading: a short line in capitals, or a known section's name. */
const OTHER_HEADING =
  /^\s*([A-Z][A-Z &/,'-]{2,40}|education|experience|work experience|projects|skills|leadership|activities|volunteer(ing)?|awards|honors|publications|interests)\s*:?\s*$/;
const HELD_CERTIFICATE = /\b(certificate|certification|certified|credential)\b/i;
const NOT_YET =
  /\b(studying|in progress|in-progress|expected|anticipated|pending|candidate|pursuing|preparing|exp\.)\b/i;

/**
 * The certificates a resume lists under a heading of their own, which the resume reader keeps
 * in no field (round 10: a teacher's instructional-design certificate under "CERTIFICATIONS &
 * TRAINING" was never told): each held one's name and year, none still under way.
 */
export function certificatesOf(resumeText: string): Array<{ name: string; year: number | null }> {
  const found: Array<{ name: string; year: number | null }> = [];
  let inside = false;
  for (const raw of resumeText.split("\n")) {
    const line = raw.replace(/^[\s•·▪*\-–—]+/, "").trim();
    if (!line) continue;
    if (CERTIFICATE_HEADING.test(line)) {
      inside = true;
      continue;
    }
    if (OTHER_HEADING.test(line)) {
      inside = false;
      continue;
    }
    if (!inside) continue;
    // "HubSpot … (2025) • Google Analytics … (2026)": several on a line, each with its own year
    // (round 18: the line's last year was given to its first certificate).
    for (const item of line.split(/\s+[•·|]\s+|;\s+/)) {
      if (!HELD_CERTIFICATE.test(item) || NOT_YET.test(item)) continue;
      const name = item.split(/\s*(?:,|\s[–—|-]\s|\()\s*/)[0]?.trim() ?? "";
      if (!HELD_CERTIFICATE.test(name) || name.split(/\s+/).length > 8) continue;
      const years = item.match(/\b(19|20)\d{2}\b/g);
      found.push({ name, year: years ? Number(years.at(-1)) : null });
    }
  }
  return found;
}

/** "Relevant coursework: Soil Science, Field Methods, Intro to GIS" -> its courses. */
export function courseworkOf(resumeText: string): string[] {
  const listed = /\b(?:relevant )?coursework\s*[:–—-]\s*([^\n]+)/i.exec(resumeText)?.[1] ?? "";
  return listed
    .split(/\s*[,;|•]\s*/)
    .map((course) => course.replace(/[.\s]+$/, "").trim())
    .filter((course) => course.length >= 3 && course.length <= 50 && !/\d{4}|gpa/i.test(course));
}

/**
 * Someone moving into a new field leads with the work of that field: their projects first (a
 * case study, a capstone), then other jobs, and the job they are leaving last (round 8: an
 * architect's competition models led over his Figma case study).
 */
const movingRank = (a: Achievement, leaving: string | undefined, aim: Field | null) =>
  a.kind === "project"
    ? 0
    : // Work of the new field done in the job held ("wrote the PRD for Assignments 2.0" in a
      // product-operations job, to a PM) leads too: round 21 led with a side project instead.
      // The work itself says so, not the title ("Design Intern" making an architect's models).
      aim && fieldOfText(a.clause) === aim
      ? 0
      : a.where === leaving
        ? 2
        : 1;

/** "Sep 2019 – Jun 2025" -> 6 (whole years, at least one); null when the dates do not read. */
export function yearsOf(dates: string | null): number | null {
  const years = (dates ?? "").match(/\b(19|20)\d{2}\b/g)?.map(Number) ?? [];
  if (years.length < 2) return null;
  // "Jun 2026 – Oct 2026" is five months, no year (round 30: "I spent 1 year as a UX Research
  // Fellow"); "Aug 2020 – Jun 2026" is nearly six years.
  const months = [...(dates ?? "").matchAll(/\b([A-Za-z]{3,9})\.?\s+((?:19|20)\d{2})\b/g)]
    .map(([, month, year]) => ({
      month: MONTHS.findIndex((m) => m.toLowerCase().startsWith(month.slice(0, 3).toLowerCase())),
      year: Number(year),
    }))
    .filter((d) => d.month >= 0);
  if (months.length >= 2) {
    const [start, end] = [months[0], months.at(-1) ?? months[0]];
    const span = (end.year - start.year) * 12 + end.month - start.month;
    return span < 12 ? null : Math.round(span / 12);
  }
  const span = Math.max(...years) - Math.min(...years);
  return span > 0 ? span : null;
}

/**
 * Whether a job still holds: its dates run to "Present" (or "Current", "now"), or name no end
 * before this year. "2017 – 2025" read in 2026 is over: "a General Manager at Snooze" would
 * say he still is one.
 */
export function isCurrent(dates: string | null, now: Date): boolean {
  if (!dates || /\b(present|current|now|ongoing|today)\b/i.test(dates)) return true;
  const years = dates.match(/\b(19|20)\d{2}\b/g)?.map(Number) ?? [];
  if (years.length === 0) return true;
  const last = Math.max(...years);
  if (last !== now.getUTCFullYear()) return last > now.getUTCFullYear();
  // "2022 - Jan 2026" in November 2026 has ended: a month named with this year's end is read.
  const end = new RegExp(`([A-Za-z]{3,9})\\.?\\s+${last}\\s*$`).exec(dates.trim());
  const month = end
    ? MONTHS.findIndex((m) => m.toLowerCase().startsWith(end[1].slice(0, 3).toLowerCase()))
    : -1;
  return month < 0 || month >= now.getUTCMonth();
}

export function degreeWord(degree: string | null): string | null {
  if (!degree) return null;
  // The professional doctorates are not PhDs: "a law student", not "a PhD student (2029)".
  if (/\bjuris\b|^j\.?\s?d\.?$/i.test(degree)) return "law";
  if (/pharm\.?\s?d|doctor of pharmacy/i.test(degree)) return "PharmD";
  if (/doctor of (medicine|osteopathic medicine)/i.test(degree)) return "medical";
  if (
    /doctor of (dental|veterinary|nursing practice|physical therapy|occupational therapy|optometry|audiology)/i.test(
      degree,
    )
  ) {
    return "doctoral";
  }
  if (/ph\.?\s?d|doctor/i.test(degree)) return "PhD";
  if (/mba|business administration/i.test(degree)) return "MBA";
  if (/master|m\.?s\.?c?\b|m\.?eng|m\.?a\.|mpp|mph|mfa/i.test(degree)) return "master's";
  return null;
}

/**
 * The field an email may name: the one the student's goal states (its roles or industries),
 * else the one their roles and major agree on (fieldOf), else none.
 */
export function fieldFor(
  goal: CareerGoal,
  resume: ResumeFacts,
  major: string | null,
): { field: Field; area: string } {
  const aims = [...goal.roles, ...goal.industries].join(" ");
  const stated = fieldOfText(aims);
  const field = stated ?? fieldOf(resume, major);
  const industry = goal.industries[0]?.trim().toLowerCase() ?? "";
  if (field === "design") {
    // The design the goal names ("graphic design"), else the one the student's roles show.
    return { field, area: designAreaOfText(aims) ?? designAreaOf(resume, major) };
  }
  if (field === "engineering") return { field, area: engineeringAreaOf(resume, major) };
  // A software student after firmware and chips (goal.ts's doesHardware) learns that.
  const hardware = /\b(embedded|firmware|hardware)\b/i.exec(aims);
  if (field === "software" && hardware) return { field, area: "embedded and hardware engineering" };
  return { field, area: field === "general" ? industry : FIELD_WORDS[field].area };
}

/** "December 2026" for a degree whose dates name a month other than May, else "2026". */
export const graduationWords = (g: { year: number; month: number }) =>
  g.month === 4 ? String(g.year) : `${MONTHS[g.month]} ${g.year}`;

/** A school name in comparable words: "The University of Michigan" and "University of Michigan". */
export const schoolKey = (school: string) =>
  shortSchool(school)
    .toLowerCase()
    .replace(/^the\s+/, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Whether one of the resume's education entries names this school. */
export function schoolOnResume(resume: ResumeFacts, school: string): boolean {
  const key = schoolKey(school);
  if (!key) return false;
  return resume.education.some((e) => {
    const own = e.school ? schoolKey(e.school) : "";
    return own.length > 0 && (own === key || own.includes(key) || key.includes(own));
  });
}

/**
 * Whether an education entry is a degree the student holds or is working on, the only school a
 * signature or an introduction may name (round 9: a community college of 24 credits signed
 * every email): a degree that is not credits or courses, a field of study, or a year to come.
 * A school whose line in the resume speaks of credits or courses and names no degree is none.
 */
export function isDegreeEntry(e: ResumeEducation, resumeText: string, now: Date): boolean {
  if (!isSchoolName(e.school) || TRAINING_LINE.test(`${e.degree ?? ""} ${e.major ?? ""}`))
    return false;
  const line =
    resumeText.split("\n").find((l) => e.school && l.includes(e.school)) ?? e.degree ?? "";
  if (NO_DEGREE.test(line) && !namesDegree(line.replace(/\btoward(s)? .*$/i, ""))) return false;
  if (e.degree && !NO_DEGREE.test(e.degree)) return true;
  return Boolean(e.major) || (e.class_year ?? 0) >= now.getUTCFullYear();
}

const NO_DEGREE = /\b(credits?|credit hours|units|coursework|courses?|non-degree|classes)\b/i;
const TRAINING_LINE = /\b(certificate|certification|bootcamp|boot camp|course)\b/i;
const namesDegree = (text: string) =>
  /\b(bachelor|master|associate|doctor\w*|ph\.?\s?d|pharm\.?\s?d|mba)\b/i.test(text) ||
  /\b(B\.?[ASF]|M\.?[ASF]|A\.?[AS]|BSc|MSc|MEng|BEng|BFA|MFA|BBA|MPP|MPH|J\.?D|M\.?D)\b\.?/.test(
    text,
  );

/** A level the student gave a skill that says it is not yet strong: kept with the skill. */
const MODEST_LEVEL =
  /^(basic|beginner|novice|elementary|familiar|familiarity|learning|introductory|intro|exposure|limited|some)\b/i;

/**
 * A skill as the resume qualified it: "Python (basic)" is said with its bracket, never as
 * "Python" alone (round 9: the qualifier the student wrote was dropped).
 */
export function qualified(skill: string, resumeText: string): string {
  const escaped = skill.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const note = new RegExp(`\\b${escaped}\\s*\\(([^()]{2,30})\\)`, "i")
    .exec(resumeText)?.[1]
    ?.trim();
  return note && MODEST_LEVEL.test(note) ? `${skill} (${note.toLowerCase()})` : skill;
}

/**
 * A portfolio's address in the resume's first lines: a designer's or an architect's work is
 * shown there, and an email that never links it hides the best of it (round 32's readers).
 */
const PORTFOLIO =
  /(?<=^|[\s|·•◆:,(])((?:https?:\/\/)?(?:www\.)?(?:behance\.net\/[\w.-]+|dribbble\.com\/[\w.-]+|issuu\.com\/[\w./-]+|[a-z0-9-]+\.(?:studio|design|art|portfolio)(?:\/[\w./-]*)?|[a-z0-9.-]+\.[a-z]{2,}\/portfolio[\w./-]*))(?=$|[\s|·•◆,;)])/m;

export function portfolioOf(resumeText: string): string | null {
  const head = resumeText.split("\n").slice(0, 12).join("\n");
  // "P O RT F O L I Omayaokonkwo.studio": an address run into a spaced heading is not taken
  // (round 34 signed "Omayaokonkwo.studio"); one standing apart, in small letters, is.
  return PORTFOLIO.exec(head)?.[1]?.replace(/[.,;)]+$/, "") ?? null;
}

/** Each input's facts, read once: the writer and the "Written as" line read the same ones. */
const factsRead = new WeakMap<WriteInput, Facts>();

/** A location in a country where a first name alone is too familiar from a stranger. */
const EAST_ASIA =
  /\b(China|Japan|Korea|Taiwan|Hong Kong|Beijing|Shanghai|Shenzhen|Tokyo|Osaka|Seoul|Taipei)\b/i;

/** Honours, decorations and courses a skills section may hold beside its tools. */
const NOT_A_SKILL =
  /\b(medals?|awards?|commendation|ribbon|badge|honou?rs?|scholarships?|dean'?s list|course|school|academy|fellowship)\b/i;

export function factsOf(input: WriteInput): Facts {
  let facts = factsRead.get(input);
  if (!facts) {
    facts = readFacts(input);
    factsRead.set(input, facts);
  }
  return facts;
}

function readFacts(input: WriteInput): Facts {
  const resume = input.sender.facts ?? trustedFacts(parseResumeFacts(input.sender.resumeText));
  const now = input.now ?? new Date();
  const resumeText = input.sender.resumeText ?? "";
  // The school, major and year come from the degree (held or in progress), never from a
  // school the student took credits at, nor from a certificate.
  const degrees = resume.education.filter((e) => isDegreeEntry(e, resumeText, now));
  const education = degrees[0];
  const at = (name: string) => (e: ResumeEducation) => schoolKey(e.school) === schoolKey(name);
  const noDegreeAt = (name: string) => resume.education.some(at(name)) && !degrees.some(at(name));
  // Each fill-in is checked for its shape: a certificate line is no school, a city no major.
  const school =
    [input.sender.university?.trim(), education?.school].find(
      (name) => isSchoolName(name) && !noDegreeAt(name),
    ) ?? null;
  // "Bachelor of Architecture" names its field where no major is given (round 12: an
  // architecture student was never said to study architecture).
  const degreeField =
    /^(?:bachelor|master|doctor) of (?!science\b|arts\b|philosophy\b)(.+)$/i.exec(
      education?.degree?.trim() ?? "",
    )?.[1] ?? null;
  // "MAcc" under "Master of Accountancy" is the degree's own short name, not a field: the
  // degree names it ("a master's student in MAcc", round 25).
  const ownShortName = (m: string | null | undefined) =>
    Boolean(m && degreeField && /^M[A-Z]?[A-Za-z]{1,3}$/.test(m.replace(/\./g, "")));
  // "Audit & Assurance track", "Finance concentration": the field, without the word for it.
  const fieldOnly = (m: string | null | undefined) =>
    m?.replace(/\s+(track|concentration|emphasis|option|specialization)$/i, "").trim() ?? m;
  const major =
    [input.sender.major?.trim(), fieldOnly(education?.major), degreeField]
      .filter((m) => !ownShortName(m))
      .find((m) =>
        isMajorField(m, `${input.sender.resumeText ?? ""}\n${education?.location ?? ""}`),
      ) ?? null;
  // "Hi Dr. Mehrotra," for a titled name; otherwise the first name.
  // Someone working in East Asia is written to by their full name, formally: "Hi Yu" to a
  // vice president in Beijing read as too familiar (round 24's readers).
  const formal = EAST_ASIA.test(input.recipient.location ?? "");
  const fullName = input.recipient.fullName.replace(/,.*$/, "").trim();
  const first =
    titledGreetingOf(input.recipient.fullName) ??
    (formal && fullName.includes(" ") ? fullName : givenNameOf(input.recipient) || "there");
  const goal =
    input.sender.goal ??
    inferGoal(
      resume,
      { graduationYear: input.sender.graduationYear, major, resumeText: input.sender.resumeText },
      now,
    );
  const year = input.sender.graduationYear ?? education?.class_year ?? null;
  const degree = degreeOf(resume);
  const degreeSaid = degreeWord(degree?.degree ?? null);
  const graduation = year
    ? {
        year,
        month: graduationMonthOf(degree?.class_year === year ? degree : null, year),
        done: hasGraduated(year, now, degree?.class_year === year ? degree : null),
      }
    : null;
  // What the date says wins over the stage: a degree that ends next month is not "graduated",
  // one that ended is not "graduating" (issue 36: "graduated in 2026", expected December 2026).
  const stage: CareerStage =
    goal.stage === "recent_graduate" && graduation && !graduation.done
      ? "student"
      : goal.stage === "student" && graduation?.done
        ? "recent_graduate"
        : goal.stage;
  // The last job is work, not the training the student took: a bootcamp entered under
  // experience ("General Assembly | UX Design Immersive") was said as "I work as a UX Design
  // Immersive at General Assembly" (round 17).
  const readTraining = trainingOf(resume);
  const trainedAt = readTraining?.school;
  const last = resume.experiences.find(
    (e) =>
      (isEmployerName(e.employer) || SELF_EMPLOYED.test(e.employer)) &&
      !TRAINING_ENTRY.test(`${e.employer} ${e.role ?? ""}`) &&
      !(trainedAt && schoolKey(e.employer) === schoolKey(trainedAt)),
  );
  // "Architectural Designer II" asking for product design: a move, said as one.
  // Capitalised words in small letters, acronyms kept: "Industry R&D Scientist" -> "industry R&D
  // scientist" (round 11 said "industry r&d scientist").
  const aim = (goal.roles[0]?.trim() ?? "").replace(/\b[A-Z][a-z]+\b/g, (word) =>
    word.toLowerCase(),
  );
  const movingInto =
    (stage === "experienced" || stage === "career_changer") &&
    aim &&
    last?.role &&
    !last.role.toLowerCase().includes((aim.split(/\s+/)[0] ?? aim).toLowerCase())
      ? aim
      : null;
  // A training read without its provider ("Certificate" where the school goes) is said not at
  // all rather than "I completed Certificate in 2026" (round 25).
  const trained =
    readTraining &&
    !/^(certificate|certification|diploma|program|bootcamp|course)s?$/i.test(
      readTraining.school.trim(),
    )
      ? readTraining
      : null;
  const aimField = fieldOfText([...goal.roles, movingInto ?? ""].join(" "));
  // A certificate of its own section is told when it speaks to the goal (a teaching licence is
  // no step toward instructional design).
  const certificate = trained
    ? null
    : certificatesOf(resumeText).find((c) =>
        sharesStem(
          c.name.replace(/\bcertifi\w*/gi, ""),
          [...goal.roles, movingInto ?? ""].join(" "),
        ),
      );
  const nowYear = now.getUTCFullYear();
  const training = trained
    ? {
        // "Certificate" in "Product Management" at a school's continuing education: "a
        // certificate in Product Management at …" (round 21 said "the Product Management at").
        name:
          trained.major &&
          /certificate/i.test(trained.degree ?? "") &&
          !/certificate/i.test(trained.major) &&
          // "Data Analytics Bootcamp" is the program itself: "the Data Analytics Bootcamp at
          // Kenzie Academy", not "a certificate in Data Analytics Bootcamp".
          !/\b(bootcamp|boot camp|immersive|program|programme|course|academy|track)\b/i.test(
            trained.major,
          )
            ? `a certificate in ${trained.major} at ${schoolWithArticle(trained.school)}`
            : trained.major
              ? `${/^(the|a|an) /i.test(trained.major) ? trained.major : `the ${trained.major}`} at ${schoolWithArticle(trained.school)}`
              : trained.school,
        year: trained.class_year,
        done: trained.class_year === null || trained.class_year <= nowYear,
      }
    : certificate
      ? {
          name: `the ${certificate.name.replace(/^the\s+/i, "")}`,
          year: certificate.year,
          done: certificate.year === null || certificate.year <= nowYear,
        }
      : null;
  const reader = {
    company: input.startup?.orgName ?? input.recipient.company,
    title: input.recipient.title,
    industry: input.recipient.industry,
    aims: goal.roles,
    told: [input.occasion, input.topic].filter(Boolean).join(" "),
  };
  const warm =
    input.recipient.warmSignals ??
    warmSignalsFor(studentSignalsOf(resume, { university: school, major }), {
      company: input.recipient.company,
      location: input.recipient.location,
      university: input.recipient.university,
      education: null,
      interests: input.recipient.interests,
    });
  // A shared school is said only when the resume shows the student went there (the profile's
  // university alone may be a school the student only applied to or typed by hand).
  const shared = warm.filter(
    (w) => w.kind !== "school" || schoolOnResume(resume, w.label.replace(/ alum$/, "")),
  );
  return {
    first,
    formal,
    company: employerName(
      input.startup?.orgName?.trim() || input.recipient.company?.trim() || "your team",
    ),
    title: input.recipient.title?.trim() || null,
    name: writtenName(input.sender.name),
    school,
    major,
    year,
    graduation,
    ...fieldFor(goal, resume, major),
    // A career changer leads with the work of the field they are moving into (their
    // projects); the job they leave is said once, in the introduction.
    movingInto,
    achievements:
      goal.stage === "career_changer" || movingInto
        ? achievementsOf(resume, false, reader).sort(
            (a, b) =>
              movingRank(a, last?.employer, aimField) - movingRank(b, last?.employer, aimField),
          )
        : achievementsOf(resume, false, reader),
    // An honour or a course listed among the skills ("Army Commendation Medal", "Airborne
    // School") is no tool (round 24's "Toolkit: Meritorious Service Medal, …").
    skills: resume.skills
      .filter((skill) => !NOT_A_SKILL.test(skill))
      .slice(0, 4)
      .map((skill) => qualified(skill, resumeText)),
    // Work at the contact's own company says more than a shared school (round 15: a co-op
    // student was made to ask his former team's planner about "the path into Duke Energy").
    warm: shared.find((w) => w.kind === "employer") ?? shared[0] ?? null,
    warmJob: warmJobOf(resume.experiences, shared, now),
    city: input.recipient.location?.split(",")[0]?.trim() || null,
    goal,
    // The student's typed line (the role, the occasion, the topic) says the kind and the period
    // of the position, when it names them, over the goal's defaults.
    // The career-fair note's occasion is the fair's name ("ASU Fall 2026 Business Career
    // Fair"): its season is the fair's, not the job's (round 11 asked for "Fall 2026"). A
    // period that has begun is no ask either.
    // A fair's line says what was talked about after its name ("… - talked about the summer
    // intern program"): that part speaks for the position too (round 22 asked a junior who
    // typed it for "a Winter 2027 co-op").
    ask: lawAsk(
      askWith(
        goal,
        [
          input.role,
          input.topic,
          input.format === "career_fair"
            ? fairParts(tidyTyped(input.occasion)).discussed
            : input.occasion,
        ]
          .map(typedPosition)
          .map((typed) =>
            typed?.period && periodHasBegun(typed.period, now) ? { ...typed, period: null } : typed,
          )
          .find((typed) => typed && (typed.kind || typed.period)) ?? null,
      ),
      degreeSaid,
    ),
    stage,
    studying: stage === "student" || stage === "graduate_student",
    degree: degreeSaid,
    candidate: /\b(ph\.?\s?d\.?|doctoral)\s+candida(te|cy)\b/i.test(resumeText),
    published: published(resume.publications),
    coauthor: coauthorOf(resume.publications, input.recipient.fullName),
    lastJob:
      last && isRoleTitle(last.role) && last.employer
        ? {
            role: last.role,
            employer: last.employer,
            years: yearsOf(last.dates),
            current: isCurrent(last.dates, now),
          }
        : null,
    training,
    more: achievementsOf(resume, true, reader),
    coursework: courseworkOf(resumeText),
    portfolio: portfolioOf(resumeText),
    team: teamOf(input.recipient.title),
    clearance: CLEARED_WORK.test(
      [input.recipient.industry, input.recipient.title, input.recipient.company].join(" "),
    )
      ? clearanceOf(resumeText)
      : null,
  };
}

/**
 * A law student's summer job is a summer associate position (round 22: a 2L asked firms for "a
 * Summer 2027 internship").
 */
export function lawAsk(ask: string, degree: string | null): string {
  if (degree !== "law") return ask;
  const summer = /^an? (?:Summer )?(?:(20\d{2}) )?(?:Summer )?internship$/i.exec(ask);
  return summer ? `a ${summer[1] ? `${summer[1]} ` : ""}summer associate position` : ask;
}

/** Work on one's own account: the entry's employer says so ("Freelance", "Self-employed"). */
export const SELF_EMPLOYED =
  /^(freelance|self[\s-]?employed|independent( contractor| consultant)?)$/i;

/**
 * The entry of the employer a warm signal names ("You worked at Toyota Financial Services"):
 * its role and years ("in 2024", "from 2022 to 2025"), for an opening that says what the student
 * did there (round 17's readers: "I know how much the people there shape the experience").
 */
function warmJobOf(
  experiences: ResumeFacts["experiences"],
  shared: WarmSignal[],
  now: Date,
): Facts["warmJob"] {
  const label = shared.find((w) => w.kind === "employer")?.label.replace(/^You worked at /, "");
  if (!label) return null;
  const key = label.toLowerCase();
  const entries = experiences.filter((e) => {
    const employer = e.employer.toLowerCase();
    return employer.includes(key) || key.includes(employer);
  });
  const [latest] = entries;
  if (!latest) return null;
  const years = entries.flatMap((e) => e.dates?.match(/\b(19|20)\d{2}\b/g) ?? []).map(Number);
  const current = isCurrent(latest.dates, now);
  const from = Math.min(...years);
  const to = Math.max(...years);
  // One entry's title; two titles at one employer (a promotion) are said as neither.
  const roles = new Set(entries.map((e) => e.role).filter(Boolean));
  const placement = entries.every((e) => e.placement);
  return {
    role: roles.size === 1 && (isRoleTitle(latest.role) || placement) ? latest.role : null,
    years: years.length === 0 ? null : from === to ? `in ${to}` : `from ${from} to ${to}`,
    current,
    placement,
  };
}
