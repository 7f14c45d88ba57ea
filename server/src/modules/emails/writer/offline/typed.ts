import type { CareerGoal } from "@reachout/contract";
import { MONTHS } from "../../../../lib/month-day";
import { askFor, SEASON_STARTS } from "../goal";
import { vocabularyOf } from "../occasion";
import type { WriteInput } from "../types";

import type { Facts } from "./facts";

/**
 * The student's own words for an occasion, ready to follow "for" or "about": trimmed, without
 * a lead the sentence says already ("Thank you for ...") and without the end punctuation.
 */
export function phraseOf(text: string | null | undefined, lead: RegExp): string | null {
  const phrase = text
    ?.trim()
    .replace(lead, "")
    .replace(/[.!?\s]+$/, "");
  if (!phrase) return null;
  return /^(Our|The|Your|My|Taking|Meeting|Speaking|Talking|Last|Yesterday|Chatting)\b/.test(phrase)
    ? phrase.replace(/^[A-Z]/, (c) => c.toLowerCase())
    : phrase;
}

/**
 * The part of a typed career-fair topic that reads after "our conversation about": the student's
 * notes often run on ("asked about the placement in Derby vs Bristol, whether they take aero
 * students, she said yes and mentioned the online tests. chatted about my rocket for a bit").
 * "asked (her) about X" is X; only the first clause is kept; a question asked ("asked her if …"),
 * or what is left still longer than a phrase, is no topic (null): the note then says only where
 * they met rather than pasting the notes.
 */
export function topicPhrase(text: string | null | undefined): string | null {
  if (!text) return null;
  // ", and Income Security" continues a name; ", and he said …" starts a note of its own.
  const first = text
    .trim()
    .replace(/,\s+and\s+(?=[A-Z])/g, ",\ue000and ")
    .split(
      /(?<!\b[a-z])[.?!;](?:\s|$)|\s[-–—]\s|,\s+(?=(?:he|she|they|we|i|you|and|but|then|also|plus)\b)/i,
    )[0]
    ?.replaceAll("\ue000", " ")
    .trim();
  if (!first) return null;
  // "asked him if they sponsor visas" is the question itself: "whether they sponsor visas".
  const phrase = first
    // "How the team partners with …": a question told inside a sentence starts small.
    .replace(/^(How|What|Whether|Why|When|Where|Which|Who)\b/, (word) => word.toLowerCase())
    .replace(/^(?:i\s+)?asked\s+(?:(?:her|him|them|you)\s+)?about\s+/i, "")
    .replace(/^(?:i\s+)?asked\s+(?:(?:her|him|them|you)\s+)?(?:if|whether)\s+/i, "whether ")
    .replace(/^(?:i\s+)?asked\s+(?:(?:her|him|them|you)\s+)?(?=(how|what|when|why|who)\b)/i, "")
    // "if meridian has an intern program", "… in prod and if actuarial exams matter": a question
    // typed with "if" is the question "whether" (round 27 dropped both conversations).
    .replace(/(^|\b(?:and|or)\s+)if\b/gi, "$1whether");
  // "databricks new grad swe timeline, query engine/photon team, my spanner intern project":
  // notes listed with commas are the conversation's topics; the first two are told (round 13's
  // readers missed every topic when a list was dropped whole).
  // "…, what skills you hire for and whether the CPA helps": a question joined by "and" is an
  // item of its own (round 22 dropped the whole of a three-question note for its length).
  const listed = listedItems(phrase);
  const items =
    listed.length < 2
      ? listed
      : listed.flatMap((item) =>
          item.split(/\s+and\s+(?=(?:whether|how|what|why|when|where|which|who)\b)/i),
        );
  if (items.length >= 2) {
    const told = items
      .map((item) => withThe(item.trim().replace(/^if\b/i, "whether")))
      .filter((item) => item && item.split(/\s+/).length <= 12)
      .slice(0, 2);
    if (told.length === 2) return `${told[0]} and ${told[1]}`;
  }
  const words = phrase.split(/\s+/).length;
  // Round 11's readers missed the conversation when "X and whether Y" was dropped: a question
  // joined to its topic is kept; a list of many things, or notes with several commas, is not.
  const ands = phrase.match(/\band\b/gi)?.length ?? 0;
  if (words > 22 || ands > 2 || /,\s.*,\s/.test(phrase) || /\bif\b/i.test(phrase)) return null;
  // "what the first two years look like (…), relocation": two things, the last with its "and"
  // (round 21 ended a sentence on ", relocation.").
  if (items.length === 2 && !/\band\b/i.test(items[1] ?? "")) {
    return `${items[0]?.trim()} and ${withThe(items[1]?.trim() ?? "")}`;
  }
  return phrase;
}

/**
 * The items of a typed list, split at commas outside brackets ("(more process, fewer
 * mockups)" stays one), a name's own commas kept ("the Education, Workforce, and Income
 * Security team": capitalised words either side of the comma).
 */
