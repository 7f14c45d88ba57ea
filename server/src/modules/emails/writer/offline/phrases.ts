import { shortSchool } from "../../../contacts";
import { stemsOf, withoutLegalSuffix } from "../resume-facts";

export const list = (items: string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

/** "Technical Recruiter" -> "a Technical Recruiter", "Analyst" -> "an Analyst", "an MBA…". */
export function withArticle(title: string): string {
  const first = title.trim().split(/\s+/)[0] ?? "";
  // Letters read one by one ("an MBA", "an SQL"), unless the acronym is said as a word
  // ("a STEM tutor", "a NASA intern"): four letters or more with a vowel among them.
  const isAcronym =
    /^[A-Z&]{2,}$/.test(first) && !/^[A-Z]*[AEIOU][A-Z]*$/.test(first.length >= 4 ? first : "");
  const soundsLikeVowel = isAcronym
    ? /^[AEFHILMNORSX]/.test(first)
    : /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first) && !/^U[A-Z]/.test(first);
  return `${soundsLikeVowel ? "an" : "a"} ${title}`;
}

/** "Lazard" -> "Lazard's", "Pinecrest Technologies" -> "Pinecrest Technologies'". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** "the Census Bureau's news" at the start of a sentence: "The Census Bureau's news". */
export const upperFirst = (text: string) => text.replace(/^[a-z]/, (c) => c.toUpperCase());

