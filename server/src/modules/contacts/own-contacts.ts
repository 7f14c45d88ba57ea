import {
  MESSAGES,
  type NetworkContact,
  OWN_CONTACTS_IMPORT_MAX_ROWS,
  type OwnContactInput,
  type OwnContactsImportResponse,
} from "@reachout/contract";
import {
  type ContactColumnsMapping,
  ContactFileError,
  type ContactFileReading,
  type ImportedPerson,
  linkedinKey,
  readContactFile,
} from "@reachout/contract/contact-files";
import { type AnyColumn, and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Db, rowsOf, type Tx } from "../../db/client";
import { contacts, userContacts } from "../../db/schema";
import { badRequest, conflict, notFound, paymentRequired } from "../../http/errors";
import { debitCredits } from "../credits";
import { publishEvent } from "../events";
import { insertContacts } from "./bulk-load";
import { isPlaceholderName } from "./conditions";
import { selectNetworkContacts } from "./records";

type OwnContact = z.output<typeof OwnContactInput>;

/** Marks the contacts rows a user added themselves (see `contacts.owner_user_id`). */
export const OWN_CONTACT_SOURCE = "own";

const ALREADY_IN_NETWORK = "This contact is already in your network.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

interface Candidate extends ImportedPerson {
  /** Lines of the file this person was read from (several when rows were merged). */
  lines: number[];
}

/** Adds what `from` knows and `into` does not; answers whether `into` changed. */
function mergePerson(into: Candidate, from: ImportedPerson): void {
  into.lines.push(from.line);
  for (const email of from.emails) if (!into.emails.includes(email)) into.emails.push(email);
  into.title ??= from.title;
  into.company ??= from.company;
  into.location ??= from.location;
  into.linkedin ??= from.linkedin;
  into.connectedOn ??= from.connectedOn;
  for (const tag of from.tags) if (!into.tags.includes(tag)) into.tags.push(tag);
}

/** A LinkedIn URL's profile slug, lowercased, in SQL (matches `linkedinKey`). */
const linkedinSlug = (column: SQL | AnyColumn) =>
  sql`lower(substring(${column} from '(?i)linkedin\.com/in/([^/?#[:space:]]+)'))`;

interface Present {
  id: string;
  ownerUserId: string | null;
  email: string | null;
  otherEmails: string[];
  slug: string | null;
  title: string | null;
  company: string | null;
  location: string | null;
  tags: string[];
  connectedOn: string | null;
}

/** The people of this user's network with any of these addresses or LinkedIn profiles. */
async function presentInNetwork(tx: Tx, userId: string, people: Candidate[]): Promise<Present[]> {
  const emails = [...new Set(people.flatMap((person) => person.emails))];
  const slugs = [
    ...new Set(people.flatMap((person) => (person.linkedin ? [linkedinKey(person.linkedin)] : []))),
  ];
  if (emails.length === 0 && slugs.length === 0) return [];
  const emailList = sql`(select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`;
  const slugList = sql`(select jsonb_array_elements_text(${JSON.stringify(slugs)}::jsonb))`;
  return rowsOf<Present>(
    await tx.execute(sql`
      select c.id, c.owner_user_id as "ownerUserId", lower(c.email) as email,
        c.other_emails as "otherEmails", ${linkedinSlug(sql`c.linkedin`)} as slug, c.title,
        c.company, c.location, c.tags, c.connected_on as "connectedOn"
      from ${userContacts} uc join ${contacts} c on c.id = uc.contact_id
      where uc.user_id = ${userId} and (
        lower(c.email) in ${emailList}
        or c.other_emails && array${emailList}
        or (c.linkedin is not null and ${linkedinSlug(sql`c.linkedin`)} in ${slugList}))`),
  );
}

/**
 * Directory people (with an address) for imported people without one: the same name and
 * company, any case, or the same LinkedIn profile. Answers the directory id per candidate.
 */
