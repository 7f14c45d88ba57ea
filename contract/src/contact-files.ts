import * as chardet from "chardet";
import ICAL from "ical.js";
import Papa from "papaparse";
import { z } from "zod";
import { LINKEDIN_URL } from "./own-contacts";

/**
 * Reading a contact export (LinkedIn, Google Contacts, Outlook, a phone's .vcf, any CSV) into
 * people, the same way in the browser (the import dialog's preview) and on the server (which
 * reads the uploaded bytes again and trusts nothing the browser said). Pure: bytes in, people
 * and refused rows out, each with the line of the file it comes from.
 */

/** A file that cannot be read as contacts: the message says why, for the student. */
export class ContactFileError extends Error {}

export type ContactFileFormat =
  | "linkedin"
  | "google"
  | "google_legacy"
  | "outlook"
  | "vcard"
  | "csv";

/** How the dialog names a recognised export: "LinkedIn connections · 50 people". */
export const CONTACT_FILE_LABELS: Record<ContactFileFormat, string> = {
  linkedin: "LinkedIn connections",
  google: "Google contacts",
  google_legacy: "Google contacts (Google CSV)",
  outlook: "Outlook contacts",
  vcard: "Phone contacts (vCard)",
  csv: "CSV",
};

/**
 * The columns of a CSV no export format was recognised in: the name may be built from several
 * columns (first, middle, last), joined with spaces; every other field is one column or none.
 * A plain string for full_name (the dialog before issue 35) is one column.
 */
export const ContactColumnsMapping = z.object({
  full_name: z
    .union([z.string(), z.array(z.string())], {
      error: "Choose the column that holds the name",
    })
    .transform((value) => (Array.isArray(value) ? value : [value]).filter((name) => name !== ""))
    .refine((names) => names.length > 0 && names.length <= 4, {
      message: "Choose the column that holds the name",
    }),
  email: z.string().optional().nullable(),
  title: z.string().optional().nullable(),
  company: z.string().optional().nullable(),
  location: z.string().optional().nullable(),
  linkedin: z.string().optional().nullable(),
});
export type ContactColumnsMapping = z.input<typeof ContactColumnsMapping>;

/** One person of an export, as stored: `emails[0]` is the address used, the rest are kept. */
export interface ImportedPerson {
  /** The line of the file the person's row (or vCard) starts on, 1-based. */
  line: number;
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  emails: string[];
  title: string | null;
  company: string | null;
  location: string | null;
  linkedin: string | null;
  tags: string[];
  /** LinkedIn's "Connected On" as written ("09 Nov 2023"), when the export has it. */
  connectedOn: string | null;
}

export interface RefusedRow {
  line: number;
  detail: string;
}

export interface ContactFileReading {
  format: ContactFileFormat;
  label: string;
  /** The encoding the bytes were decoded from, e.g. "utf-8", "utf-16le", "windows-1252". */
  encoding: string;
  /** The header row of a CSV (empty for a vCard file). */
  headers: string[];
  /** The columns (or vCard properties) people were read from. */
  columns: string[];
  people: ImportedPerson[];
  errors: RefusedRow[];
  /** Data rows (or vCards) in the file, refused ones included. */
  records: number;
}

const MAX_FIELD = 200;

// ---------------------------------------------------------------------------------------------
// Decoding

const BOMS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

/** UTF-16 without a byte-order mark: most ASCII text has a zero in every other byte. */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

/** Single-byte Western encodings chardet may name for Excel's Windows-1252 "CSV". */
const WESTERN = new Set(["iso-8859-1", "iso-8859-15", "windows-1252"]);
/** Other encodings chardet names that the WHATWG TextDecoder decodes, in browsers and Node. */
const DECODABLE = new Set([
  "iso-8859-2",
  "iso-8859-5",
  "iso-8859-6",
  "iso-8859-7",
  "iso-8859-8",
  "iso-8859-9",
  "windows-1250",
  "windows-1251",
  "windows-1253",
  "windows-1254",
  "windows-1255",
  "windows-1256",
  "koi8-r",
  "shift_jis",
  "euc-jp",
  "iso-2022-jp",
  "euc-kr",
  "big5",
  "gb18030",
]);

