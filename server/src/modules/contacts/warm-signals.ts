import type { ResumeFacts, WarmSignal, WarmSignalKind } from "@reachout/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts, profiles } from "../../db/schema";
import { readResumeFacts } from "../resumes";
import { contains, escapeLike, startsWith } from "./conditions";

/**
 * What a student shares with a contact, strongest first: the same school (alumni), a past
 * employer of the student where the contact works, a shared club or interest, the same major,
 * the same city. Compared on normalized names; a label is what the badge says.
 */
export interface StudentSignals {
  schools: string[];
  employers: string[];
  majors: string[];
  interests: string[];
  city: string | null;
}

export interface ContactSignalFields {
  company: string | null;
  location: string | null;
  university: string | null;
  education: string | null;
  interests: string[];
}

const STRENGTH: WarmSignalKind[] = ["school", "employer", "interest", "major", "location"];
/** `warmthSql`'s rank for someone the student shares nothing with. */
export const NOT_WARM_RANK = STRENGTH.length;

/** A student nothing is known about: no signals with anyone. */
export const NO_STUDENT_SIGNALS: StudentSignals = {
  schools: [],
  employers: [],
  majors: [],
  interests: [],
  city: null,
};

/**
 * Normalized names, kept: a list of 1,000 contacts compares the same few schools, companies
 * and cities thousands of times, and the four replacements were most of a batch's CPU time.
 * Emptied when full, so a process that sees many names keeps a bounded map.
 */
const normalized = new Map<string, string>();
const NORMALIZED_MAX = 50_000;

const norm = (value: string) => {
  let name = normalized.get(value);
  if (name === undefined) {
    name = value
      .toLowerCase()
      .replace(/&/g, " and ")
      .replace(/\b(the|inc|llc|ltd|corp|co|corporation|company|group)\b\.?/g, " ")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
    if (normalized.size >= NORMALIZED_MAX) normalized.clear();
    normalized.set(value, name);
  }
  return name;
};

/** What a school whose name is a place goes by: "New York" alone would name the city. */
const SCHOOL_SHORT_NAMES: Record<string, string> = { "new york university": "NYU" };
/** Places a school is named after: "Boston University" is not "Boston". */
const PLACE_NAMES = new Set(["new york", "boston", "washington", "miami", "denver", "houston"]);

/**
 * "Cornell University" -> "Cornell", "New York University" -> "NYU", "Boston University" and
 * "University of Michigan" stay, "MIT" stays.
 */
export function shortSchool(school: string): string {
  const trimmed = school.trim();
  const known = SCHOOL_SHORT_NAMES[trimmed.toLowerCase()];
  if (known) return known;
  // "The Ohio State University" is "Ohio State"; a community college keeps its "College"
  // ("Houston Community" names nothing).
  const short = trimmed.replace(/\s+(University|College)$/i, "").replace(/^The\s+/i, "");
  if (/\b(community|technical|junior)$/i.test(short)) {
    return trimmed.replace(/^The\s+/i, "");
  }
  return short.length >= 3 && !PLACE_NAMES.has(short.toLowerCase()) ? short : trimmed;
}

/** The city of "New York, NY" or "San Francisco Bay Area": what two locations must share. */
export function cityOf(location: string | null | undefined): string | null {
  if (!location) return null;
  const city = location
    .split(",")[0]
    ?.replace(/\b(greater|metro|area|bay area|city)\b/gi, "")
    .trim();
  return city ? norm(city) : null;
}

/** The student's side of the comparison, from their resume facts and profile. */
export function studentSignalsOf(
  facts: ResumeFacts | null | undefined,
  profile: { university?: string | null; major?: string | null } = {},
): StudentSignals {
  const schools = [profile.university, ...(facts?.education ?? []).map((e) => e.school)];
  const majors = [profile.major, ...(facts?.education ?? []).map((e) => e.major)];
  return {
    schools: [...new Set(schools.filter((s): s is string => Boolean(s?.trim())))],
    employers: [...new Set((facts?.experiences ?? []).map((e) => e.employer).filter(Boolean))],
    majors: [...new Set(majors.filter((m): m is string => Boolean(m?.trim())))],
    interests: [
      ...new Set([
        ...(facts?.interests ?? []),
        ...(facts?.leadership ?? []).map((l) => l.organization),
      ]),
    ].filter(Boolean),
    city: cityOf(facts?.location),
  };
}

