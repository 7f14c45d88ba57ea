import type {
  ResumeEducation,
  ResumeExperience,
  ResumeFacts,
  ResumeLeadership,
  ResumeProject,
} from "@reachout/contract";

/**
 * Reads a resume's plain text (PDF or DOCX, see extract-text.ts) into structured facts: name,
 * contact line, location, education, experiences with their bullets, projects, leadership,
 * skills and interests. Resumes have no fixed shape, so this works from section headings and
 * line shapes and would rather leave a field empty than fill it with a broken line; the
 * student corrects what it misses on the Account page.
 */

type Section =
  | "top"
  | "summary"
  | "education"
  | "experience"
  | "projects"
  | "leadership"
  | "skills"
  | "interests"
  | "other";

const HEADINGS: Array<[RegExp, Section]> = [
  [/^(education|academic background|education & honors)$/, "education"],
  [
    /^((work|professional|relevant|industry|finance|consulting|engineering|design|product)\s+)?(experience|employment|work history)$/,
    "experience",
  ],
  [
    /^((selected|technical|academic|personal|design|side)\s+)?(projects|portfolio)$|^selected work$/,
    "projects",
  ],
  [
    /^(leadership|leadership (&|and) activities|activities|extracurriculars?|extracurricular activities|campus involvement|leadership experience|clubs|activities (&|and) leadership|leadership (&|and) involvement)$/,
    "leadership",
  ],
  [
    /^((technical\s+)?skills|skills (&|and) (interests|tools)|technical skills (&|and) interests|tools|toolkit|skills, languages (&|and) interests|additional( information)?|core competencies)$/,
    "skills",
  ],
  [/^(interests|hobbies)$/, "interests"],
  [/^(summary|profile|objective|about( me)?)$/, "summary"],
  [
    /^(awards|honors|certifications|publications|languages|references|coursework|relevant coursework)$/,
    "other",
  ],
];

const BULLET = /^[\s]*[•●▪◦‣\u2022\u25AA\u25CF\u2013*-]\s*/;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const PHONE = /(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}/;
const LINK =
  /(linkedin\.com\/\S+|github\.com\/\S+|https?:\/\/\S+|\b[\w-]+\.(dev|io|me|com)\/?\S*)/i;
const MONTH =
  "(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summer|Fall|Autumn|Winter)\\.?";
