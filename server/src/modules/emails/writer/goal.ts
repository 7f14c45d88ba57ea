import {
  type CareerGoal,
  type CareerStage,
  defaultStart,
  type ResumeEducation,
  type ResumeFacts,
  type SeekingKind,
  startLabel,
} from "@reachout/contract";
import { statedGoal } from "./objective";
import { designAreaOf, engineeringAreaOf, type Field, fieldOf, fieldOfText } from "./resume-facts";

/**
 * The student's goal and stage as Reachout reads them from the resume and today's date (issue
 * 36), until the student confirms or changes them on the profile. Time is a parameter: a
 * Class of 2027 senior in November 2026 asks for a full-time job from Summer 2027, a junior for
 * a Summer 2027 internship, never a season that has begun.
 */

/** A bootcamp, certificate or course: training that is not a degree. */
const TRAINING = /\b(bootcamp|boot camp|certificate|certification|immersive|nanodegree|course)\b/i;
const GRADUATE_DEGREE =
  /\b(master|masters|m\.?s\.?c?|m\.?eng|mba|m\.?a\.|ph\.?\s?d|doctor|doctoral|mpp|mph|mfa|j\.?\s?d|pharm\.?\s?d|ll\.?\s?m)\b/i;

const isTraining = (e: ResumeEducation) => TRAINING.test(`${e.school} ${e.degree ?? ""}`);

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * The month (0-11) a degree of `classYear` ends, as its dates say ("Expected December 2026",
 * "Dec 2026", "Aug 2022 – May 2027"); May when they name none.
 */
