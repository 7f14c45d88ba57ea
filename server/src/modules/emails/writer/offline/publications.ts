import { MONTHS } from "../../../../lib/month-day";

/**
 * What a student's publications section can say in an email (round 16: a CS PhD's NeurIPS and
 * ICLR papers were the strongest thing on the resume and no email told them). Each listed entry
 * is read for its venue and whether it is out: a paper under review or in preparation is never
 * told as published, and a poster or a talk is told as presented.
 */

export interface Publication {
  venue: string;
  kind: "paper" | "poster" | "talk";
  /** "in press" for an accepted paper not yet out; null once it is. */
  status: "in press" | null;
  /** When a poster or talk was given ("April 2026"), as written. */
  when: string | null;
}

/** Not out, whatever the venue: never told as "has appeared in". */
const NOT_OUT =
  /\b(under review|under revision|submitted|in preparation|in prep|working paper|preprint|arxiv|manuscript|revise and resubmit|r&r|to be submitted)\b/i;
const IN_PRESS = /\b(accepted|in press|forthcoming|to appear)\b/i;
/** Words that name where work is published or presented. */
const VENUE_WORD =
  /\b(journal|proceedings|conference|transactions|review|letters|annals|symposium|workshop|meeting|congress|quarterly|bulletin|forum)\b/i;
/** Venues known by their own name or acronym, in the case they are written in. */
const VENUE_NAME =
  /\b(NeurIPS|NIPS|ICML|ICLR|CVPR|ICCV|ECCV|ACL|EMNLP|NAACL|KDD|AAAI|IJCAI|SIGIR|SIGMOD|VLDB|CHI|UIST|WWW|Nature|Science|Cell|PLOS|Lancet|JAMA|NEJM|BMJ|Biometrika|Econometrica|Biometrics|Statistica)\b/;
const isVenue = (text: string) => VENUE_WORD.test(text) || VENUE_NAME.test(text);
const POSTER = /^(poster|poster presentation)\b/i;
const TALK =
  /^(oral presentation|talk|contributed talk|invited talk|presentation|podium presentation)\b/i;
const MONTH_YEAR =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+((?:19|20)\d{2})\b/;

/** "Apr" → "April", from the month's first three letters. */
const monthNamed = (short: string) =>
  MONTHS.find((name) => name.toLowerCase().startsWith(short.slice(0, 3).toLowerCase())) ?? short;

/** The parts of an entry after its title: "Journal of X, 19(1), 1122–1158." → ["Journal of X", …]. */
function afterTitle(entry: string): string | null {
  // "… "Title." Poster, Venue, City, Apr 2026": what follows a quoted title.
  const quoted = /["“][^"”]{8,}["”]\s*[.,]?\s*(.+)$/.exec(entry);
  if (quoted) return quoted[1];
  // "Authors (2025). Title. Venue, 19(1), …": the sentence after the title.
  const dated = /\((?:19|20)\d{2}[a-z]?\)\.?\s+(.+)$/.exec(entry);
  const rest = dated?.[1] ?? entry;
  // The venue is the first sentence after the title that names one ("L. Chen. Title. ICLR 2026").
  const sentences = rest.split(/(?<=[a-z0-9)\]?])\.\s+(?=[A-Z])/).slice(1);
  const at = sentences.findIndex((part) => isVenue(part.split(/,|;|\(/)[0] ?? ""));
  return at >= 0 ? sentences.slice(at).join(". ") : null;
}

/** Words of a journal's abbreviated name (ISO 4, as chemistry and physics cite them). */
const ABBREVIATED =
  "J|Am|Chem|Soc|Catal|Lett|Polym|Org|Phys|Rev|Sci|Mater|Appl|Biol|Biochem|Anal|Inorg|Med|Nat|Commun|Proc|Natl|Acad|Int|Ed|Angew|Eng|Res|Acc|Environ|Technol|Adv|Funct|Struct|Mol|Ther|Pharm|Pharmacol|Neurosci|Comput|Ind|Biomed|Microbiol|Immunol|Genet|Clin|Nanotechnol|Electrochem|Photochem|Phytochem|Ecol|Evol|Geophys|Astrophys|Opt|Mech|Fluid|Energy|Sustain|Green|Food|Agric|Toxicol|Biotechnol|Cryst|Dalton|Trans|Faraday|Discuss|Commun";
