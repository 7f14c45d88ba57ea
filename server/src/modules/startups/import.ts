import type { StartupImportResponse } from "@reachout/contract";
import type { Db } from "../../db/client";
import { badRequest } from "../../http/errors";
import { parseCsvRecords } from "../../lib/csv";
import { invalidateStartupDirectory } from "./directory";
import type { FounderInput, StartupRecord } from "./store";
import { saveStartupRecords } from "./store";
import { parseAnnouncedDate, parseMoney } from "./values";

export const IMPORT_MAX_ROWS = 50_000;
const MAX_REPORTED_ERRORS = 50;

type OrgField = "orgName" | "orgUrl" | "location" | "fundingType" | "money" | "announced";
type PersonField = "name" | "title" | "email" | "linkedin" | "profileUrl";

/** Header spellings of startup-data exports (Crunchbase-like), compared without case or symbols. */
const ORG_COLUMNS: Record<OrgField, string[]> = {
  orgName: ["organizationname", "orgname", "organization", "companyname", "company"],
  orgUrl: ["organizationnameurl", "organizationurl", "orgurl", "crunchbaseurl", "url"],
  location: ["location", "organizationlocation", "headquarterslocation", "hqlocation"],
  fundingType: ["fundingtype", "roundtype", "investmenttype"],
  money: [
    "moneyraised",
    "moneyraisedinusd",
    "moneyraisedcurrencyinusd",
    "amountraised",
    "amountraisedinusd",
  ],
  announced: ["announceddate", "announcedon", "announced"],
};
const PERSON_COLUMNS: Record<PersonField, string[]> = {
  name: ["personname", "foundername"],
  title: ["persontitle", "foundertitle"],
  email: ["personemail", "founderemail"],
  linkedin: ["personlinkedin", "personlinkedinurl", "founderlinkedin", "founderlinkedinurl"],
  profileUrl: ["personprofileurl", "personurl", "founderprofileurl", "founderurl"],
};
const NUMBERED_SUFFIX: Record<string, PersonField> = {
  name: "name",
  title: "title",
  email: "email",
  linkedin: "linkedin",
  linkedinurl: "linkedin",
  profileurl: "profileUrl",
  url: "profileUrl",
};

const normalize = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

interface ColumnMap {
  org: Partial<Record<OrgField, number>>;
  /** One entry per founder slot: the long format has one, "Founder 1 …, Founder 2 …" several. */
  people: Array<Partial<Record<PersonField, number>>>;
  /** A "Founders" column of comma-separated names. */
  foundersList?: number;
}

function mapColumns(headers: string[]): ColumnMap {
  const names = headers.map(normalize);
  const find = (aliases: string[]) => {
    for (const alias of aliases) {
      const index = names.indexOf(alias);
      if (index >= 0) return index;
    }
    return undefined;
  };
  const org: ColumnMap["org"] = {};
  for (const field of Object.keys(ORG_COLUMNS) as OrgField[]) org[field] = find(ORG_COLUMNS[field]);

  const people: ColumnMap["people"] = [];
  const single: Partial<Record<PersonField, number>> = {};
  for (const field of Object.keys(PERSON_COLUMNS) as PersonField[]) {
    single[field] = find(PERSON_COLUMNS[field]);
  }
  if (Object.values(single).some((v) => v !== undefined)) people.push(single);
  const numbered = new Map<number, Partial<Record<PersonField, number>>>();
  names.forEach((name, index) => {
    const match = /^founder(\d+)([a-z]+)$/.exec(name);
    const field = match ? NUMBERED_SUFFIX[match[2]] : undefined;
    if (!match || !field) return;
    const slot = numbered.get(Number(match[1])) ?? {};
    slot[field] = index;
    numbered.set(Number(match[1]), slot);
  });
  for (const slot of [...numbered.keys()].sort((a, b) => a - b)) people.push(numbered.get(slot)!);
  const foundersList = find(["founders", "foundernames", "founder"]);
  return { org, people, foundersList: people.length === 0 ? foundersList : undefined };
}

