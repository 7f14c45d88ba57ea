import type { WarmSignal } from "@reachout/contract";
import { monthDay } from "../../../../lib/month-day";
import { shortSchool } from "../../../contacts";
import type { Achievement } from "../resume-facts";
import type { WriteInput } from "../types";

import { type Facts, graduationWords, type Pick, SELF_EMPLOYED } from "./facts";
import {
  asTitle,
  employerName,
  inTeam,
  list,
  MILITARY,
  organizationName,
  possessive,
  schoolWithArticle,
  sentence,
  sharesStem,
  upperFirst,
  withArticle,
} from "./phrases";

/** "I'm looking for a Summer 2027 software engineering internship": the goal, as one sentence. */
export function goalLine(f: Facts): string {
  const where = f.goal.locations[0]?.trim();
  const cleared = f.clearance ? ` ${f.clearance}` : "";
  return `I'm looking for ${f.ask}${where ? ` in ${where}` : ""}.${cleared}`;
}

/**
 * Whether training speaks to what the student asks for (round 9: a store manager's data
 * analytics certificate was left out of every email to a data-analyst contact): a word of the
 * goal's roles or area in the training's name.
 */
function trainsFor(training: string, f: Facts): boolean {
  return sharesStem(training, [...f.goal.roles, f.area, f.movingInto ?? ""].join(" "));
}

/** The training an email tells: a career changer's, or one that speaks to the goal. */
export const toldTraining = (f: Facts) =>
  f.training && (f.goal.stage === "career_changer" || trainsFor(f.training.name, f))
    ? f.training
    : null;

/** A stretch of clinical training, which a student does rather than holds. */
// "Clinical" ends a rotation's name ("Pediatric Clinical"); inside a title it is a job's
// ("Certified Clinical Medical Assistant" read "During my certified clinical medical assistant",
// round 17).
const ROTATION =
  /\b(rotation|practicum|externship|preceptorship)\b|\bclinicals?$|^clinicals?\b(?!\s+[a-z]*\s*(assistant|specialist|coordinator|analyst|associate|nurse|technician|manager|research))/i;

/**
 * A rotation as a student says it: "Adult Health II – Cardiac Step-Down Unit" is "adult health
 * II rotation on the cardiac step-down unit" (round 24: "where I was an Adult Health I", "as a
 * Maternal-Newborn Nursing"); "Epidemiology Practicum Student, Communicable Disease Unit" is the
 * practicum, not its student.
 */
export function rotationSaid(name: string, withUnit = true): string {
  const lower = (text: string) => text.replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase());
  const [course, unit] = name
    .split(",")[0]
    .replace(/\s+(student|intern|trainee)$/i, "")
    .split(/\s+[–—-]\s+/);
  const what = ROTATION.test(course) ? lower(course) : `${lower(course)} rotation`;
  if (!unit || !withUnit) return what;
  const place = lower(unit.replace(/\s*\([^)]*\)\s*$/, ""));
  return /\b(unit|floor|ward|department|clinic|center|icu|nicu|picu|ed|er|or)\b/i.test(place)
    ? `${what} on the ${place}`
    : `${what} in ${place}`;
}

/** A title that names a person ("scientist", "nurse", "analyst"), not a line of work. */
const PERSON_TITLE =
  /\b(\w+ist|\w+er|\w+or|analyst|associate|consultant|coordinator|specialist|nurse|manager|technician|assistant|officer|representative|designer|architect|accountant|economist|teacher|director)$/i;

/**
 * "I'm Ada Lovelace, an Economics student at Columbia University (Class of 2026)". `said` is
 * what the opening already told the contact (the shared school or major): not said twice.
 */
/** "a Litigation Paralegal at Kessler & Ward LLP"; self-employed work names no employer. */
function jobAt(job: { role: string; employer: string }, school: string | null): string {
  if (!SELF_EMPLOYED.test(job.employer)) {
    return `${withArticle(job.role)} at ${organizationName(job.employer, school)}`;
  }
  // "Freelance UX Designer" under "Freelance": "a Freelance UX Designer"; "Photographer" under
  // "Self-employed": "a self-employed Photographer".
  const own = job.employer.toLowerCase();
  return /freelance|self|independent/i.test(job.role)
    ? withArticle(job.role)
    : withArticle(`${own} ${job.role}`);
}

