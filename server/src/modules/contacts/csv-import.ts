import type { DbOrTx } from "../../db/client";
import { badRequest } from "../../http/errors";
import { parseCsvRows } from "../../lib/csv";
import {
  inferRoleCategory,
  insertContacts,
  isCompanySize,
  isRevenueRange,
  normalizeIndustry,
} from "./bulk-load";
import { isPlaceholderName } from "./conditions";
import type { ContactInsert } from "./records";

type Field = keyof typeof HEADERS;

/** Accepted header names (compared lowercased, spaces and dashes as underscores). */
const HEADERS = {
  fullName: ["full_name", "name", "fullname"],
  firstName: ["first_name", "firstname", "given_name"],
  lastName: ["last_name", "lastname", "surname", "family_name"],
  title: ["title", "position", "position_title", "job_title"],
  company: ["company", "organization", "organisation", "company_name", "employer"],
  industry: ["industry"],
  location: ["location", "city"],
  education: ["education"],
  university: ["university", "school", "college"],
  interests: ["interests"],
  email: ["email", "email_address", "work_email"],
  linkedin: ["linkedin", "linkedin_url", "linkedin_profile"],
  personProfileUrl: ["person_profile_url", "profile_url"],
  profilePictureUrl: ["profile_picture_url", "photo_url", "picture"],
  companySize: ["company_size", "employees"],
  revenueRange: ["revenue_range", "revenue"],
  isHiring: ["is_hiring", "hiring"],
  isStudent: ["is_student", "student"],
} as const;

const MAX_FIELD = 300;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const LINKEDIN = /^https?:\/\/([a-z]{2,3}\.)?linkedin\.com\/in\/[^\s]+$/i;
const TRUE = new Set(["true", "yes", "1", "y"]);

function columnIndexes(header: string[]): Partial<Record<Field, number>> {
  const normalized = header.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const indexes: Partial<Record<Field, number>> = {};
  for (const [field, names] of Object.entries(HEADERS) as Array<[Field, readonly string[]]>) {
    const index = normalized.findIndex((name) => names.includes(name));
    if (index >= 0) indexes[field] = index;
  }
  return indexes;
}

/** One CSV record as a contact row, or null when it cannot be one (no name, no identity). */
function toContact(cells: string[], columns: Partial<Record<Field, number>>): ContactInsert | null {
  const get = (field: Field) => {
    const index = columns[field];
    const value = index === undefined ? "" : (cells[index] ?? "").trim();
    return value ? value.slice(0, MAX_FIELD) : null;
  };
  const firstName = get("firstName");
  const lastName = get("lastName");
  const fullName = get("fullName") ?? ([firstName, lastName].filter(Boolean).join(" ") || null);
  if (!fullName || isPlaceholderName(fullName)) return null;
  const email = get("email")?.toLowerCase() ?? null;
  const linkedin = get("linkedin");
  if (email && !EMAIL.test(email)) return null;
  if (linkedin && !LINKEDIN.test(linkedin)) return null;
  // Duplicates are recognised by email or LinkedIn URL; a row with neither cannot be checked.
  if (!email && !linkedin) return null;
  const industry = normalizeIndustry(get("industry"));
  const title = get("title");
  const isStudent = TRUE.has((get("isStudent") ?? "").toLowerCase());
  const companySize = get("companySize");
  const revenueRange = get("revenueRange");
  return {
    fullName,
    firstName,
    lastName,
    title,
    company: get("company"),
    industry,
    location: get("location"),
    education: get("education"),
    university: get("university"),
    interests: (get("interests") ?? "")
      .split(/[;|]/)
      .map((interest) => interest.trim().toLowerCase())
      .filter(Boolean)
      .slice(0, 20),
    email,
    linkedin,
    personProfileUrl: get("personProfileUrl"),
    profilePictureUrl: get("profilePictureUrl"),
    roleCategory: isStudent ? null : inferRoleCategory(industry, title),
    companySize: companySize && isCompanySize(companySize) ? companySize : null,
    revenueRange: revenueRange && isRevenueRange(revenueRange) ? revenueRange : null,
    isHiring: TRUE.has((get("isHiring") ?? "").toLowerCase()),
    isStudent,
    source: "import",
  };
}

/**
 * Loads an admin's CSV into the global database. Rows without a real name, with an invalid email
 * or LinkedIn URL, with neither, or already present (same email or LinkedIn) are skipped.
 */
export async function importContactsCsv(
  db: DbOrTx,
  text: string,
): Promise<{ imported: number; skipped: number }> {
  const [header, ...records] = parseCsvRows(text);
  if (!header) throw badRequest("The CSV file is empty.");
  const columns = columnIndexes(header);
  if (columns.fullName === undefined && columns.firstName === undefined) {
    throw badRequest("The CSV needs a full_name (or first_name and last_name) column.");
  }
  if (columns.email === undefined && columns.linkedin === undefined) {
    throw badRequest("The CSV needs an email or linkedin column.");
  }
  const rows = records
    .map((cells) => toContact(cells, columns))
    .filter((row): row is ContactInsert => row !== null);
  const imported = await insertContacts(db, rows);
  return { imported, skipped: records.length - imported };
}
