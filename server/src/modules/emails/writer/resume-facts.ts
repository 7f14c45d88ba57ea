import type { ResumeFacts as StructuredFacts } from "@reachout/contract";
import { ACTION_VERBS, parseResumeFacts } from "../../resumes";
import { clauseOf, inPresent } from "./clause";
import { trustedFacts } from "./trusted";

/**
 * What an outreach email leans on from the structured resume facts: the strongest
 * achievements (a number, a named employer or project) and the field the student's own
 * experience points to, so an email never claims a direction the resume does not support.
 */
export interface Achievement {
  /** Ready to follow "I": "built a DCF model for a $1.2B acquisition". */
  clause: string;
  /** The employer, project or organization it happened at. */
  where: string;
  role: string | null;
  kind: "experience" | "project" | "leadership";
  /** Still going on (dates to "Present"): told in the present, never "where I was". */
  current: boolean;
  /** A clinical rotation or placement (the resume reader's mark): done at a site, not held. */
  placement?: boolean;
  score: number;
  /** How much of the score speaks to the reader (0 when nothing is known of them). */
  relevance?: number;
}

export type Field =
  | "accounting"
  | "finance"
  | "marketing"
  | "hr"
  | "consulting"
  | "software"
  | "data"
  | "design"
  | "product"
  | "operations"
  | "communications"
  | "journalism"
  | "engineering"
  | "it"
  | "general";

const FIELD_PATTERNS: Array<[Field, RegExp]> = [
  // Before finance: an audit-track accounting student asks for audit work, not "an analyst
  // role" (round 7).
  [
    "accounting",
    /\b(accounting|accountant|audit\w*|assurance|tax|cpa|bookkeep\w*|forensic accounting)\b/i,
  ],
  [
    "hr",
    /\b(human resources|hr|shrm(-c?cp|-scp)?|phr|sphr|talent acquisition|people operations|recruiting coordinator|industrial[- ]organizational|organizational psychology)\b/i,
  ],
  // A reporter or a journalism student asks for reporting, not "communications" (round 15's
  // readers: a metro reporter's notes to newsroom editors read as a PR job hunt).
  [
    "journalism",
    /\b(journalism|journalist|reporter|reporting|newsroom|news producer|multimedia producer)\b/i,
  ],
  // Before marketing: public relations and corporate writing are communications work.
  [
    "communications",
    /\b(communications?|public relations|media relations|editor\w*|copywrit\w*|speechwrit\w*)\b/i,
  ],
  [
    "marketing",
    /\b(marketing|brand management|brand strategy|social media|advertising|public relations|content strategy|seo)\b/i,
  ],
  [
    "finance",
    // An economist ("tech economist", "Economist Intern") is no finance student.
    /\b(financ\w*|invest\w*|banking|bank|equity|econom(?!ist)\w*|valuation|dcf|lbo|m&a|trading|trader|capital markets|wealth|asset management|hedge fund|credit)\b/i,
  ],
  ["consulting", /\b(consult\w*|strategy|case competition|engagement)\b/i],
  [
    "product",
    /\b(product manag\w*|product intern|product analyst|roadmap|\bpm\b|product owner)\b/i,
  ],
  // The engineering disciplines ("engineer" alone is none of them, nor software).
  [
    "engineering",
    /\b(chemical|process|mechanical|civil|electrical|aerospace|biomedical|environmental|materials|structural|petroleum|nuclear) engineer\w*/i,
  ],
  [
    "operations",
    /\b(operations|supply chain|industrial engineering|industrial and systems engineering|logistics|manufacturing|lean|six sigma)\b/i,
  ],
  // Before design and software: IT support, help desk and network administration (round 28's
  // career changer finishing an IT degree was asked for "a full-time role" of no kind).
  [
    "it",
    /\b(information technology|it support|help desk|helpdesk|service desk|desktop support|network administration|system administrat\w*|sysadmin|comptia)\b/i,
  ],
  ["design", /\b(design\w*|ux|ui|figma|user research|visual|interaction|prototyp\w*)\b/i],
  ["data", /\b(data scien\w*|machine learning|statistics|analytics|data analyst|ml engineer)\b/i],
  [
    "software",
    // "engineer" alone is no software word: a mechanical or civil engineer is not one.
    /\b(software|computer science|computer engineering|developer|swe|(software|backend|frontend|full-stack|web|platform|data|machine learning|ml|devops|site reliability|mobile) engineer\w*|python|java|typescript|javascript|react|node\.?js|golang|docker|kubernetes|backend|frontend|full-stack|web app\w*|mobile app\w*|ios app|android app|rest api|apis?|microservices?|jwt|ci\/cd|github actions|command-line tool|cli tool)\b/i,
  ],
];