const UNREADABLE =
  "This file's text could not be read: save it as CSV UTF-8 (or export it again) and try once more.";

/** Control characters no contact export holds (tab, line feed and carriage return are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;

/**
 * Windows-1252's letters at 0x80-0x9F (Š, Œ, €, curly quotes...). Browsers decode them, but
 * Node's TextDecoder reads "windows-1252" as Latin-1 and answers C1 controls there; the WHATWG
 * index puts them back. The five bytes 1252 leaves unassigned stay controls and are refused.
 */
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

function decodeWith(bytes: Uint8Array, encoding: string): string | null {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    if (encoding !== "windows-1252") return text;
    return text.replace(/[\u0080-\u009f]/g, (char) => CP1252_HIGH[char.charCodeAt(0) - 0x80]);
  } catch {
    return null;
  }
}

/**
 * The text of an uploaded file: UTF-8 (with or without a byte-order mark), UTF-16 LE or BE
 * (Excel's "Unicode text"), or a legacy 8-bit or CJK encoding chardet recognises (Excel's
 * plain "CSV" on Windows is Windows-1252). Never garbles: bytes that are not valid in the
 * encoding, or text that would hold control characters or U+FFFD, are refused.
 */
export function decodeContactFile(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length === 0) throw new ContactFileError("The file is empty.");
  const accept = (text: string | null, encoding: string) => {
    if (text === null) throw new ContactFileError(UNREADABLE);
    const body = text.replace(/^\ufeff/, "");
    if (CONTROL.test(body)) throw new ContactFileError(UNREADABLE);
    return { text: body, encoding };
  };
  for (const [bom, encoding] of BOMS) {
    if (bom.every((byte, index) => bytes[index] === byte)) {
      return accept(decodeWith(bytes.subarray(bom.length), encoding), encoding);
    }
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return accept(decodeWith(bytes, utf16), utf16);
  const utf8 = decodeWith(bytes, "utf-8");
  if (utf8 !== null) return accept(utf8, "utf-8");
  if (bytes.includes(0)) throw new ContactFileError(UNREADABLE);
  const guesses = chardet.analyse(bytes).map((match) => match.name.toLowerCase());
  // chardet ranks the Latin encodings by letter statistics that a short list of names barely
  // moves; a Western one anywhere in its answer is read as Windows-1252, its superset.
  const western = guesses.slice(0, 3).some((name) => WESTERN.has(name));
  const top = guesses[0];
  const encoding =
    top && DECODABLE.has(top) && !WESTERN.has(top) && !western
      ? top
      : western
        ? "windows-1252"
        : top && DECODABLE.has(top)
          ? top
          : null;
  if (!encoding) throw new ContactFileError(UNREADABLE);
  return accept(decodeWith(bytes, encoding), encoding);
}

// ---------------------------------------------------------------------------------------------
// CSV records with their lines

export interface CsvRecord {
  /** The 1-based line of the file the record starts on (a quoted field may span lines). */
  line: number;
  cells: string[];
}

function lineBreaks(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const char = text.charCodeAt(i);
    if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  return count;
}

