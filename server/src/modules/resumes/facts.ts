import type {
  ResumeEducation,
  ResumeExperience,
  ResumeFacts,
  ResumeLeadership,
  ResumeProject,
  ResumeSource,
} from "@reachout/contract";
import { type LayoutLine, LEADING_BULLET, readLayoutLines, unfoldColumns } from "./layout-text";

/**
 * Reads a resume's layout text (see layout-text.ts: one visual line a line, bullets marked, a
 * line's far-apart pieces tab-separated, pages form-fed) into structured facts: name, contact
 * line, location, education, experiences with their bullets, projects, leadership, skills and
 * interests. Entries are read from their header lines only: an employer or a school never comes
 * from a bullet or from a sentence of description, and each entry keeps the page and line it
 * was read from. Resumes have no fixed shape, so this would rather leave a field empty than
 * fill it with a broken line; the student corrects what it misses on the Account page.
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
  | "publications"
  | "other";

const HEADINGS: Array<[RegExp, Section]> = [
  [
    /^(education|academic background|academic details|academic qualifications?|education,? (&|and) (honors|training|certifications?|certificates?|credentials|licenses?)|educación|formación( académica)?|estudios|educação|formação( acadêmica)?)$/,
    "education",
  ],
  [
    /^((work|professional|relevant|industry|academic|finance|consulting|engineering|design|product|research|internship|technical|co-?op|cooperative education|clinical|military|field|teaching)\s+)?(experiences?|employment|work history|internships?)( history)?$|^research$|^experience (&|and) internships$|^(other|additional|relevant) (work|experience|employment)$|^work$|^((clinical|field|community|teaching|research|graduate|applied|public health|mph|social work|counseling|nursing) )?(rotations|placements|practicums?|practica|externships?)( experiences?)?$|^student teaching$|^teaching( (&|and) (mentoring|mentorship|tutoring|outreach))?$|^teaching (positions|appointments|assistantships?)$|^(student |university )?(design|competition) teams?$|^student (engineering |project )?teams?$|^clinicals$|^experiencia( laboral| profesional)?$|^experiência( profissional)?$/,
    "experience",
  ],
  [
    /^((selected|technical|academic|personal|design|side|relevant|key|major|open source|academic and personal)\s+)?(projects?|portfolio)( done)?$|^(selected|creative|portfolio|([a-z]+ )?design) work$|^(selected )?(studio|architectural|architecture) (work|projects)$|^(projects?|case competitions?|competitions?) (&|and) (competitions?|case competitions?|hackathons?|projects?)$|^case studies$|^contribu[st]ions$|^proyectos$|^projetos$|^open[- ]source (projects|contributions?)$/,
    "projects",
  ],
  [
    /^(leadership|leadership (&|and) activities|activities|extra[- ]?curriculars?|extra[- ]?curricular activit(y|ies)|campus involvement|leadership experience|clubs|activities (&|and) (leadership|interests)|leadership (&|and) (involvement|service)|volunteering|volunteer(ing)? (&|and) leadership|volunteer (experience|work)|positions? of responsibility|service|community service|involvements?|projects (&|and) (leadership|activities|involvement)|leadership (&|and) projects)$/,
    "leadership",
  ],
  [
    /^((technical|key|core|laboratory|lab|research|clinical|computer|software|language|analytical)\s+)?skills?( set| areas| summary)?$|^skills (&|and) (interests|tools|certifications|additional information)$|^(certifications?|certificates?|licenses?)( (&|and) (certifications?|licenses?))? (&|and) (technical )?skills$|^technical skills (&|and) interests$|^tools$|^toolkit$|^skills, languages (&|and) interests$|^(skills|activities|interests|languages|certifications|hobbies)(,? (&|and) |, )(skills|activities|interests|languages|certifications|hobbies)((,? (&|and) |, )(skills|activities|interests|languages|certifications|hobbies))*$|^additional( information)?$|^core competencies$|^programming languages$|^technologies$|^habilidades( de programación| técnicas)?$|^conocimientos( técnicos)?$/,
    "skills",
  ],
  [/^(interests|hobbies|area of interest|areas of interest)$/, "interests"],
  [
    /^((selected|peer[- ]reviewed|refereed|recent|research|journal|academic) )?(publications|papers|journal articles)( ?(,|&|and) ?(presentations|talks|posters|abstracts|conference papers|preprints|patents))*$|^(abstracts|posters|conference papers|preprints)( ?(,|&|and) ?(presentations|talks|posters|publications))*$/,
    "publications",
  ],
  // "Arts Administration Experience", "Legal Experience": any short heading ending in
  // "experience" opens the experience section (after the sections named above took theirs).
  [/^[a-z&,/ -]{2,40} experiences?$/, "experience"],
  [
    /^(summary|profile|objective|career objective|career summary|professional summary|professional profile|summary of qualifications|qualifications summary|about( me)?)$/,
    "summary",
  ],
  [
    /^(awards?|honou?rs|honou?rs (&|and) awards|honors, awards (&|and) certifications|honou?rs (&|and) activities|activities (&|and) honou?rs|awards (&|and) activities|awards (&|and) achievements|achievements|certifications?|certificates?( and awards)?|certifications (&|and) awards|publications|languages?|references|coursework|relevant coursework|links|memberships|personal information|personal details|workshops attended|industrial visit|in-plant training|in-house trainings|online courses completed|career preferences|familiar with|courses|trainings?|(conference |invited |selected )?(presentations|talks)|research interests|research areas|areas of research)$/,
    "other",
  ],
];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const PHONE = /(\+?\d{1,3}[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}|\+\d[\d\s-]{8,}/;
const LINK =
  /(linkedin\.com\/\S+|github\.com\/\S+|https?:\/\/\S+|\b[\w-]+\.(dev|io|me|com)\/?\S*)/i;
// Month names in English and, for resumes written in them, Spanish, Portuguese, French and
// German ("Septiembre 2022 - Actualidad"): a month a date reader does not know is read as a
// word, and a word before a year on an entry's line becomes its employer.
const MONTH =
  "(?:Jan(?:uary|uar)?|Feb(?:ruary|ruar)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summers?|Fall|Autumn|Winters?|" +
  "Ene(?:ro)?|Febrero|Marzo|Abr(?:il)?|Mayo|Jun(?:io|ho)?|Jul(?:io|ho)?|Ago(?:sto)?|Se(?:p|t)?tiembre|Set(?:embro)?|Octubre|Noviembre|Dic(?:iembre)?|" +
  "Janeiro|Fevereiro|Março|Maio|Outubro|Novembro|Dezembro|" +
  "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|" +
  "März|Mai|Juni|Juli|Oktober|Dezember)\\.?";
// The end of a range still going on, in the same languages ("Actualidad", "Atual", "heute").
const ONGOING =
  "Present|Current|Now|Ongoing|Pursuing|Actualidad|Actual|Presente|Hoy|Atualmente|Atual|Présent|Aujourd'hui|heute";
// "Aug’25 – May’27", "Jul '23": a month with its year's last two digits after an apostrophe.
const MONTH_SHORT_YEAR = new RegExp(
  `(?<![\\p{L}])(${MONTH})\\s?['’‘](\\d{2})(?!\\d)( {3,})?`,
  "giu",
);

// "2024.09 - 2028.05", "2025.02": a year and its month's number after a dot, in a range or
// alone at the end of a line or before a column's gap (as Chinese and Korean resumes write them).
const DOTTED_MONTH =
  /(?<![\w.$])((?:19|20)\d{2})\.(0[1-9]|1[0-2])(?=\s*[-–—~]\s*(?:(?:19|20)\d{2}\.(?:0[1-9]|1[0-2])|present|current|now)\b|\s*$|\s*\(| {2})|(?<=[-–—~]\s*(?:19|20)\d{2}\.(?:0[1-9]|1[0-2])\s*[-–—~]\s*)((?:19|20)\d{2})\.(0[1-9]|1[0-2])(?![\d.])/gim;
const MONTH_NAMES = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

/** "2024.09" written out ("Sep 2024"), a space taken back from a gap after it. */
function withDottedMonths(text: string): string {
  return text.replace(
    new RegExp(`${DOTTED_MONTH.source}( {3,})?`, "gim"),
    (_, y1?: string, m1?: string, y2?: string, m2?: string, gap?: string) =>
      `${MONTH_NAMES[Number(m1 ?? m2) - 1]} ${y1 ?? y2}${gap ? gap.slice(1) : ""}`,
  );
}

/**
 * Years written as two digits after a month ("Jul’23") written out ("Jul 2023"), so every date
 * reader below knows them. Two of the spaces after it are taken back, so a column beside it
 * stays where it was.
 */
function withFullYears(text: string): string {
  return text.replace(MONTH_SHORT_YEAR, (_, month: string, year: string, gap?: string) => {
    const full = Number(year) < 70 ? `20${year}` : `19${year}`;
    return `${month} ${full}${gap ? gap.slice(2) : ""}`;
  });
}

/**
 * "E D U C AT I O N", "W O R K  E X P E R I E N C E": a heading set in spaced-out capitals
 * (pdftotext spaces out small caps letter by letter, and keeps a pair of letters it kerned
 * together). Such a line, alone on its line, of single capitals and pairs set one space apart,
 * is read as the word it spells; a wider gap parts its words.
 */
function withLettersJoined(text: string): string {
  return (
    text
      // "E d u c at i o n": small capitals spaced out, the first letter larger, a kerned pair
      // together (round 32's centred headings were read as nothing).
      .replace(
        /^([ \t]*)(\p{Lu}(?: \p{Ll}{1,2}){3,})[ \t]*$/gmu,
        (line, indent: string, heading: string) =>
          (heading.match(/ \p{Ll}(?= |$)/gu) ?? []).length >= 3
            ? indent + heading.replace(/ /g, "")
            : line,
      )
      .replace(
        /^([ \t]*)(\p{Lu}{1,2}(?: {1,3}\p{Lu}{1,2}|[ \t]*&[ \t]*\p{Lu}{1,2})+)[ \t]*$/gmu,
        (line, indent: string, heading: string) => {
          const joined = lettersJoined(heading);
          return joined === null ? line : indent + joined;
        },
      )
      .split("\n")
      .map((line) => {
        // "C O N TA C T                  ✉ rebecca@…", "Rebecca            S U M M A RY": a
        // heading spaced out beside the other column's line is joined where it stands, padded
        // to its width so the columns stay where they were (round 30's sidebar).
        if (!/\S( {3,}|\t)\S/.test(line)) return line;
        return line.replace(
          /(?<=^[ \t]*|\S {3,})\p{Lu}{1,2}(?: {1,3}\p{Lu}{1,2}|[ \t]*&[ \t]*\p{Lu}{1,2})+(?= {3,}|[ \t]*$)/gu,
          (heading) => lettersJoined(heading)?.padEnd(heading.length) ?? heading,
        );
      })
      .join("\n")
  );
}

/** Words a spaced-out heading may run together: "RELEVANTEXPERIENCE" is two of them. */
const SPACED_HEADING_WORDS =
  "relevant experience professional work teaching research technical skills education certifications certification summary contact projects leadership activities tools awards honors interests languages volunteer publications additional information profile about me and academic selected core competencies".split(
    " ",
  );

/** A heading's run of words, split where its letters make known words end to end. */
function headingWords(run: string): string {
  const lower = run.toLowerCase();
  const split = (from: number): string[] | null => {
    if (from === lower.length) return [];
    for (const word of SPACED_HEADING_WORDS) {
      if (!lower.startsWith(word, from)) continue;
      const rest = split(from + word.length);
      if (rest) return [run.slice(from, from + word.length), ...rest];
    }
    return null;
  };
  const whole = split(0);
  if (whole) return whole.join(" ");
  // "ARTSADMINISTRATIONEXPERIENCE": the known word it ends with is parted at least.
  const last = SPACED_HEADING_WORDS.filter((word) => word.length > 3 && lower.endsWith(word)).sort(
    (a, b) => b.length - a.length,
  )[0];
  return last && last.length < lower.length
    ? `${run.slice(0, -last.length)} ${run.slice(-last.length)}`
    : run;
}

/**
 * "S U M M A RY", "E D U C AT I O N" (a kerned pair stays together): the heading, or null
 * when the letters are no heading spaced out (fewer than four, or not three spaced alone).
 */
function lettersJoined(heading: string): string | null {
  if (heading.replace(/[^\p{Lu}]/gu, "").length < 4 || !/\b\p{Lu} \p{Lu} \p{Lu}\b/u.test(heading)) {
    return null;
  }
  const words = heading
    .split(/ {2,}|(?= ?& ?)|(?<=&) ?/)
    .map((w) => w.replace(/ /g, ""))
    .map((w) => (w.length > 10 ? headingWords(w) : w));
  return words.join(" ").replace(/ ?& ?/g, " & ");
}

/** The small words a name or heading in small capitals keeps whole ("C enter for H ealth"). */
const JOINING_WORDS = new Set(["&", "and", "of", "the", "for", "in", "at", "de", "–", "-", "·"]);

/**
 * Small capitals set larger on each word's first letter come out of pdftotext split after it:
 * "S ummary", "L eadership & A ctivities", "C arrington U niversity", "P iedmont M utual
 * I nsurance G roup" (round 27: a Google Docs template's headings and an Awesome CV's employers
 * were read as nothing). A piece of a line made only of such words (and the small words between
 * them) is joined; one such word alone on its line too ("S kills").
 */
function withCapitalsJoined(text: string): string {
  return text
    .split("\n")
    .map((line) => {
      const pieces = line.split(/(\t+| {3,})/);
      const joined = pieces.map((piece, index) => {
        if (index % 2 === 1) return piece;
        const tokens = piece.trim().split(" ");
        const words: string[] = [];
        let split = 0;
        for (let i = 0; i < tokens.length; i++) {
          const next = tokens[i + 1] ?? "";
          if (/^\p{Lu}$/u.test(tokens[i]) && /^\p{Ll}{2,}[,.]?$/u.test(next)) {
            words.push(tokens[i] + next);
            split++;
            i++;
          } else if (JOINING_WORDS.has(tokens[i]) && words.length > 0) {
            words.push(tokens[i]);
          } else if (/^\p{Lu}\.$/u.test(tokens[i]) && words.length > 0) {
            // "P riya S. R aman": a middle initial between the split words (round 32).
            words.push(tokens[i]);
          } else {
            return piece;
          }
        }
        const alone = pieces.filter((p, k) => k % 2 === 0 && p.trim()).length === 1;
        if (split < 2 && !(split === 1 && words.length === 1 && alone)) return piece;
        return piece.replace(piece.trim(), words.join(" "));
      });
      return joined.join("");
    })
    .join("\n");
}

// A year stands alone: "Store #1987" and "20195" hold numbers, not years.
const DATE = `(?:${MONTH},?\\s*)?(?<![#\\d])(?:19|20)\\d{2}(?!\\d)(?:/\\d{1,2})?|\\d{1,2}/(?:19|20)\\d{2}`;
// "(2025–26)", "2024-25,": a year's range may end on two digits, closing its bracket or piece.
const SHORT_END_YEAR = "(?<=(?:19|20)\\d{2}\\s*(?:-|‐|‑|–|—)\\s*)\\d{2}(?=\\s*(?:$|[)\\],;|·•]))";
// A range's dash may be any of the hyphens fonts set ("2000 ‑ 2003" in Awesome-CV's).
// "Sep 2024 - Expected 2029": a range's end may be expected.
// "Summers 2023 & 2024": years listed after the first are its dates too.
// A dash the PDF's font did not map may be lost ("Dec. 2021 Mar. 2026"): two month-and-year
// dates side by side are a range too.
const DATE_RANGE = new RegExp(
  `(${MONTH}(?=\\s*(?:-|‐|‑|–|—|to)\\s*${MONTH}\\s*(?:19|20)\\d{2})|${DATE})(?:\\s*(?:-|‐|‑|–|—|to|until)\\s*(?:(?:expected|exp\\.|anticipated)\\s+)?(${DATE}|${ONGOING}|${SHORT_END_YEAR})|\\s+(?<=(?:19|20)\\d{2}\\s+)(${MONTH}\\s*(?:19|20)\\d{2})|(?:\\s*(?:&|and|,)\\s*(?:19|20)\\d{2}(?!\\d))+)?`,
  "i",
);
/** A line that is only a date or a range of dates ("JANUARY 2025 – PRESENT"). */
const DATE_RANGE_ALONE = new RegExp(`^(?:${DATE_RANGE.source})(?:\\s*[·|,]\\s*.{0,24})?$`, "i");
/**
 * "…, Boston, Sep 2025 – May 2027" / "MA": a state's code wrapped onto a line of its own after
 * a line naming its city is the place's end, no degree (round 30 read "MA" as a Master of Arts
 * and gave the M.S. under it to the next school). The line is left blank, so lines keep their
 * numbers.
 */
function withoutLoneStates(text: string): string {
  const rows = text.split("\n");
  return rows
    .map((row, i) => {
      const code = /^\s*([A-Z]{2})\s*$/.exec(row)?.[1];
      const before = rows[i - 1] ?? "";
      return code && US_STATES.has(code) && /\b\p{Lu}\p{Ll}+,/u.test(before) ? "" : row;
    })
    .join("\n");
}

/**
 * "…, University of California San        2022–2027" / "Diego        (expected May)": a place's
 * name cut where its line wrapped is whole again on the first line (round 30 wrote "a PhD
 * candidate at the University of California San"). The word leaves the second line, spaces in
 * its place, so the columns stay where they were.
 */
function withPlacesJoined(text: string): string {
  const rows = text.split("\n");
  for (let i = 0; i + 1 < rows.length; i++) {
    const [first] = rows[i].split(/ {3,}|\t/);
    if (!/\b(San|Los|Las|Santa|New|St\.|El|Fort|Salt|Palo|Baton|Des|Rio)$/.test(first)) continue;
    const next = /^(\p{Lu}\p{Ll}+)(?= {3,}|\t|,|$)/u.exec(rows[i + 1]);
    if (!next) continue;
    rows[i] = rows[i].replace(first, `${first} ${next[1]}`);
    rows[i + 1] = " ".repeat(next[1].length) + rows[i + 1].slice(next[1].length);
  }
  return rows.join("\n");
}

/**
 * "Aug 2024 – May 2028University of Illinois": a date set in its own column runs into the name
 * beside it when the column is narrow (round 31); a space parts them again.
 */
function withDatesParted(text: string): string {
  return text.replace(/\b((?:19|20)\d{2}|Present|Current)(?=\p{Lu}\p{Ll})/gu, "$1 ");
}

/**
 * "Georgia Institute of" where a narrow column cut the school's name: the name as the resume
 * writes it whole elsewhere ("… at Georgia Institute of Technology", round 31), or as read.
 */
function wholeName(name: string, text: string): string {
  if (!/\s(of|and|for|the|&)$/.test(name)) return name;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const whole = new RegExp(
    `${escaped}[ \\t]+(\\p{Lu}[\\p{L}.&'-]*(?: \\p{Lu}[\\p{L}.&'-]*){0,3})`,
    "u",
  ).exec(text);
  return whole ? `${name} ${whole[1]}` : name;
}

/**
 * "Hennepin County Public Health, … — Preceptor: Rachel" / "Tomczak, MPH": who supervised the
 * work is no part of where it was, and the name's wrapped end is no entry of its own (round 33
 * told the work as done "At Tomczak, MPH").
 */
function withoutSupervisors(text: string): string {
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const found =
      /\s+[—–-]\s+(?:preceptor|supervisor|pi|advisor|adviser|mentor|host|manager|reports? to)\s*:\s*(.*)$/i.exec(
        rows[i],
      );
    if (!found) continue;
    rows[i] = rows[i].slice(0, found.index);
    const next = rows[i + 1]?.trim() ?? "";
    // The name ran onto the next line: a surname and its letters ("Tomczak, MPH").
    if (
      /\p{Lu}\p{Ll}+$/u.test(found[1].trim()) &&
      /^\p{Lu}[\p{L}'-]+(,\s*[A-Z][A-Za-z.]{1,6})?$/u.test(next)
    ) {
      rows[i + 1] = "";
    }
  }
  return rows.join("\n");
}

/**
 * "Candidate for Master of Business Administration, May 2028": the degree to come, as an MBA
 * resume words it; "Candidate for" is no major (round 31).
 */
function withoutCandidateFor(text: string): string {
  return text.replace(
    /^([ \t]*)candidate for (the )?(?=(master|bachelor|doctor|juris|mba|m\.|b\.|ph\.?d))/gim,
    "$1",
  );
}

/**
 * "💼 EXPERIENCE", "🎓 EDUCATION", "📧 name@school.edu": a template's icons are no part of a
 * heading or a line (round 30's Canva resume was read as nothing). Each becomes spaces of its
 * own length, so the columns stay where they were; a check mark drawn as a bullet stays.
 */
function withoutPictographs(text: string): string {
  const icon = String.raw`(?![\u2714\u2705\u2611])\p{Extended_Pictographic}\uFE0F?`;
  return (
    text
      // At a line's start the heading moves to the margin ("   PROJECTS" would read as a
      // wrapped line of the bullet above); what stands beside it stays in its column.
      .replace(
        new RegExp(String.raw`^([ \t]{0,2}${icon}[ \t]*)(\S+(?: \S+)*)`, "gmu"),
        (_, lead: string, first: string) => first + " ".repeat(lead.length),
      )
      .replace(new RegExp(icon, "gu"), (found) => " ".repeat(found.length))
  );
}

/**
 * "  Client: Great Lakes Mutual Insurance (USA) — Claims Platform Modernization   Mar 2024 –
 * Jul 2025", indented under "Vyoman Technologies Ltd. — Hyderabad": a services firm's client
 * engagement is work done for the employer above, not an employer of its own (round 30 read
 * "Client" as three employers). It becomes a line of that entry, without its dates, which
 * the writer does not tell (a label and a name, no verb); the work under it stays the entry's.
 */
function withClientLines(text: string): string {
  return text.replace(
    /^([ \t]+)(client|internal|engagement|account)\s*:\s*(\S.*?)(?:\s{3,}\S.*\d{4}.*)?$/gim,
    (_, indent: string, label: string, rest: string) => `${indent}• ${label}: ${rest.trim()}`,
  );
}

/** "Wichita DC": a distribution centre; DC is a place only after Washington. */
const stateOf = (city: string, region: string) =>
  US_STATES.has(region) && (region !== "DC" || /^washington$/i.test(city.trim()));
const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY ON BC QC AB".split(
    " ",
  ),
);
const REGIONS = new Set(
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Ontario|Quebec|British Columbia|United States|USA|U.S.A|US|United Kingdom|UK|England|Scotland|Canada|France|Germany|Ireland|Netherlands|Switzerland|Spain|Italy|Sweden|India|China|Japan|Singapore|Australia|Brazil|Mexico|Nigeria|Kenya|Israel|Korea|South Korea|S.Korea|Republic of Korea|Hong Kong|UAE|Iran|Egypt|Nepal|Vietnam|Philippines|Pakistan|Bangladesh|Türkiye|Turkey|Argentina|Chile|Colombia|Peru|Perú|Venezuela|Uruguay|Paraguay|Bolivia|Ecuador|Costa Rica|Guatemala|España|México|Brasil|Portugal|Poland|Polska|Deutschland|Austria|Belgium|Denmark|Norway|Finland|Greece|Romania|Ukraine|Czech Republic|Hungary|Russia|Indonesia|Malaysia|Thailand|Taiwan|New Zealand|South Africa|Ghana|Saudi Arabia|Qatar|Madhya Pradesh|Gujarat|Maharashtra|Karnataka|Tamil Nadu|Kerala|Punjab|Delhi|Uttar Pradesh|Telangana|West Bengal|Rajasthan|Himachal Pradesh|Haryana|Bihar|Odisha|Assam|Jharkhand|Uttarakhand|Goa|Andhra Pradesh|Chhattisgarh|Jammu and Kashmir".split(
    "|",
  ),
);
// "Desert Hills High": a high school named without "School", at the end of its name.
// "College Park", "College Station": towns, named after a college but none themselves.
// "Virginia Tech", "Georgia Tech": a state's institute of technology, named by its state.
const SCHOOL =
  /\b(University|College(?! (?:Park|Station|Heights|Point|Place|Grove)\b)|Collegium|Institute|School|Academy|Polytechnic|Conservatory|Universit[äé]t?|Universidad|Universidade|Università|Universiteit|Colegio|Escuela|Instituto|Lyc[ée]e|Gymnasium|Hochschule|Vidyapeeth|Vidyalaya)\b|\b(UNIVERSITY|COLLEGE(?! (?:PARK|STATION)\b)|INSTITUTE|SCHOOL|ACADEMY|POLYTECHNIC)|\b[A-Z][a-z]+ High(?=\s*(?:,|$|[—–|]|\s-\s))|(?<=\b(?:Virginia|Georgia|Texas|Louisiana|Michigan|Tennessee|Arkansas|Oregon|Florida|Montana|Penn|New Mexico) )Tech\b|\bCaltech\b/;
const DEGREE_FIELDS =
  "(?:Science|Arts|Engineering|Technology|Business Administration|Fine Arts|Commerce|Applied Science|Computer Applications|Architecture|Education|Laws|Music|Nursing|Public Health|Public Policy|Social Work|Economics|Management|Accountancy|Design|Pharmacy)";
