import { z } from "zod";
import { SingleLine } from "./common";

/** What a student is looking for (issue 36): every ask of the writer follows it. */
export const SEEKING_KINDS = ["internship", "co-op", "full-time", "part-time"] as const;
export type SeekingKind = (typeof SEEKING_KINDS)[number];
export const SEEKING_LABELS: Record<SeekingKind, string> = {
  internship: "Internship",
  "co-op": "Co-op",
  "full-time": "Full-time job",
  "part-time": "Part-time job",
};

export const SEASONS = ["Spring", "Summer", "Fall", "Winter"] as const;
export type Season = (typeof SEASONS)[number];

/** Where the student is: what they can truthfully say about themselves. */
export const CAREER_STAGES = [
  "student",
  "graduate_student",
  "recent_graduate",
  "career_changer",
  "experienced",
] as const;
export type CareerStage = (typeof CAREER_STAGES)[number];
export const CAREER_STAGE_LABELS: Record<CareerStage, string> = {
  student: "Student",
  graduate_student: "Graduate student",
  recent_graduate: "Recent graduate",
  career_changer: "Career changer",
  experienced: "Experienced professional",
};

const Item = z.string().trim().min(1).pipe(SingleLine(80));
const Items = z.array(Item).max(6, "At most 6 entries");

/**
 * The student's goal and stage. `season` and `year` say when they can start: both null is
 * "as soon as possible" (a graduate looking for a job now); a season always comes with a year.
 */
export const CareerGoal = z
  .object({
    seeking: z.enum(SEEKING_KINDS),
    season: z.enum(SEASONS).nullable(),
    year: z.number().int().min(2000).max(2100).nullable(),
    roles: Items,
    industries: Items,
    locations: Items,
    stage: z.enum(CAREER_STAGES),
  })
  .refine((goal) => (goal.season === null) === (goal.year === null), {
    message: "Give both a season and a year, or neither (as soon as possible)",
    path: ["year"],
  });
export type CareerGoal = z.infer<typeof CareerGoal>;

/**
 * GET /api/profile/goal: the goal the student confirmed (null until they do) and the one
 * Reachout reads from their resume and today's date, which the writer uses meanwhile.
 */
export const CareerGoalResponse = z.object({
  goal: CareerGoal.nullable(),
  suggested: CareerGoal,
  confirmed_at: z.string().nullable(),
});
export type CareerGoalResponse = z.infer<typeof CareerGoalResponse>;

/** Which season a month (0-11) falls in, for the start of something. */
const MONTH_SEASON: Season[] = [
  "Winter",
  "Spring",
  "Spring",
  "Spring",
  "Summer",
  "Summer",
  "Summer",
  "Fall",
  "Fall",
  "Fall",
  "Fall",
  "Winter",
];

/** The season a month (0-11) falls in: July is "Summer", December "Winter". */
export const seasonOfMonth = (month: number): Season | null => MONTH_SEASON[month] ?? null;

/**
 * When a student would start, by default: the next summer internship that has not begun
 * (in November 2026 that is Summer 2027; in March 2027 it is still Summer 2027), and a
 * full-time job from the summer of the graduation year, never a past season. Graduates and
 * part-time jobs start as soon as possible (null).
 */
export function defaultStart(
  now: Date,
  seeking: SeekingKind,
  graduationYear: number | null,
  stage: CareerStage,
  /** The month the degree ends (0–11), when known: a degree that ends in August starts a job in
   * the fall, not "Summer" (round 25: a student graduating in August 2027). */
  graduationMonth: number | null = null,
): { season: Season | null; year: number | null } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (stage === "recent_graduate" || stage === "career_changer" || stage === "experienced") {
    return { season: null, year: null };
  }
  if (seeking === "full-time") {
    // Not before graduation, and never a season that has begun.
    const start = Math.max(graduationYear ?? year, month >= 5 ? year + 1 : year);
    const late =
      graduationMonth !== null &&
      graduationMonth >= 6 &&
      graduationMonth <= 8 &&
      start === graduationYear;
    return { season: late ? "Fall" : "Summer", year: start };
  }
  // A part-time job beside school starts as soon as possible.
  if (seeking === "part-time") return { season: null, year: null };
  if (seeking === "co-op") {
    // The season a co-op applied for now can start: about six months on (employers fill a
    // term months ahead; round 22's readers found "a Winter 2027 co-op" asked in late November
    // unsupported by anything the student said).
    const nextMonth = (month + 6) % 12;
    return { season: MONTH_SEASON[nextMonth], year: month + 6 >= 12 ? year + 1 : year };
  }
  // Summer internships begin in June: from June on, the next one is next year's.
  return { season: "Summer", year: month >= 5 ? year + 1 : year };
}

/** "Summer 2027", or null for as soon as possible. */
export const startLabel = (goal: Pick<CareerGoal, "season" | "year">): string | null =>
  goal.season && goal.year ? `${goal.season} ${goal.year}` : null;
