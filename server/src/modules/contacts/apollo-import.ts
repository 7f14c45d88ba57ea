import { and, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts } from "../../db/schema";
import type { ApolloPerson } from "../../integrations/apollo";
import { companySizeOf, inferRoleCategory, insertContacts, normalizeIndustry } from "./bulk-load";
import { excludeWords, hasRealName, isPlaceholderName, isShared, notSavedBy } from "./conditions";
import type { ContactInsert } from "./records";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An Apollo person as a row of our database (only people with a usable email address). */
export function contactFromApollo(person: ApolloPerson, isStudent = false): ContactInsert | null {
  const email = person.email?.trim().toLowerCase();
  if (!email || !EMAIL.test(email)) return null;
  const fullName =
    person.name?.trim() || [person.first_name, person.last_name].filter(Boolean).join(" ").trim();
  if (!fullName || isPlaceholderName(fullName)) return null;
  const industry = normalizeIndustry(person.organization?.industry);
  const title = person.title?.trim() || null;
  return {
    fullName,
    firstName: person.first_name ?? null,
    lastName: person.last_name ?? null,
    title,
    company: person.organization?.name ?? null,
    industry,
    location: [person.city, person.state, person.country].filter(Boolean).join(", ") || null,
    email,
    linkedin: person.linkedin_url || null,
    profilePictureUrl: person.photo_url ?? null,
    roleCategory: isStudent ? null : inferRoleCategory(industry, title),
    companySize: companySizeOf(person.organization?.estimated_num_employees),
    isStudent,
    source: "apollo",
  };
}

/**
 * Stores Apollo's people (new ones inserted, known ones kept) and answers their contact ids in
 * Apollo's order, leaving out placeholder names.
 */
export async function storeApolloPeople(
  db: DbOrTx,
  people: ApolloPerson[],
  isStudent = false,
): Promise<{ ids: string[]; inserted: number }> {
  const rows = people
    .map((person) => contactFromApollo(person, isStudent))
    .filter((row): row is ContactInsert => row !== null);
  if (rows.length === 0) return { ids: [], inserted: 0 };
  const inserted = await insertContacts(db, rows);
  const emails = rows.map((row) => row.email as string);
  const found = await db
    .select({ id: contacts.id, email: sql<string>`lower(${contacts.email})` })
    .from(contacts)
    .where(and(inArray(sql`lower(${contacts.email})`, emails), hasRealName, isShared));
  const idByEmail = new Map(found.map((row) => [row.email, row.id]));
  const ids = emails.map((email) => idByEmail.get(email)).filter((id): id is string => Boolean(id));
  return { ids: [...new Set(ids)], inserted };
}

/** Of the given contacts, those the user has not saved and whose title/company avoid `exclude`, in order. */
export async function freshContactIds(
  db: DbOrTx,
  userId: string,
  ids: string[],
  exclude?: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(inArray(contacts.id, ids), notSavedBy(userId), excludeWords(exclude)));
  const fresh = new Set(rows.map((row) => row.id));
  return ids.filter((id) => fresh.has(id));
}