const DATE = `(?:${MONTH}\\s+)?(?:19|20)\\d{2}|\\d{1,2}/(?:19|20)\\d{2}`;
const DATE_RANGE = new RegExp(
  `(${DATE})(?:\\s*(?:-|–|—|to)\\s*(${DATE}|Present|Current|Now))?`,
  "i",
);
const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(
    " ",
  ),
);
const SCHOOL = /\b(University|College|Institute|School|Academy|Polytechnic|Conservatory)\b/;
const DEGREE =
  /\b(B\.?\s?S\.?(?:E\.?)?|B\.?\s?A\.?|BBA|BFA|BSBA|BSE|B\.?Arch|A\.?B\.?|Sc\.?B\.?|B\.?Sc\.?|BEng|MFA|M\.?\s?S\.?|M\.?\s?A\.?|MBA|M\.?Eng|Ph\.?D\.?|Bachelor(?:'s)?(?: of [A-Z][a-z]+(?: [A-Z][a-z]+)?)?|Master(?:'s)?(?: of [A-Z][a-z]+(?: [A-Z][a-z]+)?)?|Associate(?:'s)? of [A-Z][a-z]+|Minor)(?![A-Za-z])/;
const ROLE_WORDS =
  /\b(intern(ship)?|analyst|engineer|developer|associate|assistant|manager|designer|consultant|researcher|fellow|lead|president|vice president|founder|co-founder|member|coordinator|director|officer|representative|tutor|teaching assistant|scientist|strategist|specialist|treasurer|captain|chair|editor|mentor|ambassador|trader|advisor|volunteer|head|organizer|product|marketing|operations|research|summer|student)\b/i;
const STRONG_ROLE =
  /\b(intern(ship)?|analyst|engineer|developer|associate|assistant|manager|designer|consultant|researcher|fellow|president|vice president|founder|co-founder|coordinator|director|officer|representative|tutor|scientist|strategist|specialist|treasurer|captain|chair|editor|mentor|ambassador|trader|advisor|volunteer|lead|head|organizer|member)\b/i;
const ORGANIZATION =
  /\b(inc|llc|ltd|corp|company|group|partners|capital|fund|club|society|association|foundation|center|centre|labs?|bank|securities|consulting|advisory|university|college|school|museum|institute|studio|agency|ventures|holdings|technologies|systems|council|team)\b\.?/i;

/** How much a header part reads like a job title rather than an organization. */
function roleScore(part: string): number {
  let score = 0;
  if (STRONG_ROLE.test(part)) score += 2;
  if (ROLE_WORDS.test(part)) score += 1;
  if (ORGANIZATION.test(part)) score -= 2;
  return score;
}

const VERB_LIKE = /^[A-Z][a-z]+(ed|ted|ped|ged|ned|led)\b/;
export const ACTION_VERBS = new Set(
  "analyzed architected automated built co-founded conducted created delivered designed developed drove engineered evaluated executed founded grew implemented improved increased launched led managed modeled optimized organized performed prepared presented reduced researched shipped spearheaded streamlined supported trained valued wrote coordinated collaborated assisted advised authored constructed negotiated raised ran taught tutored mentored produced partnered owned redesigned refactored scaled sourced pitched interviewed prototyped facilitated won cut saved generated secured recruited published mapped benchmarked audited identified drafted tested deployed migrated integrated conceived directed expanded initiated introduced oversaw planned restructured revamped simplified translated".split(
    " ",
  ),
);

const clean = (line: string) =>
  line
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

function headingOf(line: string): Section | null {
  if (line.length > 48 || BULLET.test(line) || /\d/.test(line)) return null;
  const key = line
    .toLowerCase()
    .replace(/[:：]$/, "")
    .replace(/\s+/g, " ")
    .trim();
  for (const [pattern, section] of HEADINGS) if (pattern.test(key)) return section;
  return null;
}

function isBullet(line: string): boolean {
  if (BULLET.test(line) && !/^-\s*\d/.test(line)) return true;
  const first =
    line
      .split(" ")[0]
      ?.toLowerCase()
      .replace(/[^a-z-]/g, "") ?? "";
  return (
    line.length > 35 &&
    (ACTION_VERBS.has(first) || VERB_LIKE.test(line)) &&
    !DATE_RANGE.test(line.slice(0, 20))
  );
}

const unbullet = (line: string) => line.replace(BULLET, "").trim();

/** "Columbia Investment Club", "Goldman Sachs | New York, NY": a header, not wrapped text. */
function titleLike(line: string): boolean {
  const words = line.split(" ").filter((w) => /^[A-Za-z]/.test(w));
  if (words.length === 0) return false;
  const capitals = words.filter((w) => /^[A-Z]/.test(w)).length;
  return capitals / words.length >= 0.6;
}

/** Lines with wrapped bullets joined back together. */
function linesOf(text: string): string[] {
  const raw = text.replace(/\r\n?/g, "\n").split("\n").map(clean).filter(Boolean);
  const out: string[] = [];
  for (const line of raw) {
    const previous = out.at(-1);
    const continuation =
      previous !== undefined &&
      BULLET.test(previous) &&
      !BULLET.test(line) &&
      !headingOf(line) &&
      !DATE_RANGE.test(line) &&
      !isBullet(line) &&
      (/^[a-z0-9(&$%]/.test(line) ||
        (previous.length > 70 && !/[.!?%)]$/.test(previous) && !titleLike(line)));
    // A header wrapped mid-range ("..., Jun 2025 –" / "Aug 2025") or after a separator.
    const wrappedHeader =
      previous !== undefined &&
      !BULLET.test(previous) &&
      !headingOf(line) &&
      (/[–—|,-]$/.test(previous) ||
        (/^((19|20)\d{2}|Present|Current)\b/.test(line) &&
          line.length < 30 &&
          new RegExp(`${MONTH}$`, "i").test(previous)));
    if (continuation || wrappedHeader) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out;
}

function splitSections(lines: string[]): Map<Section, string[]> {
  const sections = new Map<Section, string[]>();
  let current: Section = "top";
  for (const line of lines) {
    const heading = headingOf(line);
    // "Skills: Python, SQL" opens and fills the skills section on one line.
    const inline = /^(technical skills|skills|interests|languages|tools)\s*:\s*(.+)$/i.exec(line);
    if (heading) {
      current = heading;
      continue;
    }
    if (inline && current !== "skills" && current !== "interests") {
      const section: Section = /interests/i.test(inline[1]) ? "interests" : "skills";
      sections.set(section, [...(sections.get(section) ?? []), line]);
      continue;
    }
    sections.set(current, [...(sections.get(current) ?? []), line]);
  }
  return sections;
}

function nameOf(top: string[]): string | null {
  for (const line of top.slice(0, 4)) {
    const candidate = line.replace(/\s*[|·•].*$/, "").trim();
    if (EMAIL.test(candidate) || PHONE.test(candidate) || /\d/.test(candidate)) continue;
    const words = candidate.split(" ");
    if (words.length < 2 || words.length > 4) continue;
    if (!words.every((w) => /^[A-Z][A-Za-z'’.-]*$/.test(w))) continue;
    if (SCHOOL.test(candidate) || headingOf(candidate)) continue;
    // An all-caps name reads better in title case ("ADA LOVELACE" -> "Ada Lovelace").
    return words
      .map((w) => (w === w.toUpperCase() && w.length > 2 ? w[0] + w.slice(1).toLowerCase() : w))
      .join(" ");
  }
  return null;
}

const COUNTRIES = new Set(
  "United States|United Kingdom|Canada|France|Germany|Ireland|Netherlands|Switzerland|Spain|Italy|Sweden|India|China|Japan|Singapore|Australia|Brazil|Mexico|Nigeria|Kenya|Israel|Korea|South Korea|Hong Kong|UAE".split(
    "|",
  ),
);

/** "New York, NY" or "London, United Kingdom" in a line, never "Intern, Stripe". */
function locationIn(line: string): string | null {
  for (const part of line.split(/\s*[|·•]\s*/)) {
    if (EMAIL.test(part) || LINK.test(part) || PHONE.test(part)) continue;
    // "Hatch Design, San Francisco, CA": the region follows the last comma before it.
    const pieces = part.split(/\s*,\s*/);
    for (let i = 1; i < pieces.length; i++) {
      const region = pieces[i].trim().replace(/\s*\d.*$/, "");
      if (!US_STATES.has(region) && !COUNTRIES.has(region)) continue;
      const words = pieces[i - 1]
        .trim()
        .split(/\s+/)
        .filter((w) => /^[A-Z][a-zA-Z.]*$/.test(w));
      if (words.length === 0) continue;
      const city = words.slice(-2);
      const twoWords = city.length === 2 && !ROLE_WORDS.test(city[0]) && !SCHOOL.test(city[0]);
      const name = twoWords && words.length <= 3 ? city.join(" ") : city[city.length - 1];
      if (SCHOOL.test(name)) continue;
      return `${name}, ${region}`;
    }
  }
  return null;
}

function contactLineOf(lines: string[]): string | null {
  const parts = lines
    .slice(0, 8)
    .filter((line) => EMAIL.test(line) || PHONE.test(line) || /linkedin|github/i.test(line))
    .flatMap((line) => line.split(/\s*[|·•]\s*|\s{2,}/))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? [...new Set(parts)].join(" | ").slice(0, 300) : null;
}

function yearOf(line: string): number | null {
  const classOf = /\b(?:class of|expected|graduat\w*|anticipated)\D{0,12}((?:19|20)\d{2})\b/i.exec(
    line,
  );
  if (classOf) return Number(classOf[1]);
  const years = [...line.matchAll(/\b((?:19|20)\d{2})\b/g)].map((m) => Number(m[1]));
  return years.length ? Math.max(...years) : null;
}

function educationOf(lines: string[]): ResumeEducation[] {
  const entries: ResumeEducation[] = [];
  let current: ResumeEducation | null = null;
  for (const raw of lines) {
    const line = unbullet(raw);
    const schoolMatch =
      SCHOOL.test(line) && !/\bGPA\b/i.test(line) && !/^(relevant )?coursework/i.test(line);
    // "University of Michigan" then "Ross School of Business": the second names a part of the first.
    const subSchool = current !== null && !current.degree && !current.class_year;
    if (schoolMatch && !subSchool) {
      const pieces = line.split(/\s*[|–—,]\s*|\s{2,}/);
      const index = pieces.findIndex((part) => SCHOOL.test(part));
      let school = pieces[index]?.replace(DATE_RANGE, "").trim();
      // "University of California, Berkeley": the campus belongs to the name.
      const campus = pieces[index + 1]?.trim();
      if (
        school &&
        /^University of /.test(school) &&
        campus &&
        /^[A-Z][a-z]+( [A-Z][a-z]+)?$/.test(campus) &&
        !US_STATES.has(campus) &&
        !DEGREE.test(campus)
      ) {
        school = `${school}, ${campus}`;
      }
      if (school && (!current || current.school !== school)) {
        current = { school, degree: null, major: null, class_year: null, gpa: null };
        entries.push(current);
      }
    }
    if (!current) continue;
    const degree = degreeIn(line);
    if (degree && !current.degree && !/^minor$/i.test(degree[1])) {
      current.degree = degree[1].replace(/\s+/g, " ").trim();
      const after = line.slice(degree.index + degree[0].length);
      const major =
        /^\.?\s*(?:in|of|,|:|–|-)?\s*([A-Z][A-Za-z&]+(?:\s(?:and|&|[A-Z][A-Za-z&]+))*)/.exec(after);
      if (major && !DATE_RANGE.test(major[1]) && !/^(Expected|GPA|Class)$/.test(major[1])) {
        current.major = major[1].replace(/\s(and|&)$/, "").trim();
      }
    }
    if (!current.major) {
      const major =
        /\b(?:Major|Concentration)s?\s*:?\s*([A-Z][A-Za-z&]+(?:\s(?:and|&|[A-Z][A-Za-z&]+))*)/.exec(
          line,
        );
      if (major) current.major = major[1].trim();
    }
    const gpa = /\bGPA\s*:?\s*(\d\.\d{1,2}(?:\s*\/\s*\d\.\d{1,2})?)/i.exec(line);
    if (gpa && !current.gpa) current.gpa = gpa[1].replace(/\s/g, "");
    const year = /\bGPA\b/i.test(line) && !/(19|20)\d{2}/.test(line) ? null : yearOf(line);
    if (year && (!current.class_year || year > current.class_year) && year > 1990) {
      current.class_year = year;
    }
  }
  return entries.slice(0, 6);
}

/** The degree of an education line; "MA" after a comma is Massachusetts, not a degree. */
function degreeIn(line: string): RegExpExecArray | null {
  const pattern = new RegExp(DEGREE.source, "g");
  for (const match of line.matchAll(pattern)) {
    const before = line.slice(0, match.index);
    if (/^[A-Z]{2}$/.test(match[1]) && US_STATES.has(match[1]) && /,\s*$/.test(before)) continue;
    return match as RegExpExecArray;
  }
  return null;
}

/** Splits an entry header ("Evercore — Summer Analyst, Jun 2025 – Aug 2025") into its parts. */
function headerParts(line: string): {
  parts: string[];
  dates: string | null;
  location: string | null;
} {
  const range = DATE_RANGE.exec(line);
  const dates = range ? range[0].trim() : null;
  const withoutDates = range ? line.replace(range[0], " ") : line;
  const location = locationIn(withoutDates);
  const rest = location ? withoutDates.replace(location, " ") : withoutDates;
  const parts = rest
    .split(/\s*[|–—·•]\s*|\s+-\s+|,\s+|\s{2,}|\s*\(\s*|\s*\)\s*/)
    .flatMap((part) => {
      const at = /^(.+?)\s+at\s+(.+)$/.exec(part);
      return at && roleScore(at[1]) >= 2 ? [at[1], at[2]] : [part];
    })
    .map((part) => part.replace(/[,;:]+$/, "").trim())
    .filter((part) => part.length > 1 && !/^(remote|hybrid)$/i.test(part));
  return { parts, dates, location };
}

interface Entry {
  headers: string[];
  bullets: string[];
}

function entriesOf(lines: string[]): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | null = null;
  for (const line of lines) {
    if (isBullet(line)) {
      if (!current) {
        current = { headers: [], bullets: [] };
        entries.push(current);
      }
      current.bullets.push(unbullet(line).replace(/\s+([.,;])/g, "$1"));
      continue;
    }
    if (!current || current.bullets.length > 0) {
      current = { headers: [], bullets: [] };
      entries.push(current);
    }
    current.headers.push(line);
  }
  return entries.filter((entry) => entry.headers.length > 0 || entry.bullets.length > 0);
}

function experienceOf(entry: Entry): ResumeExperience | null {
  const pieces = entry.headers.map(headerParts);
  const parts = pieces.flatMap((p) => p.parts);
  if (parts.length === 0) return null;
  const scored = parts.map((part) => ({ part, score: roleScore(part) }));
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  let role = best.score > 0 ? best.part : null;
  const isRole = (part: string) => roleScore(part) > 0;
  let employer =
    parts.find((part) => part !== role && !isRole(part)) ??
    parts.find((part) => part !== role) ??
    null;
  if (!employer) {
    // Both look like roles ("Product Design Intern", "Research Lab"): the first line is the employer.
    employer = parts[0] === role ? (parts[1] ?? null) : parts[0];
    if (!employer) {
      employer = role;
      role = null;
    }
  }
  if (!employer) return null;
  return {
    employer: employer.slice(0, 120),
    role: role && role !== employer ? role.slice(0, 120) : null,
    dates: pieces.find((p) => p.dates)?.dates ?? null,
    location: pieces.find((p) => p.location)?.location ?? null,
    bullets: entry.bullets.slice(0, 12),
  };
}

function projectOf(entry: Entry): ResumeProject | null {
  const header = entry.headers[0];
  if (!header) {
    const first = entry.bullets[0];
    return first ? { name: first.split(/[:–—]/)[0].slice(0, 80), bullets: entry.bullets } : null;
  }
  const name = header
    .replace(DATE_RANGE, "")
    .split(/\s*[|–—:(]\s*|\s+-\s+|,\s+/)[0]
    .trim();
  if (!name) return null;
  const extra = header.slice(header.indexOf(name) + name.length).replace(/^[\s|–—:(-]+/, "");
  const bullets = [...entry.headers.slice(1), ...entry.bullets];
  if (bullets.length === 0 && extra.length > 20) bullets.push(extra.replace(/\)$/, ""));
  return { name: name.slice(0, 120), bullets: bullets.slice(0, 12) };
}

function leadershipOf(entry: Entry): ResumeLeadership | null {
  const experience = experienceOf(entry);
  if (!experience) return null;
  return { organization: experience.employer, role: experience.role, bullets: experience.bullets };
}

const LABEL = /^[A-Za-z /&-]{2,30}:/;

/** A skills line wrapped in a narrow column ("Adobe Illustrator, After" / "Effects, Figma"). */
function joinWrappedList(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (previous !== undefined && !LABEL.test(line) && !BULLET.test(line)) {
      const lastItem = previous.split(/[,;|]/).at(-1)?.trim() ?? "";
      const firstItem = line.split(/[,;|]/)[0]?.trim() ?? "";
      const fragment =
        lastItem.split(" ").length <= 1 &&
        firstItem.split(" ").length <= 2 &&
        previous.length >= 25 &&
        !/[.;]$/.test(previous);
      if (/,$/.test(previous) || fragment) {
        out[out.length - 1] = `${previous} ${line}`;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

function listOf(lines: string[]): string[] {
  return lines
    .flatMap((line) =>
      unbullet(line)
        .replace(/^[A-Za-z /&-]{2,30}:\s*/, "")
        .split(/\s*[,;|•·]\s*/),
    )
    .map((item) =>
      item
        .replace(/\(.*?\)/g, "")
        .replace(/[.]$/, "")
        .trim(),
    )
    .filter((item) => item.length > 0 && item.length <= 40 && item.split(" ").length <= 5)
    .filter((item) => !EMAIL.test(item) && !LINK.test(item));
}

export function parseResumeFacts(text: string | null | undefined): ResumeFacts {
  const lines = linesOf(text ?? "");
  const sections = splitSections(lines);
  const top = sections.get("top") ?? [];
  const skillLines = joinWrappedList(sections.get("skills") ?? []);
  const interestLines = [
    ...(sections.get("interests") ?? []),
    ...skillLines.filter((line) => /^(interests|hobbies)\s*:/i.test(line)),
  ];
  const skills = listOf(
    skillLines.filter((line) => !/^(interests|hobbies|languages spoken)\s*:/i.test(line)),
  );
  const location =
    top
      .slice(0, 8)
      .map((line) => locationIn(line))
      .find(Boolean) ?? null;
  return {
    name: nameOf(top.length ? top : lines),
    contact_line: contactLineOf(top.length ? top : lines),
    location,
    education: educationOf(sections.get("education") ?? []),
    experiences: entriesOf(sections.get("experience") ?? [])
      .map(experienceOf)
      .filter((e): e is ResumeExperience => e !== null)
      .slice(0, 12),
    projects: entriesOf(sections.get("projects") ?? [])
      .map(projectOf)
      .filter((p): p is ResumeProject => p !== null)
      .slice(0, 12),
    leadership: entriesOf(sections.get("leadership") ?? [])
      .map(leadershipOf)
      .filter((l): l is ResumeLeadership => l !== null)
      .slice(0, 12),
    skills: [...new Set(skills)].slice(0, 40),
    interests: [...new Set(listOf(interestLines))].slice(0, 20),
  };
}