/** Every field a piece of text names ("Computer Science and Economics": software and finance). */
const fieldsOfText = (text: string | null | undefined): Field[] =>
  text ? FIELD_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([field]) => field) : [];

/**
 * The field the resume points to, claimed only when both sides of it agree (issue 36 round 3:
 * a biology PhD and a mechanical engineer were written as heading into software engineering,
 * an English major into a data analyst internship): one of the student's roles and their
 * major name the same field. Skills alone never decide it. "general" otherwise, and the email
 * asks without naming a field.
 */
export function fieldOf(facts: StructuredFacts, major: string | null): Field {
  const majors = new Set(
    [major, ...facts.education.map((e) => e.major)].flatMap((m) => fieldsOfText(m)),
  );
  const roles = new Map<Field, number>();
  for (const e of facts.experiences) {
    const fields = new Set(fieldsOfText(e.role));
    // "Summer Associate" at McKinsey & Company: the firm says what the title does not.
    if (CONSULTING_FIRMS.test(e.employer ?? "")) fields.add("consulting");
    for (const field of fields) roles.set(field, (roles.get(field) ?? 0) + 1);
  }
  let best: Field = "general";
  let top = 0;
  for (const [field, count] of roles) {
    if (majors.has(field) && count > top) {
      best = field;
      top = count;
    }
  }
  return best;
}

/** Firms whose every title (an associate, an analyst) is consulting work. */
const CONSULTING_FIRMS =
  /\b(mckinsey|bain & company|boston consulting group|bcg|kearney|oliver wyman|l\.e\.k\.|roland berger|strategy&|deloitte consulting|accenture strategy|ey-parthenon|[a-z]+ consulting( group)?)\b/i;

/**
 * The engineering a student asks for, from their major (a chemical engineer works in process
 * engineering), else the discipline their roles name, else plain "engineering".
 */
export function engineeringAreaOf(facts: StructuredFacts, major: string | null): string {
  const texts = [
    major,
    ...facts.education.map((e) => e.major),
    ...facts.experiences.map((e) => e.role),
  ];
  for (const text of texts) {
    const discipline =
      /\b(chemical|process|mechanical|civil|electrical|aerospace|biomedical|environmental|materials|structural|petroleum|nuclear) engineer/i.exec(
        text ?? "",
      )?.[1];
    if (discipline) {
      const word = discipline.toLowerCase();
      return word === "chemical" ? "process engineering" : `${word} engineering`;
    }
  }
  return "engineering";
}

/** The kinds of design work, each as a posting names it. */
const DESIGN_AREAS: Array<[RegExp, string]> = [
  // "Learning experience design" is instructional design, not a product designer's UX.
  [/\b(instructional|learning|curriculum|e-?learning)\b/i, "instructional design"],
  [
    /\b(product|ux|ui|user experience|user interface|interaction|human[- ]centered)\b/i,
    "product design",
  ],
  [/\bgraphic\b/i, "graphic design"],
  [/\b(brand|branding|identity)\b/i, "brand design"],
  [/\b(motion|animation|animator)\b/i, "motion design"],
  [/\bvisual\b/i, "visual design"],
  [/\bweb\b/i, "web design"],
  [/\bindustrial\b/i, "industrial design"],
  [/\binterior\b/i, "interior design"],
  [/\b(fashion|apparel)\b/i, "fashion design"],
];