function sameName(a: string, b: string): boolean {
  const x = norm(a);
  const y = norm(b);
  if (!x || !y) return false;
  if (x === y) return true;
  // "Goldman Sachs" and "Goldman Sachs & Co."; never a one-word prefix like "Bank".
  const shorter = x.length <= y.length ? x : y;
  const longer = x.length <= y.length ? y : x;
  return shorter.length >= 5 && (longer.startsWith(`${shorter} `) || longer === shorter);
}

export function warmSignalsFor(
  student: StudentSignals,
  contact: ContactSignalFields,
): WarmSignal[] {
  const signals: WarmSignal[] = [];
  const contactSchools = [contact.university, contact.education].filter((s): s is string =>
    Boolean(s),
  );
  const school = student.schools.find((s) =>
    contactSchools.some((c) => sameName(s, c) || norm(c).includes(norm(s))),
  );
  if (school) signals.push({ kind: "school", label: `${shortSchool(school)} alum` });

  const employer = contact.company
    ? student.employers.find((e) => sameName(e, contact.company as string))
    : undefined;
  if (employer) signals.push({ kind: "employer", label: `You worked at ${employer}` });

  const interest = student.interests.find((mine) =>
    contact.interests.some((theirs) => {
      const a = norm(mine);
      const b = norm(theirs);
      return a.length >= 3 && b.length >= 3 && (a === b || a.includes(b) || b.includes(a));
    }),
  );
  if (interest) signals.push({ kind: "interest", label: `Shared interest: ${interest}` });

  const education = norm(contact.education ?? "");
  const major = student.majors.find((m) => norm(m).length >= 4 && education.includes(norm(m)));
  if (major) signals.push({ kind: "major", label: `Also studied ${major}` });

  const city = cityOf(contact.location);
  if (city && student.city && city === student.city) {
    signals.push({ kind: "location", label: `Also in ${contact.location?.split(",")[0]?.trim()}` });
  }
  return signals.sort((a, b) => STRENGTH.indexOf(a.kind) - STRENGTH.indexOf(b.kind));
}

/** The signed-in student's side, read once per list request (resume facts and profile). */
export async function loadStudentSignals(db: DbOrTx, userId: string): Promise<StudentSignals> {
  const [facts, [profile]] = await Promise.all([
    readResumeFacts(db, userId),
    db
      .select({ university: profiles.university, major: profiles.major })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
  ]);
  return studentSignalsOf(facts, profile ?? {});
}

/** The student's values each kind compares, as the SQL rules below use them. */
function comparedValues(student: StudentSignals): StudentSignals {
  return {
    schools: student.schools.map((school) => school.trim()),
    employers: student.employers
      .map((employer) => employer.trim())
      .filter((employer) => employer.length >= 5),
    interests: student.interests
      .filter((interest) => norm(interest).length >= 3)
      .map((interest) => interest.trim()),
    majors: student.majors.filter((major) => norm(major).length >= 4).map((major) => major.trim()),
    city: student.city,
  };
}

/**
 * What `warmthSql` and `warmCandidatesSql` read of the student, and nothing else: the same SQL
 * for these as for the student (comparing them again changes nothing). "Warm first"'s kept
 * order is built for these and used while they are the student's (contacts/warm-order.ts).
 */
export const warmOrderSignals = (student: StudentSignals): StudentSignals =>
  comparedValues(student);

const anyOf = (parts: Array<SQL | undefined>) => {
  const present = parts.filter((part): part is SQL => Boolean(part));
  return present.length > 0 ? sql`(${sql.join(present, sql` or `)})` : null;
};

/**
 * The same comparison as `warmSignalsFor`, as SQL over `contacts`, for the directory's "Warm
 * first" order and warm-only filter across all its pages: `rank` is the strongest shared kind
 * (0 school … 4 location, 5 none, in STRENGTH's order) and `count` how many kinds are shared.
 * Substring matches stand in for the normalized names, so an edge case (a company suffix, a
 * "Greater … Area" location) can rank a person without a badge; the warm-only filter drops
 * those on the page (`hasWarmSignal`). Null when the student shares nothing with anyone.
 */