const DEGREE = new RegExp(
  [
    // "B.S.P.H.", "BSPH", "B.S.N.": a bachelor's of science in a field, its letters whole.
    "B\\.?S\\.?P\\.?H\\.?",
    "B\\.?S\\.?N\\.?(?![A-Za-z])",
    "B\\.?\\s?S\\.?(?:E\\.?)?",
    "B\\.?\\s?A\\.?",
    "BBA",
    "BFA",
    "B\\.F\\.A\\.?",
    "M\\.F\\.A\\.?",
    "B\\.B\\.A\\.?",
    "M\\.B\\.A\\.?",
    "BSBA",
    "BSE",
    "BCA",
    "MCA",
    "B\\.?\\s?Tech\\.?",
    "M\\.?\\s?Tech\\.?",
    "B\\.?\\s?E\\.?(?=\\s*\\(|\\s+in\\b|\\s*,|\\s*\\|)",
    "B\\.?Arch",
    "A\\.?B\\.?",
    "Sc\\.?B\\.?",
    "B\\.?Sc\\.?",
    "M\\.?Sc\\.?",
    "M\\.?\\s?Res\\.?",
    "B\\.?\\s?Eng\\.?",
    "BEng",
    "MEng",
    "MENG",
    "BENG",
    "MFA",
    "M\\.?\\s?S\\.?",
    "M\\.?\\s?A\\.?",
    "MBA",
    "M\\.?Eng",
    // Two degrees earned together ("Ph.D. and M.S. in Electrical Engineering").
    "(?:Ph|PH)\\.?\\s?D\\.?\\s+(?:and|AND|&)\\s+M\\.?\\s?S\\.?",
    "Ph\\.?\\s?D\\.?",
    "PH\\.\\s?D\\.?",
    "PHD",
    "J\\.?D\\.?",
    "Juris Doctor(?:ate)?",
    "Doctor of (?:Pharmacy|Medicine|Philosophy|Nursing Practice|Physical Therapy|Occupational Therapy|Dental Medicine|Dental Surgery|Osteopathic Medicine|Veterinary Medicine|Education|Psychology|Audiology|Optometry|Public Health|Business Administration|Musical Arts|Juridical Science)",
    "Pharm\\.?\\s?D\\.?",
    "LL\\.\\s?M\\.?",
    "M\\.?P\\.?H\\.?",
    "MPP",
    "MPA",
    "MSW",
    "M\\.?\\s?Ed\\.?",
    "Ed\\.?\\s?D\\.?",
    "BSN",
    "MSN",
    "DNP",
    "DPT",
    // Associate degrees, dotted only ("AS" and "AA" alone are too often other things).
    "A\\.A\\.S\\.",
    // "AAS, Cybersecurity & Information Assurance": undotted, at the start of its line only.
    "(?<=^\\s*)AAS(?=,|\\s+in\\b)",
    "A\\.A\\.",
    "A\\.S\\.",
    "Associate of Applied Science",
    "Master of Science in Engineering",
    // "Bachelor of Science in Engineering, Mechanical Engineering": the BSE, its major after it.
    "Bachelor of Science in Engineering(?=\\s*(?:[,(|–—]|\\s-\\s|$))",
    `Bachelor(?:'s|’s|s)?(?: of ${DEGREE_FIELDS}| Degree)?`,
    `Master(?:'s|’s|s)?(?: of ${DEGREE_FIELDS}| Degree)?`,
    "Associated? Degree",
    // Spanish and Portuguese degrees ("Lic. Ciencias de la Computación").
    "Lic\\.",
    "Licenciatura(?: en)?",
    "Ingenier[íi]a(?: en)?",
    "Bacharelado(?: em)?",
    "Associate(?:'s|’s)? (?:of|in) [A-Z][a-z]+",
    "High School Diploma",
    "Diploma",
    "Minor",
  ].join("|"),
);
const DEGREE_AT = new RegExp(`(?<![A-Za-z])(${DEGREE.source})(?![A-Za-z])`, "g");
/** A clinical placement ("Capstone Practicum", "Pediatric Rotation"): a role, done at a place. */
// "Advanced Practice Experience 3 (APE-3)", "APPE": pharmacy's rotations are practice experiences.
const PLACEMENT_WORDS =
  "practicum|rotation|externship|clerkship|preceptorship|practice experience|IPPE|APPE";
/** Titles of service and training that read as roles like any job title. */
// "Student Pharmacist", "Warehouse Helper", "Nursing Student", "Honours Thesis
// Student": titles too ("Student" alone, or "Full-Time Student", is none).
const SERVICE_AND_TRAINING_TITLES = `sergeant|corporal|lieutenant|preparer|co-op|coop|apprentice|pharmacist|helper|handler|(?:pharmacy|nursing|medical|dental|graduate|thesis|doctoral|honou?rs|co-?op) student|${PLACEMENT_WORDS}`;
const ROLE_WORDS = new RegExp(
  `\\b(intern(ship)?|analyst|engineer|developer|associate|assistant|manager|designer|illustrator|animator|consultant|researcher|fellow|chief|lead|leader|president|vice president|founder|co-founder|member|coordinator|director|officer|representative|tutor|teaching assistant|scientist|strategist|specialist|treasurer|captain|chair|editor|mentor|ambassador|trader|advisor|volunteer|head|organizer|product|marketing|operations|research|summer|student|driver|worker|programmer|architect|journalist|writer|cto|ceo|coo|cfo|vp|supervisor|technician|cashier|clerk|barista|bookkeeper|docent|nurse|receptionist|lifeguard|counselor|caregiver|aide|host|server|cook|instructor|teacher|lecturer|contributor|administrator|sre|devops|paralegal|reporter|correspondent|producer|photographer|attorney|accountant|auditor|recruiter|monitor|proctor|scribe|${SERVICE_AND_TRAINING_TITLES})\\b|\\bTA\\b|\\bR&D\\b`,
  "i",
);
const STRONG_ROLE = new RegExp(
  `\\b(vp|liaison|intern(ship)?|analyst|engineer|developer|associate|assistant|manager|designer|illustrator|animator|consultant|researcher|fellow|chief|president|vice president|founder|co-founder|coordinator|director|officer|representative|tutor|scientist|strategist|specialist|treasurer|captain|chair|editor|mentor|ambassador|trader|advisor|volunteer|lead|leader|head|organizer|member|driver|worker|programmer|architect|journalist|writer|cto|ceo|supervisor|technician|instructor|teacher|contributor|barista|bookkeeper|cashier|docent|educator|attendant|laborer|labourer|participant|receptionist|lifeguard|caregiver|nurse|counselor|canvasser|waiter|waitress|bartender|dishwasher|busser|clerk|courier|stocker|nanny|babysitter|usher|janitor|custodian|valet|crew member|paralegal|reporter|correspondent|producer|photographer|attorney|accountant|auditor|recruiter|monitor|proctor|scribe|${SERVICE_AND_TRAINING_TITLES})\\b|\\bTA\\b`,
  "i",
);
const ORGANIZATION =
  /\b(inc|llc|ltd|corp|co|company|group|therapeutics|biotherapeutics|biosciences|pharmaceuticals|biologics|genomics|diagnostics|medicines|partners|capital|fund|club|society|association|chapter|foundation|center|centre|labs?|bank|securities|consulting|advisory|university|college(?! (?:park|station|heights|point|place|grove)\b)|school|museum|institute|studio|agency|ventures|holdings|technologies|systems|council|academy|hospital|church|cafe|café|restaurant|bakery|market|hotel|office|dept|department|site|clinic|pharmacy|library|battalion|brigade|regiment|squadron|llp|pllc|l\.?p\.?a|p\.c|polic[íi]a|ministerio|gobierno|c[áa]mara|secretar[íi]a|municipalidad|empresa|banco)(?![A-Za-zÀ-ÿ])\.?/i;

const TITLE_END = new RegExp(
  `\\b(liaison|intern|analyst|engineer|developer|associate|assistant|manager|designer|illustrator|animator|consultant|researcher|fellow|president|founder|co-founder|coordinator|director|officer|representative|tutor|scientist|strategist|specialist|treasurer|captain|editor|mentor|ambassador|trader|advisor|volunteer|interpreter|translator|scribe|lead|leader|organizer|member|driver|worker|programmer|architect|journalist|writer|cto|ceo|supervisor|technician|instructor|teacher|ta|barista|bookkeeper|cashier|docent|receptionist|lifeguard|caregiver|nurse|counselor|canvasser|server|waiter|waitress|bartender|cook|dishwasher|busser|aide|clerk|courier|stocker|nanny|babysitter|coach|usher|janitor|custodian|mover|valet|paralegal|reporter|correspondent|producer|photographer|attorney|accountant|auditor|recruiter|educator|attendant|laborer|labourer|participant|monitor|proctor|${SERVICE_AND_TRAINING_TITLES})$`,
  "i",
);

/** How much a header part reads like a job title rather than an organization. */
function roleScore(part: string): number {
  let score = 0;
  // "Strategy Consulting Intern": a title word ending the piece makes it a role.
  // "Supply Sergeant (SSG / E-6)": a note in brackets after the title leaves it a title.
  // "Sales Associate / Computer Department": a title before a spaced slash is a title still,
  // its department after it.
  const bare = part.replace(/\s*\([^()]*\)\s*$/, "").trim();
  const [title, unit] = bare.split(/\s+\/\s+/);
  if (
    TITLE_END.test(bare) ||
    (unit !== undefined && TITLE_END.test(title) && ORGANIZATION_UNIT.test(unit))
  ) {
    score += 2;
  }
  if (STRONG_ROLE.test(part)) score += 2;
  if (ROLE_WORDS.test(part)) score += 1;
  if (ORGANIZATION.test(part)) score -= 2;
  return score;
}

const VERB_LIKE = /^[A-Z][a-z]+(ed|ted|ped|ged|ned|led)\b/;
/** Participles that open names of countries and organizations, not sentences. */
const NAME_PARTICIPLE =
  /^(United|Allied|Applied|Advanced|Integrated|Associated|Consolidated|Federated|Unified|Limited|Sacred|Blessed)\s+\p{Lu}/u;
export const ACTION_VERBS = new Set(
  "analyzed architected automated built co-founded conducted created delivered designed developed drove engineered evaluated executed founded grew implemented improved increased launched led managed modeled optimized organized performed prepared presented reduced researched shipped spearheaded streamlined supported trained valued wrote coordinated collaborated assisted advised authored constructed negotiated raised ran taught tutored mentored produced partnered owned redesigned refactored scaled sourced pitched interviewed prototyped facilitated won cut saved generated secured recruited published mapped benchmarked audited identified drafted tested deployed migrated integrated conceived directed expanded initiated introduced oversaw planned restructured revamped simplified translated helping worked assist assists serves uses creates hold duties responsible ensure handled maintained utilized leveraged achieved enhanced contributed emulated extracted".split(
    " ",
  ),
);

function headingOf(line: LayoutLine): Section | null {
  const text = line.segments[0];
  // A heading set beside its first entry (a DOCX layout table) is in capitals or ends in ":".
  if (line.segments.length > 1 && !/:$/.test(text) && text !== text.toUpperCase()) return null;
  if (text.length > 48 || /\d/.test(text.replace(/^\d+\.\s*/, ""))) return null;
  const key = text
    .toLowerCase()
    .replace(/^\d+\.\s*/, "")
    .replace(/\s*[:：]$/, "")
    // "PUBLICATIONS (selected)": a qualifier in brackets leaves the heading what it was.
    .replace(/\s*\([^()]*\)$/, "")
    .replace(/\s+/g, " ")
    .trim();
  for (const [pattern, section] of HEADINGS) if (pattern.test(key)) return section;
  // A field's own experience heading in capitals: "MUSEUM & COMMUNICATIONS EXPERIENCE",
  // "CLINICAL EXPERIENCE" (in capitals only: "Customer Experience" may be a job's title).
  // "UX PROJECTS", "DATA SCIENCE PROJECTS": a field's own projects heading in capitals.
  // "GRADUATE PROJECTS (github.com/jdoe)": a link in brackets leaves it in capitals.
  // "Graduate Projects", "Data Science Projects": in title case too, alone on its line.
  const bare = text.replace(/\s*\([^()]*\)\s*:?$/, "").trim();
  if (
    /^([a-z&/-]+( (&|and|,) | )){1,3}projects$/.test(key) &&
    (bare === bare.toUpperCase() ||
      (line.segments.length === 1 &&
        /^(\p{Lu}[\p{L}&/-]*( (&|and) | |, )){1,3}Projects$/u.test(bare.replace(/:$/, ""))))
  ) {
    return "projects";
  }
  if (text === text.toUpperCase() && /^([a-z]+( (&|and|,) | )){1,3}experiences?$/.test(key)) {
    return "experience";
  }
  // "SENIOR CAPSTONE DESIGN PROJECT" over one project, in capitals alone on its line: its
  // name would become an employer with no role.
  if (
    line.segments.length === 1 &&
    text === text.toUpperCase() &&
    /^([a-z-]+ ){1,3}project$/.test(key) &&
    /\b(capstone|design|senior|research|thesis|team|class|course|final)\b/.test(key)
  ) {
    return "projects";
  }
  // "SOFTWARE / TECHNICAL SKILLS", "DESIGN & FIELD SKILLS": a field's own skills heading in
  // capitals (label-and-items lines under it had become employers and roles).
  if (text === text.toUpperCase() && /^([a-z&/-]+( (&|and|,) | )){1,3}skills$/.test(key)) {
    return "skills";
  }
  // A heading of service and activities made only of its words, in any order or pairing:
  // "LEADERSHIP & VOLUNTEER", "Volunteer and Community Involvement", "Leadership, Service &
  // Activities". Unread, its words would become the role of the first entry under it. Words
  // ending in a title are one ("Community Outreach Volunteer", "Volunteer" alone on its line)
  // unless the heading pairs them ("Leadership & Volunteer").
  const activityWords = key.split(/\s*(?:&|\band\b|,|\/)\s*|\s+/).filter(Boolean);
  const paired = /&|\band\b|,|\//.test(key);
  if (
    (paired ||
      (!TITLE_END.test(key) && (activityWords.length > 1 || text === text.toUpperCase())) ||
      // "VOLUNTEER" alone in capitals on its line is the heading, not a title.
      (key === "volunteer" && line.segments.length === 1 && text === text.toUpperCase())) &&
    activityWords.length > 0 &&
    activityWords.length <= 5 &&
    activityWords.every((word) => ACTIVITY_HEADING_WORDS.has(word)) &&
    activityWords.some((word) => ACTIVITY_HEADING_CORE.has(word))
  ) {
    return "leadership";
  }
  // "Accounting Experience", "Healthcare & Research Experience": a field's own experience
  // heading in title case, alone on its line ("Student Teaching Experience": teaching is the
  // field). "Customer Experience" and "Patient Experience" name whose experience a team looks
  // after (a job's team), never a section; "Community Service Experience" was read above, as
  // a heading of activities.
  if (
    line.segments.length === 1 &&
    /^(\p{Lu}[\p{L}-]*( (&|and) | |, )){1,3}Experiences?$/u.test(text.replace(/\s*:$/, "")) &&
    !EXPERIENCE_OF.has(key.split(/\s+/).at(-2) ?? "")
  ) {
    return "experience";
  }
  // A list heading made only of the words such headings use, in any order or pairing:
  // "LICENSES & CERTIFICATIONS", "Certifications and Licensure", "Professional Development &
  // Training". Read as anything else its first line would become an employer.
  const words = key.split(/\s*(?:&|\band\b|,|\/)\s*|\s+/).filter(Boolean);
  if (
    words.length > 0 &&
    words.length <= 5 &&
    words.every((word) => LIST_HEADING_WORDS.has(word))
  ) {
    return "other";
  }
  return null;
}

/** Whether a line of raw text, alone on its line, is a section's heading. */
const headsSection = (text: string) =>
  headingOf({ text, segments: [text], bullet: false, page: 1, line: 1 }) !== null;

/** Whose experience a team looks after: "Customer Experience" is a team, not a heading. */
const EXPERIENCE_OF = new Set(
  "customer customers guest guests patient patients user users client clients employee employees member members student students candidate candidates visitor visitors donor donors fan fans brand digital learning shopper consumer buyer player travel".split(
    " ",
  ),
);

/** The words that name a heading of service and activities, one of them at least. */
const ACTIVITY_HEADING_CORE = new Set([
  "leadership",
  "volunteer",
  "volunteering",
  "volunteerism",
  "activities",
  "involvement",
  "involvements",
  "extracurricular",
  "extracurriculars",
  "extra-curricular",
  "extra-curriculars",
  "service",
  "outreach",
]);

/** The words such a heading may add ("Community", "Campus", "Experience"). */
const ACTIVITY_HEADING_WORDS = new Set([
  ...ACTIVITY_HEADING_CORE,
  "community",
  "campus",
  "civic",
  "student",
  "engagement",
  "experience",
  "experiences",
  "work",
  "organizations",
  "organisations",
  "clubs",
  "other",
  "additional",
  // "PROFESSIONAL SERVICE & LEADERSHIP" on a graduate student's CV.
  "professional",
  // "Hackathons & Activities", "Competitions & Involvement".
  "hackathons",
  "competitions",
]);

/** The words of a heading over a list that is neither experience nor education. */
const LIST_HEADING_WORDS = new Set([
  // "Military Training: <courses>" under a service record (round 29 read its courses as jobs).
  "military",
  "licenses",
  "license",
  "licensure",
  "certifications",
  "certification",
  "certificates",
  "credentials",
  "professional",
  "development",
  "training",
  "trainings",
  "affiliations",
  "memberships",
  "publications",
  "presentations",
  "awards",
  "honors",
  "honours",
  "languages",
  "patents",
  "grants",
  "fellowships",
  "scholarships",
  "additional",
  "qualifications",
  // "Abstracts & Presentations", "Conference Posters": a list like publications.
  "abstracts",
  "abstract",
  "posters",
  "poster",
  "talks",
  "conference",
  "conferences",
  "papers",
  "proceedings",
  "publication",
  "presentation",
  "scholarly",
  "peer-reviewed",
  "selected",
  "invited",
  // "Awards & Competitions": what was won is listed, as awards are (its lines had become jobs).
  "competitions",
  // "AWARDS & RECOGNITION" (it had become a project's name).
  "recognition",
  "recognitions",
]);