function listedItems(phrase: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of phrase) {
    if (char === "(" || char === "[") depth++;
    if (char === ")" || char === "]") depth = Math.max(0, depth - 1);
    if (char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else current += char;
  }
  items.push(current);
  const merged: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const previous = merged.at(-1);
    if (previous && /\b[A-Z][a-z]+$/.test(previous) && /^(and\s+)?[A-Z][a-z]+\b/.test(item)) {
      merged[merged.length - 1] = `${previous}, ${item}`;
    } else merged.push(item.replace(/^and\s+/i, ""));
  }
  return merged.filter(Boolean);
}

/** "RTX operations leadership program" -> "the RTX operations leadership program": one thing. */
function withThe(item: string): string {
  if (/^(the|a|an|my|our|your|his|her|their|its|whether|how|what|when|why|who|which)\b/i.test(item))
    return item;
  if (/^\S+['’]s?\s/.test(item)) return item;
  return /\b(program|programme|team|timeline|process|role|group|rotation|cycle|project|office|lab|pipeline|residency|fellowship)$/i.test(
    item,
  )
    ? `the ${item}`
    : item;
}

/**
 * The fair as typed in one box, split into its name and what was talked about there: "UofT
 * Pharmacy Career Day in October - talked about ED pharmacy", "owen fall career fair in
 * September, talked about HL corp fin" (round 21 pasted the whole line as the fair's name).
 */
export function fairParts(text: string | null | undefined): {
  name: string | null;
  discussed: string | null;
} {
  const split =
    /^(.+?)(?:\s*[-–—;,]\s+|\s*\(\s*|\s+)(?:we\s+|I\s+)?(?:talked|chatted|spoke|discussed)(?:\s+(?:about|abt|through))?\s+(.+)$/i.exec(
      text ?? "",
    );
  // "dmacc nursing career fair (talked about the nurse residency)": the talk in brackets too.
  // "… in September - Home Depot booth", "(Manulife booth)": where at the fair, no part of
  // its name (round 22).
  // "Boise State fall career fair (alumni can go)": a note in small letters in brackets after the
  // name is the student's aside (round 23 put it in the subject).
  // "… fair in October - showed him BusBuddy": what the student did there, after a dash, is
  // no part of the fair's name (round 24 put "Showed Him Busbuddy" in it).
  const name = (fair: string | null | undefined) =>
    named(
      fair
        ?.replace(
          /\s+[-–—]\s+(?:I\s+)?(?:[a-z]+ed|showed|gave|met|saw|got|had|went|told|asked|brought|handed)\b.*$/,
          "",
        )
        .replace(/\s*(?:[-–—,]\s*|\()[^,()–—-]*\bbooth\)?\s*$/i, "")
        .replace(/\s*\((?=[a-z])[^()]*\)\s*$/, ""),
    );
  // "How the team partners with …": a question told inside a sentence starts small.
  const discussed = split?.[2]
    .replace(/\)\s*$/, "")
    .replace(/^(How|What|Whether|Why|When|Where|Which|Who|The)\b/, (word) => word.toLowerCase())
    .trim();
  return split
    ? { name: name(split[1]), discussed: discussed || null }
    : { name: name(text), discussed: null };
}

/** "Purdue Fall Career Fair" -> "the Purdue Fall Career Fair"; "the ..." stays as written. */
function named(text: string | null | undefined): string | null {
  // "… Career Fair October 16": the date it was held, "on" it (round 25's subject line).
  // "… Career Fair - oct 8", "… Industry Day, 11/6": a dash or comma before the date is no part
  // of the name ("the WPSU Business & Tech Career Fair - on October 8", round 27).
  // "met you at the asu fulton engineering career fair": the meeting is the note's, the name
  // the fair's (round 30 wrote "the Met You at the ASU Fulton … Career Fair").
  const name = capitalised(
    phraseOf(
      text,
      /^((i\s+)?(met|meeting|saw|spoke (to|with)|talked (to|with))(\s+(you|u|ya|him|her|them))?\s+)?(at|the career fair at)\s+(the\s+(?=\S+\s+\S))?/i,
    ),
  )
    ?.replace(
      /\s*[-–—,]?\s+(1[0-2]|0?[1-9])\/([12]\d|3[01]|0?[1-9])$/,
      (_, month: string, day: string) => ` on ${MONTHS[Number(month) - 1]} ${Number(day)}`,
    )
    .replace(
      /(?<!\b(?:on|in))\s*[-–—,]?\s+((?:January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2}|20\d{2}))$/,
      (_, when: string, day: string) => (day.length > 2 ? ` in ${when}` : ` on ${when}`),
    );
  if (!name) return null;
  // "the CFANS career and internship fair": its article is the sentence's, in small letters.
  if (/^(the|a|an|our|your)\s/i.test(name))
    return name.replace(/^\S+/, (word) => word.toLowerCase());
  // "the Purdue Fall Career Fair", but "JSM in Portland" (a meeting's own name) takes none.
  return EVENT_NOUN.test(name) ? `the ${name}` : name;
}

/** What a fair or a meeting of recruiters is called: a name with one of these takes "the". */
const EVENT_NOUN =
  /\b(fair|expo|exposition|gallery|night|day|days|week|summit|conference|meetup|meet-up|festival|showcase|session|mixer|forum|panel|roundtable|symposium|convention|bootcamp|hackathon|event|reception|open house|info session|recruiting program)\b/i;

/**
 * How a posting's id follows its title, each with the id as typed in its first group:
 * "Data Analyst (Job 4471)", "Analyst - Req #R-2291", "Engineer, JR123456", "Analyst #5512".
 */
const POSTING_IDS = [
  /\s*[([]([^)\]]*\b(?:job|req|requisition|id|posting|ref)\b[^)\]]*)[)\]]/i,
  /\s*[([]\s*(#?\s*[A-Z]{0,3}-?\d{3,})\s*[)\]]/,
  /\s*[-–,|:]\s*((?:job|req|requisition|id|posting|ref)\b\.?\s*(?:#|no\.?)?\s*:?\s*[A-Z]{0,3}-?\d+(?:-\d+)*)\s*$/i,
  /\s*[-–,|]\s*(#?[A-Z]{1,3}-?\d{4,}(?:-\d+)*)\s*$/,
  // "… Digital Producer req R-22718", "…, req R-2026-0884": an id typed after a space.
  /\s+((?:job|req|requisition)\b\.?\s*(?:id\b)?\s*(?:#|no\.?)?\s*:?\s*[A-Z]{0,3}-?\d{3,}(?:-\d+)*)\s*$/i,
  /\s*(#\s*\d+)\s*$/,
];

/**
 * The posting's id as the student typed it ("Req #R-2291", "JR123456"), or null: a recruiter
 * finds the posting by it (rounds 11 and 12's readers asked for it in the referral).
 */
export function postingIdOf(role: string | null | undefined): string | null {
  const typed = role
    ?.replace(/https?:\/\/\S+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!typed) return null;
  for (const pattern of POSTING_IDS) {
    const id = pattern.exec(typed)?.[1]?.trim();
    // "(Job 4471)" is an id; "(posted Nov 3, 2026)" is a note about the posting.
    const words = id
      ?.match(/[a-z]{4,}/gi)
      ?.filter((w) => !/^(requisition|posting|number)$/i.test(w));
    if (id && /\d{3,}/.test(id) && !words?.length) return `${id[0].toUpperCase()}${id.slice(1)}`;
  }
  return null;
}

/** A posting's title without its id (POSTING_IDS): the title a person would say. */
export function roleTitle(role: string): string {
  return (
    POSTING_IDS.reduce((title, pattern) => title.replace(pattern, ""), role)
      // "… - Summer 2027 cohort", "…, Remote": when and where, not the title.
      .replace(
        /\s*[-–|,]\s*((spring|summer|fall|winter)\s+)?20\d{2}(\s+(cohort|start|class|intake))?\s*$/i,
        "",
      )
      .replace(/\s*[-–|,]\s*(remote|hybrid|on-?site)\s*$/i, "")
      .trim()
  );
}

/** Words that end a job title: a title names one of them. */
const ROLE_NOUN =
  /\b(engineer|designer|analyst|associate|consultant|manager|intern|internship|scientist|developer|specialist|coordinator|assistant|representative|rep|nurse|teacher|accountant|auditor|researcher|fellow|technician|administrator|officer|director|lead|writer|editor|producer|strategist|planner|architect|co-?op|residency|trainee|apprentice|programmer|counselor|therapist|recruiter|paralegal|[a-z]*ologist|economist|chemist|statistician|pharmacist|journalist|dietitian|nutritionist|worker|clerk|attorney|lawyer)s?\b/i;

/**
 * A title followed by the student's notes on it ("Process Engineer I (new grad) at the Freeport
 * site", "Product Designer (mid-level) - the one on your careers page", "Software Engineer I,
 * backend. I saw it on LinkedIn"): the title alone, or null when the line does not open with one.
 */
function titleAhead(given: string): string | null {
  const sentence = given.split(/(?<=[a-z0-9)])[.!?]\s+/i)[0] ?? given;
  const title = sentence
    .split(
      /\s*\(|\s+[-–—]\s+|\s*[,;:/]\s+|\s+(?:at|in|on|for|with|from)\s+(?:the|your|a|an|our)\b/i,
    )[0]
    ?.trim();
  if (!title || title === given.trim()) return null;
  const words = title.split(/\s+/);
  if (words.length > 6 || !ROLE_NOUN.test(title)) return null;
  if (/(^|\s)I\s|\b(I'd|I'm|I've|me|my|you|your|can|could|would|please|refer)\b/i.test(title)) {
    return null;
  }
  return title;
}

/**
 * The title in what the student typed: a title as it is, a posting's link as it is, and from a
 * message to the app ("Hi! I'd like to be referred for the Product Designer I role on the
 * guest team. I think …") the title it names. Null when a message names none.
 */
export function typedRole(typed: string | null | undefined): string | null {
  const given = typed?.trim();
  if (!given) return null;
  const link = /https?:\/\/\S+/i.exec(given)?.[0];
  if (link) {
    // "https://… (Data Scientist, Experimentation)": the title typed beside the link says it.
    // Its id and season are no part of it ("Software Engineering Intern - Summer 2027 (R58213)").
    // A note in brackets ("(entry level)") is no part of the title either.
    const typedBeside = roleTitle(given.replace(link, " ").replace(/\s+/g, " ").trim());
    const outside = typedBeside.replace(/\s*\([^)]*\)/g, " ").trim();
    // "https://… - Software Engineer Intern": the dash after the link joins, it is no word.
    const beside = (/[a-z]/i.test(outside) ? outside : typedBeside)
      .replace(/^[\s,–—|:-]+/, "")
      .replace(/[()[\]]/g, " ")
      .replace(/[\s,–—-]+$/, "")
      .replace(/\s+/g, " ")
      .trim();
    const title = beside.split(/\s*,\s*/)[0] ?? "";
    // "new grad embedded sw / hw engineer": a slash between two words is no word of its own.
    const words = title.split(/\s+/).filter((word) => /\w/.test(word));
    if (ROLE_NOUN.test(title) && words.length <= 6 && !/\b(I|my|me)\b/.test(title)) return title;
    return titleOfSlug(link) ?? link.replace(/[.,;)]+$/, "");
  }
  const quotedTitle = /["“]([^"”]{3,80})["”]/.exec(given)?.[1];
  const ahead = quotedTitle ? null : titleAhead(given);
  if (ahead) return ahead;
  // "Transportation Engineer I", "Epidemiologist I (Communicable Disease) - Job #…": a level
  // before the title's end or its notes is no "I" of a message.
  const isMessage =
    /[!?]|\.\s|\b(I'd|I'm|me|my)\b|\bI\b(?!\s*($|[(,–—-]))/.test(given) ||
    given.split(/\s+/).length > 12;
  if (!isMessage) return given;
  const quoted = /["“]([^"”]{3,80})["”]/.exec(given)?.[1];
  if (quoted) return quoted.trim();
  const named =
    /\b(?:for|to|apply(?:ing)? for|applied for|interested in)\s+(?:the|a|an|your)\s+(.{3,80}?)\s+(role|position|job|opening|internship|co-?op|program|residency)\b/i.exec(
      given,
    );
  if (!named) {
    // "the summer field tech internship doing stream sampling (…)": the kind of position the
    // note opens with, without its season (round 31 asked "a Summer 2027 internship" instead).
    const leading =
      /^(?:the|a|an)\s+(.{3,60}?)\s+(internship|role|position|job|opening|co-?op|program)\b/i.exec(
        given,
      );
    const kind = leading?.[1]
      .replace(/\b(summer|fall|spring|winter|autumn|20\d{2})\b/gi, "")
      .replace(/\s+/g, " ")
      .trim();
    if (!leading || !kind) return null;
    return /^(internship|co-?op|program)$/i.test(leading[2]) ? `${kind} ${leading[2]}` : kind;
  }
  const title = named[1].replace(/^(open|new|current)\s+/i, "").trim();
  return /^(internship|co-?op|program|residency)$/i.test(named[2]) ? `${title} ${named[2]}` : title;
}

/**
 * "https://careers.example.com/jobs/4471-data-analyst-audience-insights": the title a posting's
 * address spells, up to its role's word ("Data Analyst"), or null (round 31 pasted the address
 * twice where the title was there to say).
 */
function titleOfSlug(link: string): string | null {
  const slug =
    link
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .at(-1) ?? "";
  const words = slug
    .split(/[-_]+/)
    .filter((word) => /^[a-z]+$/i.test(word))
    .map((word) => word.toLowerCase());
  const end = words.findIndex((word) => ROLE_NOUN.test(word));
  if (end < 0 || end > 4) return null;
  const title = words.slice(0, end + 1);
  if (words[end + 1] === "intern" || words[end + 1] === "internship") title.push(words[end + 1]);
  return title.map((word) => word[0].toUpperCase() + word.slice(1)).join(" ");
}

/** Words that end an organization's name, not a team's ("Desert Sky Health Partners"). */
const ORGANIZATION_WORD =
  /\b(inc|llc|ltd|corp|co|company|group|partners|health|healthcare|hospital|medical|bank|center|centre|university|college|foundation|institute|agency|systems|technologies|labs?|associates|solutions|services|capital|consulting|pictures|studios?|media|department|county|city)\.?$/i;

/** A site named by its kind alone: "Distribution Center", "Head Office", "Data Center". */
const GENERIC_SITE =
  /^(the )?(distribution|fulfillment|data|call|service|customer service|operations|regional|corporate|main|head|home|field|branch|district|medical|research|innovation|technology|tech) (center|centre|office|hub|campus|site)$/i;

/**
 * The organization a typed role names after a dash or "at", where it is one: "Recruiting
 * Coordinator - Desert Sky Health Partners (req 11592)" names Desert Sky Health Partners,
 * "… intern - CCHEP, posting HP-27-04" names CCHEP (initials); "Data Analyst II – Fraud
 * Analytics" names a team, and "– Fall 2027 start" a season.
 */
export function organizationTyped(role: string | null | undefined): string | null {
  const given = (role ?? "")
    .replace(/https?:\/\/\S+/gi, " ")
    .replace(/\s*[([][^)\]]*[)\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const pieces = given.split(/\s+[-–—|]\s+|\s+at\s+/).slice(1);
  for (const piece of pieces) {
    const name = piece.split(/\s*,\s*/)[0]?.trim() ?? "";
    if (!name || /\d/.test(name) || name.split(/\s+/).length > 6) continue;
    if (!/^\p{Lu}/u.test(name) || ROLE_NOUN.test(name)) continue;
    // "Operations Manager - Distribution Center": a kind of site, not an organization (round 32).
    if (GENERIC_SITE.test(name)) continue;
    if (ORGANIZATION_WORD.test(name) || /^[A-Z]{3,6}$/.test(name)) return name;
  }
  return null;
}

/**
 * Whether an organization the student typed is the recipient's company: its name, a word of
 * it, or its initials ("CCHEP" for the Carolina Center for Health Equity Policy).
 */
export function organizationIs(typed: string, company: string): boolean {
  const simple = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const a = simple(typed);
  const b = simple(company);
  if (!a || !b) return false;
  if (a.includes(b) || b.includes(a)) return true;
  const initials = company
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .join("");
  return /^[A-Z]{3,6}$/.test(typed) && initials === typed;
}

/**
 * Whether a posting's link is on the company's own site or names it ("careers.gene.com" for
 * Genentech).
 */
export function linkNamesCompany(link: string, company: string): boolean {
  let where: string;
  try {
    const url = new URL(link);
    where = `${url.hostname} ${url.pathname}`.toLowerCase();
  } catch {
    return false;
  }
  const labels = where.split(/[^a-z0-9]+/).filter((label) => label.length >= 3);
  const words = company
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((word) => word.length >= 3 && !/^(inc|llc|ltd|corp|company|the|and|group)$/.test(word));
  const joined = words.join("");
  return labels.some(
    (label) =>
      (joined.length >= 4 && label.includes(joined)) ||
      words.some((word) => word.startsWith(label) || label.startsWith(word)),
  );
}

/**
 * Whether a typed role is a job's or a posting's title, the only thing an email may call "the X
 * role" (round 9: "the First Co-Op role", "the Summer 2027 Transportation Intern Indy Office
 * role"): typed with capitals, not opened by a word of the student's own ("first", "my", "any"),
 * and, without its season and year, ending in a title's noun or a level ("Analyst II").
 */
/**
 * A typed title without the period and kind after it: "Embedded Software Engineering Intern
 * summer 2027" -> "… Intern", "associate consultant 2027 full time" -> "associate consultant"
 * (round 22: the referral asked for "a full-time role" instead of either).
 */
export function untimed(title: string): string {
  return title
    .replace(
      /(\s+(?:(?:spring|summer|fall|winter|autumn)\s+)?(?:'?\d{2}|20\d{2}))?(\s+(?:full[- ]time|part[- ]time|new grad|cohort))*\s*$/i,
      "",
    )
    .trim();
}

export function isJobTitle(role: string): boolean {
  // The title before the posting's notes: "(…)", " – Finance", ", New Grad 2027", " at Dell".
  const core = untimed(titleOfTyped(role).split(/\s*\(|\s+[-–—]\s+|\s*,\s*/)[0] ?? "")
    .replace(/^((spring|summer|fall|winter|autumn)\s+)?('?\d{2}|20\d{2})\s+/i, "")
    .replace(/^(spring|summer|fall|winter|autumn)\s+/i, "")
    .replace(/\s+('?\d{2}|20\d{2})$/, "")
    .replace(/\s+([IVX]{1,4}|\d|level \d)$/i, "")
    .trim();
  // Typed in lower case, only a short title of a job's noun counts ("instructional designer
  // II"); casual words ("first co-op") do not.
  const letters = role.replace(/\b[IVX]{1,4}\b/g, "");
  if (letters === letters.toLowerCase() && core.split(/\s+/).length > 4) return false;
  if (
    !core ||
    /^(first|second|third|next|my|a|an|any|some|the|possible|potential|open|new(?!\s+grad))\b/i.test(
      core,
    )
  )
    return false;
  const words = core.split(/\s+/);
  return (
    (words.length <= 6 && ROLE_NOUN.test(words.at(-1) ?? "")) ||
    // "Mechanical Design Co-op Student": a student of a program is a posting's title too.
    (words.length <= 6 &&
      /\b(co-?op|placement|practicum|work[- ]study|intern) student$/i.test(core)) ||
    /\b(program|programme|residency|fellowship|placement|apprenticeship)$/i.test(core)
  );
}

/**
 * A typed title as it reads in an email: " at Dell" after it dropped (the email names the
 * company), and one typed all in lower case given its capitals ("instructional designer II at
 * dell" is "Instructional Designer II").
 */
export function titleOfTyped(role: string): string {
  const title = role.replace(/\s+at\s+[^,()]+$/i, "").trim();
  const letters = title.replace(/\b[IVX]{1,4}\b/g, "");
  if (letters !== letters.toLowerCase()) return title;
  return title.replace(/\b([a-z])([a-z]*)\b/g, (word, first: string, rest: string) =>
    /^(i|ii|iii|iv)$/.test(word)
      ? word.toUpperCase()
      : /^(of|and|the|in|for|to|a|an|on)$/.test(word)
        ? word
        : `${first.toUpperCase()}${rest}`,
  );
}

const monthNamed = (word: string) =>
  MONTHS.find((m) => m.toLowerCase().startsWith(word.toLowerCase().slice(0, 3))) ?? null;
const MONTH = "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";

/** A position the student had, not one they ask for: "my Google internship", "intern project". */
const PAST_POSITION =
  /\b(my|past|previous|prior|last|former|summer's)\s+(\S+\s+){0,3}?(intern(ship)?s?|co-?ops?)\b|\b(intern(ship)?|co-?op)\s+(project|experience|work|team|manager|mentor|presentation)s?\b|\b(as|when I was|while)\s+an?\s+(\S+\s+)?(intern|co-?op)\b|\b(without|w\/o|no|lacking)\s+(an?\s+)?(\S+\s+){0,2}?(intern(ship)?s?|co-?ops?)\b/gi;

/**
 * The kind of position and the period a student typed ("first co-op, jul-dec 2027", "summer
 * 2028 internship"): what they typed wins over the goal's default season (round 9: a July–
 * December co-op was asked for as "a Summer 2027 internship").
 */
export function typedPosition(
  text: string | null | undefined,
): { kind: "co-op" | "internship" | "full-time" | null; period: string | null } | null {
  if (!text?.trim()) return null;
  // "my spanner intern project", "no previous internship", "intl students w/o US internship":
  // a past or missing one is not what they seek,
  // and "new grad swe timeline" asks for a job after the degree (round 13).
  // "advice for going from intern to full time": the move from one to the other is no ask for
  // either (round 28 asked a graduating senior's contact for an internship).
  const sought = text
    .replace(PAST_POSITION, "")
    .replace(/\bfrom\s+(an?\s+)?(intern(ship)?|co-?op)s?\s+to\s+(a\s+)?full[- ]?time\b/gi, " ");
  // A "full-time internship" is an internship; a "new grad" role never is.
  const kind =
    /\bnew[- ]grad(uate)?s?\b|\bgrad(uate)? (engineer|hires?|hiring|roles?|positions?)\b/i.test(
      sought,
    )
      ? "full-time"
      : /\bco-?op\b/i.test(sought)
        ? "co-op"
        : /\bintern(ship)?s?\b/i.test(sought)
          ? "internship"
          : /\b(full[- ]time|entry[- ]level|college graduate)\b/i.test(sought)
            ? "full-time"
            : null;
  const range = new RegExp(
    `\\b${MONTH}\\s*(?:-|–|—|to|through|thru)\\s*${MONTH}\\s*,?\\s*'?(20\\d{2}|\\d{2})\\b`,
    "i",
  ).exec(text);
  const season = /\b(spring|summer|fall|autumn|winter)\s*'?(20\d{2}|\d{2})\b/i.exec(text);
  // "co-op summer/fall 2027": either season, as typed ("Fall 2027" alone was half of it).
  const either =
    /\b(spring|summer|fall|autumn|winter)\s*(?:\/|or|&)\s*(spring|summer|fall|autumn|winter)\s*'?(20\d{2}|\d{2})\b/i.exec(
      text,
    );
  const seasonName = (word: string) => {
    const name = word.toLowerCase() === "autumn" ? "fall" : word.toLowerCase();
    return `${name[0].toUpperCase()}${name.slice(1)}`;
  };
  let period: string | null = null;
  if (range) {
    const from = monthNamed(range[1]);
    const to = monthNamed(range[2]);
    const year = range[3].length === 2 ? `20${range[3]}` : range[3];
    if (from && to) period = `${from}–${to} ${year}`;
  } else if (either) {
    const year = either[3].length === 2 ? `20${either[3]}` : either[3];
    period = `${seasonName(either[1])} or ${seasonName(either[2])} ${year}`;
  } else if (season) {
    const year = season[2].length === 2 ? `20${season[2]}` : season[2];
    period = `${seasonName(season[1])} ${year}`;
  }
  return kind || period ? { kind, period } : null;
}

/** Whether a typed period ("Fall 2026", "July–December 2027") has begun by `now`. */
export function periodHasBegun(period: string, now: Date): boolean {
  const year = Number(/\b(20\d{2})\b/.exec(period)?.[1] ?? Number.NaN);
  if (Number.isNaN(year)) return false;
  const season = /^(Winter|Spring|Summer|Fall)\b/.exec(period)?.[1];
  const month = season
    ? SEASON_STARTS[season]
    : MONTHS.findIndex((name) => period.startsWith(name));
  return Date.UTC(year, Math.max(0, month ?? 0)) <= now.getTime();
}

/**
 * What the student asks for: the goal (askFor), with the kind and period they typed in
 * place of its defaults: "a July–December 2027 supply chain co-op".
 */
export function askWith(goal: CareerGoal, typed: ReturnType<typeof typedPosition>): string {
  if (!typed) return askFor(goal);
  const seeking = typed.kind ?? goal.seeking;
  const changed = seeking !== goal.seeking;
  const period = typed.period;
  const base = { ...goal, seeking, season: null, year: null };
  // A kind the student typed that is not the goal's drops the goal's season with it.
  if (!period) return changed ? askFor(base) : askFor(goal);
  const bare = askFor(base);
  return /^(a|an) full-time\b/.test(bare)
    ? `${bare} starting in ${period}`
    : bare.replace(/^(a|an) /, `a ${period} `);
}

/** The role a referral names: the title the student typed, else the kind of role they seek. */
export function roleOf(given: string | null, f: Facts): string {
  const role = given && !/^https?:/i.test(given) ? roleTitle(given) || given : given;
  // A title typed in lower case is capitalised; one typed with capitals stays as typed
  // ("(First- and Second-Year Students)" keeps its "and").
  if (role) {
    return /^https?:/i.test(role) || role !== role.toLowerCase()
      ? role
      : role.replace(/\b\w/g, (c) => c.toUpperCase());
  }
  return f.ask.replace(/^an? /, "");
}

/**
 * What the contact asked the student to send, or offered to do, in the student's typed line
 * ("she asked me to send my resume", "he offered to review my cover letter"): the email does it
 * instead of closing with a generic line (round 9). The sentence says what is attached or asks
 * for the offered help; null when the line names neither.
 */
export function requestedFollowUp(text: string | null | undefined): string | null {
  if (!text) return null;
  const thing = String.raw`\s+(?:my |a |the |your )?(resume|résumé|cv|cover letter|portfolio|writing sample|transcript|job market paper|jmp|research statement|paper|case study|work samples?)\b`;
  const asked = new RegExp(
    String.raw`\b(?:asked|told|wanted|invited) me to (?:send|email|forward|share)(?: (?:her|him|them|you))?${thing}|\bsaid (?:to|I should) (?:send|email|forward)(?: (?:her|him|them|you))?${thing}|\bsend (?:her|him|them|you)${thing}`,
    "i",
  ).exec(text);
  if (asked)
    return `As you asked, I've attached my ${thingWord(asked[1] ?? asked[2] ?? "resume")}.`;
  const offered = new RegExp(
    String.raw`\boffered to (?:review|look over|look at|read|check|give (?:me )?feedback on)${thing}`,
    "i",
  ).exec(text);
  if (offered) {
    const what = thingWord(offered[1]);
    return `Thank you for offering to look over my ${what}. I've attached it, and I'd be grateful for any notes you have time for.`;
  }
  return null;
}

const thingWord = (word: string) =>
  /^cv$/i.test(word)
    ? "CV"
    : /^résumé$/i.test(word)
      ? "resume"
      : /^jmp$/i.test(word)
        ? "job market paper"
        : word.toLowerCase();

/**
 * How many days ago the typed line says the meeting was ("on 11/19", "October 15", "in
 * September": the month's last day), or null when it names no date. A date later in the year
 * than today is last year's. Round 21's readers: a thank-you ten days late and a fair's note two
 * months on said nothing of the wait.
 */
/** "September 2025": a month with its year. */
const MONTH_AND_YEAR = new RegExp(`\\b(${MONTHS.join("|")})\\s+(20\\d{2})\\b`, "i");

/** Whole days from `when` to now; none for a day still to come. */
const daysAfter = (when: number, now: Date) =>
  when > now.getTime() ? 0 : Math.floor((now.getTime() - when) / 86_400_000);

export function daysSince(typed: string | null | undefined, now: Date): number | null {
  if (!typed) return null;
  const year = now.getUTCFullYear();
  // "ACS Fall 2025 career fair", "the expo in September 2025": a season or month with its year
  // is that year's, not the latest such month.
  const season = /\b(spring|summer|fall|autumn|winter)\s+(20\d{2})\b/i.exec(typed);
  if (season) {
    const middle = { spring: 3, summer: 6, fall: 9, autumn: 9, winter: 0 }[
      season[1].toLowerCase() as "spring"
    ];
    return daysAfter(Date.UTC(Number(season[2]), middle, 15, 12), now);
  }
  const dated = MONTH_AND_YEAR.exec(typed);
  if (dated) {
    const month = MONTHS.findIndex((name) => name.toLowerCase() === dated[1].toLowerCase());
    return daysAfter(Date.UTC(Number(dated[2]), month, 15, 12), now);
  }
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b(?!\/\d)/.exec(typed);
  const named = new RegExp(`\\b(${MONTHS.join("|")})(?:\\s+(\\d{1,2})\\b)?`, "i").exec(typed);
  let month: number;
  let day: number | null;
  if (numeric) {
    month = Number(numeric[1]) - 1;
    day = Number(numeric[2]);
  } else if (named) {
    month = MONTHS.findIndex((name) => name.toLowerCase() === named[1].toLowerCase());
    day = named[2] ? Number(named[2]) : null;
  } else return null;
  if (month < 0 || month > 11 || (day !== null && (day < 1 || day > 31))) return null;
  const at = (y: number) => Date.UTC(y, day === null ? month + 1 : month, day ?? 0, 12);
  const when = at(year) > now.getTime() ? at(year - 1) : at(year);
  return Math.floor((now.getTime() - when) / 86_400_000);
}

/**
 * A fair's name typed in small letters, as its own name is written: "pitt fall career fair" ->
 * "Pitt Fall Career Fair", "vt engineering expo" -> "VT Engineering Expo" (a word of two letters
 * is an abbreviation). A name with any capital is left as typed. Round 22's readers.
 */
function capitalised(name: string | null): string | null {
  // Its date is written out already ("in September", "on October 15"): the rest says how it
  // was typed.
  const typed = name
    ?.replace(/\b(on|in)\s+[A-Z][a-z]+(\s+\d{1,2})?\b/g, "")
    .replace(/\([^)]*\)/g, "");
  if (!name || !typed) return name;
  // A name typed partly in capitals ("UM eng career fair", "De Anza stem career fair" after the
  // resume's spelling) has its small words raised too; two letters are an initialism only when
  // nothing was typed in capitals.
  const allSmall = typed === typed.toLowerCase();
  return name.replace(/\b[a-z][a-z'’]*/g, (word, offset: number) => {
    if (offset > 0 && /^(of|in|on|at|to|the|and|for|a|an|with|vs)$/.test(word)) return word;
    if (word === "eng") return "Engineering";
    if (word === "phd") return "PhD";
    if (word === "st" && /^\s+\p{L}/u.test(name.slice(offset + 2))) return "St.";
    // "co-op": a word's halves are no initialisms ("Co-op", not "CO-OP").
    if (name[offset - 1] === "-") return word;
    if (name[offset + word.length] === "-") return word[0].toUpperCase() + word.slice(1);
    if (word.length === 2) return allSmall ? word.toUpperCase() : word;
    return word[0].toUpperCase() + word.slice(1);
  });
}

/** A last word that says what kind of place a name is: "De Anza College" is "De Anza" too. */
const GENERIC_LAST =
  /\s+(Community College|College|University|Inc\.?|LLC|Co\.?|Corp\.?|Corporation|Company|Team|Club|Center|Centre|Hospital|Lab|Laboratory|Group|Society|Association)$/;

/**
 * The names a student's note may type in small letters ("de anza", "busbuddy", "fsae",
 * "plymouth"), as the resume and the recipient's profile write them: the schools, employers,
 * projects and clubs of the resume, each also without its kind ("De Anza" of "De Anza College"),
 * the initialisms of its sentences (a heading's capitals are no initialism), and the recipient's
 * company and city. A name whose small form is an ordinary word of the resume is left out.
 */
export function namesToSpell(input: WriteInput): string[] {
  const text = input.sender.resumeText ?? "";
  const facts = input.sender.facts;
  const words = new Set(text.match(/\b[a-z]{3,}\b/g) ?? []);
  const ordinary = (name: string) => !/\s/.test(name) && words.has(name.toLowerCase());
  const names = [
    ...(facts?.education.map((e) => e.school) ?? []),
    ...(facts?.experiences.map((e) => e.employer) ?? []),
    ...(facts?.projects.map((p) => p.name) ?? []),
    ...(facts?.leadership.map((l) => l.organization) ?? []),
    // "tessitura", "klaviyo": the tools the resume names, as it spells them (round 33).
    ...(facts?.skills ?? []),
  ].flatMap((name) => {
    const core = name.split(/,|\s[–—-]\s|\(/)[0].trim();
    const bare = core.replace(GENERIC_LAST, "");
    // "halvorsen" for "Halvorsen Axle & Driveline", "hennepin" for "Hennepin County Public
    // Health": a name's first word, when it is a name's (capitalised, no ordinary word).
    const [lead] = core.split(/\s+/);
    const first =
      lead && lead !== core && /^\p{Lu}\p{Ll}{4,}$/u.test(lead) && !words.has(lead.toLowerCase())
        ? [lead]
        : [];
    return [core, ...(bare !== core && bare.length >= 4 ? [bare] : []), ...first];
  });
  const initialisms = text
    .split("\n")
    .filter((line) => /[a-z]/.test(line))
    // "CAREER BREAK", a heading's words in capitals beside its dates: no initialism.
    .flatMap(
      (line) =>
        line
          .replace(/\b[A-Z][A-Z&]{3,}(?:\s+[A-Z][A-Z&]{3,})+\b/g, " ")
          .match(/\b[A-Z][A-Z&]{2,5}\b/g) ?? [],
    )
    // "U.S. ARMY" beside "United States Army": a word in capitals, not an initialism.
    .filter((caps) => !text.includes(caps[0] + caps.slice(1).toLowerCase()));
  const city = input.recipient.location?.split(",")[0]?.trim();
  // "Career Break" where an employer goes is a gap, not a name to capitalise in a note.
  const gap = /\b(career break|caregiv\w*|sabbatical|leave|student)\b/i;
  return [input.recipient.company, city, ...names, ...initialisms].filter(
    (name): name is string =>
      Boolean(name) && !ordinary(name as string) && !gap.test(name as string),
  );
}

/** The words a student's typed note is spelled against: the resume's and the reader's title's. */
export const typedVocabulary = (input: WriteInput) =>
  vocabularyOf(input.sender.resumeText, input.recipient.title, input.recipient.company);
