import { askFor } from "../goal";

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

/** "Purdue Fall Career Fair" -> "the Purdue Fall Career Fair"; "the ..." stays as written. */
export function fairName(text: string | null | undefined): string | null {
  const name = phraseOf(text, /^(at|the career fair at)\s+/i);
  if (!name) return null;
  if (/^(the|a|an|our|your)\s/i.test(name)) return name;
  // "the Purdue Fall Career Fair", but "JSM in Portland" (a meeting's own name) takes none.
  return EVENT_NOUN.test(name) ? `the ${name}` : name;
}

/** What a fair or a meeting of recruiters is called: a name with one of these takes "the". */
const EVENT_NOUN =
  /\b(fair|expo|exposition|night|day|days|week|summit|conference|meetup|meet-up|festival|showcase|session|mixer|forum|panel|roundtable|symposium|convention|bootcamp|hackathon|event|reception|open house|info session)\b/i;

/**
 * A posting's title without its id: "Data Analyst (Job 4471)", "Analyst - Req #R-2291",
 * "Engineer, JR123456" -> the title a person would say.
 */
export function roleTitle(role: string): string {
  return (
    role
      .replace(/\s*[([][^)\]]*\b(job|req|requisition|id|posting|ref)\b[^)\]]*[)\]]/gi, "")
      .replace(/\s*[([]\s*#?\s*[A-Z]{0,3}-?\d{3,}\s*[)\]]/g, "")
      .replace(
        /\s*[-–,|:]\s*(job|req|requisition|id|posting|ref)\b\.?\s*(#|no\.?)?\s*:?\s*[A-Z]{0,3}-?\d+\s*$/i,
        "",
      )
      .replace(/\s*[-–,|]\s*#?[A-Z]{1,3}-?\d{4,}\s*$/, "")
      .replace(/\s*#\s*\d+\s*$/, "")
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
  /\b(engineer|designer|analyst|associate|consultant|manager|intern|internship|scientist|developer|specialist|coordinator|assistant|representative|rep|nurse|teacher|accountant|auditor|researcher|fellow|technician|administrator|officer|director|lead|writer|editor|producer|strategist|planner|architect|co-?op|residency|trainee|apprentice|programmer|counselor|therapist|recruiter|paralegal)s?\b/i;

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
    const beside = given
      .replace(link, " ")
      .replace(/[()[\]]/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    const title = beside.split(/\s*,\s*/)[0] ?? "";
    return ROLE_NOUN.test(title) && title.split(/\s+/).length <= 6 && !/\b(I|my|me)\b/.test(title)
      ? title
      : link.replace(/[.,;)]+$/, "");
  }
  const quotedTitle = /["“]([^"”]{3,80})["”]/.exec(given)?.[1];
  const ahead = quotedTitle ? null : titleAhead(given);
  if (ahead) return ahead;
  const isMessage = /[!?]|\.\s|\b(I|I'd|I'm|me|my)\b/.test(given) || given.split(/\s+/).length > 12;
  if (!isMessage) return given;
  const quoted = /["“]([^"”]{3,80})["”]/.exec(given)?.[1];
  if (quoted) return quoted.trim();
  const named =
    /\b(?:for|to|apply(?:ing)? for|applied for|interested in)\s+(?:the|a|an|your)\s+(.{3,80}?)\s+(role|position|job|opening|internship|co-?op|program|residency)\b/i.exec(
      given,
    );
  if (!named) return null;
  const title = named[1].replace(/^(open|new|current)\s+/i, "").trim();
  return /^(internship|co-?op|program|residency)$/i.test(named[2]) ? `${title} ${named[2]}` : title;
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
  return askFor(f.goal).replace(/^an? /, "");
}