export function warmthSql(student: StudentSignals): { rank: SQL; count: SQL } | null {
  const values = comparedValues(student);
  const byKind: Record<WarmSignalKind, SQL | null> = {
    school: anyOf(
      values.schools.flatMap((school) => [
        contains(sql`coalesce(${contacts.university}, '')`, school),
        contains(sql`coalesce(${contacts.education}, '')`, school),
      ]),
    ),
    employer: anyOf(
      values.employers.map((employer) =>
        startsWith(sql`coalesce(${contacts.company}, '')`, employer),
      ),
    ),
    // Theirs inside the student's is compared with strpos, not ILIKE: their interest is text,
    // not a pattern (a "%" in it matched anything), as in the JS rule.
    interest: anyOf(
      values.interests.map(
        (interest) =>
          sql`exists (select 1 from unnest(${contacts.interests}) as theirs
              where length(theirs) >= 3 and (theirs ilike ${`%${escapeLike(interest)}%`}
                or strpos(lower(${interest}), lower(theirs)) > 0))`,
      ),
    ),
    major: anyOf(
      values.majors.map((major) => contains(sql`coalesce(${contacts.education}, '')`, major)),
    ),
    location: values.city
      ? contains(sql`split_part(coalesce(${contacts.location}, ''), ',', 1)`, values.city)
      : null,
  };
  const kinds = STRENGTH.filter((kind) => byKind[kind] !== null);
  if (kinds.length === 0) return null;
  return {
    rank: sql`(case ${sql.join(
      kinds.map(
        (kind) => sql`when ${byKind[kind]} then ${sql.raw(String(STRENGTH.indexOf(kind)))}`,
      ),
      sql` `,
    )} else ${sql.raw(String(NOT_WARM_RANK))} end)`,
    count: sql`(${sql.join(
      kinds.map((kind) => sql`(case when ${byKind[kind]} then 1 else 0 end)`),
      sql` + `,
    )})`,
  };
}

/** The interests as one text, each after a space: the expression of contacts_interests_text_trgm. */
const interestsText = sql`contact_interests_text(${contacts.interests})`;

/** Each run of three characters of a lowercased value, once. */
function threeLetterRuns(value: string): string[] {
  const letters = Array.from(value.toLowerCase());
  const runs = letters.slice(0, -2).map((_, i) => letters.slice(i, i + 3).join(""));
  return [...new Set(runs)];
}

/** Words in most schools' names: nearly every row holds their trigrams. */
const COMMON_SCHOOL_WORDS = new Set(["university", "college", "institute", "school", "the", "and"]);

/**
 * The words of a school's name that tell it apart, each a substring of the name: a text that
 * holds the name holds each of them, so they find everyone the name does. Without the common
 * words, the trigram index reads a few short lists instead of lists as long as the directory
 * ("%Cornell University%" took 45–250 ms of index reading at 1,000,000 people, "%Cornell%"
 * 11–34 ms). The name itself when no word is left.
 */
function schoolWords(school: string): string[] {
  const words = school
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !COMMON_SCHOOL_WORDS.has(word.toLowerCase()));
  return words.length > 0 ? [...new Set(words)] : [school];
}

/**
 * For each kind `warmthSql` compares, strongest first, its rank and the people it may find:
 * everyone that kind's rule matches and a few more, as conditions each a trigram index answers
 * (the bare columns, not `warmthSql`'s coalesced ones, which no index holds). "Warm first" reads
 * a kind's people through these and no one else (issue 41). An interest of theirs inside the
 * student's is at least three letters long, so it starts with one of the student's
 * three-letter runs, right after the space `contact_interests_text` puts before each element.
 */
export function warmCandidatesSql(student: StudentSignals): Array<{ rank: number; people: SQL }> {
  const values = comparedValues(student);
  const byKind: Record<WarmSignalKind, SQL | null> = {
    school: anyOf(
      values.schools.flatMap((school) =>
        [contacts.university, contacts.education].map((column) =>
          and(...schoolWords(school).map((word) => contains(column, word))),
        ),
      ),
    ),
    employer: anyOf(values.employers.map((employer) => startsWith(contacts.company, employer))),
    interest: anyOf(
      values.interests.flatMap((interest) => [
        contains(interestsText, interest),
        ...threeLetterRuns(interest).map((run) => contains(interestsText, ` ${run}`)),
      ]),
    ),
    major: anyOf(values.majors.map((major) => contains(contacts.education, major))),
    location: values.city ? contains(contacts.location, values.city) : null,
  };
  return STRENGTH.flatMap((kind, rank) => {
    const people = byKind[kind];
    return people ? [{ rank, people }] : [];
  });
}