export const sentence = (text: string) => {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

/** Subject lines stay under 70 characters: the first that fits wins. */
export function fitting(...subjects: string[]): string {
  return subjects.find((s) => s.length < 70) ?? subjects[subjects.length - 1].slice(0, 69).trim();
}

/** Organizations named with "the": a club, society or center, not a company. */
export const THE_ORGANIZATIONS =
  /\b(Club|Society|Association|Committee|Council|Lab|Laboratory|Center|Centre|Foundation|Team|Initiative|Program|Programme|Clinic|Department|Dept\.|Division|School of|College of|Commission|Office|Bureau|Agency|Administration|Library|Museum|House of Representatives|Senate|Assembly|Legislature)\b|^(United States|U\.S\.|US|Royal|British)\s+(Army|Navy|Air Force|Marine Corps|Coast Guard|Space Force)$/;

/**
 * "Cornell Consulting Club" -> "the Cornell Consulting Club", "Northwestern Sports Analytics
 * Group" (a group of the student's school) -> "the Northwestern ...", "Evercore" and
 * "Lattice Strategy Group" (companies) stay bare.
 */
export function organizationName(given: string, school: string | null): string {
  // "Hellman Lab, Dept. of Molecular Biosciences", "… Survey Project, Dept. of Health
  // Behavior": the lab or project, its department left to the resume (round 27 named both in
  // every sentence); "GLPU Dept. of Electrical & Computer Engineering" with its word whole.
  const name = given
    .replace(
      /^(.{3,60}?\b(?:Lab|Laboratory|Project|Center|Centre|Group)),\s+(?:Dept\.?|Department) of\b.*$/,
      "$1",
    )
    .replace(/\bDept\.?(?=\s+of\b)/, "Department");
  if (/^the\s/i.test(name)) return name;
  const schoolWord = school ? shortSchool(school).split(/\s+/)[0] : null;
  const schoolGroup =
    /\bGroup$/.test(name) && Boolean(schoolWord) && name.startsWith(`${schoolWord} `);
  // "During my time at University of Wisconsin" lacked its article (round 11).
  const universityOf = /^(University|College|Institute) of\b/.test(name);
  return THE_ORGANIZATIONS.test(name) || schoolGroup || universityOf || MILITARY.test(name)
    ? `the ${name}`
    : name;
}

/**
 * A service or one of its units ("United States Army", "115th Brigade Support Battalion", "1st
 * Cavalry Division"): named with "the", and served in, not worked at (round 24: "During my time
 * at 115th Brigade Support Battalion", "At the United States Army, I led").
 */
export const MILITARY =
  /\b(Army|Navy|Air Force|Marine Corps|Marines|Coast Guard|National Guard|Space Force|Battalion|Brigade|Regiment|Squadron|Platoon|Cavalry|Infantry Division|Airborne Division|Armored Division|Fleet)\b/;

/**
 * A public body named for what it is ("U.S. Government Accountability Office", "Department of
 * Energy", "National Park Service") takes "the" wherever an email names it (round 9: "your
 * work at U.S. Government Accountability Office"); a company's name ("ServiceNow") stays bare.
 */
const PUBLIC_BODY =
  /\b(Office|Agency|Department|Administration|Bureau|Service|Commission|Authority|Board|Corps|Ministry|Council|Foundation|Museum|Library|Federal Reserve( Bank)?|Institutes of Health)(\s+(of|for|on)\s+.+)?$/;

export function employerName(name: string): string {
  const said = withoutLegalSuffix(name) || name;
  return /^the\s/i.test(said) || !PUBLIC_BODY.test(said) ? said : `the ${said}`;
}

/** Whether two texts share a word's stem: a certificate's name and the goal's roles. */
export function sharesStem(text: string, other: string): boolean {
  const theirs = stemsOf(other);
  return [...stemsOf(text)].some((stem) => theirs.has(stem));
}

/**
 * A contact's title as a sentence can carry it: "a Director of Policy", but none for a title
 * with its own comma or brackets or of many words ("your role as a Director, Summer
 * Undergraduate Research Program in Microbiology (REU)" read as pasted, round 19).
 */
export function asTitle(title: string | null): string {
  if (!title) return "";
  if (/[,()|/]/.test(title) || title.split(/\s+/).length > 5) return "";
  return ` as ${withArticle(title)}`;
}

/**
 * The reader's team as their title names it after a comma ("Vice President, Healthcare
 * Investment Banking" -> "the Healthcare Investment Banking team", "Senior Manager, Cyber
 * Defense Center" -> "the Cyber Defense Center"), or null: round 21's readers asked why an email
 * to someone in a named group never named it. A region ("West Region"), a level or a second
 * title ("… & PGY1 Residency Coordinator") is no team.
 */
export function teamOf(title: string | null): string | null {
  const part = /,\s*([^,]+)$/.exec(title ?? "")?.[1]?.trim();
  if (!part || part.split(/\s+/).length > 5 || !/^[A-Z]/.test(part) || /[()|/]/.test(part)) {
    return null;
  }
  if (
    /\b(region|regions|americas|emea|apac|north america|global|east|west|north|south|midwest|northeast|southeast|northwest|southwest)$/i.test(
      part,
    ) ||
    /\b(coordinator|manager|director|lead|head|recruiter|partner|associate|analyst|engineer|specialist|officer|president|vp|chair|i{1,3}|iv)$/i.test(
      part,
    )
  ) {
    return null;
  }
  if (/^the\s/i.test(part)) return part;
  return /\b(team|group|center|centre|department|lab|laboratory|office|division|practice|sector|unit|studio|desk|program|clinic)$/i.test(
    part,
  )
    ? `the ${part}`
    : `the ${part} team`;
}

/** "on the Creator Tools team", "in the Cyber Defense Center": where someone works in a team. */
export const inTeam = (team: string) =>
  `${/\b(team|group|desk)$/i.test(team) ? "on" : "in"} ${team}`;

/** "University of Michigan" -> "the University of Michigan"; "Duke University" stays. */
export const schoolWithArticle = (school: string) =>
  // "The University of Texas at Austin" mid-sentence: "at the University of Texas at Austin"
  // ("The Ohio State University" keeps the capital it insists on).
  /^The (University|College|Institute)\b/.test(school)
    ? school.replace(/^The/, "the")
    : /^(University|College|Institute) of /i.test(school) ||
        / Institute of Technology$/i.test(school)
      ? `the ${school}`
      : school;