async function matchInDirectory(tx: Tx, people: Candidate[]): Promise<Map<Candidate, string>> {
  const matches = new Map<Candidate, string>();
  const wanted = people.filter((person) => person.emails.length === 0);
  if (wanted.length === 0) return matches;
  const byName = wanted
    .map((person, index) => ({
      i: index,
      n: person.fullName.toLowerCase(),
      c: person.company?.toLowerCase() ?? "",
    }))
    .filter((row) => row.c !== "");
  if (byName.length > 0) {
    const rows = rowsOf<{ i: number; id: string }>(
      await tx.execute(sql`
        select distinct on (t.i) t.i, d.id
        from jsonb_to_recordset(${JSON.stringify(byName)}::jsonb) as t(i int, n text, c text)
        join ${contacts} d on lower(d.full_name) = t.n and lower(coalesce(d.company, '')) = t.c
          and d.owner_user_id is null
        where d.email is not null
        order by t.i, d.id`),
    );
    for (const row of rows) matches.set(wanted[row.i], row.id);
  }
  const byLinkedin = wanted
    .map((person, index) => ({ i: index, u: person.linkedin }))
    .filter((row) => row.u !== null && !matches.has(wanted[row.i]));
  if (byLinkedin.length > 0) {
    const rows = rowsOf<{ i: number; id: string }>(
      await tx.execute(sql`
        select t.i, d.id
        from jsonb_to_recordset(${JSON.stringify(byLinkedin)}::jsonb) as t(i int, u text)
        join ${contacts} d on d.linkedin = t.u and d.owner_user_id is null
        where d.email is not null`),
    );
    for (const row of rows) matches.set(wanted[row.i], row.id);
  }
  return matches;
}

/**
 * Rewrites the network entries of contacts whose own row changed: My Network's ETag follows
 * the entries' row versions (network-list.ts), so the next list read sees the change.
 */
async function touchNetworkEntries(tx: Tx, userId: string, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await tx
    .update(userContacts)
    .set({ savedAt: sql`${userContacts.savedAt}` })
    .where(and(eq(userContacts.userId, userId), inArray(userContacts.contactId, contactIds)));
}

/** People per transaction of an import: each batch is stored whole or not at all. */
export const IMPORT_BATCH = 1000;

interface BatchOutcome {
  imported: number;
  noEmail: number;
  matched: number;
  merged: number;
  unchanged: number;
}

/**
 * One batch of an import, in its own transaction under the user's row lock: people the network
 * already holds (same address or LinkedIn profile) gain what they lacked, the rest are added.
 */
