import type { ResumeFacts } from "@reachout/contract";
import nlp from "compromise";
import { ACTION_VERBS } from "../../resumes";

/**
 * The gate between the resume reader and the writer. A layout the reader does not know yet
 * leaves lines of a shape no resume entry has: a bullet's glyph inside a sentence ("» Run a
 * $6.8M/yr store"), an employer that is the tail of a wrapped line ("servicing"), a school cut
 * at its column's edge ("Whitfield School of Public"), an employer or a title read as a skill.
 * Round after round, each such line became a false statement in every email of that student
 * (rounds 27–29: 13, 109, 71). What fails its shape here is not told: the employer is left out
 * of the sentence, the bullet is not chosen, the school not named, the skill not listed. Only
 * the shape of a value is judged, never its content, so a name no test has seen still passes.
 */
export function trustedFacts(facts: ResumeFacts): ResumeFacts {
  const names = new Set(
    [
      ...facts.experiences.flatMap((e) => [e.employer, e.role ?? ""]),
      ...facts.leadership.flatMap((l) => [l.organization, l.role ?? ""]),
      ...facts.education.map((e) => e.school),
      ...facts.projects.map((p) => p.name),
    ]
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  return {
    ...facts,
    education: facts.education.map((e) => ({
      ...e,
      school: isSchoolShaped(e.school) ? e.school : "",
    })),
    experiences: facts.experiences.map((e) => ({
      ...e,
      employer: isNameShaped(e.employer) ? e.employer : "",
      role: e.role && isTitleShaped(e.role) ? e.role : null,
      bullets: e.bullets.filter(isBulletShaped),
    })),
    // "Hackathons" over "HackASU 2026 — 2nd Place" and its lines: a heading read as a project's
    // name names no project ("On Hackathons, a project of mine", round 30).
    projects: facts.projects
      .filter((p) => !SECTION_NAME.test(p.name.trim()))
      .map((p) => ({ ...p, bullets: p.bullets.filter(isBulletShaped) })),
    leadership: facts.leadership.map((l) => ({
      ...l,
      organization: isNameShaped(l.organization) ? l.organization : "",
      role: l.role && isTitleShaped(l.role) ? l.role : null,
      bullets: l.bullets.filter(isBulletShaped),
    })),
    skills: facts.skills.filter((skill) => isSkillShaped(skill, names)),
  };
}

/** A section's or a group's heading, no one thing's name. */
const SECTION_NAME =
  /^((academic|personal|selected|other|class|course|side|technical)\s+)?(hackathons?|competitions?|projects?|activities|misc(ellaneous)?|coursework|other)$/i;

/**
 * A bullet's or an icon's glyph: guillemets and chevrons, bullets, arrows, box drawing and
 * geometric shapes, dingbats (✓ ➤), an icon font's private-use characters, emoji.
 */
const GLYPH =
  /[\u00BB\u203A\u2022\u2023\u2043\u2190-\u21FF\u2500-\u27BF\u2900-\u297F\u2B00-\u2BFF\uE000-\uF8FF\u{1F000}-\u{1FAFF}]/u;

/** A name never ends on a word that joins it to more ("Whitfield School of", "Smith &"). */
const DANGLING = /(\s(of|and|for|the|at|in|with|to|on|a|an|de|del|la|y)|[&,/(–—-])$/i;

/** A name cut inside a place's: "University of California San", "Bank of New". */
const PLACE_CUT = /\s(San|Los|Las|Santa|New|St\.?|El|Fort|Palo|Baton|Des)$/;

/** A school's name cut at its column: "School of Public", "College of Environmental". */
const SCHOOL_CUT =
  /\b(of|and)\s+(public|social|political|applied|international|environmental|natural|human|health|computer|civil|mechanical|electrical|biomedical|information|business and)$/i;

/** Words a title holds that a name does not need: the check for a title is a name's. */
const TITLE_WORDS = 8;

/** Connecting words a name may hold in small letters ("Bank of America", "Doctors without Borders"). */
const SMALL_WORDS = new Set(
  "of and for the at in on with to a an de del la y du der von van und et & without upon".split(
    " ",
  ),
);

const balanced = (text: string) =>
  (text.match(/\(/g)?.length ?? 0) === (text.match(/\)/g)?.length ?? 0) &&
  (text.match(/\[/g)?.length ?? 0) === (text.match(/]/g)?.length ?? 0);

/**
 * Whether a value read where an employer, an organization or a title goes has a name's shape:
 * it opens on a capital or a figure ("iRobot" and "eBay" too), holds no glyph, is whole (no
 * dangling "of", balanced brackets) and is no sentence (an action verb and its object, or
 * three words in small letters that join nothing).
 */
export function isNameShaped(value: string, maxWords = 12): boolean {
  const text = value.trim();
  if (text.length < 2 || text.length > 90) return false;
  // "de Bono Group": a particle before a capital opens a name too; "@IUEatsCheap" a handle.
  if (
    GLYPH.test(text) ||
    !/^(\p{Lu}|\d|@\w|\p{Ll}\p{Lu}|(de|van|von|da|du|le|la|del) \p{Lu})/u.test(text)
  ) {
    return false;
  }
  if (DANGLING.test(text) || PLACE_CUT.test(text) || !balanced(text)) return false;
  // "B16.34; logged data in LabVIEW": a wrapped bullet's tail, no name holds a semicolon.
  if (text.includes(";")) return false;
  const words = text.split(/\s+/);
  if (words.length > maxWords) return false;
  if (words.length >= 4 && ACTION_VERBS.has(words[0].toLowerCase())) return false;
  const small = words.filter((w) => /^\p{Ll}/u.test(w) && !SMALL_WORDS.has(w.toLowerCase()));
  return small.length < 3;
}

function isSchoolShaped(school: string): boolean {
  // "First-year student in the College of Food": the student's line, not the school's name.
  return (
    isNameShaped(school) &&
    !SCHOOL_CUT.test(school.trim()) &&
    !/\b(student|candidate|major|minor|gpa)\b/i.test(school)
  );
}

/** A title holds no zip code, phone or year: "MN 55901" is a contact line's end. */
const isTitleShaped = (role: string) => isNameShaped(role, TITLE_WORDS) && !/\d{4,}/.test(role);

/**
 * Whether a bullet reads as one line of one entry: no glyph after its own opening one (two
 * bullets run together, a "»" pasted in), not a wrapped line's tail (opening in small letters
 * on a joining word), brackets closed.
 */
export function isBulletShaped(bullet: string): boolean {
  const text = bullet.replace(/^[\s•·*\-–—»›▪●■◦➢➤✓✔►▸♦◆]+/u, "").trim();
  if (!text || GLYPH.test(text) || !balanced(text)) return false;
  return !/^(and|or|but|to|of|for|with|in|on|at|by|which|that|while)\s/.test(text);
}

/** A skills table's own labels, read across as items. */
const SKILL_LABEL =
  /^(skills?|certifications?|certificates?|systems|operations|tools|software|technical|technologies|frameworks|libraries|platforms|languages|other|digital|hands|general|core|analytical|soft skills|hard skills)$/i;

/** Titles held, not tools: "Design Intern" in a skills list is a column read across. */
const ROLE_WORD =
  /\b(intern|internship|assistant|manager|coordinator|director|associate|specialist|representative|officer|supervisor|fellow|volunteer|president|treasurer|secretary)\b/i;

/**
 * A lone word in small letters names a skill ("python", "research", "excel") unless it is a
 * word that names nothing: an adverb, a preposition, a pronoun ("elsewhere", "within").
 */
const NAMES_NOTHING = ["Adverb", "Preposition", "Determiner", "Pronoun", "Conjunction"];
const lonePartOk = (word: string) => {
  const terms = (nlp(word).json() as Array<{ terms: Array<{ tags: string[] }> }>).flatMap(
    (s) => s.terms,
  );
  return terms.length === 1 && !terms[0].tags.some((tag) => NAMES_NOTHING.includes(tag));
};

/**
 * Whether a listed skill has a skill's shape: short, no glyph, no sentence, not a title held
 * nor a name the resume gives an employer, school or project ("Fieldhouse & Finch"), and a lone
 * word in small letters only when it names something ("communication", not "elsewhere").
 */
export function isSkillShaped(skill: string, names: ReadonlySet<string> = new Set()): boolean {
  const text = skill.trim();
  if (!text || GLYPH.test(text) || !balanced(text)) return false;
  // "Advanced Excel (financial modeling, VBA macros)": the bracket qualifies the tool.
  const core = text.replace(/\s*\([^)]*\)/g, "");
  if (core.length > 40 || core.split(/\s+/).length > 5) return false;
  if (/[.!?]$/.test(text) || /\b(I|my|me)\b/.test(text)) {
    return false;
  }
  if (ROLE_WORD.test(text) || names.has(text.toLowerCase())) return false;
  // "Certifications", "Systems", "Operations" from a skills table's labels (round 32).
  if (SKILL_LABEL.test(text)) return false;
  if (DANGLING.test(text)) return false;
  return !/^\p{Ll}+$/u.test(text) || lonePartOk(text);
}