/** RFC 4180 records through papaparse, blank lines dropped, each with the line it starts on. */
export function parseCsv(
  text: string,
  delimiter = ",",
): { records: CsvRecord[]; unclosed: number | null } {
  const records: CsvRecord[] = [];
  let offset = 0;
  let line = 1;
  let unclosed: number | null = null;
  const lineEnd = /\r\n|\n|\r/g;
  const blank = new RegExp(`^[\\s${delimiter === "\t" ? "" : delimiter}]*$`);
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: "greedy",
    step: (result) => {
      // Lines papaparse skipped (blank, or only delimiters and spaces) come before the record.
      let start = offset;
      for (;;) {
        lineEnd.lastIndex = start;
        const found = lineEnd.exec(text);
        if (!found || !blank.test(text.slice(start, found.index))) break;
        start = found.index + found[0].length;
        line++;
      }
      records.push({ line, cells: result.data });
      if (unclosed === null && result.errors.some((error) => error.code === "MissingQuotes")) {
        unclosed = line;
      }
      line += lineBreaks(text, start, result.meta.cursor);
      offset = result.meta.cursor;
    },
  });
  return { records, unclosed };
}

// ---------------------------------------------------------------------------------------------
// Formats

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, "");

type Header = Map<string, number>;

function headerIndex(cells: string[]): Header {
  const map = new Map<string, number>();
  cells.forEach((cell, index) => {
    const key = squash(cell);
    if (key && !map.has(key)) map.set(key, index);
  });
  return map;
}

const has = (header: Header, ...names: string[]) => names.every((name) => header.has(name));

/** The format whose header this is, or null. */
function formatOfHeader(header: Header): Exclude<ContactFileFormat, "vcard" | "csv"> | null {
  // Google's current export: "Organization Name", "E-mail 1 - Value", "Labels".
  if (
    has(header, "firstname", "lastname") &&
    (header.has("organizationname") || header.has("email1value") || header.has("labels")) &&
    !header.has("emailaddress")
  ) {
    return "google";
  }
  // The older "Google CSV": Name, Given Name, Family Name, Organization 1 - Name ...
  if (
    has(header, "givenname", "familyname") &&
    (header.has("email1value") || header.has("organization1name") || header.has("groupmembership"))
  ) {
    return "google_legacy";
  }
  // Outlook (and Google's "Outlook CSV"): "E-mail Address", "Job Title", "Business City".
  if (
    header.has("firstname") &&
    header.has("emailaddress") &&
    (header.has("jobtitle") || header.has("businesscity") || header.has("email2address"))
  ) {
    return "outlook";
  }
  // LinkedIn's Connections.csv, every version: First Name, Last Name, (URL,) (Email Address,)
  // Company, Position, Connected On.
  if (has(header, "firstname", "lastname", "position") && header.has("connectedon")) {
    return "linkedin";
  }
  if (has(header, "firstname", "lastname", "company", "position")) return "linkedin";
  return null;
}

interface Located {
  format: ContactFileFormat;
  headerAt: number;
  delimiter: string;
  records: CsvRecord[];
  unclosed: number | null;
}

/** Finds the header row (after a preamble such as LinkedIn's "Notes:") and the format. */
function locateHeader(text: string): Located {
  let best: Located | null = null;
  let bestWidth = 0;
  for (const delimiter of [",", "\t", ";"]) {
    const { records, unclosed } = parseCsv(text, delimiter);
    const scan = Math.min(records.length, 12);
    for (let index = 0; index < scan; index++) {
      const format = formatOfHeader(headerIndex(records[index].cells));
      if (format) return { format, headerAt: index, delimiter, records, unclosed };
    }
    // No known export: the first row with two or more named columns is the header.
    for (let index = 0; index < scan; index++) {
      const named = records[index].cells.filter((cell) => cell.trim() !== "").length;
      if (named >= 2) {
        // The earliest header wins; on the same line, the delimiter that splits it most.
        if (!best || index < best.headerAt || (index === best.headerAt && named > bestWidth)) {
          bestWidth = named;
          best = { format: "csv", headerAt: index, delimiter, records, unclosed };
        }
        break;
      }
    }
  }
  if (best) return best;
  return { format: "csv", headerAt: 0, delimiter: ",", ...parseCsv(text, ",") };
}

// ---------------------------------------------------------------------------------------------
// People

const clean = (value: string | null | undefined): string | null => {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_FIELD) : null;
};