/** The kind of design a piece of text names ("Graphic Design Assistant": graphic design). */
export function designAreaOfText(text: string | null | undefined): string | null {
  if (!text || !/\b(design\w*|ux|ui|animat\w*)\b/i.test(text)) return null;
  return DESIGN_AREAS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/**
 * The design a designer asks for, from the roles they held (round 7: a graphic and brand
 * designer was asked for "product design" because every design field was one): the kind most
 * of their design roles name, the latest first on a tie; their major's when no role names
 * one; plain "design" when neither does.
 */
export function designAreaOf(facts: StructuredFacts, major: string | null): string {
  const counts = new Map<string, number>();
  for (const e of facts.experiences) {
    const area = designAreaOfText(e.role);
    if (area) counts.set(area, (counts.get(area) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [area, count] of counts)
    if (best === null || count > (counts.get(best) ?? 0)) best = area;
  if (best) return best;
  for (const m of [major, ...facts.education.map((e) => e.major)]) {
    const area = designAreaOfText(m);
    if (area) return area;
  }
  return "design";
}

/**
 * Words a resume puts where an employer goes that name no employer: a shift type ("PRN", "per
 * diem"), an arrangement ("Part-time", "Remote", "Contract"), a status (issue 36: "At PRN").
 */
const NOT_EMPLOYERS =
  /^(prn|per[\s-]?diem|as needed|partner|client|independent study|((senior|honou?rs|undergraduate|master'?s|bachelor'?s) )?thesis|(area|field|district|regional|branch|main|head|front|central|corporate|home) office|full[\s-]?time|part[\s-]?time|contract(or)?|temp(orary)?|seasonal|remote|hybrid|on[\s-]?site|in[\s-]?person|internship|intern|volunteer(ing)?|freelance|self[\s-]?employed|various|n\/?a|none|present|current|summer|fall|spring|winter|nights?|days?|weekends?|career break|sabbatical|family leave|parental leave|caregiving|teaching|research)$/i;

/**
 * Whether a resume's role reads as a role title ("Infantry Team Leader", "Analyst"), not a unit
 * or an organization put where the title goes ("101st Airborne Division", "Acme LLC"): "As a
 * 101st Airborne Division, I …" is no sentence (round 7).
 */
const SECTION_WORDS =
  /^(leadership|volunteer(ing)?|activities|involvement|service|community)(\s*(&|and|\/|,)\s*(leadership|volunteer(ing)?|activities|involvement|service|community( service| involvement)?))+( experience)?$/i;

export function isRoleTitle(role: string | null | undefined): role is string {
  const text = role?.trim() ?? "";
  if (!text || /^[\d([]/.test(text)) return false;
  // A section's heading ("Leadership & Volunteer") or a place ("Public Health Madison & Dane
  // County", a rotation's site) read where a title goes (round 13).
  if (SECTION_WORDS.test(text) || /\bcounty\b/i.test(text)) return false;
  return !/\b(division|battalion|brigade|regiment|squadron|platoon|airborne|infantry division|inc|llc|ltd|university|college)\b/i.test(
    text,
  );
}

/**
 * Whether an education line names a school, not a course provider's certificate ("Coursera ·
 * Meta Front-End Developer Certificate"), which no signature should give as the student's school.
 */
export function isSchoolName(school: string | null | undefined): school is string {
  const text = school?.trim() ?? "";
  return (
    text.length > 1 &&
    !/[·|]|\b(certificates?|certification|coursera|udemy|edx|udacity|linkedin learning|codecademy|freecodecamp)\b/i.test(
      text,
    )
  );
}

/**
 * Whether an education line's major is a field of study, not the school's place read as one
 * ("Ann Arbor" from "University of Michigan, Ann Arbor, MI"): a place is followed by a state or
 * country code in the resume's own text, or is one.
 */
export function isMajorField(major: string | null | undefined, resumeText = ""): major is string {
  const text = major?.trim() ?? "";
  if (text.length < 2 || /\d/.test(text) || /^[A-Z]{2}$/.test(text)) return false;
  // A state or country code, not a degree's ("Computer Science, BS"), nor a school's short name
  // ("Department of Statistics, UW–Madison": round 17's statistics PhD lost his field).
  // "Department of Economics, UT Austin": a school's short name before its city is no place
  // code (round 25's economics junior lost his major to it).
  const place = String.raw`,\s*(?!(?:BS|BA|MS|MA|AA|AS)\b)[A-Z]{2}(?![\w–—-])(?!\s+[A-Z][a-z])`;
  if (new RegExp(place).test(text)) return false;
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return !new RegExp(String.raw`\b${escaped}` + place).test(resumeText);
}

/** Whether an experience's employer is a name that can follow "At" in an email. */
export function isEmployerName(employer: string | null | undefined): boolean {
  const name =
    employer
      ?.trim()
      .replace(/[.,;:()]/g, "")
      .trim() ?? "";
  if (!name || !/[A-Za-z]/.test(name)) return false;
  // "Honors Thesis, Department of Psychology": its first part says what it is.
  const first = employer?.split(",")[0]?.trim() ?? "";
  return !NOT_EMPLOYERS.test(name) && !NOT_EMPLOYERS.test(first) && !/^(19|20)\d{2}\b/.test(name);
}

/** A header line read as a bullet: a role or place with its date range ("Registered Nurse, Jan 2024 – Present"). */
const HEADER_LINE = /\b(19|20)\d{2}\s*[–—-]\s*((\w+\.?\s+)?(19|20)\d{2}|present|current|now)\b/i;

/** Whether a bullet is one a resume can show (not a header line, a link or a fragment). */
function isTellable(bullet: string): boolean {
  if (bullet.length < 25 || bullet.length > 240 || /@|https?:/.test(bullet)) return false;
  return !(HEADER_LINE.test(bullet) && bullet.length < 70);
}

/** What is counted when a bullet gives its scale: people reached or led, places, things made. */
const COUNTED =
  "users|views|viewers|followers|subscribers|impressions|downloads|visitors|readers|listeners|attendees|participants|guests|students|members|people|employees|staff|volunteers|interns|hires|candidates|applicants|clients|customers|patients|donors|sponsors|partners|accounts|businesses|companies|vendors|sites|locations|stores|branches|clinics|hospitals|schools|campuses|countries|cities|states|regions|teams|engineers|analysts|officers|soldiers|guards|reps|agents|nurses|events|workshops|projects|products|campaigns|transactions|records|orders|units|vehicles|facilities";

/**
 * A measured outcome or scale: a share ("30%"), money ("$1.2B", "$40K"), a magnitude ("210K
 * views", "2 million"), a count of what was reached or led ("across 11 client sites", "a team
 * of 6", "14 clinics"), a change made ("cutting prep time by 40 minutes").
 */
const MEASURED = new RegExp(
  [
    String.raw`\d\s*%|\bpercent\b`,
    String.raw`[$€£]\s?\d`,
    String.raw`\b\d[\d,.]*\s*(k|m|mm|b|bn)\b`,
    String.raw`\b\d[\d,.]*\+?\s*(thousand|million|billion)\b`,
    String.raw`\b\d[\d,.]*\+?\s+(?:[a-z-]+\s+){0,2}(${COUNTED})\b`,
    String.raw`\b(team|staff|crew|squad|group|cohort) of \d`,
    String.raw`\b\d+-(person|member)\b`,
    // A change it made: "cutting desk prep time by 40 minutes", "from 3 days to 4 hours".
    String.raw`\b(by|from)\s+(over\s+|about\s+|nearly\s+)?\d`,
  ].join("|"),
  "i",
);

/** A count of four or fewer of what is counted ("1–2 patients", "3 classmates"). */
const SMALL_COUNT = new RegExp(
  String.raw`\b[1-4](?:\s*[–-]\s*[1-4])?\s+(?:[a-z-]+\s+){0,2}(?:${COUNTED})\b`,
  "gi",
);

/** A scale past the everyday: thousands, millions, "210K". */
const LARGE =
  /\b\d[\d,.]*\s*(k|m|mm|b|bn|thousand|million|billion)\b|\b\d{1,3}(,\d{3})+\b|\b[1-9]\d{3,}\b(?<!\b(19|20)\d{2}\b)/i;

/** Verbs that say the student made or owned the work, not took part in it. */
const OWNING =
  /^(built|launched|led|designed|created|founded|co-founded|cofounded|developed|produced|grew|increased|reduced|cut|raised|drove|established|initiated|started|wrote|authored|implemented|spearheaded|directed|shipped|engineered|architected|pioneered|negotiated|won|secured|generated|saved|delivered|redesigned|automated|managed|headed|published|invented|boosted|doubled|tripled|scaled|overhauled|restructured|modeled|analyzed|recruited|trained|mentored)$/i;

/**
 * Routine duties: taking part, helping, being responsible for, a shift's supervision. What a
 * job asked of everyone who held it says little of the student (round 7: shift supervision was
 * chosen over security across 11 client sites).
 */
const ROUTINE =
  /^(attended|attend|attending|assisted|assist|assisting|helped|help|helping|supported|participated|participating|shadowed|observed|answered|greeted|filed|stocked|cleaned|sorted|scheduled|performed|maintained|monitored|served|staffed|worked|covered|completed|followed|checked|processed|handled|responsible|duties|tasked|member)\b|^(supervised|oversaw|ran|managed)\s+(\w+\s+){0,2}shifts?\b/i;

/**
 * What a bullet shows of the student's work, before anything about its reader (round 7): a
 * measured outcome or scale first, then a verb of ownership; routine duties count against it.
 */
function substanceOf(bullet: string): number {
  const text = bullet.replace(/^[\s•·*\-–—]+/, "");
  const first = text.split(/\s+/)[0]?.toLowerCase() ?? "";
  let substance = 0;
  // "for 1–2 patients", "with 3 classmates": a handful is a fact, not a measured outcome
  // (round 24's readers: a nurse's leads were "basic care … for 1–2 patients").
  if (MEASURED.test(text) && !MEASURED.test(text.replace(SMALL_COUNT, " "))) substance += 1;
  else if (MEASURED.test(text)) {
    substance += 3;
    if (LARGE.test(text)) substance += 1;
  } else if (/\d/.test(text.replace(/\b(19|20)\d{2}\b/g, ""))) substance += 1;
  if (ROUTINE.test(text)) substance -= 3;
  else if (OWNING.test(first)) substance += 2;
  // A bullet that starts with its verb says what the student did; one that names a thing
  // ("Distributed key-value store ...") is told too, with a verb of its own (clause.ts).
  // "Managing a full assignment of 4 patients", a current job's gerund, is as much a deed.
  else if (ACTION_VERBS.has(first) || /^[a-z]+(ed|ing)$/.test(first)) substance += 1;
  return substance;
}

/** How well a bullet reads in an email, between bullets of equal substance: a sentence's length. */
const readsWell = (bullet: string) => (bullet.length >= 50 && bullet.length <= 170 ? 1 : 0);

/**
 * How much substance weighs against the reader's relevance (0 to 9): a step of substance is
 * worth three of relevance, so between bullets a step or two apart (two measured outcomes, one
 * larger) the reader's field and words decide, and a routine duty (four steps or more below a
 * measured outcome or an owned piece of work) never wins on words shared with the reader.
 */
const SUBSTANCE_WEIGHT = 3;

/** The field a piece of text speaks of (a bullet, an industry, a job title), or null. */
export function fieldOfText(text: string): Field | null {
  return FIELD_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/** Words that say nothing about a line of work, left out when a bullet is matched to a reader. */
const PLAIN_WORDS = new Set(
  "with from that this their they them into over under about team teams company companies inc llc group work working worked using used manager director senior junior lead head intern recruiter university talent acquisition associate help helped helping role roles position job jobs full-time part-time entry-level".split(
    " ",
  ),
);

/**
 * "Chick-fil-A, Inc." is the company's legal name: people say "Chick-fil-A" (round 11). "The
 * Kroger Co." and "The Boeing Company" are said without their "The" too ("The Kroger", round
 * 21); "The Home Depot" keeps it.
 */
export const withoutLegalSuffix = (name: string) => {
  const company = /^the\s+(.+?),?\s+(Co|Company|Companies)\.?$/i.exec(name.trim());
  if (company) return company[1].trim();
  // "CITIC Securities Co., Ltd.": two suffixes, both gone (round 24 said "CITIC Securities Co.").
  const suffix = /,?\s+(Inc|LLC|L\.L\.C|Ltd|Corp|Corporation|Co|PLC|LLP)\.?$/i;
  const bare = name.replace(suffix, "").replace(suffix, "").trim();
  // "Beaumont Clarke & Co.": the "& Co." is the name's own (round 30 wrote "Beaumont Clarke &").
  return /[&+]$/.test(bare) ? name.trim() : bare;
};

/** Words of four letters or more but the plainest, by their first five: "analytics" and "analyst" share one. */
export const stemsOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[a-z][a-z&+-]{3,}/g) ?? [])
      .filter((word) => !PLAIN_WORDS.has(word))
      .map((word) => word.slice(0, 5)),
  );

/** Who an email is for, as far as choosing what to tell them goes. */
export interface Reader {
  company: string | null;
  title: string | null;
  industry: string | null;
  /** The roles the student is after ("IT help desk", "UX designer"): work toward them counts. */
  aims?: string[];
  /** What the student typed about their meeting ("looking over my FSAE bracket design"). */
  told?: string | null;
}

/** What of the reader's world a bullet is matched against, worked out once per email. */
interface ReaderWords {
  field: Field | null;
  /** The kind of work the reader's title says they do ("research" for a Research Associate). */
  trades: Set<string>;
  /** The field the student aims for ("software engineering"), whoever the reader is. */
  aimField: Field | null;
  stems: Set<string>;
  aims: Set<string>;
  /** The reader's company, lower-cased: work done there is what they know best. */
  company: string | null;
  told: Set<string>;
  /** What the student typed, lower-cased, to find a place of theirs named in it. */
  toldText: string;
}

/** Stems of how a meeting is told ("thanks for the call on Tuesday"), not what it was about. */
const MEETING_WORDS = new Set(
  "thank thanks call calls chat chats coffee zoom phone meeti minut looki talki time times fair caree booth week weeks quick great helpf reall walki throu monda tuesd wedne thurs frida satur sunda after befor offer asked email emails send sendi resum spend spent speak spoke conve quest answe hear heari share shari advic mock inter today yeste morni eveni lunch dinne visit tour table night event sessi panel talk talks".split(
    " ",
  ),
);

function readerWordsOf(reader: Reader): ReaderWords | null {
  const theirs = [reader.industry, reader.title].filter(Boolean).join(" ");
  const aims = stemsOf((reader.aims ?? []).join(" "));
  const told = new Set([...stemsOf(reader.told ?? "")].filter((stem) => !MEETING_WORDS.has(stem)));
  if (!theirs && !reader.company && aims.size === 0 && told.size === 0) return null;
  return {
    field: theirs ? fieldOfText(theirs) : null,
    trades: tradesOf(`${reader.title ?? ""} ${reader.industry ?? ""}`),
    aimField: fieldOfText((reader.aims ?? []).join(" ")),
    stems: stemsOf(`${theirs} ${reader.company ?? ""}`),
    aims,
    company: reader.company ? companyKey(reader.company) : null,
    told,
    toldText: companyKey(reader.told ?? ""),
  };
}

/** Kinds of work a title or a place names, each by the words that say it. */
const TRADES: Array<[string, RegExp]> = [
  ["research", /\b(research\w*|lab|laboratory|think tanks?|thesis|scientist|policy analyst)\b/i],
  ["pharmacy", /\b(pharmac\w*)\b/i],
  ["nursing", /\b(nurs\w*|rn|bsn|patient care)\b/i],
  ["teaching", /\b(teach\w*|tutor\w*|instructor|educat\w*)\b/i],
  ["security", /\b(security|cyber\w*|soc|threat|incident response)\b/i],
  ["architecture", /\b(architect\w*|studio)\b/i],
  ["law", /\b(law|legal|paralegal|attorney|counsel|litigation)\b/i],
];

const tradesOf = (text: string) =>
  new Set(TRADES.filter(([, words]) => words.test(text)).map(([trade]) => trade));

/**
 * How much an achievement speaks to the reader's world (issue 36: every reader of the review
 * named achievements unrelated to the recipient): the same field as their industry or title,
 * and words their industry, title or company share with the bullet, its role or where it was.
 */
function relevanceTo(achievement: Achievement, bullet: string, reader: ReaderWords): number {
  const ours = [bullet, achievement.role, achievement.where].filter(Boolean).join(" ");
  const field = fieldOfText(ours);
  let relevance = reader.field && field === reader.field ? 3 : 0;
  // Work in the field the student asks for speaks for them to anyone (round 11: a warehouse
  // job's numbers led a software student's note to a recruiter, over his web app).
  if (reader.aimField && field === reader.aimField) relevance += 5;
  let shared = 0;
  let aimed = 0;
  let told = 0;
  for (const stem of stemsOf(ours)) {
    if (reader.told.has(stem)) told++;
    if (reader.stems.has(stem)) shared++;
    else if (reader.aims.has(stem)) aimed++;
  }
  // What the meeting was about (round 13: a call spent on the student's bracket design was
  // followed up with his calculus tutoring) speaks most to the one who was there.
  relevance += Math.min(shared, 2) * 2 + Math.min(aimed, 2) + Math.min(told, 2) * 3;
  // Work of the reader's own trade (a research assistant's coding of eviction filings, to a
  // think tank's research associate) speaks to them before a job's size: round 21 led with a
  // dining hall's shift supervision instead.
  const trades = tradesOf(`${achievement.role ?? ""} ${achievement.where}`);
  if ([...trades].some((trade) => reader.trades.has(trade))) relevance += 3;
  // Work at the reader's own company ("UW Health University Hospital" to a UW Health nurse
  // manager) comes first: round 13's readers asked why a blood drive was told instead.
  if (reader.company && achievement.where && worksAt(companyKey(achievement.where), reader.company))
    relevance += 8;
  // Work done with the reader's company ("collaborated with scientists at Dow on a sponsored
  // project", to a Dow scientist) speaks to them as work there does (round 24's readers).
  else if (reader.company && namedIn(companyKey(bullet), reader.company)) relevance += 6;
  // The place the student named in what they typed ("how my CITIC internship is relevant") is
  // the one the meeting was about: it is told (round 24 told a club's stock pitch instead).
  const [first = "", second = ""] = companyKey(achievement.where ?? "").split(" ");
  const named =
    (first.length >= 4 && !PLACE_WORDS.has(first) && namedIn(reader.toldText, first)) ||
    (second !== "" && namedIn(reader.toldText, `${first} ${second}`));
  // The work the student named by its title ("saying scribe exp actually counts", to the one
  // who said it) is the one to tell (round 27 told lab-safety training instead).
  const titleWords = ((achievement.role ?? "").toLowerCase().match(/[a-z]{5,}/g) ?? []).filter(
    (word) => !PLAIN_WORDS.has(word) && !COMMON_TITLE_WORDS.has(word),
  );
  if (named || titleWords.some((word) => namedIn(reader.toldText, word))) relevance += 10;
  return relevance;
}

/** Words of a title too common to say which job the student meant ("assistant", "student"). */
const COMMON_TITLE_WORDS = new Set(
  "assistant student volunteer member undergraduate graduate research summer staff specialist coordinator representative part-time".split(
    " ",
  ),
);

/** First words of a place's name that say no one place ("University of …", "Department of …"). */
const PLACE_WORDS = new Set(
  "university college school department center centre institute national american united state city county community north south east west new the".split(
    " ",
  ),
);

/** Whether a lower-cased text names a lower-cased name as whole words. */
const namedIn = (text: string, name: string) =>
  name.length >= 3 && ` ${text} `.includes(` ${name} `);

const companyKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9& ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** "uw health university hospital" is at "uw health"; "bank" alone names no one. */
const worksAt = (where: string, company: string) =>
  company.length >= 4 && (where === company || where.startsWith(`${company} `));

/**
 * The strongest achievements, best first: at most one per employer or project, or (`every`)
 * every bullet that reads as an achievement, for a follow-up that adds one more. Given the
 * reader, the ones that speak to their field and work come first among them.
 */
export function achievementsOf(
  facts: StructuredFacts,
  every = false,
  reader: Reader | null = null,
): Achievement[] {
  const all: Achievement[] = [];
  const words = reader ? readerWordsOf(reader) : null;
  const push = (bullets: string[], base: Omit<Achievement, "clause" | "score">, bonus: number) => {
    for (const bullet of bullets) {
      // "(Supabase backend, ~400 monthly users)": a bracketed aside is no achievement, and
      // "I built (Supabase …)." no sentence.
      if (/^[\s•·*\-–—]*[([]/.test(bullet)) continue;
      if (!isTellable(bullet)) continue;
      // A bullet that reads as no clause (clause.ts) is left out, never told garbled.
      const told = clauseOf(bullet, base.kind);
      if (!told) continue;
      // "Redesigning client portal …" under a job still going on is under way, not done
      // ("I redesigned", round 17): "am redesigning".
      const gerund = base.current ? /^[\s•·*\-–—]*([A-Z][a-z]+ing)\b/.exec(bullet)?.[1] : null;
      const clause = gerund
        ? told.replace(/^\S+/, `am ${gerund.toLowerCase()}`)
        : base.current || base.kind === "leadership"
          ? inPresent(told, bullet, base.current)
          : told;
      // "Shared in the ASU CS Discord; reached 1,400+ users" told as "shared it in …": a bullet
      // with no object of its own says what the work came to, not what it was; one that says
      // what was made comes first (round 30's readers: "never says what the app does").
      const objectless =
        /^\S+ it\b/.test(clause) && !/\bit\b/i.test(bullet) ? 2 * SUBSTANCE_WEIGHT : 0;
      const score = SUBSTANCE_WEIGHT * substanceOf(bullet) + readsWell(bullet) + bonus - objectless;
      const achievement = { ...base, clause, score };
      if (words) {
        const relevance = relevanceTo(achievement, bullet, words);
        achievement.score += relevance;
        achievement.relevance = relevance;
      }
      all.push(achievement);
    }
  };
  for (const [i, e] of facts.experiences.entries()) {
    // A gap explained on the resume ("Full-Time Student", "Caregiver", "Career Break") is no
    // work to pitch: round 19 listed "finished the last 30 credits … while caring for a family
    // member" as what a returner brings.
    if (GAP_ENTRY.test(`${e.role ?? ""}|${e.employer}`)) continue;
    const current = /\b(present|current|now)\b/i.test(e.dates ?? "");
    // Two titles at one employer (a promotion whose bullets sit under one of them) and a course
    // of training entered as a job name no title: round 17 told a senior paralegal's work as
    // the junior title's, and "where I was a UX Design Immersive".
    const promoted = facts.experiences.some(
      (other) => other !== e && other.employer === e.employer && other.role !== e.role,
    );
    const training = TRAINING_ENTRY.test(`${e.employer} ${e.role ?? ""}`);
    // "PRN" or "Part-time" where the employer goes: the work is told without an employer.
    push(
      e.bullets,
      {
        where: isEmployerName(e.employer) ? withoutLegalSuffix(e.employer) || e.employer : "",
        // A rotation's course is kept as written ("Adult Health II – Cardiac Step-Down Unit"):
        // it names the rotation, though no title.
        role: (isRoleTitle(e.role) || e.placement) && !promoted && !training ? e.role : null,
        kind: "experience",
        current,
        ...(e.placement ? { placement: true } : {}),
      },
      i === 0 ? 1 : 0,
    );
  }
  // A project's bullet weighs a step of substance less than a job's, a club's two: a club
  // treasurer's budget is told after an internship's measured work, before its routine.
  for (const p of facts.projects) {
    push(
      p.bullets,
      { where: p.name, role: null, kind: "project", current: false },
      -SUBSTANCE_WEIGHT,
    );
  }
  for (const l of facts.leadership) {
    push(
      l.bullets,
      { where: l.organization, role: l.role, kind: "leadership", current: false },
      -2 * SUBSTANCE_WEIGHT,
    );
  }
  all.sort((a, b) => b.score - a.score);
  if (every) return all;
  const seen = new Set<string>();
  return all.filter((a) => {
    if (seen.has(a.where)) return false;
    seen.add(a.where);
    return true;
  });
}

/** An experience entry that is a course of training, not a job ("UX Design Immersive"). */
export const TRAINING_ENTRY =
  /\b(bootcamp|boot camp|immersive|nanodegree|certificate program|fellowship program)\b/i;

/** An entry that explains time away from work rather than work done. */
const GAP_ENTRY =
  /(^|\|)\s*((full|part)[- ]time student|student|caregiv\w*|family caregiver|career break|sabbatical|parental leave|family leave|stay[- ]at[- ]home parent)\s*(\||$)/i;

/** The short form of the facts that follow-ups lean on: achievement clauses and skills. */
export interface ResumeFacts {
  /** Ready to follow "I", best first: "built a DCF model for a $1.2B acquisition". */
  highlights: string[];
  skills: string[];
  university: string | null;
  major: string | null;
  graduationYear: number | null;
}

/**
 * The short facts of a resume: from its text, or (better, with the student's corrections) from
 * the structured facts of resumes/facts-store.ts's loadResumeFacts.
 */
export function extractResumeFacts(
  source: string | StructuredFacts | null | undefined,
): ResumeFacts {
  const facts =
    typeof source === "object" && source !== null ? source : trustedFacts(parseResumeFacts(source));
  const education = facts.education[0];
  return {
    highlights: achievementsOf(facts).map((a) => a.clause),
    skills: facts.skills.slice(0, 6),
    university: education?.school ?? null,
    major: education?.major ?? null,
    graduationYear: education?.class_year ?? null,
  };
}