/** Journals cited by one whole word ("Macromolecules 2025, 58, 4410–4421"). */
const ONE_WORD_JOURNALS =
  "Macromolecules|Biomacromolecules|Langmuir|Organometallics|Biochemistry|Nanoscale|Small|Chemosphere|Polymer|Nature|Science|Cell|Neuron|Blood|Pediatrics|Circulation";
/**
 * "… Title. J. Am. Chem. Soc. 2026, 148, 11402–11413.": the ACS style's tail, a journal's
 * abbreviated name, the year, the volume and the pages (round 24: a chemist's JACS paper was
 * read as no publication at all).
 */
const ACS_TAIL = new RegExp(
  String.raw`(?:^|\.\s+|\s)((?:ACS|RSC)(?:\s+(?:${ABBREVIATED})\.)+|(?:(?:${ABBREVIATED})\.\s+)*(?:${ABBREVIATED})\.|${ONE_WORD_JOURNALS})\s+((?:19|20)\d{2}),\s*\d+(?:\s*\(\d+\))?,\s*[A-Za-z]?\d+(?:\s*[–-]\s*[A-Za-z]?\d+)?\.?\s*$`,
);
/** The names chemists and physicists say in full for the journals they abbreviate. */
const JOURNAL_NAMES: Record<string, string> = {
  "J. Am. Chem. Soc.": "the Journal of the American Chemical Society (JACS)",
  "ACS Catal.": "ACS Catalysis",
  "Org. Lett.": "Organic Letters",
  "Polym. Chem.": "Polymer Chemistry",
  "Angew. Chem. Int. Ed.": "Angewandte Chemie",
  "Chem. Sci.": "Chemical Science",
  "Nat. Commun.": "Nature Communications",
  "Nat. Chem.": "Nature Chemistry",
  "Phys. Rev. Lett.": "Physical Review Letters",
  "Proc. Natl. Acad. Sci.": "PNAS",
  "Inorg. Chem.": "Inorganic Chemistry",
  "Anal. Chem.": "Analytical Chemistry",
  "Chem. Mater.": "Chemistry of Materials",
  "J. Med. Chem.": "the Journal of Medicinal Chemistry",
  "J. Org. Chem.": "the Journal of Organic Chemistry",
  "Chem. Commun.": "Chemical Communications",
  "ACS Nano": "ACS Nano",
};