/** Description rather than a header: a sentence, an action verb, mostly lower-case words. */
function isBodyText(line: LayoutLine): boolean {
  const text = line.segments[0] ?? "";
  const first =
    text
      .split(" ")[0]
      ?.toLowerCase()
      .replace(/[^a-z-]/g, "") ?? "";
  // "Built Robotics   San Francisco, CA": a short capitalised name with its place or dates
  // beside it is a header, even when its first word is also a verb.
  // "Automated Logistical Specialist (92A), PFC – Sergeant / E-5   Jun 2013 – Sep 2017": a
  // longer title in capitalised words with its dates beside it is a header too.
  const headerWords = text.split(" ");
  const capitalised = headerWords.every(
    (w) => /^[A-Z0-9&(]/.test(w) || SMALL_WORDS.has(w) || /^[–—|/·-]$/.test(w),
  );
  const nameWithPlace =
    line.segments.length > 1 &&
    capitalised &&
    ((headerWords.length <= 5 &&
      line.segments.slice(1).some((s) => DATE_RANGE.test(s) || placeOf(s) !== null)) ||
      (headerWords.length <= 12 && line.segments.slice(1).some((s) => DATE_RANGE.test(s))));
  // "Expected June 2018 – August 2018 | Detroit, MI": an entry's dates, not a sentence.
  const expectedDates = /^(expected|exp\.)\s/i.test(text) && DATE_RANGE.test(text);
  // "United States Marine Corps — 1st Battalion, …", "Allied Universal": names
  // opening on a participle are no sentence (the line had become the job above's bullet).
  const verbLike =
    VERB_LIKE.test(text) && !NAME_PARTICIPLE.test(text) && text.length > 35 && !expectedDates;
  // "Registered Behavior Technician (weekends, ~12 hrs/wk)   06/2023 – Present", "Licensed
  // Practical Nurse …": an unbulleted dated line whose opening participle names the kind of a
  // title is that title, whatever its note in brackets; a sentence opening with a verb goes on
  // in lower case ("Presented audit results to the board   May 2022").
  // Alone on its line too, when every word is capitalised and a title ends one of its pieces:
  // "Certified Nursing Assistant / Patient Care Tech (PRN, 24 hrs/wk)" over its hospital's line,
  // "Certified Nursing Assistant, Senior Living – City, ST" (the title before a comma).
  const unbracketed = text.replace(/\s*\([^()]*\)/g, "").trim();
  const titleWords = unbracketed.split(" ");
  const participleTitle =
    !line.bullet &&
    /^[A-Z][a-z]+ed\s+[A-Z]/.test(text) &&
    (line.segments.some((s) => DATE_RANGE.test(s)) ||
      // "Embedded Firmware Intern (co-op, extended through fall)   Sun Prairie, WI": beside its
      // place too.
      ((line.segments.length === 1 || line.segments.slice(1).every((s) => placeOf(s) !== null)) &&
        titleWords.length <= 10 &&
        titleWords.every((w) => /^[A-Z0-9&/–—-]/.test(w) || SMALL_WORDS.has(w)) &&
        unbracketed.split(/\s+[/–—-]\s+|,\s+/).some((piece) => TITLE_END.test(piece))));
  if (!nameWithPlace && !participleTitle && (ACTION_VERBS.has(first) || verbLike)) {
    return true;
  }
  // "As Analyst (2022–2023), built a pricing model …": a sentence on an earlier title at
  // the same organization, said in the entry's description (it had become an entry of its own).
  if (/^As (?:an? )?\p{Lu}[^,;]{0,60},\s+[a-z]/u.test(text)) return true;
  // "Engagements include:": a sentence leading into the bullets below.
  if (/:\s*$/.test(text) && /\b[a-z]{3,}\b/.test(text) && !DATE_RANGE.test(text)) return true;
  // Lower case opens a sentence's continuation, but "iSendMoney" and "eBay" are names.
  if (/^[a-z(]/.test(text) && !/^[a-z]+[A-Z]/.test(text)) return true;
  if (
    /^(key )?(qualifications|responsibilities|achievements|accomplishments|duties|tech(nologies)? used|tools used|skills used)\b.*:?$/i.test(
      text,
    )
  ) {
    return true;
  }
  // "Embedded Firmware Intern (co-op, extended through fall)": a note in brackets after a title
  // is no sentence, however many small words it holds.
  const words = text.split(" ").filter((w) => /^[A-Za-z]/.test(w));
  const lower = unbracketed
    .split(" ")
    .filter((w) => /^[a-z]/.test(w) && !SMALL_WORDS.has(w)).length;
  if (words.length >= 6 && lower / words.length > 0.4 && !DATE_RANGE.test(text)) return true;
  if (text.length > 110 && line.segments.length === 1 && !isDashedHeader(text)) return true;
  // A sentence ends in a full stop; "SCHOOL OF ENGINEERING & APPLIED SCI. | SECONDARY INSTR."
  // (capitals, abbreviations) does not make one.
  const capitals = text === text.toUpperCase();
  // "Shenzhen … Capital Management Co., Ltd.": a company's legal form ends its name, not a sentence.
  const legalForm = /\b(?:Ltd|Inc|Co|Corp|Pvt|Pty|Bhd|S\.A|L\.L\.C)\.$/.test(text);
  if (/[.!?]$/.test(text) && words.length >= 7 && !DATE_RANGE.test(text) && !capitals && !legalForm)
    return true;
  // A short sentence ends in a lower-case word and a full stop ("Publication submitted."); a
  // name's abbreviation is capitalised ("Omnious. Co., Ltd.").
  if (line.segments.length === 1 && /\s[a-z]{3,}\.$/.test(text) && !DATE_RANGE.test(text)) {
    return true;
  }
  return false;
}

/**
 * "Postdoctoral Fellow — University of …, Dept. of …, La Jolla, CA": a long line is still a
 * header when a title or an organization opens it before a dash or a pipe.
 */
function isDashedHeader(text: string): boolean {
  const opening = /^([^—–|]{3,60})\s[—–|]\s/.exec(text)?.[1];
  return opening !== undefined && (roleScore(opening) >= 2 || ORGANIZATION.test(opening));
}

/**
 * "Advisor: Dr. Elena Marchetti", "PI: …": a labelled line about whom the work was done under,
 * a detail of the entry above, never an entry (nor an achievement).
 */
// "Security clearance: Secret (inactive since 2024)": a clearance is held, no entry either.
const DETAIL_LABEL =
  /^((faculty |research |thesis )?advis[eo]rs?|supervisors?|mentors?|PIs?|P\.I\.|principal investigators?|(security )?clearance( level)?)\s*:/i;

/**
 * "Logistics Specialist \"A\" School", "Recruit Training Command": a service's training, named
 * with no title held there, is schooling, not a job.
 */
/**
 * "Full-Time Student   Sep 2025 – Mar 2026", "Career Break": time between jobs, named where a
 * title goes, with no employer; no job.
 */
const CAREER_GAP =
  /^((full|part)[\s-]?time )?student$|^career (break|pause)$|^(parental|family|medical|maternity|paternity) leave$|^sabbatical$/i;

const SERVICE_TRAINING =
  /(^|\s)["“]?[A-C]["”]?\s+School\b|\b(boot camp|basic (combat )?training|recruit training|advanced individual training|officer candidate school)\b/i;

const SMALL_WORDS = new Set(
  "of and the for at in on to a an & with by from de la le du des".split(" "),
);

/** A bullet marked line that is really an entry header ("• Google   Mountain View, CA"). */
function headerBullet(line: LayoutLine): boolean {
  if (!line.bullet || line.segments.length < 2) return false;
  const head = line.segments[0];
  return (
    head.length <= 60 &&
    !/[;:]$/.test(head) &&
    !(/\.$/.test(head) && head.split(" ").length > 4) &&
    line.segments.slice(1).some(
      (s) =>
        DATE_RANGE.test(s) ||
        placeOf(s) !== null ||
        // "Policía de San Juan, Argentina": an organization and its place.
        orgAndPlace(s) !== null,
    )
  );
}

const unbullet = (text: string) => text.replace(/^[•●▪◦‣*–-]\s*/, "").trim();

interface Sections {
  lines: Map<Section, LayoutLine[]>;
  /**
   * The first line under each heading: "Industry Experience" and "Research Experience" fill
   * one section, but a title under the second is no further title at the employer above it.
   */
  opening: Set<LayoutLine>;
  /** The lines under a heading of clinical rotations, where a course's name is the role. */
  clinical: Set<LayoutLine>;
}

/** "CLINICAL EXPERIENCE", "Clinical Rotations", "Practicum Placements": rotations at sites. */
const CLINICAL_HEADING = /\b(clinicals?|rotations?|practicums?|practica|placements?)\b/i;

/**
 * "Page 2", "Page 2 of 2", "Page 2 | Jane Q. Doe", "Jane Q. Doe — Page 2": a page's running
 * header, with the name beside it if any (null: the page number alone), or null when the line
 * is no such header.
 */
function pageHeader(line: LayoutLine): { name: string | null } | null {
  if (line.bullet) return null;
  const text = line.segments.filter((segment) => !/^[|·•,–—-]+$/.test(segment)).join(" | ");
  const page =
    /(?:^|\s*[|·•,–—-]\s*)page\s+\d{1,2}(?:\s*(?:of|\/)\s*\d{1,2})?(?:\s*[|·•,–—-]\s*|$)/i;
  const match = page.exec(text);
  if (!match) return null;
  const rest = `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`.trim();
  if (!rest) return { name: null };
  // Only a name may stand beside the page number: two to four capitalised words or initials.
  const words = rest.split(/\s+/);
  const named =
    words.length >= 2 &&
    words.length <= 4 &&
    words.every((word) => /^\p{Lu}[\p{L}'’.-]*$/u.test(word));
  return named ? { name: rest } : null;
}

/** The last two lines of a list hold an item each, no commas nor labels. */
const itemsOneALine = (list: LayoutLine[]) =>
  list.length >= 2 && list.slice(-2).every((l) => /^[^,:]+$/.test(l.text));

function splitSections(lines: LayoutLine[]): Sections {
  const out = new Map<Section, LayoutLine[]>();
  const opening = new Set<LayoutLine>();
  const clinical = new Set<LayoutLine>();
  let current: Section = "top";
  let opened = false;
  let underClinical = false;
  let label: string | null = null;
  const add = (section: Section, line: LayoutLine) => {
    if (opened) opening.add(line);
    opened = false;
    if (underClinical && section === "experience") clinical.add(line);
    out.set(section, [...(out.get(section) ?? []), line]);
  };
  for (const [index, line] of lines.entries()) {
    // A two-page resume's page header ("Page 2", "Jane Q. Doe — Page 2 of 2") is no entry and
    // ends no section; on the first page, the name beside it is the resume's name.
    const header = pageHeader(line);
    if (header) {
      if (current === "top" && header.name) {
        add(current, { ...line, segments: [header.name], text: header.name });
      }
      continue;
    }
    // A heading may carry an icon, read as a bullet ("• Education").
    // "Activities:   Board of Advocates, …" under a school, its label in title case beside
    // its items: a detail of the school's entry, not a section of its own (the next school
    // had been read as an activity and lost).
    const labelled = line.segments[0] ?? "";
    const schoolDetail: boolean =
      current === "education" &&
      line.segments.length > 1 &&
      /:$/.test(labelled) &&
      labelled !== labelled.toUpperCase();
    // "Languages", "Hardware", "Tools" alone on their lines under TECHNICAL SKILLS, in title
    // case, over a list of the items they name: a label of that list, not a section.
    const only = line.segments.length === 1 ? line.segments[0].trim() : "";
    const skillLabel =
      current === "skills" &&
      !line.bullet &&
      /^\p{Lu}[\p{Ll}&/ -]*(?: \p{Lu}[\p{Ll}&/-]*)?:?$/u.test(only) &&
      only !== only.toUpperCase() &&
      // "…, FlowJo," / "Excel": the end of a list broken at the margin is an item.
      !/,\s*$/.test(out.get("skills")?.at(-1)?.text ?? "") &&
      // "Maze / Dovetail" / "Webflow" / "Notion, Jira": under items one a line, an item.
      !itemsOneALine(out.get("skills") ?? []) &&
      // "Epic charting" / "Vital signs": items one a line are no labels; a label heads a list.
      /,/.test(lines[index + 1]?.text ?? "");
    const heading: Section | null = schoolDetail ? null : headingOf(line);
    // A heading of another section in title case ("Clinical Experience") is still one.
    if (skillLabel && (heading === null || heading === "skills" || heading === "other")) {
      label = only.replace(/:$/, "");
      continue;
    }
    // "PORTFOLIO" over web addresses (a sidebar's links) lists no projects.
    const links =
      heading === "projects" &&
      /^portfolio:?$/i.test(line.segments[0]) &&
      /^\S+\.[a-z]{2,}(\/\S*)?$/i.test(lines[index + 1]?.text ?? "");
    if (heading) {
      label = null;
      if (links) {
        current = "other";
        continue;
      }
      current = heading;
      opened = true;
      underClinical = heading === "experience" && CLINICAL_HEADING.test(line.segments[0]);
      // "Skills: Python, SQL" and "Education: Saint John's University" open and fill a section.
      const rest = line.segments.slice(1);
      if (rest.length > 0) add(current, { ...line, segments: rest, text: rest.join(" | ") });
      continue;
    }
    // "Hackathons & Activities: Bitcamp 2026 (Best Use of Data), HackUMBC 2025": a heading of
    // activities with its items on its line is a list, no entry (it had been read as a project,
    // "I bitcamped 2026").
    const labelledList = /^([\p{L}&/,' -]{3,40}):\s*\S/u.exec(line.segments[0]);
    if (labelledList && !line.bullet && current !== "skills" && current !== "education") {
      const named = labelledList[1].trim();
      const listed = headingOf({ ...line, segments: [named], text: named });
      if (listed === "leadership" || listed === "other") {
        label = null;
        current = "other";
        add(current, line);
        continue;
      }
    }
    // "Other: Portuguese (conversational), sketching": a last unmarked line of what else the
    // student can do, under the activities above it, is a skills line too.
    const inline =
      /^(technical skills|skills|interests|hobbies|languages|tools|software|other)\s*:\s*(.+)$/i.exec(
        line.segments[0],
      );
    if (
      inline &&
      current !== "skills" &&
      current !== "interests" &&
      !(/^other$/i.test(inline[1]) && (line.bullet || current === "education"))
    ) {
      add(/interests|hobbies/i.test(inline[1]) ? "interests" : "skills", line);
      continue;
    }
    if (label && current === "skills") {
      const segments = [`${label}: ${line.segments[0]}`, ...line.segments.slice(1)];
      add(current, { ...line, segments, text: segments.join(" | ") });
      label = null;
      continue;
    }
    add(current, line);
  }
  return { lines: out, opening, clinical };
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .split(" ")
    .map((w, i) =>
      i > 0 && SMALL_WORDS.has(w)
        ? w
        : w.replace(/(^|[-'’.(])([a-z])/g, (_, a, b) => a + b.toUpperCase()),
    )
    .join(" ");

/** Legal forms written in capitals whatever the name around them ("Ernst & Young LLP"). */
const CAPITAL_FORM = /^(LLP|LLC|PLLC|PLC|LP|LLLP)$/;
/** Legal forms written either way ("IBM Corp.", "ACME INC."). */
const LEGAL_FORM = /^(CORP|INC|CO|LTD|PC|PA)$/;

const lettersOf = (word: string) => word.replace(/[^A-Za-z]/g, "");

/**
 * A word in capitals that title case would spoil: no vowel ("KPMG", "HSBC"), "LLP", or a
 * Roman numeral ("Engineer II").
 */
const keepsCapitals = (word: string) =>
  !/[AEIOUY]/.test(lettersOf(word)) ||
  // "A&M", "AT&T", "P&G": initials about an ampersand.
  /^[A-Z]{1,2}&[A-Z]{1,2}$/.test(word.replace(/[^A-Za-z&]/g, "")) ||
  CAPITAL_FORM.test(lettersOf(word)) ||
  /^(II|III|IV)$/.test(lettersOf(word));

/**
 * All-capital names read better in title case ("CORNELL UNIVERSITY" is "Cornell University"),
 * but an acronym keeps its capitals: a name of short words holding an acronym or a legal form
 * stays as written ("KPMG LLP", "IBM CORP."), a longer one keeps them in its acronyms only
 * ("ERNST & YOUNG LLP" is "Ernst & Young LLP"), never "Kpmg Llp".
 */
function displayCase(text: string): string {
  const letters = lettersOf(text);
  if (letters.length <= 4 || letters !== letters.toUpperCase()) return text;
  const words = text.split(" ");
  const acronymName =
    words.every((word) => lettersOf(word).length <= 4) &&
    words.some(
      (word) => lettersOf(word) && (keepsCapitals(word) || LEGAL_FORM.test(lettersOf(word))),
    );
  if (acronymName) return text;
  const titled = titleCase(text).split(" ");
  return words
    .map((word, i) => (lettersOf(word) && keepsCapitals(word) ? word : titled[i]))
    .join(" ");
}

/**
 * Letters after a name: "RN", "MBA", "CPA", "EMT-B", "Ph.D.", "P.E.", in brackets too ("(PhD)"),
 * and a degree still under way ("BSN Candidate", "PhD Student", "MPH(c)"): none of them is the
 * name. Letters with a lower-case one among them ("PharmD", "CPhT", "MSc") are credentials too;
 * a given name written so ("LaToya") ends in more lower-case letters than a credential does.
 * One opening with a lower-case letter ("aPHR", "eMBA") is one too.
 */
const CREDENTIAL_LETTERS = "(?=[A-Z][a-z]{0,4}[A-Z])[A-Z][A-Za-z]{1,5}(?<![a-z]{3})(?![A-Za-z])";
const CREDENTIALS = new RegExp(
  `(,\\s*(?:${CREDENTIAL_LETTERS}(?:-[A-Z]{1,4})?|[a-z][A-Z]{2,5}(?![A-Za-z])|(?:[A-Z]\\.){2,4}|Ph\\.?\\s?D\\.?|M\\.?D\\.?|P\\.?E\\.?|Esq\\.?|[BM]\\.(?:A|S|Sc|Ed|Eng|F\\.?A|B\\.?A)\\.?)(?:\\s*\\((?:[cC]|[cC]and\\.?|[cC]andidate)\\))?[®™]?(?:\\s+(?:Candidate|Student|Graduate))?|\\s*\\((?:[A-Z]{2,5}|Ph\\.?\\s?D\\.?|M\\.?D\\.?)\\))+\\s*$`,
);

/**
 * The name a person goes by, from their name line: "DANIELLE OKAFOR, RN" is Danielle Okafor,
 * 'Theodora "Theo" Lindqvist' is Theo Lindqvist, "NGUYEN THI LAN ANH (Lan Anh Nguyen)" is the
 * name in brackets.
 */
function asWrittenName(line: string): string {
  const preferred = /^[^()]+\(([A-Z][A-Za-z'’.-]*(?: [A-Z][A-Za-z'’.-]*){1,3})\)$/.exec(line);
  if (preferred) return preferred[1];
  // 'Theodora "Theo" Lindqvist', "SEOYEON (SOPHIE) PARK": the name in quotes or brackets
  // between the given name and the family name is the one they go by.
  const nickname = /^[A-Z][A-Za-z'’.-]*\s+["“”'(]([A-Z][A-Za-z'’.-]*)["“”')]\s+(.+)$/.exec(line);
  const named = nickname ? `${nickname[1]} ${nickname[2]}` : line;
  return named.replace(CREDENTIALS, "").trim();
}

/**
 * "P R IYA VE NK ATARA MA N" over "priya.venkataraman@kellogg…": a name set in spaced capitals,
 * its words' ends lost, is the one the email address spells with the same letters (round 31's
 * MBA resume had no name read). The first 80 lines are searched for the name and the address.
 */
function spacedNameOf(top: LayoutLine[]): string | null {
  const head = top.slice(0, 80);
  const address = head.map((line) => EMAIL.exec(line.segments.join(" "))?.[0]).find(Boolean);
  const parts =
    address
      ?.split("@")[0]
      .replace(/\d+/g, "")
      .split(/[._-]+/)
      .filter((part) => part.length > 1) ?? [];
  const letters = parts.join("").toLowerCase();
  // "ELEANOR LINDQVIST" in a main column beside "elindqvist.clarinet@…" and
  // "eleanorlindqvistmusic.com" (round 33): a name whose letters a personal address or site
  // holds in a row.
  const handles = head
    .flatMap(
      (line) =>
        line.segments
          .join(" ")
          .match(/[\w.-]+@[\w.-]+|[\w-]+\.(com|me|io|net|org|dev|studio|design)\b/gi) ?? [],
    )
    .map((handle) =>
      handle
        .split(/[@.]/)[0]
        .replace(/[^a-z]/gi, "")
        .toLowerCase(),
    )
    .filter((handle) => handle.length >= 6);
  for (const line of head) {
    for (const segment of line.segments) {
      const text = segment.trim();
      if (!/^\p{L}+( \p{L}+)+$/u.test(text)) continue;
      const joined = text.replace(/ /g, "").toLowerCase();
      // "P R IYA VE NK ATARA MA N" and "priya.venkataraman@…": the address parts the words.
      if (parts.length >= 2 && joined === letters) {
        return parts.map((part) => part[0].toUpperCase() + part.slice(1).toLowerCase()).join(" ");
      }
      const words = text.split(" ");
      if (
        words.length >= 2 &&
        words.length <= 3 &&
        words.every((word) => word.length > 1) &&
        handles.some((handle) => handle.includes(joined))
      ) {
        return words.map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase()).join(" ");
      }
    }
  }
  return null;
}

function nameOf(top: LayoutLine[]): string | null {
  // "CHRIS" / "OH": a name set one word a line.
  const [a, b] = top;
  if (
    a &&
    b &&
    a.segments.length === 1 &&
    b.segments.length === 1 &&
    /^[A-Z][A-Za-z'’-]+$/.test(a.segments[0]) &&
    /^[A-Z][A-Za-z'’-]+$/.test(b.segments[0]) &&
    !headingOf(a) &&
    !headingOf(b)
  ) {
    return [a.segments[0], b.segments[0]]
      .map((w) => (w === w.toUpperCase() ? titleCase(w) : w))
      .join(" ");
  }
  for (const [index, line] of top.slice(0, 6).entries()) {
    for (const segment of line.segments) {
      const written = segment.replace(/\s*[|·•].*$/, "").trim();
      // "Las Vegas, NV": a place, whose state is no credential ("Danielle Okafor, RN").
      if (placeOf(written)) continue;
      const candidate = asWrittenName(written);
      if (EMAIL.test(candidate) || PHONE.test(candidate) || /\d|@|:\/\//.test(candidate)) continue;
      const words = candidate.split(" ");
      if (words.length < 2 || words.length > 4) continue;
      // Letters of any language: "Maciej Hałas", "José Núñez".
      const shape = index === 0 ? /^\p{L}[\p{L}'’.-]*$/u : /^\p{Lu}[\p{L}'’.-]*$/u;
      // "hannah kowalczyk": a designer's name line set all in lower case, first on the page.
      const lowerName =
        index === 0 && words.length <= 3 && words.every((w) => /^\p{Ll}[\p{Ll}'’-]*$/u.test(w));
      if (!words.every((w) => shape.test(w)) || (!lowerName && !/^\p{Lu}/u.test(words[0]))) {
        continue;
      }
      if (SCHOOL.test(candidate) || headingOf({ ...line, segments: [candidate] })) continue;
      // "United States" under a sidebar's "Details": a country, no name (round 31).
      if (roleScore(candidate) > 0 || placeOf(candidate) || REGIONS.has(candidate)) continue;
      return words
        .map((w) =>
          w === w.toUpperCase() && w.replace(/\./g, "").length > 1
            ? titleCase(w)
            : w[0].toUpperCase() + w.slice(1),
        )
        .join(" ");
    }
  }
  return null;
}

/** "New York, NY", "Hanoi, Vietnam", "Alpharetta, Georgia": a place, or null. */
function placeOf(text: string): string | null {
  const cleaned = text
    .replace(/\(.*?\)/g, "")
    .replace(/[.\s]+$/, "")
    .trim();
  // "Fort Cavazos, TX & Poland": where a unit served, at home and deployed.
  const both = /^(.+,\s*\p{Lu}[\p{L}. ]+?)\s+&\s+(\p{Lu}[\p{L}. ]+)$/u.exec(cleaned);
  if (both && placeOf(both[1]) && (REGIONS.has(both[2]) || placeOf(both[2]))) return cleaned;
  // Letters of any language: "Córdoba, Argentina", "Poznań, Poland".
  const match = /^(\p{Lu}[\p{L}.' -]{1,40}?),?\s+(\p{Lu}[\p{L}. ]{1,25})$/u.exec(cleaned);
  if (!match) {
    if (/^(remote|hybrid|online|remoto|remota|híbrido|presencial)$/i.test(cleaned)) return cleaned;
    // A country alone beside an employer ("SAMSUNG Electronics   S.Korea"); not a two- or
    // three-letter one ("IN", "OR" and "UK" are words or parts of names too).
    return cleaned.length >= 4 && REGIONS.has(cleaned) ? cleaned : null;
  }
  const region = match[2].trim();
  if (!stateOf(match[1], region) && !REGIONS.has(region)) return null;
  // "Best Buy - Beavercreek, OH": a spaced dash sets an employer before its city; a city's
  // own name has none ("Wilkes-Barre").
  if (/\s[-–—]\s/.test(match[1])) return null;
  if (ORGANIZATION.test(match[1]) || SCHOOL.test(match[1]) || roleScore(match[1]) > 0) return null;
  return `${match[1].trim()}, ${region}`;
}

/** The place at the end of a header piece ("Hatch Design, San Francisco, CA"), or null. */
/** "Policía de San Juan, Argentina": an organization (never a school) and its country or state. */
function orgAndPlace(text: string): { organization: string; place: string } | null {
  const match = /^(.{3,80}?),\s*([^,]{2,30})$/.exec(text.trim());
  if (!match) return null;
  const region = match[2].replace(/[.\s]+$/, "").trim();
  if (!US_STATES.has(region) && !REGIONS.has(region)) return null;
  const organization = match[1].trim();
  if (!ORGANIZATION.test(organization) || SCHOOL.test(organization)) return null;
  return { organization, place: region };
}

function trailingPlace(text: string): { place: string; rest: string } | null {
  const pieces = text.split(/\s*,\s*/);
  for (let i = 1; i < pieces.length; i++) {
    const region = pieces[i].replace(/[.\s]+$/, "").trim();
    if (!US_STATES.has(region) && !REGIONS.has(region)) continue;
    if (
      i < pieces.length - 1 &&
      pieces
        .slice(i + 1)
        .join("")
        .replace(/[.\s]/g, "").length > 0
    ) {
      continue;
    }
    const city = pieces[i - 1].trim();
    if (region === "DC" && !stateOf(city, region)) continue;
    if (!/^[A-Z][A-Za-z.' ]{1,30}$/.test(city) || ORGANIZATION.test(city) || SCHOOL.test(city)) {
      if (i - 1 === 0) continue;
    }
    const cityIsName = i - 1 === 0;
    if (cityIsName) continue;
    return {
      place: `${city}, ${region}`,
      rest: pieces.slice(0, i - 1).join(", "),
    };
  }
  // "Marsh & Pell CPAs, Denver CO": a city and its state's letters without the comma.
  const last = pieces.length >= 2 ? pieces[pieces.length - 1].trim() : "";
  const cityState = /^(\p{Lu}[\p{L}.']*(?: \p{Lu}[\p{L}.']*){0,2}) ([A-Z]{2})$/u.exec(last);
  if (
    cityState &&
    stateOf(cityState[1], cityState[2]) &&
    !ORGANIZATION.test(cityState[1]) &&
    !SCHOOL.test(cityState[1]) &&
    roleScore(cityState[1]) === 0
  ) {
    return { place: `${cityState[1]}, ${cityState[2]}`, rest: pieces.slice(0, -1).join(", ") };
  }
  return null;
}

/** What sets a contact line's pieces apart: "|", "·", "•", or a dash between spaces. */
const CONTACT_SEPARATOR = /\s*[|·•◦♦▪]\s*|\s+[—–]\s+/;

function contactLineOf(lines: LayoutLine[]): string | null {
  const parts = lines
    .slice(0, 8)
    .filter((line) =>
      line.segments.some((s) => EMAIL.test(s) || PHONE.test(s) || /linkedin|github/i.test(s)),
    )
    .flatMap((line) => line.segments.flatMap((s) => s.split(CONTACT_SEPARATOR)))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length ? [...new Set(parts)].join(" | ").slice(0, 300) : null;
}

/** The year an entry ends (or is expected to), from its header lines; "Present" is none. */
function endYearOf(text: string): { year: number | null; found: boolean } {
  const expected =
    /\b(?:class of|expected|graduat\w*|grad\.?|anticipated|completed in)\D{0,20}((?:19|20)\d{2})\b/i.exec(
      text,
    );
  if (expected) return { year: Number(expected[1]), found: true };
  const range = new RegExp(DATE_RANGE.source, "gi");
  let last: RegExpExecArray | null = null;
  for (const match of text.matchAll(range)) last = match;
  if (!last) return { year: null, found: false };
  const end = last[2] ?? last[3] ?? last[1];
  if (new RegExp(`^(?:${ONGOING})$`, "i").test(end)) return { year: null, found: true };
  const year = /(19|20)\d{2}/.exec(end);
  return { year: year ? Number(year[0]) : null, found: true };
}

/** The degree in a piece of text; "MA" after a comma or a closing city is Massachusetts. */
function degreeIn(text: string): RegExpExecArray | null {
  if (PLANNED.test(text.trim())) return null;
  for (const match of text.matchAll(DEGREE_AT)) {
    const before = text.slice(0, match.index);
    if (/^[A-Z]{2}$/.test(match[1]) && US_STATES.has(match[1])) {
      // "…, MA" or "Boston MA" closing the line: the state of a place, not a master's.
      const closes = /^[\s.]*$/.test(text.slice((match.index ?? 0) + match[0].length));
      if (/,\s*$/.test(before) || (closes && /\p{Lu}[\p{L}.'-]+\s+$/u.test(before))) continue;
    }
    if (/^minor$/i.test(match[1])) continue;
    // "Member: …, MBA Veterans Association": a club of the degree's students, not the degree.
    if (
      /^\s+(?:\p{Lu}[\p{L}'’-]*\s+){0,2}(?:association|club|society|council|network|ambassadors?|conference|challenge|competition)\b/iu.test(
        text.slice((match.index ?? 0) + match[0].length),
      )
    ) {
      continue;
    }
    // "Linear Algebra (MA 242)": a course's department and number, not a master's.
    const after = text.slice((match.index ?? 0) + match[0].length);
    if (/^[A-Z]{2}$/.test(match[1]) && /^\s?(?:\d{3}|(?!19|20)\d{4})[A-Z]?\b/.test(after)) continue;
    // "Econometrics I (PhD sequence)", "(MBA core)": a course of a degree's, not the degree.
    if (
      /\(\s*$/.test(before) &&
      /^\s+(sequence|core|level|course|courses|track|elective)s?\b/i.test(after)
    ) {
      continue;
    }
    // "Graduate coursework: …": courses, whatever degree they name.
    if (/\bcoursework\s*:/i.test(before)) continue;
    // "Plan to transfer into a B.A.S. in Cybersecurity": a degree to come, not the one held.
    if (
      /\b(transfer(ring)? (into|to)|plan(ning)? to (earn|pursue|complete)|pursue|toward)\s+(an?\s+)?$/i.test(
        before,
      )
    ) {
      continue;
    }
    return match as RegExpExecArray;
  }
  return null;
}

/** Honours as a degree is written with it ("Hons", "(Honours)"). */
const HONOURS = /^(honou?rs|hons\.?)$/i;

const MAJOR_END =
  /\s*(?:\.{3,}|…|[;|,(]|\s[-–—]\s|\s[-–—]|\bwith\b|\bCGPA\b|\bGPA\b|\bminor\b|\bspecializ|\bconcentration\b|\bhonou?rs\b|\bcum laude\b|\b(?:19|20)\d{2}\b|\bexpected\b|\d)/i;

/** A degree's general area, whose concentration after a dash is what was studied. */
const GENERAL_AREA =
  /^(business administration|business|general studies|liberal arts|liberal studies|commerce|management)$/i;

function cutMajor(written: string): string | null {
  // "Business Administration – Accounting; Minor in Finance": the concentration (round 28's
  // audit student was "a Business Administration student" asking for "a full-time role").
  const concentration =
    /^([A-Za-z ]{4,40}?)\s[-–—]\s([A-Z][A-Za-z&]*(?: [A-Za-z&]+){0,3})(?=$|[;,(|]|\s[-–—]\s)/.exec(
      written.trim(),
    );
  if (concentration && GENERAL_AREA.test(concentration[1].trim())) {
    return displayCase(concentration[2].trim());
  }
  // "User Experience (UX) Design": capitals in brackets inside the major's words are part of it.
  const text = written.replace(/ \(([A-Z]{2,5})\)(?= [A-Z][a-z])/g, " \uE002$1\uE003");
  const end = MAJOR_END.exec(text);
  const major = (end ? text.slice(0, end.index) : text)
    .replace(/[.:\s]+$/, "")
    .replace(/\uE002/g, "(")
    .replace(/\uE003/g, ")")
    .trim();
  if (!major || !/^[A-Za-z]/.test(major) || major.split(" ").length > 8) return null;
  if (
    DATE_RANGE.test(major) ||
    SCHOOL.test(major) ||
    /^(expected|exp\b|gpa|class|graduat)/i.test(major) ||
    new RegExp(`^(?:${MONTH})\\b`, "i").test(major)
  ) {
    return null;
  }
  return displayCase(major);
}

/** Degree and major from one piece of an education line. */
function degreeAndMajor(text: string): { degree: string | null; major: string | null } {
  const degree = degreeIn(text);
  if (!degree) {
    const labelled =
      /\b(?:Major|Concentration)s?\s*:\s*([A-Za-z][A-Za-z& ]+)/.exec(text) ??
      /(?:^|\.\s+)([A-Z][A-Za-z& ]+?)\s+Major\b/.exec(text);
    return { degree: null, major: labelled ? cutMajor(labelled[1]) : null };
  }
  const name = degree[1]
    .replace(/\s+/g, " ")
    .replace(/\s*Degree$/i, (m) => m)
    .trim();
  // "Ph.D. Candidate, Chemical Engineering": the stage is not the major.
  const STAGE =
    /^\s*(?:candidate|student|program(?:me)?|\(?(?:in progress|expected|ongoing)\)?)\b/i;
  let after = text.slice((degree.index ?? 0) + degree[0].length).replace(STAGE, "");
  // "Master of Science (M.S.) – Data Analytics", "B.E(CSE)": an abbreviation, or the major.
  const paren = /^\s*\(([^)]*)\)/.exec(after);
  // "Bachelor of Design (4-year, CIDA-accredited)": a note on the programme; whatever
  // follows it without "in", a comma or a dash (another column's word) is no major.
  let noted = false;
  if (paren) {
    // "B.Sc. (Hons) Physics": how the degree was earned, not its major. "Doctor of Pharmacy
    // (PharmD) Candidate, Class of 2028": the stage after the abbreviation is no major either.
    // (An accreditor's letters, "…AB-accredited", may hold an A.B.: read with word edges.)
    // "Master of Accountancy (MAcc)": the degree's own initials, no major.
    const initials = (name.match(/\b\p{Lu}/gu) ?? []).join("");
    const ownInitials =
      /^\p{Lu}[\p{L}.]{1,7}$/u.test(paren[1].trim()) &&
      initials.length >= 2 &&
      (paren[1].match(/\p{Lu}/gu) ?? []).join("") === initials;
    if (degreeIn(paren[1]) || HONOURS.test(paren[1].trim()) || ownInitials)
      after = after.slice(paren[0].length).replace(STAGE, "");
    else if (/^[A-Za-z][A-Za-z& ]{1,40}$/.test(paren[1]) && !/gpa/i.test(paren[1])) {
      return { degree: name, major: paren[1].trim() };
    } else {
      after = after.slice(paren[0].length);
      noted = true;
    }
  }
  const lead = /^\s*(?:(?:in|of)\b|,|:|–|—|-|\|)?\s*/i.exec(after)?.[0] ?? "";
  if (noted && !lead.trim()) return { degree: name, major: null };
  // "Bachelor of Applied Science, Honours Systems Design Engineering": honours, then the major.
  // "Master of Business Administration, Concentrations: Finance and Analytics": the label
  // is no part of the major.
  let major = cutMajor(
    after
      .slice(lead.length)
      .replace(/^(?:honou?rs|hons\.?)\s+(?=\p{Lu})/iu, "")
      .replace(/^(?:concentrations?|specializations?|emphasis)\s*(?::|\bin\b)\s*/i, ""),
  );
  if (!major && SCHOOL.test(after)) {
    // "PhD Princeton University, Computer Science": the major follows the school.
    // "PhD Princeton University, PhD in Computer Science": the degree said again before it.
    const rest = after
      .split(/,\s*/)
      .slice(1)
      .join(", ")
      .replace(new RegExp(`^(?:${DEGREE.source})\\s+(?:in|of)\\s+`), "");
    major = SCHOOL.test(rest.split(/,/)[0] ?? "") ? null : cutMajor(rest);
  }
  if (!major) {
    // "Software Engineering Bachelor's Degree", "Business Analytics(BS)": the major comes first.
    const before = text
      .slice(0, degree.index)
      .replace(/[\s(,:|–—-]+$/, "")
      .split(/\s[-–—|]\s|,\s/)
      .at(-1);
    // "Desert Hills High, Saint George, Utah —High School Diploma": a place is no major.
    const placeName = (b: string) => REGIONS.has(b.trim()) || US_STATES.has(b.trim());
    if (before && !SCHOOL.test(before) && !DATE_RANGE.test(before) && !placeName(before)) {
      major = cutMajor(before);
    }
  }
  return { degree: name, major };
}

/** An experience entry that names a group of projects or coursework, not an organization. */
/** "Independent Research Project", "Science Fair Project": a project named by its kind. */
const RESEARCH_PROJECT =
  /^(independent|senior|honou?rs|science fair|summer|student)( research)? project$|^research project$/i;

const PROJECT_GROUP =
  /\b(course\s+projects?|class\s+projects?|academic\s+projects?|coursework|capstone\s+projects?)\b/i;

/** A line about a degree still to come ("Planning to complete …", "Will apply to …"). */
const PLANNED = /^(planning|plan|planned|intend|intending|hope|hoping|will|applying|aspiring)\b/i;

/**
 * "University Honors Program", "College Scholars": a programme within the school, named with a
 * school word but no school of its own (its last word names the programme).
 */
const PROGRAMME_NAME = /\b(programs?|programmes?|scholars|fellows|cohort|track|honou?rs)$/i;

/** A school's clean name from a piece of an education line, or null. */
function schoolIn(text: string): string | null {
  if (!SCHOOL.test(text)) return null;
  if (/^(relevant )?coursework|^(honors|awards|dean)/i.test(text)) return null;
  // "Planning to complete a Master of Accounting, 2027": a degree to come is no entry.
  if (PLANNED.test(text)) return null;
  const pieces = text
    .replace(DATE_RANGE, " ")
    .split(
      /\s*[|;•·]\s*|(?<!\bUniversity of [A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?)\s+at\s+|\.\s+(?=[A-Z])|\s*:\s+/,
    )
    .map((p) => p.trim())
    .filter(Boolean);
  // "Certificate in Urban Studies (Humphrey School)", "Minor (School of Liberal Arts)":
  // what was studied, its school named in brackets, is no school of its own.
  const piece = pieces.find((p) => SCHOOL.test(p) && !/\bGPA\b/i.test(p) && !STUDIED_FIRST.test(p));
  if (!piece) return null;
  // Comma and dash pieces: the school's own, a campus that belongs to it, a place that does not.
  const parts = piece.split(/(\s*,\s*|\s+[–—-]\s+)/);
  let index = -1;
  for (let i = 0; i < parts.length; i += 2) {
    if (
      SCHOOL.test(parts[i]) &&
      !degreeIn(parts[i]) &&
      !PROGRAMME_NAME.test(parts[i]) &&
      !STUDIED_FIRST.test(parts[i])
    ) {
      index = i;
      break;
    }
  }
  // "Kessler College of Business, Ohio Valley State University, Cincinnati": a college or
  // school of a field before its university is part of it; the university is the school.
  if (
    index >= 0 &&
    /\b(college|school) of\b/i.test(parts[index]) &&
    /\buniversity\b/i.test(parts[index + 2] ?? "")
  ) {
    index += 2;
  }
  if (index < 0) {
    // "B.Tech in Computer Science, Vellore Institute of Technology": the degree shares the piece.
    const withDegree = parts.findIndex(
      (p, i) => i % 2 === 0 && SCHOOL.test(p) && !PROGRAMME_NAME.test(p),
    );
    if (withDegree < 0) return null;
    const degree = degreeIn(parts[withDegree]);
    const at = degree?.index ?? 0;
    // "PhD Princeton University": the degree before the school; "Vellore Institute of
    // Technology B.Tech": after it.
    const tail = degree
      ? at === 0
        ? parts[withDegree].slice(degree[0].length).trim()
        : parts[withDegree].slice(0, at).trim()
      : "";
    if (!tail || !SCHOOL.test(tail)) return null;
    parts[withDegree] = tail;
    index = withDegree;
  }
  let school = parts[index];
  const separator = parts[index + 1];
  const next = parts[index + 2]?.trim();
  const after = parts[index + 4]?.trim();
  if (next && separator !== undefined) {
    const shortName = /^[A-Z][A-Za-z.]+( [A-Z][A-Za-z.]+){0,2}$/.test(next);
    const plain =
      shortName &&
      !SCHOOL.test(next) &&
      !degreeIn(next) &&
      !US_STATES.has(next) &&
      !REGIONS.has(next) &&
      !DATE_RANGE.test(next);
    const nextIsCityOf =
      after !== undefined &&
      (US_STATES.has(after.replace(/\.$/, "")) || REGIONS.has(after.replace(/\.$/, "")));
    if (plain && /[–—-]/.test(separator) && !nextIsCityOf) school = `${school} – ${next}`;
    else if (
      plain &&
      // "California State University, Fullerton": a university system names no school without
      // its campus, kept as "University of X, Campus" is ("Portland State University, Portland"
      // is a city).
      (/^University of /i.test(school) ||
        (/^(California State University|(State|City) University of New York)$/.test(school) &&
          !US_STATES.has(next.split(" ").at(-1) ?? ""))) &&
      !nextIsCityOf &&
      // "University of Nevada, Las Vegas – William F. Harrah College of Hospitality": the
      // campus, then a college within it; "University of California, Davis — Davis, CA": the
      // campus, then its place.
      (parts.length <= index + 3 ||
        (/[–—-]/.test(parts[index + 3] ?? "") &&
          (SCHOOL.test(text.split(/\s+[–—-]\s+/)[1] ?? "") ||
            placeOf(parts.slice(index + 4).join("")) !== null)))
    ) {
      school = `${school}, ${next}`;
    }
  }
  // "NSCBM College Himachal Pradesh, India": a region glued after the school's last word.
  const gluedRegion =
    /^(.*\b(?:College|School|Institute|Academy|University))\s+([A-Z][a-z]+(?: [A-Z][a-z]+)?)$/.exec(
      school,
    );
  const country = parts[index + 2]?.replace(/\.$/, "").trim();
  if (gluedRegion && REGIONS.has(gluedRegion[2]) && country && REGIONS.has(country)) {
    school = gluedRegion[1];
  }
  // "Gurukul Public School Hamirpur, Himachal Pradesh": a town glued after "School", its
  // state or country next (only after "School": "Imperial College London" is a name).
  const gluedTown = /^(.*\bSchool)\s+([A-Z][a-z]+)$/.exec(school);
  if (gluedTown && country && (REGIONS.has(country) || US_STATES.has(country))) {
    school = gluedTown[1];
  }
  school = school
    .replace(/\s*\((?![^)]*(University|College|Institute|School))[^)]*\)/g, "")
    .replace(/^(class\s+\w+|hsc|sslc|ssc|x|xii)\s*[-–:]\s*/i, "")
    .replace(/[\s,.:;–—-]+$/, "")
    .trim();
  if (school.length < 4 || school.split(" ").length > 12) return null;
  // A table's column heading ("College / School") names no school.
  const own = school
    .replace(new RegExp(SCHOOL.source, "gi"), " ")
    .replace(/\b(of|the|and|or|name)\b|[/&,.-]/gi, " ")
    .trim();
  if (!own) return null;
  return displayCase(school);
}

/** "GPA: …", "Relevant Coursework: …", "Honors: …": a label opening a detail of a degree. */
const DEGREE_DETAIL =
  /^((cumulative |major |overall )?c?gpa|(relevant |selected |related )?(coursework|courses)|honou?rs|awards?|dean['’]s list|activities)\b[^:]{0,20}:/i;

const STUDIED_FIRST =
  /^(minors?|majors?|certificates?|concentrations?|specializations?|specialisations?|emphasis)\b(?!\s+(?:college|school|institute|university)\b)/i;

/** "College of Engineering" under "Cornell University": a part of the school above. */
const SUB_SCHOOL = /^(the )?(college|school|faculty|department) of\b/i;

interface EducationDraft extends ResumeEducation {
  yearFromHeader: boolean;
}

const TRAINING_WORDS = /\b(bootcamp|boot camp|certificate|certification|nanodegree|immersive)\b/i;

/**
 * A training line's entry: the provider as the school ("Springboard", or the bracketed
 * "Coursera" after a programme's name), the programme as the major, "Certificate" as the degree.
 */
function trainingIn(texts: string[], whole: string): EducationDraft | null {
  if (!TRAINING_WORDS.test(whole) || whole.length > 140) return null;
  const end = endYearOf(whole);
  const range = DATE_RANGE.exec(whole);
  const pieces = maskBracketed(texts.join(" | "))
    .split(/\s+[—–-]\s+|\s*[|,]\s*/)
    .map((piece) => unmaskBracketed(piece).trim())
    .filter(
      (piece) =>
        piece && !DATE_RANGE.test(piece) && !/^(19|20)\d{2}$/.test(piece) && !placeOf(piece),
    );
  const programme = pieces.find((piece) => TRAINING_WORDS.test(piece));
  if (!programme) return null;
  const provider =
    pieces.find((piece) => piece !== programme && !TRAINING_WORDS.test(piece)) ??
    /\(([^()]{2,40})\)/.exec(programme)?.[1] ??
    null;
  const name = programme.replace(/\s*\([^()]*\)\s*/g, " ").trim();
  return {
    school: (provider ?? name).slice(0, 200),
    degree: "Certificate",
    // "Product Design Bootcamp certificate": the programme's name, its kind in lower case after it.
    major: provider ? name.replace(/\s+(?:certificate|certification)$/, "") : null,
    class_year: end.year,
    gpa: null,
    dates: end.found && range ? range[0].trim() : null,
    location: null,
    yearFromHeader: end.found,
  };
}

/** The pieces of an entry's line, its dates taken out, split at its separators and commas. */
function linePieces(whole: string): string[] {
  return maskBracketed(whole.replace(DATE_RANGE, " "))
    .split(/\s*[|·•—–,:]\s*|\s+-\s+/)
    .map((piece) => unmaskBracketed(piece).trim())
    .filter(Boolean);
}

/** "Teaching Assistant, Dept. of Chemistry …": a line opening with a job title, not a degree. */
function opensWithTitle(whole: string): boolean {
  const [first] = linePieces(whole);
  return first !== undefined && roleScore(first) >= 2 && !degreeIn(first) && !SCHOOL.test(first);
}

/**
 * "Teaching Assistant, Scheller Business Analytics Center (Jan 2026 – present, 15 hrs/wk)"
 * under a school: a position held at an organization, with its dates, is an experience, and the bullets
 * under it are its own. Returns the education lines without such positions, and the positions'
 * lines (each header then its bullets).
 */
function positionsInEducation(lines: LayoutLine[]): {
  education: LayoutLine[];
  positions: LayoutLine[];
  headers: LayoutLine[];
} {
  const education: LayoutLine[] = [];
  const positions: LayoutLine[] = [];
  const headers: LayoutLine[] = [];
  let inPosition = false;
  for (const line of lines) {
    const whole = line.segments.map(unbullet).join(" | ");
    if (inPosition && line.bullet) {
      positions.push(line);
      continue;
    }
    const [, ...rest] = linePieces(whole);
    inPosition =
      !line.bullet &&
      DATE_RANGE.test(whole) &&
      opensWithTitle(whole) &&
      rest.some(
        (piece) =>
          (ORGANIZATION.test(piece) || SCHOOL.test(piece)) &&
          roleScore(piece) < 2 &&
          !degreeIn(piece),
      );
    if (inPosition) {
      positions.push(line);
      headers.push(line);
    } else education.push(line);
  }
  return { education, positions, headers };
}

function educationOf(lines: LayoutLine[]): ResumeEducation[] {
  const entries: EducationDraft[] = [];
  let current: EducationDraft | null = null;
  // A degree line printed above its school ("M.S. – Data Analytics  2022" / "UMass, Amherst").
  let pending: {
    degree: string | null;
    major: string | null;
    year: number | null;
    dates: string | null;
  } | null = null;
  // Lines above the first entry that named nothing yet (a provider, a programme's name).
  const loose: string[] = [];
  // The indent of the bullet above and of the lines it wraps onto.
  let bulletIndent: number | null = null;
  let wrapIndent: number | null = null;
  for (const line of lines) {
    const texts = line.segments.map((s) => unbullet(s));
    const whole = texts.join(" | ");
    // "Teaching Assistant, Scheller Business Analytics Center": a position names no school.
    // "• GPA: 3.78/4.00; University Honors (Fall 2024, …)", "• Relevant Coursework: …" and
    // the lines such a bullet wraps onto ("User-Centered Design (College of Information), …")
    // are details of the degree above: a school's word in them names no school.
    const wraps: boolean =
      !line.bullet &&
      (line.indented === true ||
        (bulletIndent !== null && wrapIndent !== null && line.indent === wrapIndent));
    bulletIndent = line.bullet ? (line.indent ?? 0) : wraps ? bulletIndent : null;
    wrapIndent = line.indented === true ? (line.indent ?? null) : wraps ? wrapIndent : null;
    const detail = wraps || (line.bullet && DEGREE_DETAIL.test(whole));
    const school =
      (line.bullet && whole.length > 80) || opensWithTitle(whole) || detail
        ? null
        : texts.map(schoolIn).find(Boolean);
    // "University of Michigan" then "Ross School of Business": a part of the school above.
    const part: boolean =
      school !== null &&
      school !== undefined &&
      current !== null &&
      pending === null &&
      (SUB_SCHOOL.test(school) ||
        // "Honors College · GPA 3.8" under the university: a part of it, with no degree.
        (/\bhonou?rs college\b/i.test(school) && !texts.some((t) => degreeIn(t))) ||
        (/\b(school|college|faculty) of\b/i.test(school) &&
          current.degree === null &&
          !current.yearFromHeader &&
          !texts.some((t) => degreeIn(t))) ||
        // "Arizona State University" / "B.S. Computer Information Systems" / "W. P. Carey
        // School of Business" / its dates: the university's school, named after the degree,
        // before any year (round 32 read it as a second school).
        (/\b(school|college|faculty) of\b/i.test(school) &&
          /\bUniversity\b/i.test(current.school) &&
          !/\bUniversity\b/i.test(school) &&
          current.class_year === null &&
          !texts.some((t) => degreeIn(t))));
    // A part of the school above with a further degree ("Bachelor of Science in Economics -
    // Wharton School", or "BS in Computer Science" above "College of Engineering"): a further
    // entry at the school above, not a school of its own.
    const lineDegree = texts.some((t) => degreeIn(t));
    const aboveSchool: string | null = (current as EducationDraft | null)?.school ?? null;
    const partOfAbove: boolean =
      school !== null &&
      school !== undefined &&
      current !== null &&
      /\bUniversity\b/i.test(current.school) &&
      !/\bUniversity\b|\bHigh\b/i.test(school) &&
      (SUB_SCHOOL.test(school) || /\bSchool$/.test(school)) &&
      ((part && lineDegree && current.degree !== null) ||
        (!part && (pending !== null || (lineDegree && current.degree !== null))));
    // "Springboard — UX Design Bootcamp, 2026", "Google Data Analytics Certificate (Coursera),
    // 2025": a bootcamp or certificate with no school word is an entry of its own (a career
    // changer's training), never a line of the degree above.
    const finished =
      current === null ||
      (current as EducationDraft).degree !== null ||
      (current as EducationDraft).yearFromHeader;
    const training = !school && !line.bullet && finished ? trainingIn(texts, whole) : null;
    // Under a school, only a line naming its own provider is training of its own ("Certificate
    // in Data Science, 2024" under a university is that university's).
    if (training && (current === null || training.major !== null)) {
      // "Springboard" / "Data Analytics Career Track" / "Certificate, April 2026": a provider
      // and its programme one a line above a bare "Certificate" (a sidebar's narrow column).
      if (
        current === null &&
        training.major === null &&
        /^(certificate|certification)$/i.test(training.school) &&
        loose.length > 0
      ) {
        training.school = loose[0].slice(0, 200);
        training.major = loose[1]?.slice(0, 200) ?? null;
      }
      loose.length = 0;
      entries.push({ ...training, source: { page: line.page, line: line.line } });
      continue;
    }
    // "Northeastern University Professional Studies" / "Certificate in Data Analytics —
    // Expected Dec 2026": a school's own certificate, and no degree, is what was earned there.
    const ownCertificate =
      !school && !line.bullet && current !== null && current.degree === null && !lineDegree
        ? linePieces(whole).find((piece) =>
            /^(certificate|certification)\s+(in|of)\s+\p{Lu}/iu.test(piece),
          )
        : undefined;
    if (ownCertificate && current) {
      current.degree = "Certificate";
      current.major = ownCertificate
        .replace(/\s*\([^()]*\)/g, "")
        .replace(/^(certificate|certification)\s+(in|of)\s+/i, "")
        .trim();
    }
    if (school && (!part || partOfAbove)) {
      current = {
        // "POSTECH(Pohang University …)": a bracket glued to the name it follows gets its space.
        school:
          partOfAbove && aboveSchool
            ? aboveSchool
            : school.replace(/([A-Za-z])\((?=[A-Z][a-z])/g, "$1 (").slice(0, 200),
        degree: null,
        major: null,
        class_year: null,
        gpa: null,
        dates: null,
        location: null,
        source: { page: line.page, line: line.line },
        yearFromHeader: false,
      };
      if (pending) {
        current.degree = pending.degree;
        current.major = pending.major;
        current.class_year = pending.year;
        current.dates = pending.dates;
        current.yearFromHeader = pending.year !== null || pending.dates !== null;
        pending = null;
      }
      entries.push(current);
    }
    let degree: string | null = null;
    let major: string | null = null;
    for (const raw of texts) {
      // "ASSOCIATE OF SCIENCE IN COMPUTER SCIENCE": a degree spelled out in capitals reads as
      // written in title case ("B.S. IN …" already reads as it is).
      const text =
        raw === raw.toUpperCase() && /\b(BACHELOR|MASTER|ASSOCIATE|DOCTOR)/.test(raw)
          ? titleCase(raw)
          : raw;
      if (schoolIn(text) && !degreeIn(text)) continue;
      const found = degreeAndMajor(text);
      degree ??= found.degree;
      major ??= found.major;
    }
    // "University of California, Davis — Davis, CA": a place after a dash on the school's line.
    const dashedPlaces = school ? texts[0].split(/\s+[–—-]\s+/).slice(1) : [];
    const place = [...texts.slice(1), ...dashedPlaces].map(placeOf).find(Boolean) ?? null;
    const gpa = /\b(?:C?GPA)\s*:?\s*(\d{1,2}\.\d{1,2}(?:\s*\/\s*\d{1,2}\.\d{1,2})?)/i.exec(whole);
    const range = DATE_RANGE.exec(whole);
    const end =
      line.bullet && !/expected|graduat/i.test(whole)
        ? { year: null, found: false }
        : endYearOf(whole);
    // "BS in Computer Science" / "Expected May 2014 | Ithaca, NY": the dates of the degree
    // waiting for its school line.
    if (pending && !school && !degree && end.found && pending.year === null && !pending.dates) {
      pending.year = end.year;
      pending.dates = range ? range[0].trim() : null;
      continue;
    }
    const target: EducationDraft | null = current;
    const startsNext = degree !== null && !school && (target === null || target.degree !== null);
    if (startsNext) {
      pending = { degree, major, year: end.year, dates: end.found && range ? range[0] : null };
      continue;
    }
    if (!target) {
      if (!school && !degree && !line.bullet && !end.found && line.segments.length === 1)
        loose.push(whole);
      continue;
    }
    if (degree && !target.degree) target.degree = degree;
    if (major && !target.major && !line.bullet) target.major = major;
    if (major && !target.major && line.bullet && /major|concentration/i.test(whole))
      target.major = major;
    if (gpa && !target.gpa) target.gpa = gpa[1].replace(/\s/g, "");
    if (place && !target.location) target.location = place;
    if (end.found && !target.yearFromHeader) {
      target.class_year = end.year;
      target.dates = range ? range[0].trim() : null;
      target.yearFromHeader = true;
    } else if (
      end.found &&
      end.year !== null &&
      /\b(expected|anticipated)\b/i.test(whole) &&
      (target.class_year === null || end.year > target.class_year)
    ) {
      // "Expected June 2028" is when the degree ends, over a year read earlier in the entry
      // from a column beside it ("San Luis Obispo   Revit 2025" in a two-column resume).
      target.class_year = end.year;
      target.dates = range ? range[0].trim() : null;
    }
  }
  return entries.slice(0, 6).map(({ yearFromHeader: _, ...entry }) => ({
    ...entry,
    class_year:
      entry.class_year !== null && entry.class_year >= 1950 && entry.class_year <= 2100
        ? entry.class_year
        : null,
  }));
}

/** Separators inside brackets, hidden from a header's split ("(part-time, 20 hrs/week)"). */
const MASKED_EN_DASH = "\uE001";
const BRACKETED_SEPARATORS: Array<[string, string]> = [
  [",", "\uE000"],
  ["–", MASKED_EN_DASH],
  ["—", "\uE002"],
  ["-", "\uE003"],
  ["|", "\uE004"],
  [":", "\uE005"],
  // "English (fluent; IELTS 8.0)": a note's semicolon splits no list.
  [";", "\uE006"],
];

function maskBracketed(text: string): string {
  return text.replace(/\([^()]*\)/g, (bracketed) =>
    BRACKETED_SEPARATORS.reduce((out, [from, to]) => out.split(from).join(to), bracketed),
  );
}

function unmaskBracketed(text: string): string {
  return BRACKETED_SEPARATORS.reduce((out, [from, to]) => out.split(to).join(from), text);
}

/** ", Staff Writer (2023-25)" after a title's bracketed years: the titles held before it. */
const EARLIER_TITLES = new RegExp(
  `(\\((?:${DATE_RANGE.source})\\))(?:\\s*,\\s*[^,()|·•—–]{2,60}?\\s*\\((?:${DATE_RANGE.source})\\))+`,
  "i",
);

/** "Aug 2026 – May 2027 | Team of 5": a project's dates before its details. */
const DATES_BEFORE_DETAILS = new RegExp(`^(?:${DATE_RANGE.source})\\s*[|·•,;]\\s*`, "i");

/** A range broken down a column of dates: its start ("Jan 2025 –"), then its end ("present"). */
const RANGE_START_ALONE = new RegExp(`^(?:${MONTH}\\.?\\s*)?(?:19|20)\\d{2}\\s*[–—‑-]$`, "i");
const RANGE_END_ALONE = new RegExp(`^(?:${MONTH}\\.?\\s*)?(?:(?:19|20)\\d{2}|${ONGOING})$`, "i");

/** A hospital or clinic, where a staffing company's worker is placed. */
const CARE_SITE = /\b(hospital|clinic|medical center|health center|health system|urgent care)\b/i;

/** Splits an entry header line into its pieces, with its dates and place taken out. */
function headerParts(line: LayoutLine): {
  parts: string[][];
  dates: string | null;
  location: string | null;
} {
  let dates: string | null = null;
  let location: string | null = null;
  const groups: string[][] = [];
  // The piece of the line each group was read from (null: an organization set by its place).
  const sources: Array<string | null> = [];
  for (const [segmentIndex, rawSegment] of line.segments.entries()) {
    // "News Editor (2025-26), Staff Writer (2023-25)": titles held one after another, each
    // with its years in brackets; the first (the later) is the title, its years the dates.
    // The span of them all after the employer ("… | The Arbiter  Aug. 2023 – May 2026") goes.
    let segment = unbullet(rawSegment);
    const promoted = EARLIER_TITLES.exec(segment);
    if (promoted) {
      const before = segment.slice(0, promoted.index + promoted[1].length);
      const after = segment.slice(promoted.index + promoted[0].length);
      segment = before + after.replace(new RegExp(DATE_RANGE.source, "gi"), " ");
    }
    const range = DATE_RANGE.exec(segment);
    // "Jan 2022 – Apr 2022; Sept 2022 – Dec 2022": a co-op's work terms, every one of them.
    const terms = segment.split(/\s*;\s*/);
    if (
      range &&
      terms.length > 1 &&
      terms.every((term) => DATE_RANGE.exec(term)?.[0].trim() === term.trim())
    ) {
      dates ??= terms.map((term) => term.trim()).join("; ");
      segment = "";
    } else if (range) {
      dates ??= range[0].trim();
      segment = segment.replace(range[0], " ").replace(/\(\s*\)/g, " ");
    }
    segment = segment.replace(/\b(from|since)\s*[:]?\s*$/i, "").trim();
    // "Design Intern / June – August 2026": the slash set before the dates goes with them.
    if (range) segment = segment.replace(/^\/\s+|\s+\/$/g, "").trim();
    // "Visiting Researcher, Advisor: Dr. Sarah Bohndiek", "Arizona State University, P.I.
    // Professor Thorpe": the person the student worked under is neither employer nor role.
    segment = segment.replace(ADVISOR_CLAUSE, "").trim();
    // "• Sistema Integral … | Policía de San Juan, Argentina": an organization with its place
    // where a header's place goes; the words before it name a project, not the employer.
    const orgPlace = segmentIndex > 0 ? orgAndPlace(segment) : null;
    if (orgPlace) {
      const projectBefore = groups.every((group) =>
        group.every((p) => !ORGANIZATION.test(p) && roleScore(p) <= 0),
      );
      if (line.bullet && projectBefore) {
        groups.length = 0;
        sources.length = 0;
      }
      location ??= orgPlace.place;
      groups.push([orgPlace.organization]);
      sources.push(null);
      continue;
    }
    const wholePlace = placeOf(segment);
    if (wholePlace) {
      location ??= wholePlace;
      continue;
    }
    // "University of Wisconsin–Madison", "UW–Madison", "Psychiatric–Mental Health Nursing": an
    // en dash set between two words without spaces joins them into one name, as a hyphen does;
    // only a spaced dash sets an organization and a title apart. Masked as if in brackets,
    // unmaskBracketed gives it back.
    const masked = maskBracketed(segment).replace(/(?<=\p{L})–(?=\p{L})/gu, MASKED_EN_DASH);
    const dashedPieces = masked.split(/\s*[|·•—–]\s*|\s+[-‑]\s*|\s*[-‑]\s+|\s*:\s+/);
    for (const [dashedIndex, dashed] of dashedPieces.entries()) {
      let piece = dashed.trim();
      // "(was a copy editor 2023–2024)", "filed 20 motions in county court": a note or a description
      // beside the header, never a name.
      const written = unmaskBracketed(piece);
      const firstWord = /^[a-z]+(?=\s)/.exec(written)?.[0];
      const described =
        firstWord !== undefined &&
        (ACTION_VERBS.has(firstWord) || /ed$/.test(firstWord)) &&
        written.split(" ").length >= 3;
      if (/^\(.*\)$/.test(written) || described) continue;
      const tail = trailingPlace(piece);
      if (tail && dashedIndex === 1 && isVenueAfterEmployer(masked, dashedPieces[0], tail.rest)) {
        location ??= `${unmaskBracketed(tail.rest)}, ${tail.place}`;
        continue;
      }
      if (tail) {
        location ??= tail.place;
        piece = tail.rest;
      }
      const placeOnly = placeOf(piece);
      if (placeOnly) {
        location ??= placeOnly;
        continue;
      }
      const parts = namePartsOf(piece, false);
      if (parts.length > 0) {
        groups.push(parts);
        sources.push(piece);
      }
    }
  }
  // "Role | Whitcombe, Ashdown, Perry & Lund LLP | City, ST": where the line's own
  // separators already set role and employer apart, a piece's commas are part of its name.
  if (groups.length > 1) {
    for (const [index, piece] of sources.entries()) {
      if (piece !== null) groups[index] = namePartsOf(piece, true);
    }
  }
  // "Medical Scribe, ScribeAmerica – Scripps Memorial Hospital (Emergency Dept.)": a title and
  // the company that placed its worker, then the hospital or clinic they worked at. The title
  // is the role, the company the employer, the site where the work was done.
  const placed = groups.length === 2 && sources[0] ? sources[0].split(/,\s+/) : [];
  const site = groups[1]?.length === 1 ? groups[1][0] : "";
  if (
    placed.length === 2 &&
    roleScore(placed[0]) >= 2 &&
    roleScore(placed[1]) <= 0 &&
    !ORGANIZATION.test(placed[1]) &&
    CARE_SITE.test(site) &&
    roleScore(site) <= 0
  ) {
    groups.splice(0, 2, [unmaskBracketed(placed[0])], [unmaskBracketed(placed[1])]);
    location = site.replace(/\s*\([^()]*\)\s*$/, "");
  }
  return { parts: groups, dates, location: location && unmaskBracketed(location) };
}

/** Words naming a part of an organization rather than a place it is in. */
const ORGANIZATION_UNIT =
  /\b(department|dept|unit|team|division|group|office|lab|laboratory|program|practice|pharmacy|ward)\b/i;

/** "Administrative Office", "IT Department", "Business Office": a unit named by its work alone. */
const UNIT_AFTER = /^(\p{Lu}[\p{L}&'-]*\s+){1,3}(Office|Department|Dept\.?|Division)$/u;

/**
 * "Anthropologie — Ponce City Market, Atlanta, GA": after an employer that names no role and a
 * dash, the words before the city name where the employer is (a market, a mall), not a second
 * employer; "Audit Intern — KPMG LLP, Austin, TX" (a role first) and "Hospital — Emergency
 * Department, …" (a unit of it) are not such a line.
 */
function isVenueAfterEmployer(segment: string, first: string, venue: string): boolean {
  return (
    /^[^|·•:—–]+\s[—–‑-]\s/.test(segment) &&
    roleScore(first) <= 0 &&
    venue.length > 0 &&
    roleScore(venue) <= 0 &&
    !ORGANIZATION_UNIT.test(venue)
  );
}

/** A course taught or taken ("BIOS 601 / BIOS 602", "CS 61A"): the subject of a role. */
const COURSE = /^[A-Z]{2,6}\s?\d{2,4}[A-Z]?(\s*[/&,]\s*[A-Z]{2,6}\s?\d{2,4}[A-Z]?)*$/;

/**
 * "University of California, Davis": a short capitalised name closing a header piece after
 * "University of <state>" is its campus, part of the name (another campus is another school).
 */
function isCampusOf(school: string, part: string): boolean {
  return (
    /^(The )?University of \p{Lu}\p{L}+( \p{Lu}\p{L}+)?$/u.test(school) &&
    /^\p{Lu}[\p{L}.]+( \p{Lu}[\p{L}.]+){0,2}$/u.test(part) &&
    roleScore(part) === 0 &&
    !US_STATES.has(part) &&
    !REGIONS.has(part)
  );
}

/**
 * The names in one piece of a header line, split at its commas. With `whole` (the line's own
 * separators already set the piece apart), a piece naming no role is one name ("Whitcombe,
 * Ashdown, Perry & Lund LLP", "Marlow & Tibbs Co., L.P.A.") and a title followed by neither a
 * title nor an organization keeps its team ("Machine Learning Intern, Ranking Infrastructure").
 */
function namePartsOf(piece: string, whole: boolean): string[] {
  // "Morningstar, Inc.", "R.O.K Cyber Command, MND", "Data Science Program, University of X":
  // comma pieces after the first stay together when they name an organization.
  const commas = piece.split(/,\s+/).map(unmaskBracketed);
  const merged: string[] = [];
  for (const part of commas) {
    const previous = merged.at(-1);
    const organizational =
      /^(inc|llc|ltd|co|corp|plc|gmbh|l\.?p)\.?$/i.test(part) ||
      // "Dept. of Biostatistics, OSU CPH": the acronyms of the organization it is part of.
      /^[A-Z]{2,5}(?: [A-Z]{2,5}){0,2}$/.test(part) ||
      (ORGANIZATION.test(part) && roleScore(part) < 0);
    if (previous !== undefined && organizational && roleScore(previous) <= 0) {
      merged[merged.length - 1] = `${previous}, ${part}`;
    } else if (previous !== undefined && part === commas.at(-1) && isCampusOf(previous, part)) {
      merged[merged.length - 1] = `${previous}, ${part}`;
    } else if (previous !== undefined && COURSE.test(part) && roleScore(previous) > 0) {
      merged[merged.length - 1] = `${previous}, ${part}`;
    } else merged.push(part);
  }
  const [first, ...rest] = merged;
  const oneName =
    whole &&
    rest.length > 0 &&
    (merged.every((part) => roleScore(part) <= 0) ||
      (roleScore(first) >= 2 &&
        rest.every((part) => roleScore(part) < 2 && !ORGANIZATION.test(part))));
  const parts = (oneName ? [merged.join(", ")] : merged)
    .flatMap((part) => {
      const at = /^(.+?)\s+at\s+(.+)$/.exec(part);
      return at && roleScore(at[1]) >= 2 ? [at[1], at[2]] : [part];
    })
    .map((part) =>
      part
        // "Springboard (remote)": where the work was done from is no part of a name.
        .replace(/\s*\((?:remote|hybrid|on-?site|virtual|online|in[- ]person)\)/gi, "")
        .replace(/\s*\([^)]*[/,][^)]*\)\s*$/, "")
        .replace(/[\s,;:.]+$/, (m) =>
          // "Co.", "L.P.A.": the full stop closes an abbreviation.
          (/\b(inc|co|corp|ltd|jr|sr)\.$/i.test(part.trim()) ||
            /\b(?:[A-Z]\.){2,}$/.test(part.trim())) &&
          m.trim() === "."
            ? "."
            : "",
        )
        .trim(),
    )
    .filter(
      (part) =>
        part.length > 1 &&
        !/^(remote|hybrid|online|remoto|remota|híbrido|presencial)$/i.test(part) &&
        !EMPLOYMENT_TYPE.test(part) &&
        // "2019", "05/2024": a number is never a name; "3M Company" is.
        !/^\d[\d\s./,'’-]*$/.test(part) &&
        // A date or month left over from a range the layout broke ("Sep. 2013, Mar. 2011 ‑
        // Oct." above its "2011") names neither an employer nor a role.
        !new RegExp(`^(?:${MONTH}|${DATE})$`, "i").test(part),
    );
  return parts;
}

const ADVISOR_CLAUSE = /[,;]\s*(?:(?:advis[eo]rs?|supervisors?|mentors?|PI)\s*:|P\.I\.\s).*$/i;

/** "(part-time)", "(contract)" after a name: how the job there was held. */
const HELD_NOTE =
  /\((?:(?:full|part)[\s‑-]?time|contract|contractor|temporary|seasonal|per diem)\)\s*$/i;

/** "Contract", "Full-time", "Part-time": how the job was held, neither its employer nor its role. */
const EMPLOYMENT_TYPE = /^((full|part)[\s‑-]?time|contract|contractor|temporary|seasonal)$/i;

/**
 * An employer as a person names it: without a description in brackets after the name
 * ("DataRobot (AutoML Platform)", "Australian Energy Market Operator (AEMO)").
 */
function cleanEmployer(employer: string): string {
  const bare = employer.replace(/\s*\([^()]*\)\s*$/, "").trim();
  return bare.length >= 2 ? bare : employer;
}

/**
 * "Senior Software Engineer, Fleet Efficiency" on the line under the employer's: a title and
 * its team. Returns the title as written with its team, or null when the line is not one.
 */
function titleWithTeam(line: LayoutLine): { role: string; team: string } | null {
  const parts = headerParts(line).parts.flat();
  if (parts.length !== 2) return null;
  const [title, named] = parts;
  // "Engineering Co-op – Construction Inspection (2nd rotation)": a co-op's term, named after
  // its work, under the employer of the terms above; the title is the role, the term's name
  // left out (as a unit is under a service's line).
  const term = CO_OP_TERM.test(named);
  const team = term ? named.replace(CO_OP_TERM, "").trim() : named;
  // The team may carry a weak role word ("Field Operations"), never a title ("Intern"), nor a
  // note of how the job was held ("Denver Urban Gardens (part-time)": an employer's).
  if (
    roleScore(title) < 2 ||
    roleScore(team) >= 2 ||
    ORGANIZATION.test(team) ||
    HELD_NOTE.test(team)
  ) {
    return null;
  }
  const text = line.segments.map(unbullet).join(" ");
  const written = new RegExp(
    `${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*([,‑–—-])\\s*${team.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
  ).exec(text);
  if (!written) return null;
  if (term) return { role: title, team: named };
  return { role: `${title}${written[1] === "," ? ", " : ` ${written[1]} `}${team}`, team };
}

/** "(2nd rotation)", "(Summer term)", "(3rd work term)": which of a co-op's terms a line is. */
const CO_OP_TERM =
  /\s*\((?:\d(?:st|nd|rd|th)|first|second|third|fourth|fifth|final|spring|summer|fall|autumn|winter)\s+(?:co-?op\s+|work\s+)?(?:rotation|term|assignment|session|placement)\)\s*$/i;

interface Entry {
  headers: LayoutLine[];
  bullets: string[];
  /** Whether each of the bullets was printed with a bullet's mark. */
  marked: boolean[];
  dated: boolean;
  body: boolean;
}

/** "Built a pricing model …", "Managed …": a line opening as an achievement does. */
function opensWithVerb(text: string): boolean {
  const first =
    text
      .split(" ")[0]
      ?.toLowerCase()
      .replace(/[^a-z-]/g, "") ?? "";
  return ACTION_VERBS.has(first) || /^[A-Z][a-z]+ed\b/.test(text);
}

/** A header-shaped line: short, title-like, or carrying the entry's dates or place. */
const SUB_LABEL =
  /^(key )?(qualifications|responsibilities|achievements|accomplishments|duties|highlights)( (&|and) (responsibilities|achievements))?\s*:?$/i;

function headerShaped(line: LayoutLine): boolean {
  if (line.bullet && !headerBullet(line)) return false;
  if (isBodyText(line)) return false;
  const text = line.segments.map(unbullet).join(" ");
  if (text.length > 140) return false;
  return true;
}

/**
 * The words no sentence ends on, an article, a preposition or a conjunction in lower case: a
 * bullet ending on one was cut off ("…across the"). "Series A", "hands-on", "buy-in" end on a
 * name or a compound, not on such a word.
 */
const UNFINISHED =
  /(?<![\p{L}\p{N}'’-])(the|a|an|of|and|or|nor|to|with|for|in|on|at|by|from|into|onto|across|through|between|among|including|using|via|per|than)$/u;

/**
 * "Field Organizer, Badger Voter Alliance   2022 – 2023": a title line with its dates beside
 * it or closing it, which starts an entry even when it is indented under a bullet.
 */
function datedTitleLine(line: LayoutLine): boolean {
  const [first = "", ...rest] = line.segments;
  const closingDates = new RegExp(`(?:${DATE_RANGE.source})[\\s.)]*$`, "i");
  const dated = rest.some((s) => DATE_RANGE.test(s)) || closingDates.test(first);
  return dated && headerShaped(line) && /\p{L}{2}/u.test(first.replace(DATE_RANGE, ""));
}

/**
 * "  Chemistry Symposium 2023" under "• …; talk at Queen's": a name closing on a lone
 * year, with no title and no range of dates, is the wrapped end of the bullet above (an event,
 * an edition), not a title line.
 */
function loneYearAfterName(line: LayoutLine): boolean {
  if (line.segments.length !== 1) return false;
  const text = unbullet(line.segments[0]);
  const year = /\s(?:19|20)\d{2}[.)]*$/.exec(text);
  if (!year) return false;
  const name = text.slice(0, year.index);
  return !/\d/.test(name) && roleScore(name) < 2;
}

/**
 * "Second author on a poster about transit deserts at the Western Regional Science meeting,
 * Feb 2026" among an entry's unmarked bullets: a sentence closing on one date (no range), naming no
 * title, is one more achievement, never an employer.
 */
function datedSentence(line: LayoutLine): boolean {
  if (line.bullet || line.segments.length !== 1) return false;
  const text = unbullet(line.segments[0]);
  const closing = new RegExp(`,?\\s*(?:${DATE})\\.?$`, "i").exec(text);
  if (!closing || /[–—|]/.test(text)) return false;
  const rest = text.slice(0, closing.index);
  if (DATE_RANGE.test(rest) || roleScore(rest.split(",")[0] ?? "") >= 2) return false;
  const words = rest.split(/\s+/);
  const lower = words.filter((w) => /^[a-z]/.test(w) && !SMALL_WORDS.has(w)).length;
  return words.length >= 8 && lower >= 3;
}

/** Whether a line of dates or of a place alone brings an entry the one it does not have. */
function fillsIn(entry: Entry, dated: boolean): boolean {
  if (dated) return !entry.dated;
  return entry.headers.every((header) => !headerParts(header).location);
}

/** Whether an entry's header already names something other than a role (its employer). */
function namesOrganization(entry: Entry): boolean {
  return entry.headers
    .flatMap((line) => headerParts(line).parts.flat())
    .some((part) => roleScore(part) <= 0);
}

/** Whether a header line names both an organization and a title ("Phi Alpha Theta — Member"). */
function namesOrganizationAndRole(line: LayoutLine): boolean {
  const parts = headerParts(line).parts.flat();
  return (
    parts.length >= 2 &&
    parts.some((part) => roleScore(part) >= 2) &&
    parts.some((part) => roleScore(part) <= 0)
  );
}

/** Whether an entry's header lines already name a role beside its organization. */
function namesRole(entry: Entry): boolean {
  const parts = entry.headers.flatMap((line) => headerParts(line).parts.flat());
  return parts.length >= 2 && parts.some((part) => roleScore(part) > 0);
}

/**
 * "Tidewater Bakehouse — full identity, menu system and window graphics (2025)": a name, then
 * after its dash what was made for it, in lower case and no title.
 */
function describedClient(line: LayoutLine): boolean {
  const text = line.segments.map(unbullet).join(" ");
  const match = /^(\p{Lu}[^—–|:]{1,60}?)\s[—–|:-]\s+([a-z].*)$/u.exec(text);
  if (!match) return false;
  const description = match[2].replace(/\s*\([^()]*\)\s*$/, "").trim();
  return description.split(" ").length >= 3 && roleScore(description) <= 0;
}

function entriesOf(
  lines: LayoutLine[],
  opening: ReadonlySet<LayoutLine>,
  projects = false,
): Entry[] {
  const entries: Entry[] = [];
  let current: Entry | null = null;
  // A bullet under the heading before any entry's line ("HOME LAB & PROJECTS" over bullets
  // only) belongs to no entry; nor does the line it wraps onto ("controller (AD DS, DNS) …"),
  // which is never a project's name.
  let orphan = false;
  for (const line of lines) {
    if (DETAIL_LABEL.test(unbullet(line.segments[0] ?? ""))) continue;
    if (!current && orphan && line.indented === true) continue;
    // "spatialreg (Python library) — fast spatial lag …" / "DrivenData flu shot challenge —
    // top 3%": projects one a line, each described after its dash; a line indented deeper
    // describes the one above.
    const nextProject =
      projects &&
      current !== null &&
      current.bullets.length === 0 &&
      current.headers.length === 1 &&
      describedProject(current.headers[0]) !== null &&
      describedProject(line) !== null &&
      (line.indent ?? 0) <= (current.headers[0].indent ?? 0);
    // "Freelance Graphic Designer" / "2023 – present" / "Tidewater Bakehouse — full identity,
    // menu system … (2025)": clients listed under a freelance job, each with what was made for
    // it in lower case, are that job's work, never employers of their own.
    const clientWork =
      !projects &&
      current !== null &&
      current.headers.some((h) => h.segments.some((s) => selfEmployed(s) !== null)) &&
      describedClient(line);
    // "  Mass-timber mixed-use housing, …; structural + envelope" / "  integration with …": a
    // line in lower case, indented under a project's name, goes on with the description above.
    const lastBody = current?.bullets.at(-1);
    const projectWrap =
      projects &&
      current?.body === true &&
      lastBody !== undefined &&
      !line.bullet &&
      /^[a-z]/.test(unbullet(line.segments[0] ?? "")) &&
      !/[.!?]$/.test(lastBody) &&
      (line.indent ?? 0) > (current.headers[0]?.indent ?? 0);
    // A project's header is its name line, whatever its words ("CampusEats — mobile app").
    const header =
      clientWork || projectWrap || (current?.body === true && datedSentence(line))
        ? false
        : projects
          ? (!line.bullet || headerBullet(line)) &&
            (nextProject ||
              !(current && !current.body && isBodyText(line) && current.headers.length > 0))
          : headerShaped(line);
    const previousBullet = current?.bullets.at(-1);
    // A bullet cut off on a word no sentence ends on ("…followed 9 housing bills through the" /
    // "2024 and 2025 budget sessions") goes on in the next line, whatever that line looks like,
    // a year or a number too. A line indented under a bullet goes on with it unless it is a
    // title line with its dates; after a comma or a weaker word, a line without dates does
    // (a word in lower case: "…per Tex-418-A" ends on a code, not on "a").
    const dangling =
      previousBullet !== undefined &&
      !opening.has(line) &&
      !line.bullet &&
      (UNFINISHED.test(previousBullet) ||
        (line.indented === true && !(datedTitleLine(line) && !loneYearAfterName(line))) ||
        (!line.segments.some((s) => DATE_RANGE.test(s)) &&
          /([,;:]|(?<![\p{L}\p{N}'’-])(and|or|of|on|with|to|for|the|a|an|in|by|at|from|using|across))$/u.test(
            previousBullet,
          )));
    if (dangling && current) {
      current.bullets[current.bullets.length - 1] =
        `${previousBullet} ${unbullet(line.segments.join(" "))}`;
      continue;
    }
    if (!header) {
      if (!current) {
        orphan = true;
        continue;
      }
      // "Org — Crew Leader, Eastside Parks site" / "Led a crew of 5 teens …   2023 –
      // 2025": the dates set beside the entry's first line of description are the entry's.
      const besideDates = line.segments.at(-1) ?? "";
      const datesBeside =
        !current.dated &&
        current.bullets.length === 0 &&
        line.segments.length >= 2 &&
        DATE_RANGE.exec(besideDates)?.[0].trim() === besideDates.trim();
      if (datesBeside) {
        current.headers.push({
          ...line,
          segments: [besideDates],
          text: besideDates,
          bullet: false,
        });
        current.dated = true;
      }
      const described = datesBeside ? line.segments.slice(0, -1) : line.segments;
      const text = unbullet(described.join(" ")).replace(/\s+([.,;])/g, "$1");
      // "Key Qualifications & Responsibilities": a label over the bullets, not one of them.
      if (SUB_LABEL.test(text)) {
        current.body = true;
        continue;
      }
      const last = current.bullets.at(-1);
      // Stored text from before the layout format: a wrapped bullet's next line starts lower-case.
      if (
        !line.bullet &&
        last !== undefined &&
        /^[a-z0-9(&$%]/.test(text) &&
        !/[.!?]$/.test(last)
      ) {
        current.bullets[current.bullets.length - 1] = `${last} ${text}`;
      } else {
        current.bullets.push(text);
        current.marked.push(line.bullet);
      }
      current.body = true;
      continue;
    }
    const dated = line.segments.some((s) => DATE_RANGE.test(s));
    // "Jun 2025 – Aug 2025 | New York, NY": the dates and place of the header above.
    const dateOnly = line.segments.every((s) => {
      const rest = s
        .replace(DATE_RANGE, "")
        .replace(/^\s*(expected|exp\.)(?=\s|$)/i, "")
        .replace(/^[\s|·•,–—-]+|[\s|·•,–—-]+$/g, "");
      return rest.length === 0 || placeOf(rest) !== null;
    });
    const fresh =
      !current ||
      current.body ||
      opening.has(line) ||
      nextProject ||
      (dated && current.dated && !dateOnly) ||
      // An employer's line and its dates wait for the title below them ("SAMSUNG Electronics" /
      // "Sep. 2013, Mar. 2011 ‑ Oct. 2011" / "FREELANCE PENETRATION TESTER").
      (current.dated &&
        current.headers.length >= 2 &&
        !dateOnly &&
        namesOrganization(current) &&
        namesRole(current)) ||
      // "The Red & Black — Staff Writer (2024–present)" / "Phi Alpha Theta — Member": after a
      // one-line entry naming its organization, role and dates, a line naming an organization
      // and a role of its own is the next entry; so it is after one without dates, when it
      // has none either ("SHPE – Chapter, Member" / "ASME – Student Member").
      ((current.dated || !dated) &&
        current.headers.length === 1 &&
        !dateOnly &&
        (line.indent ?? 0) <= (current.headers[0].indent ?? 0) &&
        namesOrganization(current) &&
        namesRole(current) &&
        namesOrganizationAndRole(line)) ||
      // "Peer Writing Tutor" / "Marquette Writing Studio" / "Milwaukee, WI" / "09/2025 –
      // Present": an entry written one field a line has its dates (or its place) on a fourth
      // line, which joins it when it has none yet.
      (current.headers.length >= 3 && !(dateOnly && fillsIn(current, dated)));
    if (fresh) {
      current = { headers: [], bullets: [], marked: [], dated: false, body: false };
      entries.push(current);
    }
    current?.headers.push(line);
    if (current && dated) current.dated = true;
  }
  // "9-month part-time program." under a header, then its bullets: an unmarked line
  // before an entry's marked bullets describes the job or the programme, no achievement in it,
  // unless it opens with a verb as achievements do ("Built a pricing model …" with its bullet
  // lost). (A project has no other place for its description, so it keeps it.)
  if (!projects) {
    for (const entry of entries) {
      const firstMarked = entry.marked.indexOf(true);
      const described = entry.bullets
        .slice(0, Math.max(firstMarked, 0))
        .map((text, index) => ({ text, index }))
        .filter(({ text }) => !opensWithVerb(text))
        .map(({ index }) => index);
      for (const index of described.reverse()) {
        entry.bullets.splice(index, 1);
        entry.marked.splice(index, 1);
      }
    }
  }
  return entries.filter((entry) => entry.headers.length > 0);
}

function experienceOf(
  entry: Entry,
  previous: ResumeExperience | null,
  previousPlaced = Boolean(previous?.location),
): ResumeExperience | null {
  const pieces = entry.headers.map(headerParts);
  const groups = pieces.flatMap((p) => p.parts);
  const parts = groups.flat();
  if (parts.length === 0) return null;
  // A title with its team on its own line, under a line naming the employer: the team is part
  // of the role, not an employer.
  let teamRole: string | null = null;
  if (entry.headers.length >= 2) {
    for (const [index, line] of entry.headers.entries()) {
      const titled = titleWithTeam(line);
      const others = pieces.filter((_, i) => i !== index).flatMap((p) => p.parts.flat());
      if (titled && others.some((part) => roleScore(part) <= 0)) {
        teamRole = titled.role;
        const at = parts.indexOf(titled.team);
        if (at >= 0) parts.splice(at, 1);
        break;
      }
    }
  }
  // "Technical Product Manager - Database Engineering   Nov 2018 – Present" alone, under an
  // entry whose header gave a place: where every employer's line carries its place, a dated
  // title line without one is a further title at the employer above, its tail the team.
  if (
    !teamRole &&
    previous &&
    previousPlaced &&
    !selfEmployed(parts.join(" ")) &&
    entry.dated &&
    entry.headers.length === 1 &&
    !pieces.some((p) => p.location)
  ) {
    const titled = titleWithTeam(entry.headers[0]);
    if (titled) {
      return {
        employer: previous.employer,
        role: displayCase(titled.role).slice(0, 120),
        dates: pieces.find((p) => p.dates)?.dates ?? null,
        location: null,
        bullets: entry.bullets.map((b) => b.slice(0, 400)).slice(0, 12),
        source: { page: entry.headers[0].page, line: entry.headers[0].line },
      };
    }
  }
  // "Product Design Bootcamp, Springboard": a training programme is what was done, at its
  // provider, which is the employer, whichever comes first.
  const programmes = parts.filter((part) => TRAINING_WORDS.test(part) && roleScore(part) < 2);
  const providers = parts.filter((part) => !TRAINING_WORDS.test(part) && roleScore(part) <= 0);
  if (programmes.length === 1 && providers.length === 1 && parts.length === 2) {
    const [programme] = programmes;
    const [provider] = providers;
    const first = entry.headers[0];
    return {
      employer: displayCase(cleanEmployer(provider)).slice(0, 120),
      role: displayCase(programme).slice(0, 120),
      dates: pieces.find((p) => p.dates)?.dates ?? null,
      location: pieces.find((p) => p.location)?.location ?? null,
      bullets: entry.bullets.map((b) => b.slice(0, 400)).slice(0, 12),
      source: { page: first.page, line: first.line },
    };
  }
  const scored = parts.map((part) => ({ part, score: roleScore(part) }));
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
  // A title word ("Engineer", "Intern") names the role; a weaker one ("Product", "Student")
  // only off the header's first piece, which is usually the employer.
  let role = best.score >= 2 || (best.score > 0 && best.part !== parts[0]) ? best.part : null;
  // "Greater Dayton YMCA – Administrative Office": an office or a department named after the
  // employer on its line is a part of it, never the employer a writer names (left out, as a
  // unit is).
  const units = new Set(
    pieces.flatMap((p) => {
      const line = p.parts.flat();
      return line.length === 2 && roleScore(line[0]) <= 0 && UNIT_AFTER.test(line[1])
        ? [line[1]]
        : [];
    }),
  );
  let employer =
    // "Undergraduate Research, Computer Vision Lab": after a first piece that reads like a
    // role, the piece naming an organization.
    parts.find(
      (part) =>
        roleScore(parts[0]) > 0 &&
        part !== role &&
        !units.has(part) &&
        ORGANIZATION.test(part) &&
        roleScore(part) < 0 &&
        !/\b(full|part)[\s‑-]?time\b/i.test(part),
    ) ??
    parts.find((part) => part !== role && (roleScore(part) <= 0 || part === parts[0])) ??
    null;
  // "Research Associate I, Cell Biology Group, Calyx Therapeutics": a group or team named by
  // its field, the company after it, works for the company (round 30 named the group).
  const commaParts = employer?.split(/,\s+/) ?? [];
  const after =
    commaParts.length > 1
      ? commaParts[1]
      : employer
        ? parts[parts.indexOf(employer) + 1]
        : undefined;
  if (
    employer &&
    after &&
    /^(\p{Lu}\p{Ll}+\s+){1,3}(Group|Team|Unit|Section|Core)$/u.test(commaParts[0]) &&
    ORGANIZATION.test(after) &&
    !/\b(group|team|unit|section|core|lab|laboratory|division|department)$/i.test(after) &&
    roleScore(after) < 0
  ) {
    employer = after;
  }
  if (!employer) {
    // Both look like roles ("Product Design Intern", "Research Lab"): the first is the employer.
    employer = parts.find((part) => part !== role) ?? null;
  }
  // "Freelance Product Designer -- Mar 2026 - present": work for no employer; it takes none
  // from the entry above.
  const own = role && parts.length === 1 ? selfEmployed(role) : null;
  if (!employer && own) employer = own;
  // A programme at its provider ("Product Design Bootcamp, Springboard") has no positions.
  const programmeAbove =
    TRAINING_WORDS.test(previous?.role ?? "") && roleScore(previous?.role ?? "") < 2;
  if (!employer && role && previous && parts.length === 1 && entry.dated && !programmeAbove) {
    // A second role under the employer above ("Software Engineer  2016 – 2023").
    employer = previous.employer;
  }
  if (!employer) return null;
  if (!role && parts.length >= 2) {
    const last = parts.at(-1);
    if (last && last !== employer && roleScore(last) >= 0 && !ORGANIZATION.test(last)) role = last;
  }
  // A sentence is never an employer.
  // (Poland's company form "sp. z o.o." is written with a full stop before a lower-case word,
  // and so is a short name's abbreviation: "Dept. of Biostatistics", "Univ. of Iowa".)
  const unformed = employer
    .replace(/\bsp\.\s?z\s?o\.\s?o\.?/i, "")
    .replace(/\b[A-Z][a-z]{1,4}\.(?=\s+(?:of|for|and)\b)/g, "");
  // A long name made only of organizations is no sentence ("University of California San
  // Diego, Dept. of Cellular & Molecular Medicine").
  const organizations = employer
    .split(/,\s+/)
    .every((part) => ORGANIZATION.test(part) || SCHOOL.test(part));
  // Nor is a long name in capitalised words ("Ann & Robert H. Lurie Children's Hospital of
  // Chicago, Quality & Analytics").
  const employerWords = employer.split(" ");
  const named =
    employerWords.length <= 16 &&
    employerWords.every((w) => /^[\p{Lu}\d&(]/u.test(w) || SMALL_WORDS.has(w));
  if ((employerWords.length > 9 && !organizations && !named) || /[.!?]\s+[a-z]/.test(unformed)) {
    return null;
  }
  // "Virtual Experience   2026" over "J.P. Morgan … Job Simulation (Forage)": a kind of
  // experience named where an employer goes, with no title, is a label, never an employer.
  if (!role && /^([\p{L}-]+ ){0,2}(work )?(experiences?|simulations?)$/iu.test(employer))
    return null;
  if (teamRole && role && teamRole.startsWith(role)) role = teamRole;
  const placed = role ? placementAt(role, employer) : null;
  if (placed) ({ role, employer } = placed);
  // "Halvorsen Axle & Driveline, Inc." over the title: the title read with the company's name
  // after its comma and "Inc." as the employer (round 33) is the company's again.
  const legalEnd = /^(Inc|LLC|Ltd|Corp|LLP|PLLC|L\.P|Co)\.?$/i.test(employer.trim());
  const tail = role ? /^(.+),\s+([^,]+)$/.exec(role) : null;
  if (legalEnd && tail) {
    role = tail[1];
    employer = `${tail[2]}, ${employer.trim()}`;
  }
  const first = entry.headers[0];
  return {
    employer: displayCase(cleanEmployer(employer)).slice(0, 120),
    role: role && role !== employer ? displayCase(role).slice(0, 120) : null,
    dates: pieces.find((p) => p.dates)?.dates ?? null,
    location: pieces.find((p) => p.location)?.location ?? null,
    bullets: entry.bullets.map((b) => b.slice(0, 400)).slice(0, 12),
    source: { page: first.page, line: first.line },
  };
}

/**
 * "Freelance UX Designer", "Self-employed Tutor", "Independent Consultant": a title naming work
 * done for oneself. Returns how a person names that employer, or null.
 */
function selfEmployed(title: string): string | null {
  if (/\bfreelanc(e|er|ing)\b/i.test(title)) return "Freelance";
  if (/\bself[- ]employed\b|^independent\b/i.test(title)) return "Self-employed";
  return null;
}

const PLACEMENT = new RegExp(`\\b(${PLACEMENT_WORDS})\\b`, "i");

/**
 * "Capstone Practicum — Medical ICU, OSU Wexner Medical Center": the unit before the hospital
 * is where in it the placement was, so it joins the role and the hospital is the employer ("my
 * capstone practicum at OSU Wexner Medical Center"). Null when the entry is no such placement.
 */
function placementAt(role: string, employer: string): { role: string; employer: string } | null {
  if (!PLACEMENT.test(role)) return null;
  const match = /^([^,]+),\s+(.+)$/.exec(employer);
  if (!match || ORGANIZATION.test(match[1]) || !ORGANIZATION.test(match[2])) return null;
  return { role: `${role}, ${match[1]}`, employer: match[2] };
}

/**
 * A dated title line over the line of the site where it was held, the site's city after it:
 * - under a clinical heading, a rotation written course first: "Pediatrics   Jan 2026 – May
 *   2026" over "UW Health American Family Children's Hospital, Madison, WI". The course is the
 *   role, as written ("Adult Health II – Medical/Surgical" keeps its dash), so that an email
 *   can say "during my Pediatrics rotation at …";
 * - anywhere, a title and its unit: "Nursing Assistant – Emergency Department   2023 – 2025"
 *   over "Saint Joseph Hospital, Lexington, KY". The unit is where in the hospital, part of
 *   the role, never the employer.
 * The site, without its city, is the employer. A site line naming a title ("Student Nurse
 * Extern, Rochester, MN") is no site: such an entry is read as any job is. Null when the entry
 * is no such pair.
 */
function titleOverSite(entry: Entry, clinical: boolean): ResumeExperience | null {
  if (entry.headers.length !== 2) return null;
  const [title, site] = entry.headers;
  const titleParts = headerParts(title);
  if (!titleParts.dates || titleParts.location) return null;
  if (site.segments.some((segment) => DATE_RANGE.test(segment))) return null;
  // "Maple Leaf Pharmacy, Oshawa, ON (6 weeks)": how long it ran is no part of the place.
  const [siteText, ...siteRest] = site.segments
    .map((segment) => unbullet(segment).replace(DURATION_NOTE, "").trim())
    .filter(Boolean);
  if (siteText === undefined) return null;
  const trailing = trailingPlace(siteText);
  const location = trailing?.place ?? siteRest.map(placeOf).find(Boolean) ?? null;
  const siteName = (trailing?.rest ?? siteText).trim();
  if (!location || !siteName || placeOf(siteName) || roleScore(siteName) > 0) return null;
  const name = title.segments
    .map((segment) =>
      unbullet(segment)
        .replace(DATE_RANGE, " ")
        .replace(/[\s,|·•–—-]+$/, "")
        .trim(),
    )
    .filter(Boolean)
    .join(" ");
  if (!name) return null;
  const [opening, ...units] = titleParts.parts.flat();
  const titleAndUnit =
    opening !== undefined &&
    roleScore(opening) >= 2 &&
    units.length > 0 &&
    units.every((unit) => ORGANIZATION_UNIT.test(unit) && roleScore(unit) < 2);
  // "Mercy Hospital   2025" over a unit is the employer's own line, not a course. A rotation
  // named as one ("Advanced Practice Experience 3 (APE-3) – Community") is one under any heading.
  const course =
    (clinical || PLACEMENT.test(name)) && !(ORGANIZATION.test(name) && roleScore(name) <= 0);
  if (!titleAndUnit && !course) return null;
  return {
    employer: displayCase(cleanEmployer(siteName)).slice(0, 120),
    role: displayCase(name).slice(0, 120),
    dates: titleParts.dates,
    location,
    bullets: entry.bullets.map((b) => b.slice(0, 400)).slice(0, 12),
    // A course at a site is done there, not held: "my adult health II rotation at …".
    ...(titleAndUnit ? {} : { placement: true }),
    source: { page: title.page, line: title.line },
  };
}

/** "(4 weeks)", "(6-week rotation)": how long a placement ran, closing its site's line. */
const DURATION_NOTE = /\s*\(~?\d[\d.–-]*[\s-]*(?:weeks?|wks?|months?|mos?)\b[^()]*\)\s*$/i;

/** "(90 hrs)", "(144 clinical hours)": how long a rotation ran, no part of its name. */
const HOURS_NOTE = /\s*\(~?\d[\d,.+]*\s*(?:clinical\s+)?(?:hrs?|hours)\b[^()]*\)/gi;

/**
 * A rotation written on one line under a clinical heading, the course first and the site where
 * it was held in a piece of its own: "Adult Health II – Progressive Care (90 hrs)   JPS Health
 * Network, Fort Worth, TX   Jan 2026 – Apr 2026", "Maternal-Newborn (90 hrs)   Texas Health
 * Arlington Memorial Hospital   Aug 2025 – Dec 2025". The course (with its unit, as written) is
 * the role and the site the employer; the unit after the course's dash is never the employer.
 * Null when the entry is no such line.
 */
function rotationAtSite(entry: Entry, clinical: boolean): ResumeExperience | null {
  if (!clinical || entry.headers.length !== 1) return null;
  const [line] = entry.headers;
  let dates: string | null = null;
  const pieces: string[] = [];
  for (const segment of line.segments.map(unbullet)) {
    const range = DATE_RANGE.exec(segment);
    if (range) dates ??= range[0].trim();
    const rest = segment
      .replace(DATE_RANGE, " ")
      .replace(/^[\s,|·•–—-]+|[\s,|·•–—-]+$/g, "")
      .trim();
    if (rest) pieces.push(rest);
  }
  if (!dates || pieces.length !== 2) return null;
  const course = pieces[0].replace(HOURS_NOTE, "").trim();
  const trailing = trailingPlace(pieces[1]);
  const siteName = (trailing?.rest ?? pieces[1]).trim();
  if (!course || !siteName || placeOf(siteName) || placeOf(course)) return null;
  // "Mercy Hospital   Pediatrics   2025": the site first is read as any job is.
  if (ORGANIZATION.test(course) && roleScore(course) <= 0) return null;
  if (
    roleScore(siteName) > 0 ||
    !(ORGANIZATION.test(siteName) || trailing || TERM_ROTATIONS.has(line))
  ) {
    return null;
  }
  return {
    employer: displayCase(cleanEmployer(siteName)).slice(0, 120),
    role: displayCase(course).slice(0, 120),
    dates,
    location: trailing?.place ?? null,
    bullets: entry.bullets.map((b) => b.slice(0, 400)).slice(0, 12),
    placement: true,
    source: { page: line.page, line: line.line },
  };
}

/** "90 hrs", "40 clinical hours": how long a rotation ran, a piece of its own. */
const HOURS_PIECE = /^~?\d[\d,.+]*\s*(?:clinical\s+)?(?:hrs?|hours)\b\.?$/i;

/** Rotations set course and site first, their term on the same or the next line. */
const TERM_ROTATIONS = new WeakSet<LayoutLine>();

/**
 * Under a clinical heading, a rotation written "Course – Site" with its term after a bar or on
 * the next line, then how long it ran and what was done ("Adult Health I – City Hospital" /
 * "Spring 2027 | 90 hrs | 3-patient assignment …", "Pediatrics – Clinic | Fall 2026 | 40 hrs"):
 * one line of course, site and term, and what was done (with its wrapped lines) its bullet.
 * Read apart, the term's line had become a job and the course an employer.
 */
function rotationsWithTerms(lines: LayoutLine[], clinical: Set<LayoutLine>): LayoutLine[] {
  const out: LayoutLine[] = [];
  const piecesOf = (line: LayoutLine) =>
    line.segments.flatMap((segment) => segment.split(/\s+\|\s+/)).map((p) => p.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const pieces = piecesOf(line);
    const named = /^(.+?)\s+[–—]\s+(.+)$/.exec(pieces[0] ?? "");
    if (
      !clinical.has(line) ||
      line.bullet ||
      line.segments.length !== 1 ||
      !named ||
      DATE_RANGE.test(pieces[0])
    ) {
      out.push(line);
      continue;
    }
    let rest = pieces.slice(1);
    const next = lines[i + 1];
    let used = 0;
    if (!rest.some((p) => DATE_RANGE.test(p)) && next && !next.bullet) {
      const nextPieces = piecesOf(next);
      if (new RegExp(`^(?:${DATE_RANGE.source})`, "i").test(nextPieces[0] ?? "")) {
        rest = nextPieces;
        used = 1;
      }
    }
    const term = rest.find((p) => DATE_RANGE.test(p));
    const [course, site] = [named[1].trim(), named[2].trim()];
    if (!term || roleScore(course) > 0 || roleScore(site) > 0 || placeOf(site)) {
      out.push(line);
      continue;
    }
    let description = rest.filter((p) => p !== term && !HOURS_PIECE.test(p)).join(" | ");
    // The description's wrapped lines, in lower case.
    while (description && lines[i + 1 + used] && /^[a-z]/.test(lines[i + 1 + used].text)) {
      description = `${description} ${lines[i + 1 + used].text}`;
      used++;
    }
    const header: LayoutLine = { ...line, segments: [course, site, term], text: "" };
    header.text = header.segments.join(" | ");
    clinical.add(header);
    TERM_ROTATIONS.add(header);
    out.push(header);
    if (description) {
      out.push({ ...line, segments: [description], text: description, bullet: true });
    }
    i += used;
  }
  return out;
}

/** The names of languages, libraries and tools a project is built with. */
const TECH =
  /^(python|r|sql|java|javascript|js|typescript|ts|c|c\+\+|c#|go|golang|rust|ruby|php|swift|kotlin|scala|matlab|sas|stata|spss|excel|vba|tableau|power bi|looker|react|react native|node\.?js|express|django|flask|fastapi|spring( boot)?|pandas|numpy|scipy|scikit-learn|sklearn|statsmodels|tensorflow|pytorch|keras|xgboost|lightgbm|prophet|streamlit|shiny|tidyverse|ggplot2|dplyr|spark|pyspark|hadoop|aws|gcp|azure|docker|kubernetes|postgresql|postgres|mysql|sqlite|mongodb|redis|snowflake|bigquery|dbt|airflow|git|html|css|tailwind|figma|arduino|ros|opencv|unity|firebase|graphql|next\.?js|vue|angular|d3(\.js)?|jupyter|langchain|openai api|hugging ?face|selenium|linux|bash|powershell|tokio|grpc|kafka)$/i;

/** "Python, Prophet, XGBoost", "R / tidyverse / Shiny": what a project was built with. */
function isTechStack(piece: string): boolean {
  const items = piece
    .replace(/\s*\([^()]*\)/g, "")
    .split(/\s*[,/+]\s*/)
    .map((item) => item.trim())
    .filter(Boolean);
  return (
    items.length >= 2 &&
    items.every((item) => item.split(" ").length <= 3) &&
    items.filter((item) => TECH.test(item)).length >= Math.max(2, Math.ceil(items.length / 2))
  );
}

/**
 * "CPS School Climate & Attendance – R, tidyverse, Shiny (Spring 2024)": a header naming what
 * it was built with where a title would go is a project's, wherever it stands; a tech stack is
 * never a role.
 */
function builtWithStack(entry: Entry): Entry | null {
  const at = entry.headers.findIndex((line) => {
    const text = maskBracketed(line.segments.map(unbullet).join(" | "));
    const pieces = text.split(/\s*[|·•—–]\s*|\s+-\s+/).map(unmaskBracketed);
    return pieces.slice(1).some(isTechStack);
  });
  return at < 0 ? null : { ...entry, headers: entry.headers.slice(at) };
}

/** The years a range spans ("Oct 2017 – Aug 2021": 2017 to 2021; "2022 – Present": on). */
function spanOf(dates: string | null): { from: number; to: number } | null {
  const years = [...(dates ?? "").matchAll(/(?<!\d)(?:19|20)\d{2}(?!\d)/g)].map(Number);
  if (!dates || years.length === 0) return null;
  const ongoing = new RegExp(`(?:${ONGOING})\\W*$`, "i").test(dates);
  return { from: years[0], to: ongoing ? Number.POSITIVE_INFINITY : years[years.length - 1] };
}

/**
 * A position held at the employer named on its own line above ("UNITED STATES ARMY   2013 –
 * 2021", then "Supply Sergeant (92Y)   Oct 2017 – Aug 2021" over its unit's line; "Google
 * 2019 – 2024", then "Senior Analyst   2022 – 2024"): a title line naming only a role, in
 * dates within the employer's. The unit below the title is a part of that employer, never
 * the employer a writer names. A title whose own line names another organization, or whose
 * dates fall outside, is no position there.
 */
function positionUnder(
  entry: Entry,
  experience: ResumeExperience,
  employer: ResumeExperience,
): boolean {
  if (experience.role === null || selfEmployed(experience.role)) return false;
  const titleParts = headerParts(entry.headers[0]).parts.flat();
  if (titleParts.length === 0 || titleParts.some((part) => roleScore(part) <= 0)) return false;
  const outer = spanOf(employer.dates);
  const inner = spanOf(experience.dates);
  return outer !== null && inner !== null && inner.from >= outer.from && inner.to <= outer.to;
}

/** A ship ("USS Carl Vinson (CVN 70)") or a unit of a service or an organization. */
const UNIT_NAME =
  /^(USS|USNS|USCGC|HMS|HMCS|HMAS|HMNZS)\s|\b(battalion|squadron|regiment|brigade|division|detachment|platoon|battery|fleet|command|department|dept|unit|office)\b/i;

/**
 * "United States Navy — Logistics Specialist Second Class — Aug 2020 – Aug 2024" with nothing
 * under it, then "USS Carl Vinson (CVN 70), Supply Department, San Diego, CA — Jan 2021 – Aug
 * 2024" over the bullets: a line naming only a ship or a unit, no title, in dates within the
 * position's, is where that position was held; the role and the employer are the line's above.
 */
function unitUnder(
  entry: Entry,
  experience: ResumeExperience,
  position: ResumeExperience,
): boolean {
  if (position.role === null || entry.headers.length !== 1) return false;
  const parts = headerParts(entry.headers[0]).parts.flat();
  if (parts.length === 0 || parts.some((part) => roleScore(part) >= 2)) return false;
  if (!parts.some((part) => UNIT_NAME.test(part))) return false;
  const outer = spanOf(position.dates);
  const inner = spanOf(experience.dates);
  return outer !== null && inner !== null && inner.from >= outer.from && inner.to <= outer.to;
}

/** A military service, the employer of every position held in it. */
const MILITARY_SERVICE =
  /^(?:the\s+)?(?:united states|u\.\s?s\.|us)\s+(?:army|navy|marine corps|air force|coast guard|space force)(?:\s+reserves?)?$|^(?:army|air) national guard$|^(?:royal (?:navy|air force|marines)|british army|canadian armed forces)$/i;

/** "Company Commander" ("Company" makes it read as a firm's name elsewhere), "Platoon Leader". */
const MILITARY_TITLE =
  /\b(commander|officer|leader|sergeant|specialist|chief|captain|lieutenant|major|nco|s[1-6])\b/i;

/** "115th Brigade Support Battalion", "Alpha Company", "1st Cavalry Division … (Captain)": a unit. */
const MILITARY_UNIT =
  /\b(battalion|squadron|regiment|brigade|division|detachment|platoon|battery|company|troop|wing|fleet|command|marines|group)$|^\d+(?:st|nd|rd|th)\s/i;

/**
 * "UNITED STATES ARMY   Fort Cavazos, TX" over "Company Commander, 1st Cavalry Division
 * Sustainment Brigade (Captain)   Jun 2024 – Dec 2025", and further dated lines under it
 * ("Battalion S4, 115th Brigade Support Battalion   Jan 2023 – May 2024"): positions in the
 * service, its employer; the role is the title, the unit (and a rank in brackets after it)
 * is left out, as for positions under an employer's line (see positionUnder).
 */
function militaryPosition(
  entry: Entry,
  experience: ResumeExperience | null,
  previous: ResumeExperience | null,
): ResumeExperience | null {
  if (!experience) return null;
  const pieces = entry.headers.map(headerParts);
  const serviceAt = pieces.findIndex((p) => {
    const first = p.parts.flat()[0];
    return first !== undefined && MILITARY_SERVICE.test(first.trim());
  });
  let service: string | null = null;
  let titleAt = -1;
  if (serviceAt >= 0 && entry.headers.length === 2) {
    service = displayCase(pieces[serviceAt].parts.flat()[0]);
    titleAt = 1 - serviceAt;
  } else if (
    serviceAt < 0 &&
    previous &&
    MILITARY_SERVICE.test(previous.employer) &&
    entry.headers.length === 1 &&
    entry.dated
  ) {
    service = previous.employer;
    titleAt = 0;
  }
  if (!service || titleAt < 0) return null;
  const parts = pieces[titleAt].parts.flat();
  const unit = (part: string) => MILITARY_UNIT.test(part.replace(/\s*\([^()]*\)\s*$/, "").trim());
  // Only a line of a title and its units: another organization's name is another job.
  if (parts.length < 2 || !parts.slice(1).every(unit) || unit(parts[0])) return null;
  if (roleScore(parts[0]) < 1 && !MILITARY_TITLE.test(parts[0])) return null;
  return {
    ...experience,
    employer: service,
    role: displayCase(parts[0]).slice(0, 120),
    dates: pieces.find((p) => p.dates)?.dates ?? experience.dates,
    location: pieces.find((p) => p.location)?.location ?? experience.location,
  };
}

/** A project line's name and its description after a dash ("TrailMate — app redesign"). */
function describedProject(line: LayoutLine): { name: string; description: string } | null {
  if (line.bullet) return null;
  const text = maskBracketed(unbullet(line.segments[0] ?? ""));
  const match = /^(.+?)\s+[—–-]\s+(\S.*)$/.exec(text);
  if (!match) return null;
  const name = unmaskBracketed(match[1]).trim();
  const words = name.replace(/\s*\([^()]*\)/g, "").split(" ");
  const first = words[0]?.toLowerCase() ?? "";
  if (words.length > 6 || ACTION_VERBS.has(first) || VERB_LIKE.test(name)) return null;
  return { name, description: unmaskBracketed(match[2]).trim() };
}

/**
 * "Interaction Design Foundation UX Certificate (IDF), completed January 2026" under a
 * portfolio's heading: a certificate naming its provider, with no bullets of its own, is
 * training (read as education is), not a project.
 */
function trainingAmongProjects(lines: LayoutLine[]): {
  training: ResumeEducation[];
  projectLines: LayoutLine[];
} {
  const training: ResumeEducation[] = [];
  const projectLines: LayoutLine[] = [];
  for (const [index, line] of lines.entries()) {
    const next = lines[index + 1];
    const texts = line.segments.map(unbullet);
    const described =
      next !== undefined && (next.bullet || (next.indent ?? 0) > (line.indent ?? 0));
    const entry = line.bullet || described ? null : trainingIn(texts, texts.join(" | "));
    if (entry?.major) {
      const { yearFromHeader: _, ...read } = entry;
      training.push({ ...read, source: { page: line.page, line: line.line } });
    } else projectLines.push(line);
  }
  return { training, projectLines };
}

function projectOf(entry: Entry): ResumeProject | null {
  const header = entry.headers[0];
  const text = header.segments.map(unbullet)[0] ?? "";
  const name = text
    .replace(DATE_RANGE, "")
    .split(/\s*[|–—:(]\s*|\s+-\s+|,\s+/)[0]
    .trim();
  if (!name) return null;
  const described = describedProject(header)?.description;
  const rest = text.slice(text.indexOf(name) + name.length).replace(/^[\s|–—:(-]+/, "");
  // "CampusEats (React Native app)": the bracket opened before the description closes it.
  const unopened = (rest.match(/\)/g) ?? []).length > (rest.match(/\(/g) ?? []).length;
  const extra = described ?? (unopened ? rest.replace(/\)$/, "") : rest);
  // "Aug 2026 – May 2027 | Team of 5 | Sponsor: VT Center for" / "Coastal Studies" under the
  // name: the project's dates go (a project has none to tell), the details after them stay,
  // joined to the line that finishes them.
  const details: string[] = [];
  for (const line of entry.headers.slice(1)) {
    const said = unbullet(line.segments.join(" "));
    const dated = DATES_BEFORE_DETAILS.exec(said);
    const last = details.at(-1);
    if (last !== undefined && !line.bullet && /\b(?:for|of|and|the|in|at|with|on|to)$/.test(last)) {
      details[details.length - 1] = `${last} ${said}`;
    } else details.push(dated ? said.slice(dated[0].length) : said);
  }
  const bullets = [...details.filter(Boolean), ...entry.bullets];
  if (bullets.length === 0 && extra.length > 20) bullets.push(extra);
  // "Metronomic (side project, 2024) — a browser metronome …" over "  built with Svelte": a
  // line in lower case under it adds to the description after the name's dash, which comes
  // first (joined to it where it was cut off). Over achievements of its own ("Ran 6
  // interviews …"), the name's description is left out, as before.
  // (A name after the dash, "\"Harbor Market Hall\" (Fall 2025)", is no description.)
  else if (
    described !== undefined &&
    described.length > 20 &&
    /\b[a-z]{3,}\b/.test(described.replace(/\([^()]*\)/g, "")) &&
    // "Name — model on 18 months of invoices;" over "flagged duplicate charges; …" at the
    // margin: the description broken after a comma or semicolon goes on there.
    (entry.headers.length === 1 || (entry.headers.length === 2 && /[,;]$/.test(described))) &&
    /^[a-z]/.test(bullets[0] ?? "")
  ) {
    // "… — ABC analysis on 18 months of pick" over "data; proposed re-slotting …": a line whose
    // first words before a semicolon or comma are too few to stand alone finishes a description
    // cut off mid-phrase (round 27).
    const wrapped =
      !/[.!?)]$/.test(described) && /^[a-z][\w-]*(\s[\w-]+)?[;,]\s/.test(bullets[0] ?? "");
    if (UNFINISHED.test(described) || /[,;]$/.test(described) || wrapped)
      bullets[0] = `${described} ${bullets[0]}`;
    else bullets.unshift(described);
  }
  return {
    name: name.slice(0, 120),
    bullets: bullets.map((b) => b.slice(0, 400)).slice(0, 12),
    source: { page: header.page, line: header.line },
  };
}

/**
 * "UNITED STATES ARMY   2013 – 2021" over its positions, "Google   2019 – 2024" over
 * "Senior Analyst" and "Analyst": an employer's own line, read as an entry with dates but no
 * role and no bullets, and the positions under it (see positionUnder), which take its name.
 * `headers` holds the employer lines that had positions under them: no entries of their own.
 */
function employerLinesReader(opening: ReadonlySet<LayoutLine>) {
  let above: ResumeExperience | null = null;
  const headers = new Set<ResumeExperience>();
  return {
    headers,
    read(entry: Entry, experience: ResumeExperience | null) {
      if (opening.has(entry.headers[0])) above = null;
      if (experience && above && above.role === null && positionUnder(entry, experience, above)) {
        experience.employer = above.employer;
        experience.location ??= above.location;
        headers.add(above);
        return;
      }
      if (experience && above && unitUnder(entry, experience, above)) {
        experience.employer = above.employer;
        experience.role = above.role;
        experience.location ??= above.location;
        headers.add(above);
        above = null;
        return;
      }
      above =
        experience &&
        experience.dates !== null &&
        entry.headers.length === 1 &&
        entry.bullets.length === 0
          ? experience
          : null;
    },
  };
}

function asLeadership(experience: ResumeExperience): ResumeLeadership {
  return {
    organization: experience.employer,
    role: experience.role,
    bullets: experience.bullets,
    source: experience.source,
  };
}

/** A label of a skills table's row: a few words, no list ("CAD / CAE", "Quality / Lean"). */
const TABLE_LABEL = /^\p{Lu}[\p{L}/&+ -]{1,28}$/u;

/**
 * The skills lines, a table of two label-and-items pairs a row read pair by pair: "CAD / CAE
 * SolidWorks, Siemens NX,   Manufacturing   CNC mill, Fusion" over its wrapped lines ("Fusion
 * 360, ANSYS,   360 CAM, welding,") is "CAD / CAE: SolidWorks, Siemens NX, Fusion 360, ANSYS"
 * and "Manufacturing: CNC mill, Fusion 360 CAM, welding" (read across, each column's wrapped
 * items had been joined to the other's).
 */
/**
 * A functional resume's "Relevant Skills": themes over sentences of what the student did
 * ("Diagnosed and fixed Toast POS terminal, KDS and receipt-printer failures; cut …"). Such a
 * sentence, and the lines it wraps onto, lists no skills (round 27 told "comfortable with KDS
 * and receipt-printer failures and installed and updated software").
 */
function withoutAchievements(lines: LayoutLine[]): LayoutLine[] {
  const kept: LayoutLine[] = [];
  let dropping = false;
  for (const line of lines) {
    const text = line.segments.join(" ").replace(/^[^:]{2,40}:\s*/, "");
    // A sentence: a verb first, or seven words and more before any comma or other mark that
    // sets a list's items apart.
    const beforeMark = text
      .split(/[,;|•·–—(]/)[0]
      .trim()
      .split(/\s+/).length;
    // "Advanced Excel (financial modeling, VBA macros), PowerPoint": a level before a tool's
    // name is no verb.
    const level = /^(Advanced|Experienced|Skilled|Certified|Licensed)\s+\p{Lu}/u.test(text);
    const sentence = (opensWithVerb(text) && !level) || beforeMark >= 7;
    if (sentence || (dropping && /^[a-z(]/.test(text))) {
      // The theme over the sentences ("Technical Support & Troubleshooting") goes with them.
      const theme = kept.at(-1)?.segments.join(" ") ?? "";
      const titled = theme.split(/[\s,]+/).every((w) => /^(\p{Lu}|&$|and$)/u.test(w));
      if (!dropping && /^\p{Lu}[\p{L}&,/ -]{2,50}$/u.test(theme) && titled) {
        kept.pop();
      }
      dropping = true;
      continue;
    }
    dropping = false;
    kept.push(line);
  }
  return kept;
}

/** A skills table's label of the languages spoken ("Mother tongue(s)", "Other language(s)"). */
const SPOKEN_LABEL = /^(mother tongues?|native languages?|other languages?|languages?)(\(s\))?:?$/i;

/** The labels a skills table sets right against their items, with no colon. */
const SKILL_LABEL_AGAINST =
  /^(Languages|Programming|Methods|Tools|Software|Frameworks|Libraries|Databases|Platforms|Technologies|Certifications|Other)\s+(?=\S)/;

function skillTableRows(lines: LayoutLine[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const row = lines[i];
    const [leftLabel, leftItems, rightLabel, rightItems] = row.segments;
    const pairs =
      !row.bullet &&
      row.segments.length === 4 &&
      TABLE_LABEL.test(leftLabel) &&
      TABLE_LABEL.test(rightLabel) &&
      !/,/.test(leftLabel + rightLabel);
    if (!pairs) {
      // "Mother tongue(s)   Yoruba", "Other language(s)   English — C2 | …" (a Europass CV's):
      // the languages spoken, and the lines their list wraps onto, are no skills.
      if (!row.bullet && row.segments.length === 2 && SPOKEN_LABEL.test(row.segments[0])) {
        while (lines[i + 1] && !lines[i + 1].bullet && lines[i + 1].segments.length === 1) i++;
        continue;
      }
      // "CAD/CAE      SolidWorks, Fusion 360": a table's label beside its items is their label;
      // "Languages R (tidyverse), Python": a label set right against its items too.
      const [label, items] = row.segments;
      const besideItems =
        !row.bullet &&
        row.segments.length === 2 &&
        TABLE_LABEL.test(label) &&
        !/[,:]/.test(label) &&
        label.split(" ").length <= 3;
      const against = SKILL_LABEL_AGAINST.exec(row.segments[0]);
      if (besideItems) out.push(`${label}: ${items}`);
      else if (against && row.segments.length === 1 && /,/.test(row.segments[0])) {
        out.push(`${against[1]}: ${row.segments[0].slice(against[0].length)}`);
      } else out.push(row.segments.join(", "));
      continue;
    }
    const left = [leftItems];
    const right = [rightItems];
    // Wrapped lines under the row, indented to its items: two pieces, one a column.
    while ((lines[i + 1]?.indent ?? 0) > 0 && lines[i + 1].segments.length === 2) {
      left.push(lines[i + 1].segments[0]);
      right.push(lines[i + 1].segments[1]);
      i++;
    }
    out.push(`${leftLabel}: ${left.join(" ")}`, `${rightLabel}: ${right.join(" ")}`);
  }
  return out;
}

const LABEL = /^[A-Za-z /&-]{2,30}:/;

/** A skills line wrapped in a narrow column ("Adobe Illustrator, After" / "Effects, Figma"). */
function joinWrappedList(lines: string[]): string[] {
  const out: string[] = [];
  // "Technical: Advanced Excel (…), FactSet, Bloomberg" / "Terminal (BMC certified), …": a
  // labelled line as wide as the widest ran to the margin, and a line without a label goes on
  // with it.
  const width = Math.max(0, ...lines.map((line) => line.length));
  let wide = false;
  for (const line of lines) {
    const previous = out.at(-1);
    const ranToMargin = wide;
    wide = line.length >= 0.85 * width && width >= 70;
    if (previous !== undefined && !LABEL.test(line)) {
      const lastItem = previous.split(/[,;|]/).at(-1)?.trim() ?? "";
      const firstItem = line.split(/[,;|]/)[0]?.trim() ?? "";
      // An item closing its bracket ("SQL (PostgreSQL, BigQuery)") is whole: the next line's
      // item is another ("Python (pandas, …").
      const fragment =
        !/\)$/.test(lastItem) &&
        lastItem.split(" ").length <= 1 &&
        firstItem.split(" ").length <= 2 &&
        previous.length >= 25 &&
        !/[.;]$/.test(previous);
      // "Training The Street – Corporate" / "  & Credit Analysis (2025)": a line opening on a
      // conjunction goes on with the item above.
      // "Bloomberg Terminal (Bloomberg Market Concepts" / "certified), Wind": a bracket left
      // open at the margin closes on the next line.
      const open = (previous.match(/\(/g) ?? []).length > (previous.match(/\)/g) ?? []).length;
      const labelled = LABEL.test(previous) && ranToMargin && !/[.;]$/.test(previous);
      if (
        /[,–—]$/.test(previous) ||
        fragment ||
        open ||
        labelled ||
        /^(&|\+|and\s|or\s)/.test(line)
      ) {
        out[out.length - 1] = `${previous} ${line}`;
        continue;
      }
    }
    out.push(line);
  }
  return out;
}

/** Languages people speak: a group of them is what a student speaks, not a tool they use. */
const SPOKEN_LANGUAGE =
  /^(english|spanish|french|german|italian|portuguese|mandarin|chinese|cantonese|hindi|gujarati|urdu|bengali|bangla|punjabi|tamil|telugu|marathi|kannada|malayalam|nepali|arabic|hebrew|farsi|persian|russian|ukrainian|polish|japanese|korean|vietnamese|tagalog|filipino|turkish|greek|dutch|swedish|norwegian|danish|finnish|swahili|yoruba|igbo|hausa|amharic|somali|haitian creole|indonesian|malay|thai|romanian|czech|hungarian|asl|american sign language)$/i;
const PROFICIENCY =
  /\b(native|fluent|conversational|basic|intermediate|advanced|proficient|professional|working|limited|elementary|bilingual|proficiency|speaker)\b/gi;

/** "Languages: Japanese, Korean" or "Bilingual: Tagalog / conversational French". */
function isSpokenLanguages(label: string, items: string[]): boolean {
  if (!/\b(languages?|bilingual|trilingual|multilingual)\b/i.test(label)) return false;
  const names = items
    .flatMap((item) => item.split(/\s*\/\s*|\s+and\s+/))
    .map((name) =>
      name
        .replace(/\([^()]*\)/g, "")
        .replace(PROFICIENCY, "")
        .replace(/[\s–—-]+$|^[\s–—-]+/g, "")
        .trim(),
    )
    .filter(Boolean);
  return names.length > 0 && names.every((name) => SPOKEN_LANGUAGE.test(name));
}

/**
 * The items of skills or interests lines. A line may hold several labelled groups ("Languages:
 * Japanese, Korean · Skills: Power BI, R"): each loses its label, and a group of spoken languages
 * is left out. Commas inside brackets do not split ("R (tidyverse, ggplot2)" is one skill); a
 * bracket listing tools stays with its item, a bracket of one note ("SPSS (basic)") goes.
 */
function listOf(lines: string[]): string[] {
  return (
    lines
      .flatMap((line) =>
        maskBracketed(unbullet(line))
          // "AP Style – WordPress – Substack – Canva": dashes between spaces set a list's items
          // apart when there are two or more of them ("OSHA 10 – General Industry" is one).
          .replace(/\s[–—]\s/g, (dash, _at, all: string) =>
            (all.match(/\s[–—]\s/g)?.length ?? 0) >= 2 ? "; " : dash,
          )
          .split(/\s*[;|•·]\s*/)
          .flatMap((group) => {
            const label = /^[A-Za-z /&-]{2,30}:\s*/.exec(group)?.[0] ?? "";
            const items = group
              .slice(label.length)
              .split(/\s*,\s*/)
              .map(unmaskBracketed);
            return isSpokenLanguages(label, items) ? [] : items;
          }),
      )
      .map((item) => {
        const bare = item
          .replace(/\s*\(.*?\)/g, "")
          .replace(/[.]$/, "")
          .trim();
        const listing = /\([^()]*,[^()]*\)/.exec(item)?.[0];
        return { bare, item: listing && item.length <= 60 ? `${bare} ${listing}` : bare };
      })
      .filter(({ bare }) => bare.length > 0 && bare.length <= 40 && bare.split(" ").length <= 5)
      .map(({ item }) => item)
      .filter((item) => !EMAIL.test(item) && !LINK.test(item))
      // "Bloomberg Market Concepts (BMC), Aug 2026": the date a certificate was earned is no item.
      .filter((item) => item.replace(DATE_RANGE, "").trim().length > 0)
  );
}

function locationOf(top: LayoutLine[]): string | null {
  for (const line of top.slice(0, 8)) {
    for (const segment of line.segments) {
      for (const written of segment.split(CONTACT_SEPARATOR)) {
        if (EMAIL.test(written) || LINK.test(written) || PHONE.test(written)) continue;
        // "Athens, GA 30602": the place without its ZIP code.
        const part = written.replace(/\s+\d{5}(?:-\d{4})?$/, "");
        const place =
          placeOf(part.replace(/^(location|address)\s*:\s*/i, "")) ?? trailingPlace(part)?.place;
        if (place && !/^(remote|hybrid|online|remoto|remota|híbrido|presencial)$/i.test(place))
          return place;
      }
    }
  }
  return null;
}

/**
 * A header wrapped mid-range ("…, Jun 2025 – Aug" / "2025") is one line again; the range's
 * year may come after the title set between them ("Mar. 2011 ‑ Oct." / "FREELANCE PENETRATION
 * TESTER" / "2011" in a narrow date column).
 */
function joinWrappedHeaders(lines: LayoutLine[]): LayoutLine[] {
  const out: LayoutLine[] = [];
  const dangling = (line: LayoutLine | undefined) => {
    const last = line?.segments.at(-1);
    return (
      line !== undefined &&
      !line.bullet &&
      last !== undefined &&
      (new RegExp(`${MONTH}$`, "i").test(last) || /[–—‑-]$/.test(last))
    );
  };
  for (const line of lines) {
    // "Jan 2025 –" / "present" in a column of dates left of the titles: the range's end
    // starts the next line, before the employer set beside it.
    const previous = out.at(-1);
    if (
      previous &&
      !line.bullet &&
      !previous.bullet &&
      line.segments.length > 1 &&
      previous.segments.length > 1 &&
      /[–—‑-]$/.test(previous.segments[0]) &&
      RANGE_END_ALONE.test(line.segments[0]) &&
      RANGE_START_ALONE.test(previous.segments[0])
    ) {
      const joined = [`${previous.segments[0]} ${line.segments[0]}`, ...previous.segments.slice(1)];
      out[out.length - 1] = { ...previous, segments: joined, text: joined.join(" | ") };
      const rest = line.segments.slice(1);
      out.push({ ...line, segments: rest, text: rest.join(" | ") });
      continue;
    }
    const yearAlone =
      !line.bullet &&
      line.segments.length === 1 &&
      line.segments[0].length < 30 &&
      /^((19|20)\d{2}|Present|Current)\b/i.test(line.segments[0]);
    const between = out.at(-1);
    const at = !yearAlone
      ? -1
      : dangling(between)
        ? out.length - 1
        : between && !between.bullet && between.segments.length === 1 && dangling(out.at(-2))
          ? out.length - 2
          : -1;
    if (at >= 0) {
      const target = out[at];
      const last = target.segments.at(-1) ?? "";
      const segments = [...target.segments.slice(0, -1), `${last} ${line.segments[0]}`];
      out[at] = { ...target, segments, text: segments.join(" | ") };
      continue;
    }
    out.push(line);
  }
  return out;
}

/**
 * "Student Government Association — Chief of Staff (2025–2026): ran weekly cabinet meetings",
 * "Staff Writer (2024–present), 14 published features": an entry written on one line, its dates in brackets
 * after the title and what was done after them. The entry is the header; what follows, in
 * lower case or opening with a number, is its bullet.
 */
function splitInlineDescriptions(lines: LayoutLine[]): LayoutLine[] {
  return lines.flatMap((line) => {
    if (line.bullet || line.segments.length !== 1) return [line];
    const match = /^(.{3,110}?\(([^()]*)\))\s*[:,;]\s+([a-z0-9].*)$/.exec(line.segments[0]);
    if (!match || !DATE_RANGE.test(match[2]) || match[3].length < 12) return [line];
    const head = match[1].trim();
    const opening = head.replace(/\s*\([^()]*\)$/, "");
    const pieces = maskBracketed(opening)
      .split(/\s*[|·•—–,]\s*|\s+-\s+/)
      .map(unmaskBracketed);
    // A title among its pieces, or an organization and a title set apart ("Student Government
    // Association — Chief of Staff"); never a sentence ("Led the move to X (2023), cutting …").
    const firstWord = opening.split(" ")[0]?.toLowerCase() ?? "";
    // "As Analyst (2022–2023), built …": a sentence on an earlier title, no header.
    if (/^As (?:an? )?\p{Lu}/u.test(opening)) return [line];
    // A placing is a piece as a title is ("Case Challenge — 3rd place of 20 teams (Mar
    // 2026), retail pricing case …"): the description after it is the entry's bullet.
    const setApart =
      pieces.length >= 2 &&
      pieces.every(
        (piece) => /^(\p{Lu}|\d+(st|nd|rd|th)\b)/u.test(piece) && piece.split(" ").length <= 8,
      ) &&
      !ACTION_VERBS.has(firstWord) &&
      !VERB_LIKE.test(opening);
    if (!setApart && !pieces.some((piece) => roleScore(piece) >= 2)) return [line];
    return [
      { ...line, segments: [head], text: head },
      { ...line, segments: [match[3]], text: match[3], bullet: true, indented: false },
    ];
  });
}

/**
 * A heading in the left margin: capitals at the line's start, or small letters (a minimalist
 * designer's "experience", "education", round 29), the entry beside it.
 */
const MARGIN_WORDS =
  /^ {0,2}(\p{Lu}[\p{Lu}&/,' -]{0,30}?[\p{Lu}&/]|\p{Ll}[\p{Ll}&/,' -]{0,30}?[\p{Ll}&/])(?: {2,}(?=\S)|\s*$)/u;

/**
 * Section headings set in the left margin, each entry to the right of them, a long heading
 * wrapped over two or three lines ("RELATED" / "EXPERIENCE" beside the first entry's lines):
 * each heading on a line of its own over its entries, and the entries moved to the margin.
 * Read as two columns, the headings had become one list and every entry a skill; read as one,
 * "RELATED" had joined the first entry's title ("I created RELATED Peer Tutor").
 */
function withMarginHeadings(text: string): { text: string; lineNumbers?: number[] } {
  const rows = text.replace(/\r\n?/g, "\n").split("\n");
  const words = rows.map((row) => {
    const found = MARGIN_WORDS.exec(row);
    if (!found) return null;
    const rest = row.slice(found[0].length);
    return { words: found[1], at: rest.trim() ? found[0].length : null };
  });
  // The column the entries start at: where most of the margin's rows have theirs.
  const columns = new Map<number, number>();
  for (const w of words) if (w?.at) columns.set(w.at, (columns.get(w.at) ?? 0) + 1);
  const [at] = [...columns].sort((a, b) => b[1] - a[1])[0] ?? [0];
  if (at < 10) return { text };
  // A heading's rows: consecutive rows with words in the margin, the longest run of them that
  // reads as a heading first ("EDUCATION" over "SKILLS" with no blank between are two).
  const groups: { from: number; to: number; heading: string }[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (!words[i] || (words[i]?.at !== null && words[i]?.at !== at)) continue;
    let end = i;
    while (end + 1 < rows.length && words[end + 1] && words[end + 1]?.at !== undefined) {
      if (words[end + 1]?.at !== null && words[end + 1]?.at !== at) break;
      end++;
    }
    let taken = -1;
    for (let k = end; k >= i; k--) {
      const heading = words
        .slice(i, k + 1)
        .map((w) => w?.words)
        .join(" ");
      if (headsSection(heading)) {
        groups.push({ from: i, to: k, heading });
        taken = k;
        break;
      }
    }
    i = Math.max(i, taken);
  }
  // Two headings at least, each beside its entries, and the lines under them set at the same
  // column: a capitalised employer at a line's start is no margin ("IBM      Software Intern").
  if (groups.filter((g) => words[g.from]?.at === at).length < 2) return { text };
  const first = groups[0].from;
  const body = rows.slice(first).filter((row, k) => row.trim() && !words[first + k]);
  if (body.some((row) => row.search(/\S/) < at - 2)) return { text };
  // Each line keeps the number it was printed on, the heading its first row's.
  const out = rows.slice(0, first).map((row, index) => ({ row, number: index + 1 }));
  let g = 0;
  for (let i = first; i < rows.length; i++) {
    if (groups[g]?.from === i) out.push({ row: groups[g].heading, number: i + 1 });
    const inGroup = groups[g] && i >= groups[g].from && i <= groups[g].to;
    const row = inGroup ? " ".repeat(at) + rows[i].slice(at) : rows[i];
    if (groups[g]?.to === i) g++;
    if (inGroup && !row.trim()) continue;
    out.push({ row: row.slice(Math.min(at, row.search(/\S|$/))), number: i + 1 });
  }
  return { text: out.map(({ row }) => row).join("\n"), lineNumbers: out.map((o) => o.number) };
}

/**
 * A date range broken at its dash, and a name broken after its "&", "and" or "of" in a narrow
 * column ("B.S.P.H., Health Policy &" /
 * "Management"): the few capitalised words on the next line finish it. The next line is left
 * blank, so the lines keep their numbers.
 */
function withBrokenLinesJoined(text: string): string {
  const rows = text.split("\n");
  for (let i = 0; i + 1 < rows.length; i++) {
    // "… – Phoenix, AZ May 2026 –" / "August 2026": a range broken at its dash.
    if (/(?:19|20)\d{2}\s*[–—-]$/.test(rows[i].trimEnd()) && DATE_PIECE.test(rows[i + 1].trim())) {
      rows[i] = `${rows[i].trimEnd()} ${rows[i + 1].trim()}`;
      rows[i + 1] = "";
      continue;
    }
    if (!/\S\s(&|and|of)$/.test(rows[i].trimEnd())) continue;
    const next = rows[i + 1].trim();
    if (!/^\p{Lu}[\p{L}'’-]*(\s\p{Lu}[\p{L}'’-]*){0,2}$/u.test(next)) continue;
    rows[i] = `${rows[i].trimEnd()} ${next}`;
    rows[i + 1] = "";
  }
  return rows.join("\n");
}

/**
 * A table of three columns whose cells wrap (a Word or HTML education table: "Sonoran State" /
 * "University" / "Tempe, AZ" beside "Bachelor of Science in Psychology" / "Certificate in …"
 * beside "Aug 2023 –" / "May 2027"): each table row's first cell joined on one line with its
 * place and dates, the middle cell's lines under it. A table row starts where the dates column
 * starts a date. The lines keep their numbers (blank lines fill the rows joined).
 */
function withTableCellsJoined(text: string): string {
  const rows = text.split("\n");
  const piecesOf = (row: string) =>
    [...row.matchAll(/\S+(?: {1,2}\S+)*/g)].map((m) => ({ at: m.index ?? 0, text: m[0] }));
  const out = [...rows];
  let i = 0;
  while (i < rows.length) {
    // A run of rows whose pieces start at three columns: near the margin, in the middle, at
    // the dates; some rows holding only the middle cell's wrapped text.
    const first = piecesOf(rows[i]);
    if (first.length !== 3 || first[0].at > 2 || first[1].at < 15 || first[1].at > 60) {
      i++;
      continue;
    }
    const [left, middle, right] = first.map((p) => p.at);
    const near = (a: number, b: number) => Math.abs(a - b) <= 2;
    let end = i;
    while (end + 1 < rows.length && rows[end + 1].trim()) {
      const pieces = piecesOf(rows[end + 1]);
      // A cell stays in its column: a line across the columns ends the table.
      const fits = pieces.every(
        (p) =>
          (near(p.at, left) && p.at + p.text.length < middle) ||
          (near(p.at, middle) && p.at + p.text.length < right) ||
          p.at >= right - 12,
      );
      if (!fits) break;
      end++;
    }
    const block = rows.slice(i, end + 1).map(piecesOf);
    const middleOnly = block.some((pieces) => pieces.length > 0 && near(pieces[0].at, middle));
    if (end - i < 2 || !middleOnly) {
      i = end + 1;
      continue;
    }
    let start = i;
    const flush = (to: number) => {
      const cells = { left: [] as string[], middle: [] as string[], right: [] as string[] };
      for (const pieces of block.slice(start - i, to - i + 1)) {
        for (const p of pieces) {
          if (near(p.at, left)) cells.left.push(p.text);
          else if (near(p.at, middle)) cells.middle.push(p.text);
          else cells.right.push(p.text);
        }
      }
      const places = cells.left.filter((piece) => placeOf(piece) !== null);
      const name = cells.left.filter((piece) => !places.includes(piece)).join(" ");
      const lines = [
        [name, ...places, cells.right.join(" ")].filter(Boolean).join("     "),
        // The middle cell's lines, a line that goes on in small letters or inside a bracket
        // joined to the one before.
        ...cells.middle.reduce<string[]>((all, line) => {
          const last = all.at(-1);
          const open =
            last !== undefined &&
            (last.match(/\(/g) ?? []).length > (last.match(/\)/g) ?? []).length;
          if (last !== undefined && (open || /^[a-z(]/.test(line)))
            all[all.length - 1] = `${last} ${line}`;
          else all.push(line);
          return all;
        }, []),
      ];
      // As many lines as rows: the middle cell's last lines joined if it had more.
      const fitted =
        lines.length > to - start + 1
          ? [...lines.slice(0, to - start), lines.slice(to - start).join(" ")]
          : lines;
      for (let k = start; k <= to; k++) out[k] = fitted[k - start] ?? "";
    };
    for (let r = i + 1; r <= end; r++) {
      const pieces = block[r - i];
      const dates = pieces.find((p) => p.at >= right - 12);
      const before = block
        .slice(start - i, r - i)
        .flatMap((p) => p.filter((q) => q.at >= right - 12))
        .at(-1);
      if (dates && /\d/.test(dates.text) && !(before && /[–—-]$/.test(before.text))) {
        flush(r - 1);
        start = r;
      }
    }
    flush(end);
    i = end + 1;
  }
  return out.join("\n");
}

/**
 * A table of clinical rotations under a header row ("Unit   Facility   Hours"): each row the
 * unit and its site, as a rotation's own line reads ("Pediatrics rotation – Rivercrest
 * Children's Hospital (90 hrs)"); the header and a total row are no rotations (round 29 read "Unit" and
 * "Total rotation hours" as employers).
 */
function withRotationTables(text: string): string {
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const header =
      /^\s*(unit|rotation|clinical unit|specialty|course)\s{3,}(facility|site|hospital|location|clinical site)\s{3,}(hours|hrs|clinical hours)\s*$/i.exec(
        rows[i],
      );
    if (!header) continue;
    rows[i] = "";
    for (let k = i + 1; k < rows.length; k++) {
      const cells = rows[k].trim().split(/\s{3,}/);
      if (/^total\b/i.test(cells[0] ?? "")) {
        rows[k] = "";
        break;
      }
      if (cells.length !== 3 || !/^\d[\d,]*$/.test(cells[2])) break;
      const unit = (cells[0].split(/\s[–—-]\s/)[0] ?? "").replace(/\s*\([^()]*\)/g, "").trim();
      rows[k] = `${unit} rotation – ${cells[1]} (${cells[2]} hrs)`;
    }
  }
  return rows.join("\n");
}

/** A left column's date piece: a month, a year, "Expected", "present", "Summers". */
const DATE_PIECE = new RegExp(
  `^(?:(?:expected|anticipated|since)\\s*)?(?:(?:${MONTH}|${ONGOING})\\b[\\s,.]*)?(?:(?:\\d{1,2}/)?(?:19|20)\\d{2}(?:\\s*[–—-]\\s*(?:(?:\\d{1,2}/)?(?:19|20)?\\d{2}|${ONGOING}))?[\\s,&]*)*[–—-]?$|^\\(?(?:expected|anticipated|${ONGOING}|${MONTH})\\)?$`,
  "i",
);

/**
 * Dates set in a column at the left of their entries ("Jan 2026 –" / "Aug 2026" beside the
 * employer and the title under it, "Expected" / "May 2028" beside a school): each entry's
 * dates moved to the end of its first line, where the rest of the reader looks for them
 * (round 27: read as a column of its own, an FSAE team and a job were lost, and the skills
 * table's labels became the skills).
 */
function withDatesAtRight(text: string): string {
  const rows = text.split("\n");
  const left = rows.map((row) => {
    // Set flush left, or right-aligned in its column ("      08/2025 – 05/2027     Master of …",
    // a Europass CV's).
    const found = /^( {0,20}\S.{0,24}?)( {3,})(\S.*)$/.exec(row);
    if (!found || !DATE_PIECE.test(found[1].trim()) || !/\d|expected|present/i.test(found[1])) {
      // "present" / "2023, 2024" alone: the end of the date above it.
      const alone = /^( {0,20}\S.{0,24}?)\s*$/.exec(row);
      return alone && DATE_PIECE.test(alone[1].trim())
        ? { date: alone[1].trim(), rest: null, at: 0 }
        : null;
    }
    return { date: found[1].trim(), rest: found[3], at: found[1].length + found[2].length };
  });
  if (left.filter((piece) => piece?.rest).length < 3) return text;
  const out: string[] = [];
  let open: number | null = null;
  // The lines under an entry (its bullets, a wrapped title) move left with it.
  let column = 0;
  for (const [i, row] of rows.entries()) {
    const piece = left[i];
    if (!piece) {
      open = null;
      const indent = row.search(/\S/);
      // A line set deeper than the entry is a detail of it, three places in as one reads.
      const moved = indent > column ? `   ${row.trim()}` : row.trim();
      out.push(column > 0 && indent >= column - 2 ? moved : row);
      if (indent === 0) column = 0;
      continue;
    }
    // A date piece right under an unfinished one ("Jan 2026 –", "Expected", "Summers") ends it.
    const previous = open !== null ? left[i - 1] : null;
    const goesOn =
      previous !== null &&
      previous !== undefined &&
      (/[–—-]$|^(expected|anticipated|summers?|fall|spring|winter)$/i.test(previous.date) ||
        !/\d/.test(previous.date));
    if (goesOn && open !== null) {
      out[open] = `${out[open]} ${piece.date}`;
      // Each line keeps its place, so the lines keep the numbers they were printed on.
      out.push(piece.rest ?? "");
      if (piece.rest) column = piece.at;
      continue;
    }
    if (!piece.rest) {
      out.push(row);
      open = null;
      continue;
    }
    out.push(`${piece.rest}     ${piece.date}`);
    open = out.length - 1;
    column = piece.at;
  }
  return out.join("\n");
}

/**
 * Bullets whose glyph the PDF drew as a shape (an HTML list's disc, a template's), so that
 * pdftotext leaves only their indent: every detail line under an entry sits a few places in,
 * the lines a bullet wraps onto at the same place. A detail line is a bullet of its own unless
 * it goes on with the one before: it starts in lower case or with a digit or a bracket, or the
 * line before ran to the margin and this one opens with no verb ("…poster presented at
 * Calloway" / "Undergraduate Research Symposium (Apr 2026)", round 27: the wrapped line had
 * become an employer).
 */
function withGlyphlessBullets(
  text: string,
  lineNumbers?: number[],
): { text: string; lineNumbers?: number[] } {
  const rows = text.split("\n");
  const indentOf = (row: string) => row.search(/\S/);
  const detail = (i: number) => {
    const at = indentOf(rows[i]);
    return (
      at >= 2 &&
      at <= 8 &&
      !LEADING_BULLET.test(rows[i]) &&
      !/ {3,}|\t/.test(rows[i].trim()) &&
      !DATE_RANGE_ALONE.test(rows[i].trim())
    );
  };
  // A run of detail lines under a line set further left, with no glyph among them.
  const runs: Array<[number, number]> = [];
  for (let i = 1; i < rows.length; i++) {
    // The line over the run, past a blank line a column's gaps leave; lines right under a
    // heading are the section's items, not an entry's bullets.
    let above = i - 1;
    if (above > 0 && !rows[above].trim()) above--;
    const over = rows[above].trim();
    if (
      !detail(i) ||
      indentOf(rows[above]) < 0 ||
      indentOf(rows[above]) >= indentOf(rows[i]) ||
      LEADING_BULLET.test(rows[above]) ||
      headsSection(over)
    ) {
      continue;
    }
    let end = i;
    while (
      end + 1 < rows.length &&
      detail(end + 1) &&
      indentOf(rows[end + 1]) === indentOf(rows[i])
    ) {
      end++;
    }
    runs.push([i, end]);
    i = end;
  }
  // Two places in are bullets only where many entries hold several such lines (a column's
  // bullets once the columns are apart); a line or two that deep are a Word template's lost
  // glyph's wrapped lines, or a project's description under its name (read as they were).
  const shallow = runs.filter(([from]) => indentOf(rows[from]) === 2);
  const lines = shallow.reduce((sum, [from, to]) => sum + to - from + 1, 0);
  if (shallow.length < 3 || lines / shallow.length < 2.5) {
    runs.splice(0, runs.length, ...runs.filter(([from]) => indentOf(rows[from]) >= 3));
  }
  // One run alone is bullets only when it holds several lines (round 29's service record, the
  // only entry whose bullets had lost their glyph).
  if (runs.length === 0 || (runs.length === 1 && runs[0][1] - runs[0][0] < 2)) {
    return { text, lineNumbers };
  }
  const margin = Math.max(
    ...runs.flatMap(([from, to]) => rows.slice(from, to + 1).map((r) => r.trimEnd().length)),
  );
  const out: string[] = [];
  const numbers: number[] = [];
  let r = 0;
  for (let i = 0; i < rows.length; i++) {
    while (runs[r] && runs[r][1] < i) r++;
    const run = runs[r];
    const number = lineNumbers?.[i] ?? i + 1;
    if (!run || i < run[0]) {
      out.push(rows[i]);
      numbers.push(number);
      continue;
    }
    const value = rows[i].trim();
    const before = i > run[0] ? rows[i - 1].trimEnd() : "";
    // A wrapped line opens with a capital only for a name ("Undergraduate Research
    // Symposium", "WMS"); a bullet opens with its verb ("Flag damaged shipments").
    // A word or two alone after a full line ("… served directly in" / "Vietnamese") end it.
    const [first, second = ""] = value.split(/\s+/);
    const named =
      /^\p{Lu}{2,}\b/u.test(first) || /^\p{Lu}/u.test(second) || value.split(/\s+/).length <= 2;
    // "… across" / "~4,500 endpoints, …", "… and Wazuh +" / "Elastic forwarding; …": a figure's
    // mark opens no bullet, a line ending on a joining mark goes on (round 32).
    const goesOn =
      i > run[0] &&
      (/^[\p{Ll}\d(&,;:/)\]–—~≈$-]/u.test(value) ||
        /[+&,/]$/.test(before) ||
        (before.length >= margin - 15 &&
          !/[.!?]$/.test(before) &&
          named &&
          !ACTION_VERBS.has(first.toLowerCase())));
    if (goesOn) out[out.length - 1] = `${out.at(-1)} ${value}`;
    else {
      out.push(`${" ".repeat(indentOf(rows[i]))}• ${value}`);
      numbers.push(number);
    }
  }
  return { text: out.join("\n"), lineNumbers: numbers };
}

/**
 * The passes over a resume's text before its lines are read, in order; each gives back the
 * same lines (a line it empties stays, so a line keeps its number).
 */
const TEXT_PASSES: Array<(text: string) => string> = [
  withoutCandidateFor,
  withoutSupervisors,
  withDatesParted,
  withoutPictographs,
  withPlacesJoined,
  withoutLoneStates,
  withClientLines,
  withCapitalsJoined,
  withFullYears,
  withDottedMonths,
  withLettersJoined,
  withDatesAtRight,
];

export function parseResumeFacts(text: string | null | undefined): ResumeFacts {
  const margin = withMarginHeadings(TEXT_PASSES.reduce((passed, pass) => pass(passed), text ?? ""));
  const unfolded = unfoldColumns(margin.text);
  const bulleted = withGlyphlessBullets(
    // A sidebar beside its main column is no table: the columns are apart first.
    withBrokenLinesJoined(withTableCellsJoined(withRotationTables(unfolded.text))),
    unfolded.lineNumbers
      ? unfolded.lineNumbers.map((n) => margin.lineNumbers?.[n - 1] ?? n)
      : margin.lineNumbers,
  );
  // A letter-spaced heading beside a sidebar's heading ("S K I L L S      E X P E R I E N C E")
  // is alone on its line only once the columns are apart.
  const lines = splitInlineDescriptions(
    joinWrappedHeaders(readLayoutLines(withLettersJoined(bulleted.text), bulleted.lineNumbers)),
  );
  const { lines: sections, opening, clinical } = splitSections(lines);
  const top = sections.get("top") ?? [];
  const rawSkills = skillTableRows(withoutAchievements(sections.get("skills") ?? []));
  const skillLines = joinWrappedList(rawSkills);
  const interestLines = [
    ...(sections.get("interests") ?? []).map((l) => l.segments.join(", ")),
    ...skillLines.filter((line) => /^(interests|hobbies)\s*:/i.test(line)),
  ];
  const skills = listOf(
    // "Awards: …", "Clearance: …", "Community: Volunteer coach, …" under ADDITIONAL
    // INFORMATION are no skills.
    skillLines.filter(
      (line) =>
        !/^(interests|hobbies|languages spoken|awards?|honou?rs|clearance|security clearance|community|volunteer(ing)?|activities|involvement|leadership|memberships?|affiliations)\s*:/i.test(
          line,
        ),
    ),
  );
  const { training, projectLines } = trainingAmongProjects(sections.get("projects") ?? []);
  const experiences: ResumeExperience[] = [];
  // "Supply Chain Course Projects (ASU)" under EXPERIENCE is a group of projects, never an
  // employer: it joins the projects, so no email says "during my time at" it.
  const projectsInExperience: ResumeProject[] = [];
  const educationPlaces = positionsInEducation(sections.get("education") ?? []);
  // A position under a school starts an entry of its own, after the experience section's.
  const entryOpenings = new Set([...opening, ...educationPlaces.headers]);
  const employerLines = employerLinesReader(entryOpenings);
  for (const entry of entriesOf(
    [
      ...rotationsWithTerms(sections.get("experience") ?? [], clinical),
      ...educationPlaces.positions,
    ],
    entryOpenings,
  )) {
    const previous = entryOpenings.has(entry.headers[0]) ? null : (experiences.at(-1) ?? null);
    // A further title under a further title ("Staff …", "Senior …", "Software Engineer, Back
    // End" at one employer) still sits under an employer whose line gave its place.
    const placed = experiences.some((e) => e.employer === previous?.employer && e.location);
    const read =
      titleOverSite(entry, clinical.has(entry.headers[0])) ??
      rotationAtSite(entry, clinical.has(entry.headers[0])) ??
      experienceOf(entry, previous, placed);
    const experience = militaryPosition(entry, read, previous) ?? read;
    employerLines.read(entry, experience);
    const project = experience ? builtWithStack(entry) : null;
    const stacked = project ? projectOf(project) : null;
    // "Independent Research Project - Science Research Class" over the school where it was
    // done, no title: a project, never a job at the school with no role.
    const ownProject =
      experience && experience.role === null
        ? headerParts(entry.headers[0])
            .parts.flat()
            .find((part) => RESEARCH_PROJECT.test(part))
        : undefined;
    if (stacked) projectsInExperience.push(stacked);
    else if (experience && ownProject) {
      projectsInExperience.push({
        name: ownProject.slice(0, 120),
        bullets: experience.bullets,
        ...(experience.source ? { source: experience.source } : {}),
      });
    } else if (experience && PROJECT_GROUP.test(experience.employer)) {
      projectsInExperience.push({
        name: experience.employer,
        bullets: experience.bullets,
        ...(experience.source ? { source: experience.source } : {}),
      });
    } else if (
      experience &&
      !(experience.role === null && SERVICE_TRAINING.test(experience.employer)) &&
      // "CAREER BREAK – Family Caregiver": time between jobs, whatever title it is given.
      !CAREER_GAP.test(experience.employer)
    ) {
      experiences.push(experience);
    }
  }
  const leadership: ResumeExperience[] = [];
  const organizationLines = employerLinesReader(opening);
  let previousLeadership: ResumeExperience | null = null;
  for (const entry of entriesOf(sections.get("leadership") ?? [], opening)) {
    const item = experienceOf(entry, previousLeadership);
    organizationLines.read(entry, item);
    if (item) {
      leadership.push(item);
      previousLeadership = { ...item, dates: null, location: null, bullets: [] };
    }
  }
  return {
    name: nameOf(top.length ? top : lines) ?? spacedNameOf(lines),
    contact_line: contactLineOf(top.length ? top : lines),
    location: locationOf(top),
    education: [...educationOf(educationPlaces.education), ...training]
      .slice(0, 6)
      .map((e) => ({ ...e, school: wholeName(e.school, text ?? "") })),
    experiences: experiences.filter((e) => !employerLines.headers.has(e)).slice(0, 12),
    projects: [
      ...entriesOf(projectLines, opening, true)
        .map(projectOf)
        .filter((p): p is ResumeProject => p !== null),
      ...projectsInExperience,
    ].slice(0, 12),
    leadership: leadership
      .filter((item) => !organizationLines.headers.has(item))
      .map(asLeadership)
      .slice(0, 12),
    skills: [...new Set(skills)].map((s) => s.slice(0, 60)).slice(0, 40),
    interests: [...new Set(listOf(interestLines))].map((s) => s.slice(0, 60)).slice(0, 20),
    publications: publicationsOf(sections.get("publications") ?? []),
  };
}

/** "1. Pereira, J. (2025). …", "[2] …", "• …": where a listed paper starts. */
const NUMBERED_ENTRY = /^(\[\d{1,2}\]|\d{1,2}[.)])\s+/;

/**
 * The papers, posters and talks under a publications heading, one entry each: a numbered or
 * bulleted line starts one, and a line that wraps (one that starts in lower case, or follows a
 * line with no full stop at its end) continues it.
 */
function publicationsOf(lines: LayoutLine[]): string[] {
  const marked = lines.some((l) => l.bullet || NUMBERED_ENTRY.test(l.text));
  // "   1. Brennan OM, … (2026). A genome-wide CRISPR screen" / "      identifies …": in a
  // numbered list the numbers start the entries, and a wrapped line set further in (read as a
  // bullet of its own) goes on with its entry (round 30's CV split each paper in two). A line
  // at the margin after a finished entry starts one too (the posters under it, unnumbered).
  const numbered = lines.some((l) => NUMBERED_ENTRY.test(l.segments.join(" ").trim()));
  const entries: string[] = [];
  for (const line of lines) {
    const text = line.segments.join(" ").replace(/\s+/g, " ").trim();
    if (!text) continue;
    const finished = /[.!?"”]$/.test(entries.at(-1) ?? "");
    const starts = numbered
      ? NUMBERED_ENTRY.test(text) || (line.indent === 0 && !line.bullet && finished)
      : marked
        ? line.bullet || NUMBERED_ENTRY.test(text)
        : !(/^[a-z(]/.test(text) || (entries.length > 0 && !finished));
    if (starts || entries.length === 0) entries.push(text.replace(NUMBERED_ENTRY, ""));
    else entries[entries.length - 1] = `${entries.at(-1)} ${text}`;
  }
  return entries.map((entry) => entry.slice(0, 400)).slice(0, 12);
}

export type { ResumeSource };