export function graduationMonthOf(degree: ResumeEducation | null, classYear: number): number {
  const text = `${degree?.dates ?? ""} ${degree?.degree ?? ""}`;
  let month = 4;
  for (const m of text.matchAll(/\b([A-Za-z]{3})[a-z]*\.?,?\s+'?(\d{4}|\d{2})\b/g)) {
    const index = MONTHS.indexOf(m[1].toLowerCase());
    const year = Number(m[2].length === 2 ? `20${m[2]}` : m[2]);
    if (index >= 0 && year === classYear) month = index;
  }
  return month;
}

/**
 * Whether a degree ending in `classYear` is over on `now`: the month its dates name (a
 * December graduate is still a student in November), else summer (over from June on).
 */
export function hasGraduated(
  classYear: number,
  now: Date,
  degree: ResumeEducation | null = null,
): boolean {
  const month = graduationMonthOf(degree, classYear);
  return (
    classYear < now.getUTCFullYear() ||
    (classYear === now.getUTCFullYear() && now.getUTCMonth() > month)
  );
}

/** The degree the student's stage rests on: the newest that is not a bootcamp. */
export function degreeOf(facts: ResumeFacts | null): ResumeEducation | null {
  const all = (facts?.education ?? []).filter((e) => !isTraining(e));
  // An entry naming neither degree nor field (a certificate provider read without its
  // certificate: "eCornell", 2026) is no degree beside one that names one (round 12: a
  // returner with a 2013 B.S. was "Class of 2026").
  const named = all.filter((e) => e.degree || e.major);
  const degrees = named.length > 0 ? named : all;
  return [...degrees].sort((a, b) => (b.class_year ?? 0) - (a.class_year ?? 0))[0] ?? null;
}

/** The bootcamp or certificate a career changer finished, when the resume has one. */
export function trainingOf(facts: ResumeFacts | null): ResumeEducation | null {
  return (facts?.education ?? []).find(isTraining) ?? null;
}

/** Titles that a student holds; anything else in a long work history is a career. */
const STUDENT_ROLES = /\b(intern|internship|student|trainee|volunteer|assistant|tutor|fellow)\b/i;

/**
 * A resume without a degree year still says who it is: a work history that began four years or
 * more ago, with at least one job that is not a student's, is an experienced person's (an
 * eleven-year store director is no student looking for an internship).
 */
function workedForYears(facts: ResumeFacts | null, now: Date): boolean {
  const jobs = (facts?.experiences ?? []).filter((e) => e.role && !STUDENT_ROLES.test(e.role));
  const starts = (facts?.experiences ?? []).flatMap((e) => {
    const first = /\b(19|20)\d{2}\b/.exec(e.dates ?? "");
    return first ? [Number(first[0])] : [];
  });
  if (jobs.length === 0 || starts.length === 0) return false;
  return now.getUTCFullYear() - Math.min(...starts) >= 4;
}

export function inferStage(
  facts: ResumeFacts | null,
  graduationYear: number | null,
  now: Date,
): CareerStage {
  const degree = degreeOf(facts);
  const year = graduationYear ?? degree?.class_year ?? null;
  if (
    degree &&
    GRADUATE_DEGREE.test(degree.degree ?? "") &&
    year &&
    !hasGraduated(year, now, degree)
  ) {
    return "graduate_student";
  }
  if (!year) return workedForYears(facts, now) ? "experienced" : "student";
  if (!hasGraduated(year, now, degree)) return "student";
  const yearsOut = now.getUTCFullYear() - year;
  const training = trainingOf(facts);
  // Training in the field of work already done (an HR generalist's SHRM-CP after a career
  // break) is a return, not a change (round 16: "working toward a career in human resources").
  if (
    training &&
    (training.class_year ?? year) > year &&
    yearsOut >= 2 &&
    !sameFieldAsWork(training, facts)
  )
    return "career_changer";
  return yearsOut >= 3 ? "experienced" : "recent_graduate";
}

/** Whether a training's field is one the student has held a job in already. */
function sameFieldAsWork(training: ResumeEducation, facts: ResumeFacts | null): boolean {
  const field = fieldOfText(`${training.major ?? ""} ${training.degree ?? ""} ${training.school}`);
  return (
    field !== null &&
    (facts?.experiences ?? []).some((e) => e.role && fieldOfText(e.role) === field)
  );
}

/**
 * A student of a co-op programme (a past "Electrical Engineering Co-op", "Cooperative
 * Education" under the degree) looks for the next co-op, not an internship.
 */
function inCoopProgram(facts: ResumeFacts | null): boolean {
  const said = [
    ...(facts?.experiences ?? []).map((e) => e.role ?? ""),
    ...(facts?.education ?? []).map((e) => `${e.degree ?? ""} ${e.major ?? ""} ${e.school}`),
  ].join(" | ");
  return /\bco-?op\b|\bcooperative education\b/i.test(said);
}

/** The month (0-11) each season begins: Spring in March, Summer in June, Fall in September. */
export const SEASON_STARTS: Record<string, number> = { Winter: 0, Spring: 2, Summer: 5, Fall: 8 };

const seasonHasBegun = (season: string, year: number, now: Date) =>
  year < now.getUTCFullYear() ||
  (year === now.getUTCFullYear() && now.getUTCMonth() >= (SEASON_STARTS[season] ?? 0));

/** What each field's student applies for, in the words of a job posting. */
export const FIELD_ROLES: Record<Field, string | null> = {
  accounting: "accounting",
  hr: "human resources",
  marketing: "marketing",
  finance: "analyst",
  consulting: "consulting",
  software: "software engineering",
  data: "data analyst",
  design: "product design",
  product: "product management",
  operations: "operations",
  communications: "communications",
  journalism: "reporting",
  engineering: "engineering",
  it: "IT support",
  general: null,
};

/**
 * The field a career changer is moving into: the one their training names (a data analytics
 * bootcamp is a stated direction, as a major is); anyone else's only when their roles and
 * major agree on it (fieldOf).
 */
function targetFieldOf(facts: ResumeFacts, stage: CareerStage, major: string | null): Field {
  const training = trainingOf(facts);
  if (stage === "career_changer" && training) {
    const field = fieldOfText(
      `${training.major ?? ""} ${training.degree ?? ""} ${training.school}`,
    );
    if (field) return field;
  }
  // A master's in data science after four years of reporting is where a graduate student is
  // going: the degree in progress names the field (round 31 asked "a full-time reporting role"
  // for a reporter in a data science MS).
  if (stage === "graduate_student") {
    const field = fieldOfText(degreeOf(facts)?.major ?? "");
    if (field) return field;
  }
  return fieldOf(facts, major);
}

/** A data scientist's title, held or interned in: they ask for data science, not analysis. */
/**
 * A software student whose work is in firmware or chips (an "Embedded Firmware Intern", a
 * "Design Verification Intern") asks for that, not "software engineering" (round 28's
 * computer engineer told a hardware recruiter he wanted software).
 */
const doesHardware = (facts: ResumeFacts) =>
  facts.experiences.some((e) =>
    /\b(firmware|embedded|design verification|hardware|fpga|asic|silicon|rtl|vlsi)\b/i.test(
      e.role ?? "",
    ),
  );

const doesDataScience = (facts: ResumeFacts) =>
  facts.experiences.some((e) => /\bdata scien/i.test(e.role ?? ""));

/** A doctorate's name: "Ph.D.", "PhD", "Doctor of Philosophy". */
const DOCTORAL = /^(ph\.?\s?d|doctor)/i;

/** Laboratory sciences, whose PhDs go to industry as research scientists. */
const LAB_SCIENCE =
  /\b(chemi\w*|physics|biolog\w*|biochem\w*|materials|neuroscience|pharmac\w*|molecular)\b/i;

/** Areas a role is named by ("a product management internship"), not a person's title. */
const AREA_ROLES = new Set([
  "product management",
  "operations",
  "marketing",
  "consulting",
  "accounting",
  "human resources",
  "communications",
]);

/**
 * A degree of two areas ("Concentrations: Product Management & Operations") asks for both when
 * the role read is one of them: "a product management or operations internship", not the one
 * the pattern found first (round 24's MBA, who talked of product roles, asked for operations).
 */
function bothAreasOf(major: string | null | undefined, role: string | null): string | null {
  const parts = (major ?? "").split(/\s*(?:&|\band\b|\/)\s*/).filter(Boolean);
  if (parts.length !== 2 || !role || !AREA_ROLES.has(role)) return null;
  const roles = parts.map((part) => {
    const field = fieldOfText(part);
    return field ? FIELD_ROLES[field] : null;
  });
  if (!roles.every((r): r is string => r !== null && AREA_ROLES.has(r))) return null;
  const [a, b] = roles;
  return a !== b && (a === role || b === role) ? `${a} or ${b}` : null;
}

/** An associate degree ("A.S.", "Associate in Science", "AA-T"). */
const ASSOCIATE = /^(associate|a\.?\s?[as]\.?(-?t)?|aas|a\.a\.s\.?)\b/i;

/**
 * A community-college student finishing an associate degree on the way to a bachelor's (the
 * resume says "transfer", or lists no other degree to come): still a student next summer, who
 * asks for an internship, not "a full-time role starting in Summer 2027" (round 24's readers).
 */
function transfersOn(degree: ResumeEducation | null, resumeText: string | null | undefined) {
  return Boolean(
    degree &&
      ASSOCIATE.test(degree.degree ?? "") &&
      /\btransfer(ring|s)?\b/i.test(resumeText ?? ""),
  );
}

export function inferGoal(
  facts: ResumeFacts | null,
  profile: { graduationYear: number | null; major: string | null; resumeText?: string | null },
  now: Date,
): CareerGoal {
  const stage = inferStage(facts, profile.graduationYear, now);
  const graduationYear = profile.graduationYear ?? degreeOf(facts)?.class_year ?? null;
  const nextSummer = now.getUTCMonth() >= 5 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  // What the resume's objective says it seeks comes first; a season it names that has begun
  // gives way to the next one.
  const stated = statedGoal(profile.resumeText);
  const studying =
    (stage === "student" || stage === "graduate_student") &&
    (graduationYear === null ||
      graduationYear > nextSummer ||
      transfersOn(degreeOf(facts), profile.resumeText));
  const seeking: SeekingKind =
    stated?.seeking ?? (studying ? (inCoopProgram(facts) ? "co-op" : "internship") : "full-time");
  const field = facts ? targetFieldOf(facts, stage, profile.major) : "general";
  // A designer asks for the design their roles show, not "product design" for every one.
  const role = !facts
    ? FIELD_ROLES[field]
    : field === "design"
      ? designAreaOf(facts, profile.major)
      : field === "engineering"
        ? engineeringAreaOf(facts, profile.major)
        : field === "data" && (stage === "graduate_student" || doesDataScience(facts))
          ? "data science"
          : (field === "software" ||
                (field === "general" &&
                  /computer engineering/i.test(degreeOf(facts)?.major ?? ""))) &&
              doesHardware(facts)
            ? "embedded and hardware engineering"
            : (bothAreasOf(degreeOf(facts)?.major, FIELD_ROLES[field]) ?? FIELD_ROLES[field]);
  // A doctoral student in a laboratory science with no role of their own read asks for what
  // such a PhD goes to industry as ("a full-time role" named nothing, round 24).
  const degree = degreeOf(facts);
  const doctoral = stage === "graduate_student" && DOCTORAL.test(degree?.degree ?? "");
  const scientist =
    !role && doctoral && LAB_SCIENCE.test(degree?.major ?? "") ? "research scientist" : null;
  // A doctoral student in computing or data asks for research ("a Summer 2027 software
  // engineering internship" was asked for an RLHF PhD with an ICML paper, round 32).
  // One whose work is research (papers, research posts) and not data science in industry.
  const researches =
    (facts?.publications?.length ?? 0) > 0 ||
    (facts?.experiences ?? []).some((e) => /\bresearch/i.test(e.role ?? ""));
  const researcher =
    doctoral &&
    facts &&
    (field === "software" || field === "data") &&
    researches &&
    !doesDataScience(facts)
      ? "research scientist"
      : null;
  // A degree that ends this winter (December, January) starts a job after it, not next
  // summer: no season is said rather than an invented one (round 8).
  const month = graduationYear ? graduationMonthOf(degreeOf(facts), graduationYear) : 4;
  const endsThisWinter =
    seeking === "full-time" &&
    graduationYear !== null &&
    (month >= 10 || month <= 1) &&
    !hasGraduated(graduationYear, now, degreeOf(facts)) &&
    Date.UTC(graduationYear, month) - now.getTime() < 120 * 86_400_000;
  const usual = endsThisWinter
    ? { season: null, year: null }
    : defaultStart(now, seeking, graduationYear, stage, graduationYear ? month : null);
  // Accounting graduates of a spring start at the firms in the fall, after the CPA exam's
  // summer (round 28's audit student was asked about "Summer 2027").
  const start =
    seeking === "full-time" && role === "accounting" && usual.season === "Summer"
      ? { ...usual, season: "Fall" as const }
      : usual;
  const statedStart =
    stated?.season && stated.year && !seasonHasBegun(stated.season, stated.year, now)
      ? { season: stated.season, year: stated.year }
      : null;
  return {
    seeking,
    ...(statedStart ?? start),
    roles: stated?.roles.length
      ? stated.roles
      : researcher
        ? [researcher]
        : role
          ? [role]
          : scientist
            ? [scientist]
            : [],
    industries: [],
    // Where the student lives is not where they want to work: only they can say that.
    locations: [],
    stage,
  };
}

/**
 * The goal the writer follows: the student's, with a start season that has begun moved to the
 * next one (a goal saved last spring for "Summer 2026" asks for nothing past).
 */
export function currentGoal(
  goal: CareerGoal,
  now: Date,
  graduationYear: number | null,
): CareerGoal {
  if (!goal.season || !goal.year) return goal;
  const fresh = defaultStart(now, goal.seeking, graduationYear, goal.stage);
  const past =
    goal.year < now.getUTCFullYear() ||
    (goal.year === now.getUTCFullYear() && fresh.year !== null && fresh.year > goal.year);
  return past ? { ...goal, ...fresh } : goal;
}

/**
 * "roles" as words: "data analyst", "software engineering" ("" when none is known), without
 * the employment type the ask says itself ("full-time junior developer", typed or read from an
 * objective, would be asked for as "a full-time full-time junior developer role").
 */
const roleWords = (goal: CareerGoal) =>
  (goal.roles[0] ?? "")
    .replace(/(?<![\w-])(full[- ]?time|part[- ]?time)(?![\w-])/gi, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * What the student asks for, with an article: "a Summer 2027 software engineering
 * internship", "a full-time analyst role starting in Summer 2027", "a full-time data analyst
 * role". Never a season that has begun: the goal's start comes from currentGoal.
 */
export function askFor(goal: CareerGoal): string {
  const role = roleWords(goal);
  const when = startLabel(goal);
  const isRole = /\b(role|position|job|internship|program|co-op)$/i.test(role);
  switch (goal.seeking) {
    case "internship": {
      const what = isRole ? role : `${role ? `${role} ` : ""}internship`;
      return when ? `a ${when} ${what}` : withA(what);
    }
    case "co-op": {
      const what = isRole ? role : `${role ? `${role} ` : ""}co-op`;
      return when ? `a ${when} ${what}` : withA(what);
    }
    case "part-time":
    case "full-time": {
      // "a New Graduate RN Residency starting in Summer 2027": a programme says its own kind.
      if (/\b(residency|program|fellowship)$/i.test(role)) {
        return when ? `${withA(role)} starting in ${when}` : withA(role);
      }
      const kind = goal.seeking;
      const what = isRole ? `${kind} ${role}` : `${kind} ${role ? `${role} ` : ""}role`;
      return when ? `a ${what} starting in ${when}` : `a ${what}`;
    }
  }
}

/**
 * "a" or "an" by sound: "an analyst", "a user researcher"; an initialism by its first letter's
 * name ("a UX design internship", "an HR role", "an SEO role").
 */
const withA = (phrase: string) => {
  const initialism = /^[A-Z&]{2,}\b/.test(phrase);
  const an = initialism
    ? /^[AEFHILMNORSX]/.test(phrase)
    : /^[aeiou]/i.test(phrase) && !/^(uni|use|usu|eu|one)/i.test(phrase);
  return `${an ? "an" : "a"} ${phrase}`;
};