export function publicationOf(entry: string): Publication | null {
  if (NOT_OUT.test(entry)) return null;
  const cited = ACS_TAIL.exec(entry.trim());
  if (cited) {
    const abbreviated = cited[1].replace(/\s+/g, " ").trim();
    return {
      venue: JOURNAL_NAMES[abbreviated] ?? abbreviated,
      kind: "paper",
      status: IN_PRESS.test(entry) ? "in press" : null,
      when: null,
    };
  }
  const after = afterTitle(entry);
  if (!after) return null;
  let rest = after.trim();
  const kind = POSTER.test(rest) ? "poster" : TALK.test(rest) ? "talk" : "paper";
  rest = rest
    .replace(POSTER, "")
    .replace(TALK, "")
    .replace(/^[\s,:;-]+/, "");
  // "In Proceedings of …", "In NeurIPS 2025".
  rest = rest.replace(/^in\s+/i, "");
  const venue = rest
    .split(/,|\s+\d+\s*\(|\.\s|\s+\(|;/)[0]
    .replace(/[.\s]+$/, "")
    .trim();
  if (!venue || venue.length > 90 || !isVenue(venue) || /\b(accepted|in press)\b/i.test(venue))
    return null;
  const month = kind === "paper" ? null : MONTH_YEAR.exec(rest);
  return {
    venue,
    kind,
    status: kind === "paper" && IN_PRESS.test(entry) ? "in press" : null,
    when: month ? `${monthNamed(month[1])} ${month[2]}` : null,
  };
}

/** "the Journal of the American Statistical Association", "NeurIPS 2025", "Biometrika". */
export function venueName(venue: string): string {
  return /^(the|a|an)\s/i.test(venue) ||
    !/\bof\b|^(Journal|Proceedings|Annals)\b|(Conference|Meeting|Symposium|Workshop|Congress)$/.test(
      venue,
    )
    ? venue
    : `the ${venue}`;
}

/**
 * One sentence of what the student's work has come to, for after their lead achievement:
 * "My research has appeared in the Journal of X (in press) and the Electronic Journal of
 * Statistics." or "I presented a poster at the Michigan Epidemiology Conference in April 2026."
 */
export function publishedSentence(entries: readonly string[] | undefined): string | null {
  return sentenceOf(readAll(entries));
}

/** The same as a point of a list: "Publications: the Journal of X (in press), Biometrika". */
export function publishedPoint(entries: readonly string[] | undefined): string | null {
  return pointOf(readAll(entries));
}

/** Both at once, each entry read once: null when no entry is out or presented. */
export function published(
  entries: readonly string[] | undefined,
): { sentence: string; point: string } | null {
  const read = readAll(entries);
  const sentence = sentenceOf(read);
  const point = pointOf(read);
  return sentence && point ? { sentence, point } : null;
}

const readAll = (entries: readonly string[] | undefined) =>
  (entries ?? []).map(publicationOf).filter((p): p is Publication => p !== null);

/** The papers of distinct venues, in the order listed, at most `count`. */
function distinctVenues(papers: Publication[], count: number): Publication[] {
  const seen = new Set<string>();
  return papers.filter((p) => !seen.has(p.venue) && Boolean(seen.add(p.venue))).slice(0, count);
}

function sentenceOf(read: Publication[]): string | null {
  const papers = read.filter((p) => p.kind === "paper");
  if (papers.length >= 3) {
    const any = papers.some((p) => p.status) ? "published or in press" : "published";
    return `I have ${papers.length} papers ${any}, including one in ${venueName(papers[0].venue)}.`;
  }
  const venues = distinctVenues(papers, 2);
  const out = venues.filter((p) => !p.status).map((p) => venueName(p.venue));
  const inPress = venues.filter((p) => p.status).map((p) => venueName(p.venue));
  if (out.length > 0 && inPress.length > 0)
    return `My research has appeared in ${out[0]}, and a paper is in press at ${inPress[0]}.`;
  if (out.length > 0) return `My research has appeared in ${out.join(" and ")}.`;
  if (inPress.length > 0) return `I have a paper in press at ${inPress[0]}.`;
  const shown = read[0];
  if (!shown) return null;
  return `I presented ${shown.kind === "poster" ? "a poster" : "a talk"} at ${venueName(shown.venue)}${shown.when ? ` in ${shown.when}` : ""}.`;
}

function pointOf(read: Publication[]): string | null {
  const [first] = read;
  if (!first) return null;
  const papers = read.filter((p) => p.kind === "paper");
  if (papers.length === 0) {
    return `${first.kind === "poster" ? "Poster" : "Talk"}: ${first.venue}${first.when ? ` (${first.when})` : ""}`;
  }
  const venues = distinctVenues(papers, 3).map(
    (p) => `${p.venue}${p.status ? ` (${p.status})` : ""}`,
  );
  return `Publications: ${venues.join(", ")}`;
}

/**
 * Whether the reader wrote one of the student's papers with them ("Whitcomb, D. L. (Dow)" or
 * "D. L. Whitcomb" among its authors, for Daniel L. Whitcomb): the journal, said short ("our
 * Macromolecules paper", "our JACS paper"), or null when it cannot be read. Round 24's readers:
 * a PhD student wrote to her own co-author as to a stranger.
 */
export function coauthorOf(
  entries: readonly string[] | undefined,
  fullName: string,
): { venue: string | null } | null {
  const names = fullName
    .replace(/,.*$/, "")
    .replace(/\b(Dr|Prof|Mr|Ms|Mrs)\.?\s+/gi, "")
    .trim()
    .split(/\s+/);
  const surname = names.at(-1) ?? "";
  const initial = names[0]?.[0] ?? "";
  if (names.length < 2 || surname.length < 3 || !/^[A-Z]/.test(initial)) return null;
  const escaped = surname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const written = new RegExp(
    // "Whitcomb, D. L.", "D. L. Whitcomb", "Daniel Whitcomb", and Vancouver's "Fenske L" / "Fenske LM".
    `\\b${escaped},\\s*${initial}\\.|\\b${initial}\\.(?:\\s*[A-Z]\\.)*\\s+${escaped}\\b|\\b${names[0]}\\s+(?:[A-Z]\\.\\s+)?${escaped}\\b|\\b${escaped}\\s+${initial}[A-Z]?\\b(?=[,.;]|\\s*$)`,
  );
  const entry = (entries ?? []).find((e) =>
    written.test(e.split(/\.\s+[A-Z][a-z]+\s+[a-z]/)[0] ?? e),
  );
  if (!entry) return null;
  const venue = publicationOf(entry)?.venue ?? null;
  return {
    venue: venue ? (/\(([^)]+)\)$/.exec(venue)?.[1] ?? venue.replace(/^the\s+/i, "")) : null,
  };
}