async function importBatch(
  tx: Tx,
  userId: string,
  batch: Candidate[],
  order: { next: number },
): Promise<BatchOutcome> {
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const present = await presentInNetwork(tx, userId, batch);
  const takenEmails = new Set(
    present.flatMap((row) => [row.email, ...row.otherEmails].filter(Boolean) as string[]),
  );
  const outcome: BatchOutcome = { imported: 0, noEmail: 0, matched: 0, merged: 0, unchanged: 0 };
  const fresh: Candidate[] = [];
  const mergedIds: string[] = [];
  for (const person of batch) {
    const slug = person.linkedin ? linkedinKey(person.linkedin) : null;
    const known = present.find(
      (row) =>
        (row.email !== null && person.emails.includes(row.email)) ||
        row.otherEmails.some((email) => person.emails.includes(email)) ||
        (slug !== null && row.slug === slug),
    );
    if (!known) {
      fresh.push(person);
      continue;
    }
    if (known.ownerUserId !== userId) {
      // A directory person the user saved: the shared row is not theirs to change.
      outcome.unchanged++;
      continue;
    }
    const mine = new Set([known.email, ...known.otherEmails].filter(Boolean) as string[]);
    const newEmails = person.emails.filter((email) => !mine.has(email));
    const email = known.email ?? newEmails.find((address) => !takenEmails.has(address)) ?? null;
    const others = [
      ...known.otherEmails,
      ...newEmails.filter((address) => address !== email && !takenEmails.has(address)),
    ];
    const tags = [...known.tags, ...person.tags.filter((tag) => !known.tags.includes(tag))];
    const update = {
      email,
      otherEmails: others,
      title: known.title ?? person.title,
      company: known.company ?? person.company,
      location: known.location ?? person.location,
      linkedin: undefined as string | undefined,
      connectedOn: known.connectedOn ?? person.connectedOn,
      tags,
    };
    if (known.slug === null && person.linkedin) update.linkedin = person.linkedin;
    const changed =
      update.email !== known.email ||
      others.length !== known.otherEmails.length ||
      tags.length !== known.tags.length ||
      update.title !== known.title ||
      update.company !== known.company ||
      update.location !== known.location ||
      update.connectedOn !== known.connectedOn ||
      update.linkedin !== undefined;
    if (!changed) {
      outcome.unchanged++;
      continue;
    }
    await tx
      .update(contacts)
      .set({ ...update, ...(update.email ? { matchedContactId: null } : {}) })
      .where(and(eq(contacts.id, known.id), eq(contacts.ownerUserId, userId)));
    for (const address of [update.email, ...others]) if (address) takenEmails.add(address);
    mergedIds.push(known.id);
    outcome.merged++;
  }
  await touchNetworkEntries(tx, userId, mergedIds);
  if (fresh.length === 0) return outcome;
  const matches = await matchInDirectory(tx, fresh);
  const rows = fresh.map((person) => {
    const [email = null, ...others] = person.emails.filter((address) => !takenEmails.has(address));
    return {
      fullName: person.fullName,
      firstName: person.firstName ?? splitName(person.fullName).firstName,
      lastName: person.lastName ?? splitName(person.fullName).lastName,
      title: person.title,
      company: person.company,
      location: person.location,
      email,
      otherEmails: others,
      linkedin: person.linkedin,
      tags: person.tags,
      connectedOn: person.connectedOn,
      matchedContactId: email ? null : (matches.get(person) ?? null),
      source: OWN_CONTACT_SOURCE,
      ownerUserId: userId,
    };
  });
  await insertContacts(tx, rows, {
    onInserted: async (batchTx, inserted) => {
      // A microsecond apart, earlier rows newer: My Network (newest first) shows the file's order.
      await batchTx.insert(userContacts).values(
        inserted.map((contactId, index) => ({
          userId,
          contactId,
          savedAt: sql`now() - make_interval(secs => ${(order.next + index) / 1e6}::double precision)`,
        })),
      );
      order.next += inserted.length;
    },
  });
  // Every row was new under the lock, so every row was inserted.
  outcome.imported = rows.length;
  outcome.noEmail = rows.filter((row) => !row.email).length;
  outcome.matched = rows.filter((row) => row.matchedContactId).length;
  return outcome;
}

const NEEDS_MAPPING =
  "This CSV is not an export Reachout recognises: choose the columns that hold the name (and the email) to import it.";

/** Reads an export the way the dialog does; a file that cannot be read is a 400 saying why. */
export function readOwnContactsFile(
  bytes: Uint8Array,
  fileName: string,
  mapping: ContactColumnsMapping | null,
): ContactFileReading {
  let reading: ContactFileReading;
  try {
    reading = readContactFile(bytes, fileName, mapping);
  } catch (error) {
    if (error instanceof ContactFileError) throw badRequest(error.message);
    throw error;
  }
  if (reading.format === "csv" && !mapping) throw badRequest(NEEDS_MAPPING);
  if (reading.records > OWN_CONTACTS_IMPORT_MAX_ROWS) {
    throw badRequest(
      `The file has ${reading.records.toLocaleString("en-US")} contacts; import at most ${OWN_CONTACTS_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time.`,
    );
  }
  return reading;
}

/**
 * Imports the user's own contacts from an export read by `readOwnContactsFile` (LinkedIn,
 * Google, Outlook and vCard files are recognised, any other CSV needs a mapping). Rows that cannot be a person are refused with
 * their line in the file; people the file repeats, or the network already holds (same address
 * or LinkedIn profile), are merged, never doubled; the rest are added free, a batch per
 * transaction (each stored whole or not at all, so importing the file again after a failure
 * adds exactly what is missing). `onProgress` hears after each batch.
 */