export function introOf(f: Facts, pick: Pick, said: WarmSignal["kind"] | null = null): string {
  const me = f.name ? `I'm ${nameSaid(f.name)}` : "I";
  const at = f.school && said !== "school" ? schoolWithArticle(f.school) : null;
  const inMajor = f.major && said !== "major" ? ` with a degree in ${f.major}` : "";
  const g = f.graduation;
  switch (f.stage) {
    case "graduate_student": {
      // "Ph.D. Candidate, Statistics": a doctoral student past the qualifying exams says so.
      const candidate = f.degree === "PhD" && f.candidate ? "candidate" : "student";
      // "a PharmD student", "a law student": a professional degree names its own field (round
      // 21: "a PharmD student in Pharmacy").
      const named = f.degree && /^(PharmD|law|medical)$/.test(f.degree);
      const study = `${withArticle(f.degree ?? "graduate")} ${candidate}${f.major && said !== "major" && !named ? ` in ${f.major}` : ""}`;
      const when = g ? ` (graduating in ${graduationWords(g)})` : "";
      return f.name
        ? `${me}, ${study}${at ? ` at ${at}` : ""}${when}`
        : `I'm ${study}${at ? ` at ${at}` : ""}${when}`;
    }
    case "recent_graduate": {
      const from = at ? ` from ${at}` : "";
      const when = g ? ` in ${graduationWords(g)}` : "";
      // No school and no date to say: "I graduated" alone would claim a degree the resume may
      // not show (round 15: a bootcamp graduate with no degree).
      if (!from && !when && !inMajor) return f.name ? me : "I'm writing to introduce myself";
      return f.name
        ? `${me}, and I graduated${from}${when}${inMajor}`
        : `I graduated${from}${when}${inMajor}`;
    }
    case "career_changer":
    case "experienced": {
      const job = f.lastJob;
      const past = job
        ? `${job.years ? `after ${job.years} ${job.years === 1 ? "year" : "years"}` : "after working"} as ${jobAt(job, f.school)}`
        : null;
      const training = toldTraining(f);
      // Training that ends later is under way: "I'm completing …, finishing in 2027", never
      // "I completed … in 2027" (round 21, a false statement).
      const trained = training
        ? training.done
          ? `I completed ${training.name}${training.year ? ` in ${training.year}` : ""}`
          : `I'm completing ${training.name}${training.year ? `, finishing in ${training.year}` : ""}`
        : null;
      // Work still going on is said in the present ("After working as a Freelance Web
      // Developer" read as a job that ended, round 7).
      // The job is said last, so that "In that role" after it points at the job, not at the
      // bootcamp ("After 8 years as a Mathematics Teacher …, I completed the Data Analytics
      // Bootcamp … In that role, I taught …" was the bootcamp's role).
      if (job?.current && trained)
        return `${f.name ? `${me}. ` : ""}${trained}, and I work as ${jobAt(job, f.school)}`;
      if (past && trained) return `${f.name ? `${me}. ` : ""}${trained}, ${past}`;
      if (job && !trained) {
        const where = jobAt(job, f.school);
        // "moving into industry R&D scientist roles": a person's title is a kind of role.
        const into =
          f.movingInto && PERSON_TITLE.test(f.movingInto) ? `${f.movingInto} roles` : f.movingInto;
        const moving = into ? `, moving into ${into}` : "";
        if (job.current) return f.name ? `${me}, ${where}${moving}` : `I'm ${where}${moving}`;
        // A job that has ended is said as the past it is.
        const spent = job.years
          ? `I spent ${job.years} ${job.years === 1 ? "year" : "years"} as ${where}`
          : `I worked as ${where}`;
        return f.name ? `${me}. ${spent}` : spent;
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
  return f.name
    ? `I'm ${nameSaid(f.name)}, ${study}${where}${when}`
    : `I'm ${study}${where}${when}`;
}

/** The signature: the name (when known) and one line of school, major and year. */
export function signature(f: Facts, closing: string): string {
  // Someone years into work signs with their name alone: "Biology '18" under a teacher's name
  // read as a student's signature (round 11: "signed as a '22 student").
  if (f.stage === "experienced" || f.stage === "career_changer") {
    return [`${closing},`, f.name].filter(Boolean).join("\n");
  }
  const line = [
    f.school,
    f.major && f.year ? `${f.major} '${String(f.year).slice(-2)}` : (f.major ?? null),
  ]
    .filter(Boolean)
    .join(" · ");
  return [`${closing},`, f.name, f.name ? line : null, f.name ? f.portfolio : null]
    .filter(Boolean)
    .join("\n");
}

/** An achievement as a sentence with where it happened ("At Evercore, I built ..."). */
/**
 * A title without the team or courses a resume puts after its comma ("Data Science Intern,
 * Experimentation Platform", "Graduate Student Instructor, STATS 250"): "As a Data Science
 * Intern at Spotify" reads; the comma's part inside the sentence does not.
 */
/** The words a programme's or a group's name ends in, never a person's title. */
const PROGRAMME_END =
  /\b(assistance|program|programme|project|initiative|society|association|committee|council|clinic)$/i;

function titleOnly(given: string | null): string | null {
  // "Audit & Assurance Intern (Winter Busy Season)": the bracket says when, not what (round 25).
  const role = given?.replace(/\s*\([^)]*\)\s*$/, "").trim() || given;
  // "IRS Volunteer Income Tax Assistance (VITA)": a programme's name, no title to be ("As an
  // IRS Volunteer Income Tax Assistance", round 28).
  if (role && PROGRAMME_END.test(role)) return null;
  // "Cashier / Customer Service Desk": the first title is the one a sentence can hold.
  if (role?.includes(" / ")) return role.split(" / ")[0]?.trim() || role;
  // "Distribution Operations Intern – Grocery/Perishables DC": the title, not its unit (round
  // 21's readers: the whole line twice in two sentences read as pasted).
  const unit = /^(.+?)\s+[–—-]\s+\S/.exec(role ?? "");
  if (unit && unit[1].split(/\s+/).length >= 2) return unit[1];
  if (!role?.includes(", ")) return role;
  const [title] = role.split(", ");
  return title && title.split(/\s+/).length >= 2 ? title : role;
}

/** A project heading that names a team: "Spartan Racing (Formula SAE)", "Robotics Club". */
const TEAM_PROJECT =
  /\b(racing|team|club|society|robotics|formula sae|baja sae|solar car|rocketry|motorsports?|hyperloop|concrete canoe|steel bridge)\b/i;

/** A contest's name: a league, a competition, a challenge, a CTF, a hackathon, an olympiad. */
const CONTEST =
  /\b(league|competition|challenge|ctf|hackathon|olympiad|cup|championship|invitational|case comp)\b|CTF\b/i;

export function told(
  achievement: Achievement,
  pick: Pick,
  slot: string,
  school: string | null,
  introduced: string | null = null,
  followsIntroduction = true,
): string {
  // The introduction named this job already ("I'm a Data Analyst at Acme"): the achievement
  // names the employer alone, never the same role-at-employer phrase a sentence later.
  const again = achievement.kind === "experience" && achievement.where === introduced;
  const a =
    achievement.kind === "project"
      ? achievement
      : {
          ...achievement,
          role: again ? null : titleOnly(achievement.role),
          where: organizationName(achievement.where, school),
        };
  // "I work as a Biology Teacher at Travis High School. At Travis High School, I designed …"
  // named the school twice in two sentences (round 10's readers): the job is "that role".
  if (again && a.where && followsIntroduction) return sentence(`In that role, I ${a.clause}`);
  if (again && a.where) return sentence(`At ${a.where}, I ${a.clause}`);
  if (a.kind === "project") {
    const generic = /\b(contributions?|research|project|work|thesis)\b/i.test(a.where);
    // "Spartan Racing (Formula SAE)" is a team the student is on, not a project of theirs.
    if (TEAM_PROJECT.test(a.where)) return sentence(`As part of ${a.where}, I ${a.clause}`);
    // "National Cyber League", "SunshineCTF": a contest the student entered, not a project of
    // theirs ("For my project National Cyber League", round 21).
    if (CONTEST.test(a.where)) {
      const contest = /^the\s/i.test(a.where) ? a.where : `the ${a.where}`;
      return sentence(`In ${contest}, I ${a.clause.replace(/ in the [A-Z][^,]*$/, "")}`);
    }
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
  // "Professor Lena Ortiz, State University School of Law": a research assistant works for a
  // person, not at one ("At Professor …, where I'm a Research Assistant", round 22).
  const professor = /^((?:Professor|Prof\.|Dr\.)\s+[^,]+?)(?:,\s*(.+))?$/.exec(a.where);
  if (a.kind === "experience" && professor) {
    const org = professor[2] ? ` at ${professor[2].replace(/^The\s/, "the ")}` : "";
    return sentence(
      a.role
        ? `As ${withArticle(a.role)} to ${professor[1]}${org}, I ${a.clause}`
        : `Working with ${professor[1]}${org}, I ${a.clause}`,
    );
  }
  // A clinical rotation or practicum is no job title or place: "During my medical-surgical
  // rotation at Riverside Hospital" (round 11: "At Medical-Surgical Rotation, I …").
  const rotation =
    achievement.placement && achievement.role
      ? achievement.role
      : [a.role, a.where].find((name) => name && ROTATION.test(name));
  if (rotation) {
    const at = a.where && a.where !== rotation ? ` at ${a.where}` : "";
    return sentence(`During my ${rotationSaid(rotation)}${at}, I ${a.clause}`);
  }
  // "MRacing Formula SAE Team, University of Michigan" under experience: a team the student is
  // on, not a place of work ("At the MRacing Formula SAE Team, University of Michigan, I …").
  // "Veridian Robotics" where the student was a paid co-op or intern is a company, not a team
  // ("a Mechanical Engineering Co-op on the Veridian Robotics", round 31): a team names itself
  // one ("… Robotics Team", "… Racing").
  const company =
    /\b(co-?op|intern|engineer|technician|analyst|associate)\b/i.test(a.role ?? "") &&
    !/\b(team|club|society|racing|sae)\b/i.test(a.where ?? "");
  if (a.kind === "experience" && a.where && !company && TEAM_PROJECT.test(a.where.split(",")[0])) {
    const name = a.where.split(",")[0].trim();
    const team = /^the\s/i.test(name) ? name : `the ${name}`;
    return sentence(
      a.role
        ? `As ${withArticle(a.role)} ${/\b(club|society)\b/i.test(name) ? "of" : "on"} ${team}, I ${a.clause}`
        : `As part of ${team}, I ${a.clause}`,
    );
  }
  if (a.kind === "experience" && a.where && MILITARY.test(a.where)) {
    const unit = organizationName(a.where, school);
    return sentence(
      a.role ? `As ${withArticle(a.role)} in ${unit}, I ${a.clause}` : `In ${unit}, I ${a.clause}`,
    );
  }
  if (!a.where) {
    // No employer the resume names ("PRN"): the work is told as the student's own.
    return sentence(a.role ? `As ${withArticle(a.role)}, I ${a.clause}` : `I ${a.clause}`);
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

/**
 * The school the student shares with the reader, as said: the one the signal names, which may
 * be the student's first degree's, not the one they study at now (round 31 told a Missouri
 * alum "you studied at the University of Virginia, where I study now").
 */
function sharedSchoolSaid(f: Facts, w: WarmSignal): { at: string; now: boolean } {
  const label = w.label.replace(/ alum$/, "");
  const key = (name: string) =>
    shortSchool(name)
      .toLowerCase()
      .replace(/^the\s+/, "");
  const current = f.school !== null && key(f.school) === key(label);
  return {
    at: schoolWithArticle(current && f.school ? shortSchool(f.school) : shortSchool(label)),
    now: current && f.studying,
  };
}

/** The opening that shows the contact why this student wrote to them in particular. */
export function warmOpening(f: Facts, pick: Pick): string | null {
  // A paper written together is the strongest tie there is: said before any other.
  if (f.coauthor) {
    return `It was a pleasure working with you on our ${f.coauthor.venue ? `${f.coauthor.venue} ` : ""}paper, and I wanted to write to you directly.`;
  }
  const w = f.warm;
  if (!w) return null;
  const role = asTitle(f.title);
  switch (w.kind) {
    case "school": {
      // Said to an alum: they are no "fellow student", and the school is named once.
      const { at, now } = sharedSchoolSaid(f, w);
      return pick("warm-school", [
        // The contact's school comes from the directory's record: the email says where the
        // student saw it (round 7: "I saw you went to …" read as invented).
        `I noticed on your profile that you studied at ${at}, where ${now ? "I'm a student now" : "I studied too"}, so I wanted to reach out about your work${role} at ${f.company}.`,
        `Your profile says you studied at ${at}, where I ${now ? "study now" : "studied too"}, and I'd love to hear how you got from there to ${f.company}.`,
      ]);
    }
    case "employer": {
      // What the student did there and when, in their words: round 17's readers found "I know
      // how much the people there shape the experience, and I'd love to hear yours as a
      // Director, Data Science" stiff, and "someone as a Senior Manager there" no English.
      const { employer, unit, as, when, job, rotation } = warmJobSaid(f) as WarmJobSaid;
      if (rotation) {
        return pick("warm-employer", [
          `I did my ${rotation} at ${employer}${when}, so I wanted to reach out to someone there who knows the team well.`,
          `We have ${employer} in common: I did my ${rotation} there${when}, and I'd love to hear how the team looks from your side.`,
        ]);
      }
      if (unit && !job?.current) {
        return `I worked at ${employer}${as}${unit}${when}, so your team is one I know a little from the inside, and I'd love to hear how it looks now.`;
      }
      if (job?.current) {
        return `I'm at ${employer} now${as ? `,${as}` : ""}, and I'd value your view of the team from where you sit.`;
      }
      return pick("warm-employer", [
        `I worked at ${employer}${as}${when}, so I wanted to reach out to someone there who knows the team well.`,
        `We have ${employer} in common: I was there${as}${when}, and I'd love to hear how the team looks from your side.`,
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
        `I noticed on your profile that you also studied ${major}, ${f.studying ? "which is what I'm studying now" : "as I did"}, and I'd love to hear how it led you to ${f.company}.`,
        `I ${f.studying ? "am studying" : "studied"} ${major}, as you did, and I'd love to hear how that background took you to ${f.company}.`,
      ]);
    }
    case "location": {
      const city = w.label.replace(/^Also in /, "");
      return pick("warm-location", [
        // Only what is known: the city and the company, never a compliment the student did
        // not make (round 9: "one of the teams here I most admire").
        `I'm based in ${city} too, and I'd like to learn more about ${f.company} from someone who works there.`,
        `Since we're both in ${city}, I hoped you might be open to hearing from ${f.studying ? "a student" : "someone"} who would love to learn from the team at ${f.company}.`,
      ]);
    }
  }
}

interface WarmJobSaid {
  employer: string;
  /** " in Acetyls Manufacturing": the unit of the student's title, when it is the reader's too. */
  unit: string;
  /** " as a Distribution Operations Intern", or "" when no one title is known. */
  as: string;
  /** " in 2026", " from 2022 to 2025", or "". */
  when: string;
  job: Facts["warmJob"];
  /** "maternal-newborn nursing rotation on the mother-baby unit": a placement, not a job. */
  rotation: string | null;
}

/**
 * The student's own time at the reader's company, as the opening and precision's first line
 * say it: the employer as people say it ("Meijer", not "Meijer, Inc."), the title, the years.
 */
function warmJobSaid(f: Facts): WarmJobSaid | null {
  if (f.warm?.kind !== "employer") return null;
  const job = f.warmJob;
  // "Marriott International, Global HR": the company, without the department after its comma
  // (round 25 wrote "We have Marriott International, Global HR in common").
  const label = f.warm.label.replace(/^You worked at /, "");
  const [head = label] = label.split(/,\s+/);
  const named =
    head !== label && head.toLowerCase().includes(f.company.toLowerCase().split(/\s+/)[0] ?? "")
      ? head
      : label;
  // "Process Engineering Co-op – Acetyls Manufacturing" to a "Senior Process Engineer,
  // Acetyls": the same unit, said, so a former co-op is no stranger (round 22's readers).
  const unit = /\s[–—-]\s+(.+)$/.exec(job?.role ?? "")?.[1]?.trim() ?? "";
  const theirs = (f.title ?? "").toLowerCase();
  const same = unit
    .split(/\s+/)
    .some((word) => word.length >= 4 && theirs.includes(word.toLowerCase()));
  return {
    employer: employerName(named),
    unit: same ? ` in ${unit}` : "",
    as: titleOnly(job?.role ?? null)
      ? ` as ${withArticle(titleOnly(job?.role ?? null) ?? "")}`
      : "",
    when: job?.years ? ` ${job.years}` : "",
    job,
    // The opening names the course; the unit waits for the work told on it.
    rotation: job?.placement && job.role ? rotationSaid(job.role, false) : null,
  };
}

/** The warm signal in one short sentence, in the student's voice (precision's first line). */
export function warmLine(f: Facts): string {
  if (f.coauthor) {
    return `We worked together on our ${f.coauthor.venue ? `${f.coauthor.venue} ` : ""}paper.`;
  }
  const w = f.warm as WarmSignal;
  switch (w.kind) {
    case "school": {
      const { at, now } = sharedSchoolSaid(f, w);
      return `I noticed on your profile that you studied at ${at}, where I ${now ? "study now" : "studied too"}.`;
    }
    case "employer": {
      const { employer, unit, as, when, job, rotation } = warmJobSaid(f) as WarmJobSaid;
      if (rotation) return `I did my ${rotation} at ${employer}${when}.`;
      if (job?.current) return `I'm at ${employer} myself${as ? `,${as}` : ""}.`;
      return `I worked at ${employer} myself${as ? `,${as}` : ""}${unit}${when}.`;
    }
    case "interest":
      return `We share an interest in ${w.label.replace(/^Shared interest: /, "")}.`;
    case "major":
      return `I ${f.studying ? "am studying" : "studied"} ${w.label.replace(/^Also studied /, "")}, as you did.`;
    case "location":
      return `Like you, I'm based in ${w.label.replace(/^Also in /, "")}.`;
  }
}

/**
 * A dated news item, tied to why the student writes. The goal is said here only when no line
 * after it says it (an informational interview has none; Personalize's ask does: round 24's
 * fixtures said "I'm looking for a Summer 2027 internship" twice). Never a ranking the student
 * did not state ("the first place I wanted to write to", round 23's readers).
 */
export function newsLine(input: WriteInput, f: Facts, pick: Pick, withGoal = true): string | null {
  const item = input.news;
  if (!item) return null;
  const goal = withGoal ? f.ask : null;
  return pick("news", [
    `I read ${/^the /i.test(item.source) ? item.source : `the ${item.source}`} piece from ${monthDay(item.date)}, "${item.title}", and ${goal ? `as I look for ${goal}, ` : ""}it made me want to learn more about the work at ${f.company}.`,
    `${upperFirst(possessive(f.company))} news on ${monthDay(item.date)} ("${item.title}", ${item.source}) is why I'm writing now${goal ? `: I'm looking for ${goal}` : ""}.`,
    `I saw ${item.source}'s ${monthDay(item.date)} report, "${item.title}", and ${goal ? `since I'm looking for ${goal}, ` : ""}it's what made me want to write to you.`,
  ]);
}

/**
 * The opening when there is no real hook (no warm signal, no news): a plain, honest reason the
 * student writes, never a compliment with nothing behind it ("your work as a VP stood out").
 */
export function companyLine(_input: WriteInput, f: Facts, pick: Pick): string {
  const area = f.area;
  return area
    ? pick("company", [
        `I'm reaching out because I'm working toward a career in ${area}, and I'd value hearing how it looks from your seat ${f.team ? `${inTeam(f.team)} at` : "at"} ${f.company}.`,
        `I'm writing because I'm exploring ${area} roles, and I'd like to learn more about ${f.company}.`,
      ])
    : pick("company", [
        `I'm writing because I'm figuring out my next step, and I'd value hearing how things look from your seat ${f.team ? `${inTeam(f.team)} at` : "at"} ${f.company}.`,
        `I'm reaching out because I'd like to learn more about ${f.company} as I plan my next step.`,
      ]);
}

/** Two achievements (the second rotated by variant, never invented) as sentences. */
export function achievementLines(
  f: Facts,
  pick: Pick,
  count: number,
  variant: number,
  afterIntroduction = true,
): string[] {
  const lines = workLines(f, pick, count, variant, afterIntroduction);
  // Papers and posters follow the lead achievement: told nowhere else, a PhD's strongest
  // credential went unsaid (round 16: NeurIPS and ICLR papers).
  if (!f.published) return lines;
  const [lead, ...rest] = lines;
  return [lead ? `${lead} ${f.published.sentence}` : f.published.sentence, ...rest];
}

function workLines(
  f: Facts,
  pick: Pick,
  count: number,
  variant: number,
  afterIntroduction: boolean,
): string[] {
  const pool = f.achievements.slice(0, 3);
  if (pool.length === 0) {
    return f.skills.length
      ? [sentence(`Along the way I've gotten comfortable with ${list(f.skills.slice(0, 3))}`)]
      : [];
  }
  // The lead is the achievement that speaks most to the reader (resume-facts.ts); another
  // click changes the one beside it.
  const [lead, ...others] = pool;
  // Beside work that speaks to the reader, work that speaks to nothing of theirs is filler
  // (round 22's readers: help-desk tickets beside a circuit board to an embedded team, peer
  // tutoring beside a co-op to process engineers): the lead is told alone then.
  const rest = (lead?.relevance ?? 0) > 0 ? others.filter((a) => (a.relevance ?? 0) > 0) : others;
  const start = rest.length > 1 ? variant % rest.length : 0;
  const chosen = [lead, ...rest.slice(start), ...rest.slice(0, start)].slice(0, count);
  // A note with no introduction (a thank-you) names the job in full: "in that role" would
  // point at nothing (the fixtures' teacher: "…carry over: in that role, I taught …").
  const introduced =
    afterIntroduction &&
    (f.goal.stage === "career_changer" || f.goal.stage === "experienced") &&
    f.lastJob
      ? f.lastJob.employer
      : null;
  // The warm opening said the student's title at the reader's company ("I worked at Meijer as
  // a Distribution Operations Intern"): the work there is told without it again (round 21).
  const warm = warmJobSaid(f);
  // "In that role" only right after the introduction that named the job: after another
  // employer's sentence it would point at the wrong one (round 14).
  return chosen.map((a, i) =>
    introduced || !warm?.as || a.where !== warm.employer
      ? told(a, pick, `ach${i}`, f.school, introduced, i === 0)
      : told(a, pick, `ach${i}`, f.school, warm.employer, false),
  );
}

/**
 * The closing, by variant: the next click (variant + 1) never closes the same way, so a fresh
 * variant is never word for word the last one even when every hashed choice repeats.
 */
export const CLOSINGS = ["Best", "Best regards", "Thank you", "All the best"] as const;
export const closingOf = (variant: number) => CLOSINGS[variant % CLOSINGS.length];

export function assemble(f: Facts, paragraphs: Array<string | null>, closing: string): string {
  // "the path into Cummins Inc." + "." is one full stop, not two.
  const body = paragraphs
    .filter((p): p is string => Boolean(p))
    .map((p) => p.replace(/\.\.(?=\s|$)/g, "."));
  // "Thank you for reading; …" over "Thank you," says it twice (round 30): "Best," then.
  const said = closing === "Thank you" && /\bthank you\b/i.test(body.at(-1) ?? "");
  return [
    `${f.formal ? "Dear" : "Hi"} ${f.first},`,
    ...body,
    signature(f, said ? "Best" : closing),
  ].join("\n\n");
}

/**
 * The student's name as they say it introducing themselves: a middle initial is for the
 * signature and the resume ("I'm Kaitlyn Sorensen", not "I'm Kaitlyn M. Sorensen", round 23).
 */
export function nameSaid(name: string): string {
  return name.replace(/(?<=\S)\s+\p{Lu}\.(?=\s+\S)/gu, "");
}
