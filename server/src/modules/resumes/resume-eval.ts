import type { ResumeFacts } from "@reachout/contract";
import { z } from "zod";

/**
 * Scores what the parser read from a resume against what a person reads from it (a truth file
 * written by hand, `<name>.truth.json` beside the resume). Values compare case-insensitively
 * with quotes, spaces and trailing punctuation normalised; an empty truth field is right only
 * when nothing was read for it. A truth experience may list a few `bullets`: snippets of its
 * achievements as printed; each snippet read under another entry's bullets is an achievement
 * credited to the wrong employer.
 */
export const ResumeTruth = z.object({
  name: z.string().nullable(),
  education: z.array(
    z.object({
      school: z.string(),
      degree: z.string().nullable(),
      major: z.string().nullable(),
      grad_year: z.number().int().nullable(),
    }),
  ),
  experiences: z.array(
    z.object({
      employer: z.string(),
      role: z.string().nullable(),
      bullets: z.array(z.string().min(1)).optional(),
    }),
  ),
});
export type ResumeTruth = z.infer<typeof ResumeTruth>;

export const EVAL_FIELDS = [
  "name",
  "school",
  "degree",
  "major",
  "grad_year",
  "employer",
  "role",
] as const;
export type EvalField = (typeof EVAL_FIELDS)[number];

export interface ResumeScore {
  fields: Record<EvalField, { right: number; total: number }>;
  /** Employers read that the resume does not list as an employer. */
  invented: string[];
  /** Schools read, and how many of them are a school of the truth exactly. */
  schoolsRead: number;
  schoolsClean: number;
  /** Truth bullet snippets checked, and those read under another entry than their own. */
  achievementsChecked: number;
  wrongEmployer: string[];
  misses: string[];
}

export function normalizeValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  return String(value)
    .normalize("NFC")
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/^[\s"'.,;:|-]+|[\s"'.,;:|-]+$/g, "")
    .trim();
}

const same = (a: string | number | null | undefined, b: string | number | null | undefined) =>
  normalizeValue(a) === normalizeValue(b);

/** Pairs each truth entry with a read entry: the same key first, else the same position. */
function pair<T, P>(
  truth: T[],
  parsed: P[],
  key: (t: T) => string,
  parsedKey: (p: P) => string,
): Array<[T, P | null]> {
  const used = new Set<number>();
  const byKey = truth.map((t) => {
    const index = parsed.findIndex((p, i) => !used.has(i) && same(parsedKey(p), key(t)));
    if (index >= 0) used.add(index);
    return index;
  });
  return truth.map((t, i) => {
    if (byKey[i] >= 0) return [t, parsed[byKey[i]]];
    if (i < parsed.length && !used.has(i)) {
      used.add(i);
      return [t, parsed[i]];
    }
    return [t, null];
  });
}

export function scoreResume(facts: ResumeFacts, truth: ResumeTruth): ResumeScore {
  const fields = Object.fromEntries(EVAL_FIELDS.map((f) => [f, { right: 0, total: 0 }])) as Record<
    EvalField,
    { right: number; total: number }
  >;
  const misses: string[] = [];
  const check = (
    field: EvalField,
    expected: string | number | null,
    got: string | number | null,
  ) => {
    fields[field].total++;
    if (same(expected, got)) fields[field].right++;
    else misses.push(`${field}: want ${JSON.stringify(expected)} got ${JSON.stringify(got)}`);
  };
  check("name", truth.name, facts.name);
  for (const [t, p] of pair(
    truth.education,
    facts.education,
    (t) => t.school,
    (p) => p.school,
  )) {
    check("school", t.school, p?.school ?? null);
    check("degree", t.degree, p?.degree ?? null);
    check("major", t.major, p?.major ?? null);
    check("grad_year", t.grad_year, p?.class_year ?? null);
  }
  const experiencePairs = pair(
    truth.experiences,
    facts.experiences,
    (t) => t.employer,
    (p) => p.employer,
  );
  for (const [t, p] of experiencePairs) {
    check("employer", t.employer, p?.employer ?? null);
    check("role", t.role, p?.role ?? null);
  }
  let achievementsChecked = 0;
  const wrongEmployer: string[] = [];
  for (const [t, p] of experiencePairs) {
    for (const snippet of t.bullets ?? []) {
      achievementsChecked++;
      const holder = facts.experiences.find((e) =>
        e.bullets.some((b) => normalizeValue(b).includes(normalizeValue(snippet))),
      );
      if (holder && holder !== p) {
        wrongEmployer.push(
          `${JSON.stringify(snippet)}: under ${holder.employer}, not ${t.employer}`,
        );
      }
    }
  }
  const employers = new Set(truth.experiences.map((e) => normalizeValue(e.employer)));
  const invented = facts.experiences
    .map((e) => e.employer)
    .filter((employer) => !employers.has(normalizeValue(employer)));
  const schools = new Set(truth.education.map((e) => normalizeValue(e.school)));
  return {
    fields,
    invented,
    schoolsRead: facts.education.length,
    schoolsClean: facts.education.filter((e) => schools.has(normalizeValue(e.school))).length,
    achievementsChecked,
    wrongEmployer,
    misses,
  };
}
