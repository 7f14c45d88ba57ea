/**
 * Reads the facts an outreach email can lean on out of a resume's plain text: the strongest
 * achievement lines, skills, and (when the profile lacks them) university, major and class year.
 * Resumes have no fixed shape, so this is a scoring heuristic, tuned to be conservative: it
 * would rather say less than quote a broken line.
 */
export interface ResumeFacts {
  highlights: string[];
  skills: string[];
  university: string | null;
  major: string | null;
  graduationYear: number | null;
}

const ACTION_VERBS = [
  "analyzed",
  "architected",
  "automated",
  "built",
  "co-founded",
  "conducted",
  "created",
  "delivered",
  "designed",
  "developed",
  "drove",
  "engineered",
  "evaluated",
  "executed",
  "founded",
  "grew",
  "implemented",
  "improved",
  "increased",
  "launched",
  "led",
  "managed",
  "modeled",
  "optimized",
  "organized",
  "performed",
  "prepared",
  "presented",
  "reduced",
  "researched",
  "shipped",
  "spearheaded",
  "streamlined",
  "supported",
  "trained",
  "valued",
  "wrote",
  "coordinated",
  "collaborated",
  "assisted",
  "advised",
  "authored",
  "constructed",
  "negotiated",
  "raised",
];

/** Skills worth naming when the resume has no explicit skills section. */
const KNOWN_SKILLS = [
  "Financial Modeling",
  "Valuation",
  "DCF",
  "LBO",
  "M&A",
  "Excel",
  "PowerPoint",
  "Bloomberg",
  "Capital IQ",
  "PitchBook",
  "FactSet",
  "Accounting",
  "Python",
  "SQL",
  "R",
  "Java",
  "JavaScript",
  "TypeScript",
  "React",
  "Node.js",
  "C++",
  "Go",
  "AWS",
  "Docker",
  "Kubernetes",
  "Git",
  "Machine Learning",
  "Deep Learning",
  "PyTorch",
  "TensorFlow",
  "Statistics",
  "Tableau",
  "Power BI",
  "Figma",
  "User Research",
  "Product Management",
  "A/B Testing",
  "Market Research",
  "Data Analysis",
  "Pandas",
  "Spark",
];

const SECTION =
  /^(technical\s+)?(skills|experience|work experience|professional experience|relevant experience|education|projects|leadership|activities|interests|certifications|awards|summary|objective)\b[:\s]*$/i;
const CONTACT_NOISE = /@|https?:|www\.|linkedin|\(\d{3}\)|\d{3}[-.\s]\d{3}[-.\s]\d{4}/i;

function lines(text: string): string[] {
  return text
    .replace(/\r/g, "")
    .split(/\n|•|●|▪|◦|\u2023|\s\|\s/)
    .flatMap((line) => (line.length > 260 ? line.split(/(?<=[.;])\s+(?=[A-Z])/) : [line]))
    .map((line) =>
      line
        .replace(/^[\s\-*–·>]+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean);
}

function sectionsOf(all: string[]): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current = "top";
  for (const line of all) {
    const heading = SECTION.exec(line);
    if (heading && line.length < 40) {
      current = heading[2].toLowerCase().replace(/.* /, "");
      continue;
    }
    sections.set(current, [...(sections.get(current) ?? []), line]);
  }
  return sections;
}

function scoreHighlight(line: string): number {
  if (line.length < 30 || line.length > 220 || CONTACT_NOISE.test(line)) return 0;
  const firstWord = line.split(" ")[0].toLowerCase();
  let score = 0;
  if (ACTION_VERBS.includes(firstWord)) score += 3;
  else if (/^[a-z]+ed$/.test(firstWord)) score += 2;
  else return 0;
  if (/\d/.test(line)) score += 2;
  if (/[%$]|\b(million|billion|users|clients|revenue)\b/i.test(line)) score += 2;
  if (line.length >= 50 && line.length <= 170) score += 1;
  return score;
}

/** "Built a DCF model." -> "built a DCF model": ready to follow "I". */
function asClause(line: string): string {
  const clause = line.replace(/[.;:,\s]+$/, "");
  const [first, ...rest] = clause.split(" ");
  const keepCase = /^[A-Z0-9&]{2,}$/.test(first);
  return [keepCase ? first : first.toLowerCase(), ...rest].join(" ");
}

function skillsOf(sections: Map<string, string[]>, text: string): string[] {
  const listed = (sections.get("skills") ?? [])
    .flatMap((line) => line.replace(/^[A-Za-z /&]+:\s*/, "").split(/[,;]|\s\/\s/))
    .map((s) => s.replace(/\(.*?\)/g, "").trim())
    .filter(
      (s) => s.length > 0 && s.length <= 30 && s.split(" ").length <= 4 && !CONTACT_NOISE.test(s),
    );
  if (listed.length > 0) return [...new Set(listed)].slice(0, 6);
  return KNOWN_SKILLS.filter((skill) => {
    const escaped = skill.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^A-Za-z])${escaped}($|[^A-Za-z+])`, skill.length <= 2 ? "" : "i").test(
      text,
    );
  }).slice(0, 6);
}

export function extractResumeFacts(text: string | null | undefined): ResumeFacts {
  const source = text ?? "";
  const all = lines(source);
  const sections = sectionsOf(all);
  const pool = [
    ...(sections.get("experience") ?? []),
    ...(sections.get("projects") ?? []),
    ...(sections.get("leadership") ?? []),
  ];
  const candidates = (pool.length > 0 ? pool : all)
    .map((line, index) => ({ line, index, score: scoreHighlight(line) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);

  const university =
    /\b((University|College|Institute) of [A-Z][A-Za-z.&\- ]{2,40}?|[A-Z][A-Za-z.&-]+(?: [A-Z][A-Za-z.&-]+){0,3} (University|College|Institute of Technology))\b/.exec(
      source,
    )?.[1] ?? null;
  const major =
    /\b(?:B\.?S\.?|B\.?A\.?|BBA|BSc|Bachelor of (?:Science|Arts))\s*(?:in|,)?\s*([A-Z][A-Za-z&]+(?: (?:and|&|[A-Z][A-Za-z&]+))*)/.exec(
      source,
    )?.[1] ?? null;
  const year =
    /\b(?:Class of|Expected|Graduat(?:ion|ing)|May|June|December|Dec\.?)\s*:?\s*(20\d{2})\b/i.exec(
      source,
    )?.[1];

  return {
    highlights: candidates.slice(0, 2).map((c) => asClause(c.line)),
    skills: skillsOf(sections, source),
    university: university?.trim() ?? null,
    major: major?.trim() ?? null,
    graduationYear: year ? Number(year) : null,
  };
}