const cellText = (cells: string[], index: number | undefined, max = 500) => {
  const value = index === undefined ? "" : (cells[index] ?? "").trim().replace(/\s+/g, " ");
  return value && value !== "—" && value !== "-" ? value.slice(0, max) : null;
};

function readFounders(cells: string[], columns: ColumnMap): FounderInput[] {
  const out: FounderInput[] = [];
  for (const slot of columns.people) {
    const founder: FounderInput = {
      name: cellText(cells, slot.name, 200),
      title: cellText(cells, slot.title, 200),
      email: cellText(cells, slot.email, 254)?.toLowerCase() ?? null,
      linkedin: cellText(cells, slot.linkedin),
      profileUrl: cellText(cells, slot.profileUrl),
    };
    if (founder.name || founder.email || founder.linkedin || founder.profileUrl) out.push(founder);
  }
  const list = cellText(cells, columns.foundersList, 2000);
  for (const name of list?.split(",") ?? []) {
    if (name.trim()) {
      out.push({ name: name.trim(), title: null, email: null, linkedin: null, profileUrl: null });
    }
  }
  return out;
}

/** Reads a startup-data CSV export into one record per startup (rows of one startup merge). */
export function readStartupCsv(text: string): {
  records: StartupRecord[];
  rowsSkipped: number;
  errors: StartupImportResponse["errors"];
} {
  const [header, ...rows] = parseCsvRecords(text);
  if (!header) throw badRequest("The CSV file is empty.");
  if (rows.length > IMPORT_MAX_ROWS) {
    throw badRequest(`The CSV has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at once.`);
  }
  const columns = mapColumns(header.cells);
  if (columns.org.orgName === undefined) {
    throw badRequest("The CSV needs an Organization Name column.");
  }
  const byName = new Map<string, StartupRecord>();
  const errors: StartupImportResponse["errors"] = [];
  let rowsSkipped = 0;
  const skip = (line: number, detail: string) => {
    rowsSkipped++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, detail });
  };

  for (const { line, cells } of rows) {
    const orgName = cellText(cells, columns.org.orgName, 200);
    if (!orgName) {
      skip(line, "Organization Name is missing");
      continue;
    }
    const moneyText = cellText(cells, columns.org.money, 40);
    const money = parseMoney(moneyText ?? undefined);
    if (moneyText && money === null) {
      skip(line, `Money Raised "${moneyText}" is not an amount`);
      continue;
    }
    const dateText = cellText(cells, columns.org.announced, 40);
    const announced = parseAnnouncedDate(dateText ?? undefined);
    if (dateText && announced === null) {
      skip(line, `Announced Date "${dateText}" is not a date`);
      continue;
    }
    const key = orgName.toLowerCase();
    const record = byName.get(key) ?? {
      orgName,
      orgUrl: null,
      location: null,
      fundingType: null,
      moneyRaisedUsd: null,
      announcedDate: null,
      founders: [],
    };
    record.orgUrl ??= cellText(cells, columns.org.orgUrl);
    record.location ??= cellText(cells, columns.org.location, 200);
    record.fundingType ??= cellText(cells, columns.org.fundingType, 60);
    record.moneyRaisedUsd ??= money;
    record.announcedDate ??= announced;
    record.founders.push(...readFounders(cells, columns));
    byName.set(key, record);
  }
  return { records: [...byName.values()], rowsSkipped, errors };
}

/** Admin import of a startup-data CSV export: all rows land in one transaction. */
export async function importStartupCsv(db: Db, text: string): Promise<StartupImportResponse> {
  const { records, rowsSkipped, errors } = readStartupCsv(text);
  const saved = await db.transaction((tx) => saveStartupRecords(tx, records));
  invalidateStartupDirectory(db);
  return {
    startups_created: saved.startupsCreated,
    startups_updated: saved.startupsUpdated,
    founders_added: saved.foundersAdded,
    rows_skipped: rowsSkipped,
    errors,
  };
}