export async function importOwnContacts(
  db: Db,
  userId: string,
  reading: ContactFileReading,
  onProgress?: (done: number, total: number) => void,
): Promise<OwnContactsImportResponse> {
  const people: Candidate[] = [];
  const byEmail = new Map<string, Candidate>();
  const byLinkedin = new Map<string, Candidate>();
  let mergedInFile = 0;
  for (const person of reading.people) {
    const slug = person.linkedin ? linkedinKey(person.linkedin) : null;
    const earlier =
      person.emails.map((email) => byEmail.get(email)).find(Boolean) ??
      (slug ? byLinkedin.get(slug) : undefined);
    const candidate = earlier ?? {
      ...person,
      emails: [...person.emails],
      tags: [...person.tags],
      lines: [person.line],
    };
    if (earlier) {
      mergePerson(earlier, person);
      mergedInFile++;
    } else people.push(candidate);
    for (const email of candidate.emails) if (!byEmail.has(email)) byEmail.set(email, candidate);
    const key = candidate.linkedin ? linkedinKey(candidate.linkedin) : null;
    if (key && !byLinkedin.has(key)) byLinkedin.set(key, candidate);
  }

  const total = people.length;
  const sum: BatchOutcome = { imported: 0, noEmail: 0, matched: 0, merged: 0, unchanged: 0 };
  const order = { next: 0 };
  onProgress?.(0, total);
  for (let start = 0; start < total; start += IMPORT_BATCH) {
    const batch = people.slice(start, start + IMPORT_BATCH);
    const outcome = await db.transaction((tx) => importBatch(tx, userId, batch, order));
    for (const key of Object.keys(sum) as Array<keyof BatchOutcome>) sum[key] += outcome[key];
    onProgress?.(Math.min(start + IMPORT_BATCH, total), total);
  }
  return {
    format: reading.format,
    label: reading.label,
    imported: sum.imported,
    no_email: sum.noEmail,
    matched: sum.matched,
    merged: sum.merged + mergedInFile,
    unchanged: sum.unchanged,
    skipped: sum.merged + mergedInFile + sum.unchanged,
    errors: reading.errors.map((error) => ({ row: error.line, detail: error.detail })),
  };
}

/**
 * Reveals the address of an own contact the directory matched: 1 credit, as a directory save
 * costs. 404 when it is not the user's, 409 when it has an address or no match, 402 without
 * credits. Answers the contact as My Network shows it.
 */
export async function revealMatchedEmail(
  db: Db,
  userId: string,
  contactId: string,
): Promise<NetworkContact> {
  if (!UUID.test(contactId)) throw notFound("Contact not found");
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [own] = await tx
      .select({
        id: contacts.id,
        fullName: contacts.fullName,
        company: contacts.company,
        email: contacts.email,
        matchedContactId: contacts.matchedContactId,
      })
      .from(contacts)
      .innerJoin(
        userContacts,
        and(eq(userContacts.contactId, contacts.id), eq(userContacts.userId, userId)),
      )
      .where(and(eq(contacts.id, contactId), eq(contacts.ownerUserId, userId)))
      .for("update", { of: contacts });
    if (!own) throw notFound("Contact not found");
    if (own.email) throw conflict("This contact already has an email address.");
    const [match] = own.matchedContactId
      ? await tx
          .select({ email: contacts.email })
          .from(contacts)
          .where(and(eq(contacts.id, own.matchedContactId), isNull(contacts.ownerUserId)))
      : [];
    if (!match?.email) throw conflict("No email is available for this contact yet.");
    const email = match.email.toLowerCase();
    const [clash] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.ownerUserId, userId), sql`lower(${contacts.email}) = ${email}`));
    if (clash) throw conflict(ALREADY_IN_NETWORK);
    const after = await debitCredits(tx, {
      userId,
      amount: 1,
      reason: "contact_save",
      reference: own.id,
      description: `Revealed the email of ${own.fullName}${own.company ? ` (${own.company})` : ""}`,
    });
    if (after === null) throw paymentRequired(MESSAGES.global.insufficientCredits);
    await tx.update(contacts).set({ email, matchedContactId: null }).where(eq(contacts.id, own.id));
    await touchNetworkEntries(tx, userId, [own.id]);
    const [contact] = await selectNetworkContacts(tx, userId, { contactIds: [own.id] });
    return { contact, creditsRemaining: after };
  });
  publishEvent(userId, { type: "credits", credits: result.creditsRemaining });
  return result.contact;
}
