import {
  type NetworkContact,
  OWN_CONTACTS_IMPORT_MAX_ROWS,
  OwnContactInput,
  type OwnContactsImportResponse,
  type OwnContactsMapping,
} from "@reachout/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { contacts, userContacts } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { parseCsvRows } from "../../lib/csv";
import { insertContacts } from "./bulk-load";
import { isPlaceholderName } from "./conditions";
import { selectNetworkContacts } from "./records";

type OwnContact = z.output<typeof OwnContactInput>;

/** Marks the contacts rows a user added themselves (see `contacts.owner_user_id`). */
export const OWN_CONTACT_SOURCE = "own";

const ALREADY_IN_NETWORK = "This contact is already in your network.";

function splitName(fullName: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = fullName.split(/\s+/);
  return { firstName: first, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/** The lowercased email addresses among `emails` already in this user's network. */
async function emailsInNetwork(tx: Tx, userId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: sql<string>`lower(${contacts.email})` })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), inArray(sql`lower(${contacts.email})`, emails)));
  return new Set(rows.map((row) => row.email));
}

/**
 * Stores the user's own contacts and puts them in their network, in the caller's transaction.
 * People whose email the network already holds (or who are being added concurrently) are left
 * out. Costs no credits. Answers the contact ids added.
 */
async function insertOwnContacts(tx: Tx, userId: string, people: OwnContact[]): Promise<string[]> {
  // The user's own rows are unique per (owner, lower(email)); taking the user's row lock first
  // makes two imports of one user queue instead of racing on the same addresses.
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const known = await emailsInNetwork(
    tx,
    userId,
    people.map((person) => person.email),
  );
  const fresh = people.filter((person) => !known.has(person.email));
  const ids: string[] = [];
  await insertContacts(
    tx,
    fresh.map((person) => ({
      fullName: person.full_name,
      ...splitName(person.full_name),
      title: person.title,
      company: person.company,
      location: person.location,
      email: person.email,
      linkedin: person.linkedin,
      source: OWN_CONTACT_SOURCE,
      ownerUserId: userId,
    })),
    {
      onInserted: async (batchTx, inserted) => {
        // A microsecond apart, earlier rows newer: My Network (newest first) shows the file's order.
        await batchTx.insert(userContacts).values(
          inserted.map((contactId, index) => ({
            userId,
            contactId,
            savedAt: sql`now() - make_interval(secs => ${(ids.length + index) / 1e6}::double precision)`,
          })),
        );
        ids.push(...inserted);
      },
    },
  );
  return ids;
}

/**
 * Adds one contact the user knows to their network, free and private to them. 409 when a
 * contact with that email is already in their network.
 */
export async function addOwnContact(
  db: Db,
  userId: string,
  input: OwnContact,
): Promise<NetworkContact> {
  if (isPlaceholderName(input.full_name)) throw badRequest("Enter the contact's full name");
  return db.transaction(async (tx) => {
    const [id] = await insertOwnContacts(tx, userId, [input]);
    if (!id) throw conflict(ALREADY_IN_NETWORK);
    const [contact] = await selectNetworkContacts(tx, userId, { contactIds: [id] });
    return contact;
  });
}

/** The message of a row's first validation problem, naming the column as the user mapped it. */
function rowProblem(error: z.ZodError, mapping: OwnContactsMapping): string {
  const issue = error.issues[0];
  const field = String(issue.path[0] ?? "");
  const column = mapping[field as keyof OwnContactsMapping];
  if (issue.code === "invalid_type" && field === "email") return `${column}: Email is required`;
  return column ? `${column}: ${issue.message}` : issue.message;
}

/**
 * Imports the user's own contacts from a CSV whose columns `mapping` names. Rows that cannot be
 * a contact are refused with their row number and reason; rows whose email the network (or an
 * earlier row) already holds are skipped; the rest are added, free, in one transaction, so a
 * failure saves nothing. 400 for a file that is not a usable CSV.
 */
export async function importOwnContacts(
  db: Db,
  userId: string,
  text: string,
  mapping: OwnContactsMapping,
): Promise<OwnContactsImportResponse> {
  const [header, ...rows] = parseCsvRows(text);
  if (!header || rows.length === 0)
    throw badRequest("The CSV has no contacts under its header row.");
  if (rows.length > OWN_CONTACTS_IMPORT_MAX_ROWS) {
    throw badRequest(
      `The CSV has ${rows.length.toLocaleString("en-US")} rows; import at most ${OWN_CONTACTS_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time.`,
    );
  }
  const headers = header.map((name) => name.trim());
  const columns = new Map<string, number>();
  for (const [field, name] of Object.entries(mapping)) {
    if (!name) continue;
    const index = headers.indexOf(name.trim());
    if (index < 0) throw badRequest(`The CSV has no column named "${name}" (mapped to ${field}).`);
    columns.set(field, index);
  }

  const errors: OwnContactsImportResponse["errors"] = [];
  const people: OwnContact[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  rows.forEach((cells, index) => {
    const row = index + 2;
    const value = (field: string) => {
      const column = columns.get(field);
      return column === undefined ? undefined : (cells[column] ?? "").trim() || undefined;
    };
    const parsed = OwnContactInput.safeParse({
      full_name: value("full_name") ?? "",
      email: value("email"),
      title: value("title"),
      company: value("company"),
      location: value("location"),
      linkedin: value("linkedin"),
    });
    if (!parsed.success) {
      errors.push({ row, detail: rowProblem(parsed.error, mapping) });
      return;
    }
    if (isPlaceholderName(parsed.data.full_name)) {
      errors.push({ row, detail: `${mapping.full_name}: Enter the contact's full name` });
      return;
    }
    if (seen.has(parsed.data.email)) {
      skipped++;
      return;
    }
    seen.add(parsed.data.email);
    people.push(parsed.data);
  });

  const imported = await db.transaction((tx) => insertOwnContacts(tx, userId, people));
  return { imported: imported.length, skipped: skipped + people.length - imported.length, errors };
}
