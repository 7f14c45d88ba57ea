import type { ResumeFacts } from "@reachout/contract";
import { normalizeValue } from "./resume-eval";

/**
 * A new upload's facts with the student's corrections of the previous one carried over: a
 * corrected entry (a school, a job, a project, an organization) survives wherever the new resume
 * still has the entry it corrected, matched by what was read for it (school, employer, project
 * or organization name, else its dates); an entry the student added stays; an entry no longer
 * in the resume goes, with its correction. A corrected single field (name, contact line,
 * location, skills, interests, publications) keeps the student's value. Bullets the student did not touch are
 * the new resume's.
 */
export function carryCorrections(
  previous: ResumeFacts,
  corrected: ResumeFacts,
  fresh: ResumeFacts,
): ResumeFacts {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const scalar = <K extends "name" | "contact_line" | "location" | "skills" | "interests">(
    key: K,
  ): ResumeFacts[K] => (same(corrected[key], previous[key]) ? fresh[key] : corrected[key]);
  return {
    name: scalar("name"),
    contact_line: scalar("contact_line"),
    location: scalar("location"),
    skills: scalar("skills"),
    interests: scalar("interests"),
    // Facts read before publications were kept have none: an absent list is an empty one.
    publications: same(corrected.publications ?? [], previous.publications ?? [])
      ? fresh.publications
      : corrected.publications,
    education: carryList(
      previous.education,
      corrected.education,
      fresh.education,
      (e) => e.school,
      (e) => e.dates ?? e.class_year,
    ),
    experiences: carryList(
      previous.experiences,
      corrected.experiences,
      fresh.experiences,
      (e) => e.employer,
      (e) => e.dates,
    ),
    projects: carryList(
      previous.projects,
      corrected.projects,
      fresh.projects,
      (p) => p.name,
      () => null,
    ),
    leadership: carryList(
      previous.leadership,
      corrected.leadership,
      fresh.leadership,
      (l) => l.organization,
      () => null,
    ),
  };
}

function carryList<T extends { bullets?: string[]; source?: unknown }>(
  previous: T[],
  corrected: T[],
  fresh: T[],
  key: (item: T) => string,
  dates: (item: T) => string | number | null | undefined,
): T[] {
  const keyOf = (item: T) => normalizeValue(key(item));
  // Which entry of the previous read each corrected entry corrects: the one at its place when
  // the student kept them all, else the one read with the same name, else with the same dates.
  const origin = corrected.map((item, i) => {
    if (corrected.length === previous.length) return previous[i];
    return (
      previous.find((p) => keyOf(p) === keyOf(item)) ??
      previous.find((p) => dates(p) != null && dates(p) === dates(item)) ??
      null
    );
  });
  const out: T[] = [];
  const used = new Set<number>();
  for (const item of fresh) {
    const index = origin.findIndex(
      (o, i) => !used.has(i) && o !== null && keyOf(o) === keyOf(item),
    );
    if (index < 0) {
      out.push(item);
      continue;
    }
    used.add(index);
    const correction = corrected[index];
    const before = origin[index] as T;
    const bulletsTouched = JSON.stringify(correction.bullets) !== JSON.stringify(before.bullets);
    out.push({
      ...correction,
      bullets: bulletsTouched ? correction.bullets : item.bullets,
      source: item.source,
    });
  }
  // Entries the student added (they correct nothing that was read) stay at the end.
  corrected.forEach((item, i) => {
    if (origin[i] === null) out.push(item);
  });
  return out;
}
