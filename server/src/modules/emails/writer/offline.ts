import {
  type CareerGoal,
  type CareerStage,
  givenNameOf,
  type ResumeFacts,
  titledGreetingOf,
  type WarmSignal,
} from "@reachout/contract";
import { MONTHS, monthDay } from "../../../lib/month-day";
import { shortSchool, studentSignalsOf, warmSignalsFor } from "../../contacts";
import { parseResumeFacts } from "../../resumes";
import { askFor, degreeOf, graduationMonthOf, hasGraduated, inferGoal, trainingOf } from "./goal";
import {
  type Achievement,
  achievementsOf,
  type Field,
  fieldOf,
  fieldOfText,
  isEmployerName,
} from "./resume-facts";
import {
  type EmailWriter,
  isRecruiterTitle,
  styleFor,
  type WriteInput,
  type WrittenEmail,
} from "./types";

/** A stable choice among phrasings: one contact, format and variant always read the same. */
function chooser(seed: string) {
  return <T>(slot: string, options: readonly T[]): T => {
    let hash = 2166136261;
    for (const char of `${seed}|${slot}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 16777619);
    }
    return options[(hash >>> 0) % options.length];
  };
}
type Pick = ReturnType<typeof chooser>;

const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** "Technical Recruiter" -> "a Technical Recruiter", "Analyst" -> "an Analyst", "an MBA…". */
export function withArticle(title: string): string {
  const first = title.trim().split(/\s+/)[0] ?? "";
  const isAcronym = /^[A-Z&]{2,}$/.test(first);
  const soundsLikeVowel = isAcronym
    ? /^[AEFHILMNORSX]/.test(first)
    : /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first);
  return `${soundsLikeVowel ? "an" : "a"} ${title}`;
}

/** "Lazard" -> "Lazard's", "Pinecrest Technologies" -> "Pinecrest Technologies'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** What the student is aiming for, in words their own resume supports. */
const FIELD_WORDS: Record<Field, { area: string; role: string }> = {
  finance: { area: "finance", role: "summer analyst role" },
  consulting: { area: "consulting", role: "consulting internship" },
  software: { area: "software engineering", role: "software engineering internship" },
  data: { area: "data and analytics", role: "data internship" },
  design: { area: "product design", role: "product design internship" },
  product: { area: "product management", role: "product management internship" },
  operations: { area: "operations", role: "operations internship" },
  general: { area: "", role: "internship" },
};

/** Subject lines stay under 70 characters: the first that fits wins. */
function fitting(...subjects: string[]): string {
  return subjects.find((s) => s.length < 70) ?? subjects[subjects.length - 1].slice(0, 69).trim();
}

interface Facts {
  first: string;
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
  city: string | null;
  goal: CareerGoal;
  /** The goal's stage, corrected by the graduation date where the two disagree. */
  stage: CareerStage;
  /** Still studying: a student or a graduate student says "I'm a student". */
  studying: boolean;
  /** The degree a graduate student is working on: "master's", "PhD", "MBA". */
  degree: string | null;
  /** A career changer's or an experienced person's last job, and what they trained in. */
  lastJob: { role: string; employer: string; years: number | null } | null;
  training: { name: string; year: number | null } | null;
}

/** "Sep 2019 – Jun 2025" -> 6 (whole years, at least one); null when the dates do not read. */
function yearsOf(dates: string | null): number | null {
  const years = (dates ?? "").match(/\b(19|20)\d{2}\b/g)?.map(Number) ?? [];
  if (years.length < 2) return null;
  return Math.max(1, Math.max(...years) - Math.min(...years));
}

function degreeWord(degree: string | null): string | null {
  if (!degree) return null;
  if (/ph\.?\s?d|doctor/i.test(degree)) return "PhD";
  if (/mba/i.test(degree)) return "MBA";
  if (/master|m\.?s\.?c?\b|m\.?eng|m\.?a\.|mpp|mph|mfa/i.test(degree)) return "master's";
  return null;
}

/**
 * The field an email may name: the one the student's goal states (its roles or industries),
 * else the one their roles and major agree on (fieldOf), else none.
 */
function fieldFor(
  goal: CareerGoal,
  resume: ResumeFacts,
  major: string | null,
): { field: Field; area: string } {
  const stated = fieldOfText([...goal.roles, ...goal.industries].join(" "));
  const field = stated ?? fieldOf(resume, major);
  const industry = goal.industries[0]?.trim().toLowerCase() ?? "";
  return { field, area: field === "general" ? industry : FIELD_WORDS[field].area };
}

/** "December 2026" for a degree whose dates name a month other than May, else "2026". */
const graduationWords = (g: { year: number; month: number }) =>
  g.month === 4 ? String(g.year) : `${MONTHS[g.month]} ${g.year}`;

function factsOf(input: WriteInput): Facts {
  const resume = input.sender.facts ?? parseResumeFacts(input.sender.resumeText);
  const education = resume.education[0];
  const school = input.sender.university?.trim() || education?.school || null;
  const major = input.sender.major?.trim() || education?.major || null;
  // "Hi Dr. Mehrotra," for a titled name; otherwise the first name.
  const first =
    titledGreetingOf(input.recipient.fullName) ?? (givenNameOf(input.recipient) || "there");
  const now = input.now ?? new Date();
  const goal =
    input.sender.goal ??
    inferGoal(resume, { graduationYear: input.sender.graduationYear, major }, now);
  const year = input.sender.graduationYear ?? education?.class_year ?? null;
  const degree = degreeOf(resume);
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
  const last = resume.experiences.find((e) => isEmployerName(e.employer));
  const training = trainingOf(resume);
  const reader = {
    company: input.startup?.orgName ?? input.recipient.company,
    title: input.recipient.title,
    industry: input.recipient.industry,
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
  return {
    first,
    company: input.startup?.orgName?.trim() || input.recipient.company?.trim() || "your team",
    title: input.recipient.title?.trim() || null,
    name: input.sender.name?.trim() || null,
    school,
    major,
    year,
    graduation,
    ...fieldFor(goal, resume, major),
    // A career changer leads with the work of the field they are moving into (their
    // projects); the job they leave is said once, in the introduction.
    achievements:
      goal.stage === "career_changer"
        ? achievementsOf(resume, false, reader).sort(
            (a, b) => Number(a.where === last?.employer) - Number(b.where === last?.employer),
          )
        : achievementsOf(resume, false, reader),
    skills: resume.skills.slice(0, 4),
    warm: warm[0] ?? null,
    city: input.recipient.location?.split(",")[0]?.trim() || null,
    goal,
    stage,
    studying: stage === "student" || stage === "graduate_student",
    degree: degreeWord(degreeOf(resume)?.degree ?? null),
    lastJob:
      last?.role && last.employer
        ? { role: last.role, employer: last.employer, years: yearsOf(last.dates) }
        : null,
    training: training
      ? {
          name: training.major
            ? `${/^(the|a|an) /i.test(training.major) ? training.major : `the ${training.major}`} at ${training.school}`
            : training.school,
          year: training.class_year,
        }
      : null,
  };
}

/** "I'm looking for a Summer 2027 software engineering internship": the goal, as one sentence. */
function goalLine(f: Facts): string {
  const where = f.goal.locations[0]?.trim();
  return `I'm looking for ${askFor(f.goal)}${where ? ` in ${where}` : ""}.`;
}

/** "University of Michigan" -> "the University of Michigan"; "Duke University" stays. */
export const schoolWithArticle = (school: string) =>
  /^(University|College|Institute) of /i.test(school) || / Institute of Technology$/i.test(school)
    ? `the ${school}`
    : school;

/**
 * "I'm Ada Lovelace, an Economics student at Columbia University (Class of 2026)". `said` is
 * what the opening already told the contact (the shared school or major): not said twice.
 */
function introOf(f: Facts, pick: Pick, said: WarmSignal["kind"] | null = null): string {
  const me = f.name ? `I'm ${f.name}` : "I";
  const at = f.school && said !== "school" ? schoolWithArticle(f.school) : null;
  const inMajor = f.major && said !== "major" ? ` with a degree in ${f.major}` : "";
  const g = f.graduation;
  switch (f.stage) {
    case "graduate_student": {
      const study = `${withArticle(f.degree ?? "graduate")} student${f.major && said !== "major" ? ` in ${f.major}` : ""}`;
      const when = g ? ` (graduating in ${graduationWords(g)})` : "";
      return f.name
        ? `${me}, ${study}${at ? ` at ${at}` : ""}${when}`
        : `I'm ${study}${at ? ` at ${at}` : ""}${when}`;
    }
    case "recent_graduate": {
      const from = at ? ` from ${at}` : "";
      const when = g ? ` in ${graduationWords(g)}` : "";
      return f.name
        ? `${me}, and I graduated${from}${when}${inMajor}`
        : `I graduated${from}${when}${inMajor}`;
    }
    case "career_changer":
    case "experienced": {
      const job = f.lastJob;
      const past = job
        ? `${job.years ? `after ${job.years} ${job.years === 1 ? "year" : "years"}` : "after working"} as ${withArticle(job.role)} at ${organizationName(job.employer, f.school)}`
        : null;
      const trained =
        f.goal.stage === "career_changer" && f.training
          ? `I completed ${f.training.name}${f.training.year ? ` in ${f.training.year}` : ""}`
          : null;
      if (past && trained)
        return `${f.name ? `${me}. ` : ""}${past.replace(/^a/, "A")}, ${trained}`;
      if (job && !trained) {
        const now = `${withArticle(job.role)} at ${organizationName(job.employer, f.school)}`;
        return f.name ? `${me}, ${now}` : `I'm ${now}`;
      }
      if (trained) return f.name ? `${me}. ${trained}` : trained;
      break;
    }
    case "student":
      break;
  }
  if (g?.done) {
    // A finished degree is never "a student", whatever else the resume failed to say (a
    // career changer whose last job has no title still graduated).
    const from = at ? ` from ${at}` : "";
    return f.name
      ? `${me}, and I graduated${from} in ${graduationWords(g)}${inMajor}`
      : `I graduated${from} in ${graduationWords(g)}${inMajor}`;
  }
  const major = said === "major" ? null : f.major;
  const study = major ? `${withArticle(major)} student` : "a student";
  const where = f.school && said !== "school" ? ` at ${schoolWithArticle(f.school)}` : "";
  const when = g
    ? pick("when", [` (Class of ${g.year})`, `, graduating in ${graduationWords(g)}`])
    : "";
  return f.name ? `I'm ${f.name}, ${study}${where}${when}` : `I'm ${study}${where}${when}`;
}

/** The signature: the name (when known) and one line of school, major and year. */
function signature(f: Facts, closing: string): string {
  const line = [
    f.school,
    f.major && f.year ? `${f.major} '${String(f.year).slice(-2)}` : (f.major ?? null),
  ]
    .filter(Boolean)
    .join(" · ");
  return [`${closing},`, f.name, f.name ? line : null].filter(Boolean).join("\n");
}

/** Organizations named with "the": a club, society or center, not a company. */
export const THE_ORGANIZATIONS =
  /\b(Club|Society|Association|Committee|Council|Lab|Laboratory|Center|Centre|Foundation|Team|Initiative|Department)\b/;

/**
 * "Cornell Consulting Club" -> "the Cornell Consulting Club", "Northwestern Sports Analytics
 * Group" (a group of the student's school) -> "the Northwestern ...", "Evercore" and
 * "Lattice Strategy Group" (companies) stay bare.
 */
export function organizationName(name: string, school: string | null): string {
  if (/^the\s/i.test(name)) return name;
  const schoolWord = school ? shortSchool(school).split(/\s+/)[0] : null;
  const schoolGroup =
    /\bGroup$/.test(name) && Boolean(schoolWord) && name.startsWith(`${schoolWord} `);
  return THE_ORGANIZATIONS.test(name) || schoolGroup ? `the ${name}` : name;
}

/** An achievement as a sentence with where it happened ("At Evercore, I built ..."). */
function told(
  achievement: Achievement,
  pick: Pick,
  slot: string,
  school: string | null,
  introduced: string | null = null,
): string {
  // The introduction named this job already ("I'm a Data Analyst at Acme"): the achievement
  // names the employer alone, never the same role-at-employer phrase a sentence later.
  const again = achievement.kind === "experience" && achievement.where === introduced;
  const a =
    achievement.kind === "project"
      ? achievement
      : {
          ...achievement,
          role: again ? null : achievement.role,
          where: organizationName(achievement.where, school),
        };
  if (a.kind === "project") {
    const generic = /\b(contributions?|research|project|work|thesis)\b/i.test(a.where);
    return sentence(
      generic
        ? `Through my ${a.where.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}, I ${a.clause}`
        : pick(slot, [
            `For my project ${a.where}, I ${a.clause}`,
            `On ${a.where}, a project of mine, I ${a.clause}`,
          ]),
    );
  }
  if (a.kind === "leadership") {
    const leads =
      a.role && /president|chair|captain|founder|treasurer|director|head|lead/i.test(a.role);
    return sentence(
      leads
        ? `As ${a.role} of ${a.where}, I ${a.clause}`
        : pick(slot, [`With ${a.where}, I ${a.clause}`, `Through ${a.where}, I ${a.clause}`]),
    );
  }
  if (!a.where) {
    // No employer the resume names ("PRN"): the work is told as the student's own.
    return sentence(
      achievement.role ? `As ${withArticle(achievement.role)}, I ${a.clause}` : `I ${a.clause}`,
    );
  }
  return sentence(
    a.role
      ? pick(slot, [
          `As ${withArticle(a.role)} at ${a.where}, I ${a.clause}`,
          a.current
            ? `At ${a.where}, where I'm ${withArticle(a.role)}, I ${a.clause}`
            : `At ${a.where}, where I was ${withArticle(a.role)}, I ${a.clause}`,
          a.current
            ? `At ${a.where}, I ${a.clause}`
            : `During my time at ${a.where}, I ${a.clause}`,
        ])
      : pick(slot, [
          `At ${a.where}, I ${a.clause}`,
          a.current
            ? `At ${a.where}, I ${a.clause}`
            : `During my time at ${a.where}, I ${a.clause}`,
        ]),
  );
}

/** The opening that shows the contact why this student wrote to them in particular. */
function warmOpening(f: Facts, pick: Pick): string | null {
  const w = f.warm;
  if (!w) return null;
  const role = f.title ? ` as ${withArticle(f.title)}` : "";
  switch (w.kind) {
    case "school": {
      // Said to an alum: they are no "fellow student", and the school is named once.
      const school = f.school ? shortSchool(f.school) : w.label.replace(/ alum$/, "");
      const at = schoolWithArticle(school);
      return pick("warm-school", [
        f.studying
          ? `I'm a current ${school} student, and when I saw that you studied there too, I wanted to reach out about your work${role} at ${f.company}.`
          : `I went to ${at} too, and when I saw your path from there, I wanted to reach out about your work${role} at ${f.company}.`,
        f.studying
          ? `I'm studying at ${at} now, and your path from there to ${f.company} is exactly the kind I hope to follow.`
          : `We both went to ${at}, and your path from there to ${f.company} is exactly the kind I hope to follow.`,
        `Seeing that you went to ${at}, where ${f.studying ? "I'm a student now" : "I studied too"}, I wanted to ask about your work${role} at ${f.company}.`,
      ]);
    }
    case "employer": {
      const employer = w.label.replace(/^You worked at /, "");
      return pick("warm-employer", [
        `I spent time at ${employer} myself, so I was glad to find someone${role} there who could speak to where the team is heading.`,
        `Having worked at ${employer}, I know how much the people there shape the experience, and I'd love to hear yours${role}.`,
      ]);
    }
    case "interest": {
      const interest = w.label.replace(/^Shared interest: /, "");
      return pick("warm-interest", [
        `I noticed we share an interest in ${interest}, which made me want to reach out to you in particular at ${f.company}.`,
        `We both seem to care about ${interest}, and that's part of why I wanted to write to you rather than anyone else at ${f.company}.`,
      ]);
    }
    case "major": {
      const major = w.label.replace(/^Also studied /, "");
      return pick("warm-major", [
        `I saw that you also studied ${major}, ${f.studying ? "which is what I'm studying now" : "as I did"}, and I'd love to hear how it led you to ${f.company}.`,
        `I ${f.studying ? "am studying" : "studied"} ${major}, as you did, and I'd love to hear how that background took you to ${f.company}.`,
      ]);
    }
    case "location": {
      const city = w.label.replace(/^Also in /, "");
      return pick("warm-location", [
        `I'm based in ${city} too, and ${f.company} is one of the teams here I most admire.`,
        `Since we're both in ${city}, I hoped you might be open to hearing from ${f.studying ? "a student" : "someone"} who would love to learn from the team at ${f.company}.`,
      ]);
    }
  }
}

/** The warm signal in one short sentence, in the student's voice (precision's first line). */
function warmLine(f: Facts): string {
  const w = f.warm as WarmSignal;
  switch (w.kind) {
    case "school":
      return `I saw you went to ${schoolWithArticle(f.school ? shortSchool(f.school) : w.label.replace(/ alum$/, ""))}, where I ${f.studying ? "study now" : "studied too"}.`;
    case "employer":
      return `I spent time at ${w.label.replace(/^You worked at /, "")} myself.`;
    case "interest":
      return `We share an interest in ${w.label.replace(/^Shared interest: /, "")}.`;
    case "major":
      return `I ${f.studying ? "am studying" : "studied"} ${w.label.replace(/^Also studied /, "")}, as you did.`;
    case "location":
      return `I'm also based in ${w.label.replace(/^Also in /, "")}.`;
  }
}

/** A dated news item, tied to why the student writes: the goal it makes this company fit. */
function newsLine(input: WriteInput, f: Facts, pick: Pick): string | null {
  const item = input.news;
  if (!item) return null;
  const goal = askFor(f.goal);
  return pick("news", [
    `I read ${/^the /i.test(item.source) ? item.source : `the ${item.source}`} piece from ${monthDay(item.date)}, "${item.title}", and as I look for ${goal}, it made ${f.company} the place I most wanted to learn about.`,
    `${possessive(f.company)} news on ${monthDay(item.date)} ("${item.title}", ${item.source}) is why I'm writing now: I'm looking for ${goal}, and it's the kind of work I hope to do.`,
    `I saw ${item.source}'s ${monthDay(item.date)} report, "${item.title}", and since I'm looking for ${goal}, it made ${f.company} the first place I wanted to write to.`,
  ]);
}

/**
 * The opening when there is no real hook (no warm signal, no news): a plain, honest reason the
 * student writes, never a compliment with nothing behind it ("your work as a VP stood out").
 */
function companyLine(_input: WriteInput, f: Facts, pick: Pick): string {
  const area = f.area;
  return area
    ? pick("company", [
        `I'm reaching out because I'm working toward a career in ${area}, and I'd value hearing how it looks from your seat at ${f.company}.`,
        `I'm writing because I'm exploring ${area} roles, and ${f.company} is one of the places I'd most like to learn about.`,
      ])
    : pick("company", [
        `I'm writing because I'm figuring out my next step, and I'd value hearing how things look from your seat at ${f.company}.`,
        `I'm reaching out because ${f.company} is one of the places I'd most like to learn about as I plan my next step.`,
      ]);
}

/** Two achievements (the second rotated by variant, never invented) as sentences. */
function achievementLines(f: Facts, pick: Pick, count: number, variant: number): string[] {
  const pool = f.achievements.slice(0, 3);
  if (pool.length === 0) {
    return f.skills.length
      ? [sentence(`Along the way I've gotten comfortable with ${list(f.skills.slice(0, 3))}`)]
      : [];
  }
  // The lead is the achievement that speaks most to the reader (resume-facts.ts); another
  // click changes the one beside it.
  const [lead, ...rest] = pool;
  const start = rest.length > 1 ? variant % rest.length : 0;
  const chosen = [lead, ...rest.slice(start), ...rest.slice(0, start)].slice(0, count);
  const introduced =
    (f.goal.stage === "career_changer" || f.goal.stage === "experienced") && f.lastJob
      ? f.lastJob.employer
      : null;
  return chosen.map((a, i) => told(a, pick, `ach${i}`, f.school, introduced));
}

/**
 * The closing, by variant: the next click (variant + 1) never closes the same way, so a fresh
 * variant is never word for word the last one even when every hashed choice repeats.
 */
const CLOSINGS = ["Best", "Best regards", "Thank you", "All the best"] as const;
const closingOf = (variant: number) => CLOSINGS[variant % CLOSINGS.length];

function assemble(f: Facts, paragraphs: Array<string | null>, closing: string): string {
  // "the path into Cummins Inc." + "." is one full stop, not two.
  const body = paragraphs
    .filter((p): p is string => Boolean(p))
    .map((p) => p.replace(/\.\.(?=\s|$)/g, "."));
  return [`Hi ${f.first},`, ...body, signature(f, closing)].join("\n\n");
}

function writeOriginal(input: WriteInput, f: Facts, pick: Pick, variant: number): WrittenEmail {
  const s = input.startup;
  const style = styleFor(input);

  let connection: string;
  // What a warm opening told the contact already (the school, the major): said once.
  let said: WarmSignal["kind"] | null = null;
  if (input.customIntro?.trim()) connection = input.customIntro.trim();
  else if (s) {
    const raised = s.moneyRaised ? ` and the ${s.moneyRaised} behind it` : "";
    const round = s.fundingType?.trim() || "recent round";
    connection = `Congratulations on ${possessive(f.company)} ${round}${raised}. ${pick(
      "founder-open",
      [
        "Moments like this are when a fast-learning teammate can make a real difference, and I'd love to be that person.",
        "It's exciting to watch a team earn that kind of backing, and it's why I wanted to reach out to you directly.",
        "I've been reading about what you're building, and the round made me want to write to you directly.",
      ],
    )}`;
  } else {
    const warm = warmOpening(f, pick);
    said = warm ? (f.warm?.kind ?? null) : null;
    connection = warm ?? newsLine(input, f, pick) ?? companyLine(input, f, pick);
  }
  // With a warm opening, the news (when there is some) still earns its own line.
  const news = !s && !input.customIntro?.trim() && f.warm ? newsLine(input, f, pick) : null;

  const about = [sentence(introOf(f, pick, said)), ...achievementLines(f, pick, 2, variant)].join(
    " ",
  );

  let ask: string;
  if (style === "founder") {
    ask = `${goalLine(f)} Would you be open to a quick chat about how I could help ${f.company} as you scale?`;
  } else if (style === "recruiter") {
    ask = pick("ask-rec", [
      `${goalLine(f)} I'd love to be considered at ${f.company}. Would you have 15 minutes in the next couple of weeks to tell me what you look for in candidates?`,
      `${goalLine(f)} Could I ask for 15 minutes of your time to learn how ${f.company} hires${f.studying && f.school ? ` from ${shortSchool(f.school)}` : ""} and how I can put my best application forward?`,
    ]);
  } else {
    ask = pick("ask", [
      `${goalLine(f)} Would you be open to a 15-minute call in the next couple of weeks? I'd love to hear how you got to where you are and what makes someone successful on your team.`,
      `${goalLine(f)} If you have 15 minutes sometime soon, I'd be grateful for your advice and for a sense of what the team at ${f.company} values most.`,
    ]);
  }
  const close = pick("close", [
    "I've attached my resume for context. Thank you for considering this; I know your time is valuable.",
    "My resume is attached in case it's helpful. Thanks so much for reading.",
  ]);

  const school = f.school ? shortSchool(f.school) : null;
  const subject = s
    ? fitting(
        `Congrats on the ${s.fundingType?.trim() || "round"}, ${f.first}`,
        `Congrats on the round, ${f.first}`,
      )
    : f.warm?.kind === "school" && school
      ? fitting(
          pick("subject-alum", [
            `${school} ${f.studying ? "student" : "alum"}, curious about your path to ${f.company}`,
            `${school} ${f.studying ? "student" : "alum"} hoping to learn from you, ${f.first}`,
          ]),
          `${school} ${f.studying ? "student" : "alum"}, curious about ${f.company}`,
          `${school} ${f.studying ? "student" : "alum"} reaching out`,
        )
      : fitting(
          pick(`subject${variant % 3}`, [
            f.studying
              ? `${f.major ? `${f.major} student` : "Student"}${school ? ` at ${school}` : ""}, curious about ${f.company}`
              : `Curious about ${f.company}, ${f.first}`,
            `${f.first}, a question about your work at ${f.company}`,
            `Hoping to learn from your path at ${f.company}`,
          ]),
          `A question about ${f.company}, ${f.first}`,
          `A question for you, ${f.first}`,
        );

  // Two structures. A warm opening always leads (it is why this person, of all people, is
  // written to): the news comes before or after who-I-am. Without one: connection first, or
  // who-I-am first.
  const paragraphs =
    variant % 2 === 0
      ? [connection, news, about, ask, close]
      : said
        ? [connection, about, news, ask, close]
        : [about, connection, news, ask, close];
  if (s || input.customIntro?.trim())
    paragraphs.splice(0, paragraphs.length, connection, about, ask, close);
  return {
    subject,
    body: assemble(f, paragraphs, closingOf(variant)),
    format_used: style,
    writer: "offline",
  };
}

function writePrecision(input: WriteInput, f: Facts, pick: Pick, variant: number): WrittenEmail {
  const s = input.startup;
  const area = f.area;
  const yy = f.year ? ` '${String(f.year).slice(-2)}` : "";
  const intro = input.customIntro?.trim()
    ? input.customIntro.trim()
    : s
      ? `${s.moneyRaised ? `With ${s.moneyRaised} ` : "With your "}${s.fundingType?.trim() || "new round"} closed, ${f.company} is likely hiring fast. I want to help you move faster, starting now.`
      : pick("p-intro", [
          `I'll be brief: I'd like to ${area ? `bring my ${area} skills to` : "join"} ${f.company}.`,
          `Short version: I'm looking for ${askFor(f.goal)}, and ${f.company} is at the top of my list.`,
        ]);
  const points = f.achievements
    .slice(0, 3)
    .map((a) =>
      a.where
        ? `- ${a.where}${a.role ? ` (${a.role})` : ""}: ${a.clause}`
        : `- ${a.role ?? "Experience"}: ${a.clause}`,
    );
  if (f.skills.length) points.push(`- Toolkit: ${list(f.skills.slice(0, 4))}`);
  if (points.length === 0) points.push(`- ${sentence(introOf(f, pick))}`);
  const warm = f.warm ? `${warmLine(f)} ` : "";
  const subject = s
    ? fitting(`${f.company} after the ${s.fundingType?.trim() || "raise"}: ready to help`)
    : fitting(
        pick(`subject-p${variant % 2}`, [
          f.studying
            ? `${f.major ?? "Student"}${f.school ? ` @ ${shortSchool(f.school)}` : ""}${yy}: 10 minutes, ${f.first}?`
            : `10 minutes, ${f.first}? A question about ${f.company}`,
          f.studying
            ? `10 minutes, ${f.first}? A question about ${f.company}`
            : `10 minutes, ${f.first}?`,
        ]),
        `10 minutes, ${f.first}?`,
      );
  const lead = introOf(f, pick, f.warm?.kind ?? null);
  const body = assemble(
    f,
    [
      `${warm}${sentence(lead)} ${intro}`,
      `What I bring:\n${points.join("\n")}`,
      // By variant, as the closing elsewhere: the next click never asks the same way.
      [
        "Do you have 10 minutes this week or next? My resume is attached.",
        "Could we grab 10 minutes on the phone this week? Resume attached.",
      ][variant % 2],
    ],
    "Thanks",
  );
  return { subject, body, format_used: "precision_finance", writer: "offline" };
}

/**
 * The student's own words for an occasion, ready to follow "for" or "about": trimmed, without
 * a lead the sentence says already ("Thank you for ...") and without the end punctuation.
 */
function phraseOf(text: string | null | undefined, lead: RegExp): string | null {
  const phrase = text
    ?.trim()
    .replace(lead, "")
    .replace(/[.!?\s]+$/, "");
  if (!phrase) return null;
  return /^(Our|The|Your|My|Taking|Meeting|Speaking|Talking|Last|Yesterday|Chatting)\b/.test(phrase)
    ? phrase.replace(/^[A-Z]/, (c) => c.toLowerCase())
    : phrase;
}

/** "Purdue Fall Career Fair" -> "the Purdue Fall Career Fair"; "the ..." stays as written. */
function fairName(text: string | null | undefined): string | null {
  const name = phraseOf(text, /^(at|the career fair at)\s+/i);
  if (!name) return null;
  return /^(the|a|an|our|your)\s/i.test(name) ? name : `the ${name}`;
}

/** The role a referral names: the request's, else the position that found the contact. */
/**
 * A posting's title without its id: "Data Analyst (Job 4471)", "Analyst - Req #R-2291",
 * "Engineer, JR123456" -> the title a person would say.
 */
export function roleTitle(role: string): string {
  return role
    .replace(/\s*[([][^)\]]*\b(job|req|requisition|id|posting|ref)\b[^)\]]*[)\]]/gi, "")
    .replace(/\s*[([]\s*#?\s*[A-Z]{0,3}-?\d{3,}\s*[)\]]/g, "")
    .replace(
      /\s*[-–,|:]\s*(job|req|requisition|id|posting|ref)\b\.?\s*(#|no\.?)?\s*:?\s*[A-Z]{0,3}-?\d+\s*$/i,
      "",
    )
    .replace(/\s*[-–,|]\s*#?[A-Z]{1,3}-?\d{4,}\s*$/, "")
    .replace(/\s*#\s*\d+\s*$/, "")
    .trim();
}

function roleOf(input: WriteInput, f: Facts): string {
  const given = input.role?.trim();
  const role = given && !/^https?:/i.test(given) ? roleTitle(given) || given : given;
  // A title typed in lower case is capitalised; one typed with capitals stays as typed
  // ("(First- and Second-Year Students)" keeps its "and").
  if (role) {
    return /^https?:/i.test(role) || role !== role.toLowerCase()
      ? role
      : role.replace(/\b\w/g, (c) => c.toUpperCase());
  }
  return askFor(f.goal).replace(/^an? /, "");
}

function writeMessageType(input: WriteInput, f: Facts, pick: Pick, variant: number): WrittenEmail {
  const format = input.format;
  const opening = warmOpening(f, pick);
  const intro = sentence(introOf(f, pick));
  // After a warm opening, the introduction does not repeat the school or major it named.
  const introAfterOpening = sentence(introOf(f, pick, opening ? (f.warm?.kind ?? null) : null));
  const [lead, second] = achievementLines(f, pick, 2, variant);
  const area = f.area;
  const school = f.school ? shortSchool(f.school) : null;
  const recruiter = isRecruiterTitle(f.title);
  let paragraphs: Array<string | null>;
  let subject: string;
  switch (format) {
    case "referral": {
      const role = roleOf(input, f);
      // A named role (the request's, or the position that found the contact) is "the" role.
      // One inferred from the resume is only the kind of role the student applies for: never
      // "the data science internship", a posting Reachout cannot know the company has.
      const named = Boolean(input.role?.trim());
      const url = /^https?:/i.test(role);
      const roleName = !named
        ? `${withArticle(role)} at ${f.company}`
        : url
          ? `the role posted at ${role}`
          : /[,()]/.test(role)
            ? `the "${role}" role`
            : // "the Software Engineering Intern role": a title alone would name a person.
              /(internship|role|position|program)$/i.test(role)
              ? `the ${role}`
              : `the ${role} role`;
      const applying = named
        ? `I'm applying for ${roleName}${url ? "" : ` at ${f.company}`}, and I believe my background fits it well.`
        : `I'm looking for ${withArticle(role)}, and ${f.company} is the team I'd most like to join.`;
      // Without a warm opening, the email says at once why it is written: the role and the
      // ask (readers took the exploring line of a coffee chat for a different email).
      const purpose = !named
        ? applying
        : recruiter
          ? `I'm applying for ${roleName}${url ? "" : ` at ${f.company}`}, and I wanted to write to you about it directly.`
          : pick("ref-open", [
              `I'm applying for ${roleName}${url ? "" : ` at ${f.company}`}, and I'm writing to ask whether you would consider referring me.`,
              `I'm applying for ${roleName}${url ? "" : ` at ${f.company}`}, and a referral from someone on the team would mean a lot to me.`,
            ]);
      paragraphs = [
        opening ?? purpose,
        `${introAfterOpening} ${opening ? applying : ""} ${lead ?? ""}`.replace(/\s+/g, " ").trim(),
        second ?? null,
        // A referral comes from an employee; a recruiter runs the process, so a recruiter is
        // asked about the role and the process instead.
        recruiter
          ? pick("ask-rec-role", [
              `Could you tell me whether my background fits what the team is looking for in ${roleName}, and what the next steps in the process look like? I've attached my resume.`,
              `Would you have 10 minutes to tell me more about ${roleName} and how the hiring process works? My resume is attached.`,
            ])
          : pick("ask-ref", [
              `Would you be comfortable referring me for ${roleName}? I've attached my resume, and I'm happy to send a short blurb you could forward so it takes you two minutes at most.`,
              `If you think I'd be a good fit, would you be willing to refer me for ${roleName}? My resume is attached, and I can send a two-line summary to make it easy.`,
            ]),
        recruiter
          ? "Thank you for reading; I'd welcome any advice on standing out in the process."
          : "Either way, thank you for reading; I'd also welcome any advice on standing out in the process.",
      ];
      subject = recruiter
        ? fitting(
            url
              ? `A question about a role at ${f.company}`
              : `A question about ${role} at ${f.company}`,
            `A question about ${role}`,
            `A question about a role at ${f.company}`,
          )
        : fitting(
            url
              ? `Referral request: a role at ${f.company}`
              : `Referral request: ${role} at ${f.company}`,
            `Referral request for ${role}`,
            `Referral request, ${f.first}`,
          );
      break;
    }
    case "informational":
      paragraphs = [
        opening ?? newsLine(input, f, pick) ?? companyLine(input, f, pick),
        `${introAfterOpening} ${lead ?? ""}`.trim(),
        pick("ask-info", [
          recruiter
            ? `Would you have 15 minutes for an informational interview in the next couple of weeks? I'd love to hear what ${f.company} looks for in ${f.studying ? "student candidates" : "candidates"} and how its hiring process works.`
            : `Would you have 15 minutes for an informational interview in the next couple of weeks? I'd love to ask how you got into your role${f.title ? ` as ${withArticle(f.title)}` : ""} and what you wish you had known ${f.studying ? "as a student" : "when you started"}.`,
          `Could I ask for a 15-minute informational interview, at whatever time suits you? I'm especially curious about what your day-to-day looks like at ${f.company}${area ? ` and how someone interested in ${area} can prepare` : ""}.`,
        ]),
        "I've attached my resume for context. Thank you for considering it.",
      ];
      subject = fitting(
        pick(`subject-i${variant % 2}`, [
          `15-minute informational interview, ${f.first}?`,
          f.studying
            ? `${school ? `${school} student` : "Student"} asking for 15 minutes of advice`
            : `15 minutes of your advice, ${f.first}?`,
        ]),
        `15 minutes of advice, ${f.first}?`,
      );
      break;
    case "coffee_chat": {
      // Coffee only when the student is in the contact's metro too (a shared-location signal);
      // across cities, or when either city is unknown, a 15-minute call or video chat.
      const sameCity =
        (input.recipient.warmSignals ?? []).some((w) => w.kind === "location") ||
        f.warm?.kind === "location";
      paragraphs = [
        opening ?? companyLine(input, f, pick),
        `${introAfterOpening} ${lead ?? ""}`.trim(),
        `${goalLine(f)} ${
          sameCity
            ? pick("ask-coffee", [
                `Would you be open to a quick coffee${f.city ? ` in ${f.city}` : ""} in the coming weeks? Coffee is on me, and a 15-minute call works just as well if that's easier.`,
                `If you have 20 minutes in the coming weeks, I'd love to buy you a coffee${f.city ? ` somewhere near you in ${f.city}` : ""}, or join a quick call, whichever is easier.`,
              ])
            : pick("ask-call", [
                `Would you be open to a 15-minute call or video chat in the coming weeks? I'd love to hear how you see the path into ${f.company}.`,
                `If you have 15 minutes in the coming weeks, could we set up a quick video chat? I'd be grateful for your perspective on ${f.company} and my search.`,
              ])
        }`,
        "My resume is attached in case it's useful. Thanks for reading!",
      ];
      subject = fitting(
        sameCity
          ? pick(`subject-c${variant % 2}`, [
              f.studying
                ? `Coffee chat, ${f.first}? ${school ? `${school} student` : "Student"} interested in ${f.company}`
                : `Coffee chat, ${f.first}? Curious about ${f.company}`,
              `Coffee on me, ${f.first}?`,
            ])
          : pick(`subject-c${variant % 2}`, [
              f.studying
                ? `15-minute chat, ${f.first}? ${school ? `${school} student` : "Student"} interested in ${f.company}`
                : `15-minute chat, ${f.first}? Curious about ${f.company}`,
              `A quick video chat, ${f.first}?`,
            ]),
        sameCity ? `Coffee chat, ${f.first}?` : `15-minute chat, ${f.first}?`,
      );
      break;
    }
    case "thank_you": {
      const occasion = phraseOf(input.occasion, /^(thank(s| you)( again)? for|for)\s+/i);
      paragraphs = [
        occasion
          ? pick("ty-open-said", [
              `Thank you for ${occasion}. I really appreciated your time and everything you shared about ${f.company}.`,
              `Thank you again for ${occasion}. It made me even more excited about ${f.company}.`,
            ])
          : pick("ty-open", [
              `Thank you for taking the time to speak with me. I really appreciated hearing about your work${f.title ? ` as ${withArticle(f.title)}` : ""} at ${f.company}.`,
              `Thank you again for our conversation. Hearing how you approach your work at ${f.company} made me even more excited about the team.`,
            ]),
        lead
          ? `It also made me think about how my own experience would carry over: ${lead.replace(/^([A-Z])/, (c) => c.toLowerCase())}`
          : intro,
        pick("ty-close", [
          "I'd love to stay in touch, and please let me know if there is anything I can send you.",
          "I'll keep you posted on how things go, and I hope we can stay in touch.",
        ]),
      ];
      subject = fitting(
        pick(`subject-t${variant % 2}`, [
          `Thank you, ${f.first}`,
          `Thank you for your time, ${f.first}`,
        ]),
      );
      break;
    }
    case "career_fair": {
      const fair = fairName(input.occasion);
      const topic = phraseOf(
        input.topic,
        /^((we|I) )?(talked|spoke|chatted|told you) about\s+|^(our conversation )?about\s+/i,
      );
      // The topic is the student's side of the conversation (often their own project): told
      // as what they told the recruiter, never as what the recruiter told them.
      // A topic in the student's own words ("the cost model I built for it") is theirs too: the
      // company follows it as the booth, never as where the student's work was done.
      const own = /^my\b/i.test(topic ?? "") || /\b(I|I'm|I've|me|my|mine)\b/.test(topic ?? "");
      const talked = topic
        ? /^my\b/i.test(topic)
          ? `I enjoyed telling you about ${topic}. Thank you for your time at ${possessive(f.company)} booth`
          : own
            ? `I enjoyed our conversation about ${topic}. Thank you for your time at ${possessive(f.company)} booth`
            : `I enjoyed our conversation about ${topic} at ${f.company}`
        : null;
      paragraphs = [
        fair && talked
          ? `It was great meeting you at ${fair}, and ${talked}.`
          : fair
            ? `It was great meeting you at ${fair}, and thank you for taking the time to talk with me about ${f.company}.`
            : talked
              ? `It was great meeting you at the career fair, and ${talked}.`
              : pick("fair-open", [
                  `It was great meeting you at the career fair, and thank you for telling me about ${f.company}.`,
                  `Thank you for taking the time to talk with me at ${possessive(f.company)} booth at the career fair.`,
                ]),
        `As a quick reminder, ${intro} ${lead ?? ""}`.trim(),
        second ?? null,
        `${goalLine(f)} ${pick("fair-ask", [
          `I'd love to be considered at ${f.company}, and I've attached my resume. Would you have 15 minutes for a call to talk about next steps?`,
          `I've attached my resume. Could you point me to the right next step, or would you have 15 minutes for a quick call?`,
        ])}`,
      ];
      const short = fair;
      subject = fitting(
        ...(short
          ? [`Great meeting you at ${short}, ${f.first}`, `Great meeting you at ${short}`]
          : []),
        `Great meeting you at the career fair, ${f.first}`,
        "Great meeting you at the career fair",
      );
      break;
    }
    default:
      throw new Error(`unknown format ${format}`);
  }
  return {
    subject,
    body: assemble(f, paragraphs, closingOf(variant)),
    format_used: styleFor(input),
    writer: "offline",
  };
}

/** Writes a complete, personal email from the facts alone: no network, always available. */
export function writeOffline(input: WriteInput): WrittenEmail {
  const f = factsOf(input);
  const variant = input.variant ?? 0;
  const pick = chooser(
    [input.recipient.fullName, input.recipient.company, input.format, f.name, variant].join("|"),
  );
  const email =
    input.format === "precision"
      ? writePrecision(input, f, pick, variant)
      : input.format === "original"
        ? writeOriginal(input, f, pick, variant)
        : writeMessageType(input, f, pick, variant);
  return f.name ? email : { ...email, sender_name_missing: true };
}

/** Splits a written email into the pieces the stream sends, a few words at a time. */
export function* deltasOf(email: { subject: string; body: string }) {
  yield { field: "subject" as const, text: email.subject };
  const words = email.body.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < words.length; i += 6) {
    yield { field: "body" as const, text: words.slice(i, i + 6).join("") };
  }
}

export function createOfflineWriter(): EmailWriter {
  return {
    async write(input) {
      return writeOffline(input);
    },
    async stream(input, onDelta) {
      const email = writeOffline(input);
      for (const delta of deltasOf(email)) onDelta(delta);
      return email;
    },
  };
}