const EMAIL = z.email();
const isEmail = (value: string) => value.length <= 254 && EMAIL.safeParse(value).success;

/** Google writes several values in one cell as "a ::: b"; others use ; or , between addresses. */
const splitList = (value: string | null) =>
  (value ?? "")
    .split(/\s*:::\s*|[;,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A LinkedIn profile URL in one spelling (https, www, no query or trailing slash), or null. */
export function normalizeLinkedin(value: string | null | undefined): string | null {
  let url = clean(value);
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) url = `https://${url}`;
  const match = /^https?:\/\/(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([^\s/?#]+)/i.exec(url);
  if (!match) return null;
  const normalized = `https://www.linkedin.com/in/${match[1]}`;
  return LINKEDIN_URL.test(normalized) ? normalized : null;
}

/** Dedupe key of an address: lowercased. */
export const emailKey = (email: string) => email.trim().toLowerCase();
/** Dedupe key of a LinkedIn URL: its profile slug, lowercased and URL-decoded. */
export function linkedinKey(url: string): string {
  const slug = /linkedin\.com\/in\/([^\s/?#]+)/i.exec(url)?.[1] ?? url;
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

/** Labels Google adds to every contact ("* myContacts") or that mean nothing as a tag. */
const SYSTEM_LABELS = new Set(["mycontacts", "starred", "other", "othercontacts"]);

function tagsOf(...cells: Array<string | null>): string[] {
  const tags: string[] = [];
  for (const cell of cells) {
    for (const part of (cell ?? "").split(/\s*:::\s*/)) {
      const tag = part.replace(/^\*\s*/, "").trim();
      if (!tag || SYSTEM_LABELS.has(squash(tag))) continue;
      if (!tags.some((known) => known.toLowerCase() === tag.toLowerCase()))
        tags.push(tag.slice(0, 60));
    }
  }
  return tags.slice(0, 20);
}

interface Draft {
  line: number;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  emailCells: string[];
  title: string | null;
  company: string | null;
  location: string | null;
  linkedinCells: string[];
  /** A column the user mapped to LinkedIn: a value there that is not a profile is refused. */
  strictLinkedin?: boolean;
  tags: string[];
  connectedOn: string | null;
}

const PLACEHOLDER_NAME = /^\s*(unknown\s*)*$/i;

/** A draft as a person, or the reason it cannot be one. */
function finish(draft: Draft): ImportedPerson | RefusedRow {
  const fullName =
    clean(draft.fullName) ?? clean([draft.firstName, draft.lastName].filter(Boolean).join(" "));
  const candidates = draft.emailCells.flatMap((cell) => splitList(cell));
  const emails: string[] = [];
  for (const candidate of candidates) {
    const email = emailKey(candidate.replace(/^mailto:/i, ""));
    if (isEmail(email) && !emails.includes(email)) emails.push(email);
  }
  if (!fullName || PLACEHOLDER_NAME.test(fullName)) {
    return { line: draft.line, detail: "No name: a contact needs a name." };
  }
  if (candidates.length > 0 && emails.length === 0) {
    return { line: draft.line, detail: `"${candidates[0].slice(0, 80)}" is not an email address.` };
  }
  const linkedin =
    draft.linkedinCells.map((cell) => normalizeLinkedin(cell)).find((url) => url !== null) ?? null;
  if (draft.strictLinkedin && draft.linkedinCells.length > 0 && !linkedin) {
    return {
      line: draft.line,
      detail: "LinkedIn must be a profile URL like https://www.linkedin.com/in/name",
    };
  }
  return {
    line: draft.line,
    fullName,
    firstName: clean(draft.firstName),
    lastName: clean(draft.lastName),
    emails: emails.slice(0, 10),
    title: clean(draft.title),
    company: clean(draft.company),
    location: clean(draft.location),
    linkedin,
    tags: draft.tags,
    connectedOn: clean(draft.connectedOn),
  };
}

/** Reads the rows of a recognised export (or of a mapped CSV) into drafts. */
type RowReader = (get: (column: string) => string | null, line: number) => Draft;

const joinName = (...parts: Array<string | null>) =>
  parts
    .map((part) => clean(part))
    .filter(Boolean)
    .join(" ") || null;

/** Every column whose squashed name matches, in file order (E-mail 1 - Value, E-mail 2 - Value ...). */
function columnsLike(headers: string[], pattern: RegExp): string[] {
  return headers.filter((header) => pattern.test(squash(header)));
}

function readerFor(
  format: ContactFileFormat,
  headers: string[],
): { read: RowReader; used: string[] } {
  const pick = (...names: string[]) => {
    const used: string[] = [];
    for (const name of names) {
      const found = headers.find((header) => squash(header) === name);
      if (found) used.push(found);
    }
    return used;
  };
  if (format === "linkedin") {
    const used = pick(
      "firstname",
      "lastname",
      "url",
      "profileurl",
      "emailaddress",
      "email",
      "company",
      "position",
      "connectedon",
    );
    return {
      used,
      read: (get, line) => ({
        line,
        fullName: null,
        firstName: get("firstname"),
        lastName: get("lastname"),
        emailCells: [get("emailaddress") ?? get("email") ?? ""].filter(Boolean),
        title: get("position"),
        company: get("company"),
        location: null,
        linkedinCells: [get("url") ?? get("profileurl") ?? ""].filter(Boolean),
        tags: [],
        connectedOn: get("connectedon"),
      }),
    };
  }
  if (format === "google") {
    const emailValues = columnsLike(headers, /^email\d+value$/);
    const websites = columnsLike(headers, /^website\d+value$/);
    const used = [
      ...pick(
        "firstname",
        "middlename",
        "lastname",
        "organizationname",
        "organizationtitle",
        "labels",
      ),
      ...emailValues,
      ...pick("address1city"),
      ...websites,
    ];
    return {
      used,
      read: (get, line) => ({
        line,
        fullName:
          joinName(get("firstname"), get("middlename"), get("lastname")) ??
          get("fileas") ??
          get("nickname"),
        firstName: get("firstname"),
        lastName: get("lastname"),
        emailCells: emailValues.map((column) => get(squash(column)) ?? "").filter(Boolean),
        title: get("organizationtitle"),
        company: get("organizationname"),
        location: get("address1city"),
        linkedinCells: websites.map((column) => get(squash(column)) ?? "").filter(Boolean),
        tags: tagsOf(get("labels")),
        connectedOn: null,
      }),
    };
  }
  if (format === "google_legacy") {
    const emailValues = columnsLike(headers, /^email\d+value$/);
    const websites = columnsLike(headers, /^website\d+value$/);
    const used = [
      ...pick(
        "name",
        "givenname",
        "additionalname",
        "familyname",
        "organization1name",
        "organization1title",
        "groupmembership",
      ),
      ...emailValues,
      ...pick("address1city"),
      ...websites,
    ];
    return {
      used,
      read: (get, line) => ({
        line,
        fullName:
          get("name") ?? joinName(get("givenname"), get("additionalname"), get("familyname")),
        firstName: get("givenname"),
        lastName: get("familyname"),
        emailCells: emailValues.map((column) => get(squash(column)) ?? "").filter(Boolean),
        title: get("organization1title"),
        company: get("organization1name"),
        location: get("address1city"),
        linkedinCells: websites.map((column) => get(squash(column)) ?? "").filter(Boolean),
        tags: tagsOf(get("groupmembership")),
        connectedOn: null,
      }),
    };
  }
  // Outlook: "Title" is the honorific (Ms., Dr.); the job is "Job Title".
  const used = pick(
    "firstname",
    "middlename",
    "lastname",
    "company",
    "jobtitle",
    "emailaddress",
    "email2address",
    "email3address",
    "businesscity",
    "homecity",
    "categories",
    "webpage",
  );
  return {
    used,
    read: (get, line) => ({
      line,
      fullName: joinName(get("firstname"), get("middlename"), get("lastname")) ?? get("nickname"),
      firstName: get("firstname"),
      lastName: get("lastname"),
      emailCells: [get("emailaddress"), get("email2address"), get("email3address")].filter(
        (cell): cell is string => Boolean(cell),
      ),
      title: get("jobtitle"),
      company: get("company"),
      location: get("businesscity") ?? get("homecity"),
      linkedinCells: [get("webpage") ?? ""].filter(Boolean),
      tags: tagsOf((get("categories") ?? "").replace(/;/g, ":::")),
      connectedOn: null,
    }),
  };
}

function mappedReader(
  headers: string[],
  mapping: ContactColumnsMapping,
): { used: string[]; draftOf: (cells: string[], line: number) => Draft } {
  const parsed = ContactColumnsMapping.safeParse(mapping);
  if (!parsed.success) throw new ContactFileError(parsed.error.issues[0].message);
  const columns = parsed.data;
  const trimmed = headers.map((header) => header.trim());
  const indexOf = (field: string, name: string) => {
    const index = trimmed.indexOf(name.trim());
    if (index < 0)
      throw new ContactFileError(`The CSV has no column named "${name}" (mapped to ${field}).`);
    return index;
  };
  const nameColumns = columns.full_name.map((name) => indexOf("full_name", name));
  const single = (field: "email" | "title" | "company" | "location" | "linkedin") => {
    const name = columns[field];
    return name ? indexOf(field, name) : null;
  };
  const email = single("email");
  const title = single("title");
  const company = single("company");
  const location = single("location");
  const linkedin = single("linkedin");
  const used = [
    ...columns.full_name,
    ...[columns.email, columns.title, columns.company, columns.location, columns.linkedin].filter(
      (name): name is string => Boolean(name),
    ),
  ];
  return {
    used,
    draftOf: (cells, line) => {
      const at = (index: number | null) => (index === null ? null : clean(cells[index]));
      const nameParts = nameColumns.map((index) => at(index));
      return {
        line,
        fullName: joinName(...nameParts),
        firstName: nameColumns.length > 1 ? nameParts[0] : null,
        lastName: nameColumns.length > 1 ? joinName(...nameParts.slice(1)) : null,
        emailCells: [at(email) ?? ""].filter(Boolean),
        title: at(title),
        company: at(company),
        location: at(location),
        linkedinCells: [at(linkedin) ?? ""].filter(Boolean),
        strictLinkedin: true,
        tags: [],
        connectedOn: null,
      };
    },
  };
}

function readCsvPeople(
  text: string,
  mapping: ContactColumnsMapping | null,
): Omit<ContactFileReading, "encoding" | "label"> {
  const located = locateHeader(text);
  if (located.unclosed !== null) {
    throw new ContactFileError(
      `The file is not a valid CSV (a quote is not closed, line ${located.unclosed}).`,
    );
  }
  const headerRecord = located.records[located.headerAt];
  const headers = (headerRecord?.cells ?? []).map((header) => header.trim());
  const rows = located.records.slice(located.headerAt + 1);
  if (headers.length === 0 || rows.length === 0) {
    throw new ContactFileError("The file has no contacts under its header row.");
  }
  const people: ImportedPerson[] = [];
  const errors: RefusedRow[] = [];
  const format = located.format;
  if (format === "csv" && !mapping) {
    return { format, headers, columns: [], people, errors, records: rows.length };
  }
  let draftOf: (cells: string[], line: number) => Draft;
  let used: string[];
  if (format === "csv" && mapping) {
    ({ draftOf, used } = mappedReader(headers, mapping));
  } else {
    const reader = readerFor(format, headers);
    const index = headerIndex(headers);
    used = reader.used;
    draftOf = (cells, line) =>
      reader.read((column) => {
        const at = index.get(column);
        return at === undefined ? null : clean(cells[at]);
      }, line);
  }
  for (const record of rows) {
    const outcome = finish(draftOf(record.cells, record.line));
    if ("detail" in outcome) errors.push(outcome);
    else people.push(outcome);
  }
  return { format, headers, columns: used, people, errors, records: rows.length };
}

// ---------------------------------------------------------------------------------------------
// vCard

/**
 * vCard 2.1 (older Android phones) writes non-ASCII text as QUOTED-PRINTABLE with soft line
 * breaks; ical.js reads 3.0 and 4.0, so those properties are decoded to UTF-8 text first.
 */
function unfoldQuotedPrintable(text: string): string {
  const lines = text.split(/\r\n|\n|\r/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const colon = line.indexOf(":");
    const params = colon >= 0 ? line.slice(0, colon) : "";
    if (!/ENCODING=QUOTED-PRINTABLE/i.test(params)) {
      out.push(line);
      continue;
    }
    while (line.endsWith("=") && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i];
    const charset = /CHARSET=([^;:]+)/i.exec(params)?.[1] ?? "utf-8";
    const value = line.slice(colon + 1);
    const bytes: number[] = [];
    for (let k = 0; k < value.length; k++) {
      if (value[k] === "=" && /^[0-9A-F]{2}$/i.test(value.slice(k + 1, k + 3))) {
        bytes.push(Number.parseInt(value.slice(k + 1, k + 3), 16));
        k += 2;
      } else bytes.push(value.charCodeAt(k) & 0xff);
    }
    let decoded: string;
    try {
      decoded = new TextDecoder(charset, { fatal: true }).decode(new Uint8Array(bytes));
    } catch {
      throw new ContactFileError(UNREADABLE);
    }
    const kept = params
      .split(";")
      .filter((param) => !/^(ENCODING|CHARSET)=/i.test(param))
      .join(";");
    out.push(`${kept}:${decoded}`);
  }
  return out.join("\r\n");
}

/** vCard 2.1's bare types ("TEL;CELL:", "PHOTO;ENCODING=BASE64;JPEG:") as TYPE= parameters. */
function bareTypes(text: string): string {
  return text.replace(
    /^([A-Za-z0-9.-]+)((?:;[^:;"\r\n]*)+)(?=:)/gm,
    (_whole, name, params) => `${name}${String(params).replace(/;([^;=]+)(?=;|$)/g, ";TYPE=$1")}`,
  );
}

type JCard = [string, Array<[string, Record<string, unknown>, string, ...unknown[]]>, unknown[]];

/** The vCards of a file, each with the line its BEGIN:VCARD is on. */
function vcardBlocks(text: string): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; text: string }> = [];
  let current: { line: number; lines: string[] } | null = null;
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    if (/^BEGIN:VCARD\s*$/i.test(line)) {
      current = { line: index + 1, lines: [] };
    }
    if (!current) return;
    // vCard 2.1 ends a base64 value with a blank line; later versions have none.
    if (line.trim() !== "") current.lines.push(line);
    if (/^END:VCARD\s*$/i.test(line)) {
      blocks.push({ line: current.line, text: current.lines.join("\r\n") });
      current = null;
    }
  });
  return blocks;
}

function readVcards(text: string): Omit<ContactFileReading, "encoding" | "label"> {
  // One card at a time: a card ical.js cannot read is a refused row, not a refused file.
  const cards: Array<{ line: number; card: JCard | null }> = vcardBlocks(text).map((block) => {
    try {
      const prepared = bareTypes(unfoldQuotedPrintable(block.text)).replace(
        /^VERSION:2\.1$/gim,
        "VERSION:3.0",
      );
      const parsed = ICAL.parse(prepared) as unknown;
      const card = (
        Array.isArray(parsed) && typeof parsed[0] === "string" ? parsed : (parsed as unknown[])[0]
      ) as JCard;
      return { line: block.line, card };
    } catch {
      return { line: block.line, card: null };
    }
  });
  const people: ImportedPerson[] = [];
  const errors: RefusedRow[] = [];
  for (const { line, card } of cards) {
    if (!card || !Array.isArray(card) || String(card[0]).toLowerCase() !== "vcard") {
      errors.push({ line, detail: "This vCard could not be read." });
      continue;
    }
    const component = new ICAL.Component(card as unknown as unknown[]);
    const text = (value: unknown): string | null => {
      if (Array.isArray(value)) return clean(value.filter(Boolean).map(String).join(" "));
      return value === null || value === undefined ? null : clean(String(value));
    };
    const n = component.getFirstPropertyValue("n") as unknown;
    const parts = Array.isArray(n) ? (n as unknown[]).map((part) => text(part)) : [];
    const [family = null, given = null, additional = null] = parts;
    const org = component.getFirstPropertyValue("org") as unknown;
    const company = Array.isArray(org) ? text(org[0]) : text(org);
    const adr = component.getFirstProperty("adr");
    const adrValue = adr?.getFirstValue() as unknown;
    const city = Array.isArray(adrValue) ? text(adrValue[3]) : null;
    const emails = component
      .getAllProperties("email")
      .map((property) => text(property.getFirstValue()))
      .filter((value): value is string => Boolean(value));
    const urls = [
      ...component.getAllProperties("x-socialprofile"),
      ...component.getAllProperties("url"),
    ]
      .map((property) => text(property.getFirstValue()))
      .filter((value): value is string => Boolean(value));
    const categories = component
      .getAllProperties("categories")
      .flatMap((property) => property.getValues().map((value) => String(value)));
    const outcome = finish({
      line,
      fullName: text(component.getFirstPropertyValue("fn")) ?? joinName(given, additional, family),
      firstName: given,
      lastName: family,
      emailCells: emails,
      title:
        text(component.getFirstPropertyValue("title")) ??
        text(component.getFirstPropertyValue("role")),
      company,
      location: city,
      linkedinCells: urls,
      tags: tagsOf(categories.join(":::")),
      connectedOn: null,
    });
    if ("detail" in outcome) errors.push(outcome);
    else people.push(outcome);
  }
  if (people.length + errors.length === 0) {
    throw new ContactFileError("The vCard file has no contacts.");
  }
  return {
    format: "vcard",
    headers: [],
    columns: ["FN", "N", "EMAIL", "ORG", "TITLE", "ADR", "URL", "CATEGORIES"],
    people,
    errors,
    records: people.length + errors.length,
  };
}

// ---------------------------------------------------------------------------------------------

/** Whether the file is a vCard file, by its name or its first line. */
function isVcard(fileName: string, text: string): boolean {
  return /\.(vcf|vcard)$/i.test(fileName) || /^\s*BEGIN:VCARD/i.test(text);
}

/**
 * Reads an export into people. A recognised format needs no mapping; any other CSV answers
 * format "csv" and no people until `mapping` names its columns. Rows that cannot be a person
 * come back in `errors` with their line in the file.
 */
export function readContactFile(
  bytes: Uint8Array,
  fileName: string,
  mapping: ContactColumnsMapping | null = null,
): ContactFileReading {
  const { text, encoding } = decodeContactFile(bytes);
  const reading = isVcard(fileName, text) ? readVcards(text) : readCsvPeople(text, mapping);
  return { ...reading, encoding, label: CONTACT_FILE_LABELS[reading.format] };
}

/** "LinkedIn connections · 50 people" */
export function describeContactFile(reading: ContactFileReading): string {
  const count = reading.people.length;
  return `${reading.label} · ${count.toLocaleString("en-US")} ${count === 1 ? "person" : "people"}`;
}
