import type {
  ContactStatus,
  DirectoryContact,
  NetworkContact,
  NetworkListContact,
} from "@reachout/contract";
import { SCHEDULED_STATUSES } from "@reachout/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts, emailMessages, userContacts } from "../../db/schema";
import {
  type AddressStanding,
  holdColumn,
  OK_STANDING,
  recentOutreachColumn,
  suppressionColumn,
} from "../deliverability";
import {
  loadStudentSignals,
  NO_STUDENT_SIGNALS,
  type StudentSignals,
  warmSignalsFor,
} from "./warm-signals";

export type ContactRow = typeof contacts.$inferSelect;
export type ContactInsert = typeof contacts.$inferInsert;

const iso = (value: Date | string) => new Date(value).toISOString();

/** Uncontacted (no messages), Contacted (messages, no reply), Responded (a reply). */
export function statusOf(messageCount: number, replied: boolean): ContactStatus {
  if (replied) return "Responded";
  return messageCount > 0 ? "Contacted" : "Uncontacted";
}

function signalsOf(row: ContactRow, student: StudentSignals) {
  return warmSignalsFor(student, {
    company: row.company,
    location: row.location,
    university: row.university,
    education: row.education,
    interests: row.interests ?? [],
  });
}

export function toDirectoryContact(
  row: ContactRow,
  standing: AddressStanding = OK_STANDING,
  student: StudentSignals = NO_STUDENT_SIGNALS,
): DirectoryContact {
  return {
    warm_signals: signalsOf(row, student),
    id: row.id,
    full_name: row.fullName,
    first_name: row.firstName,
    last_name: row.lastName,
    title: row.title,
    company: row.company,
    location: row.location,
    industry: row.industry,
    education: row.education,
    university: row.university,
    interests: row.interests ?? [],
    profile_picture_url: row.profilePictureUrl,
    company_size: row.companySize,
    revenue_range: row.revenueRange,
    is_hiring: row.isHiring,
    has_email: Boolean(row.email),
    has_linkedin: Boolean(row.linkedin),
    created_at: iso(row.createdAt),
    ...standing,
  };
}

const OUTBOUND_STATUSES = [...SCHEDULED_STATUSES];

/**
 * The columns of a My Network record: the saved row, its contact, and two correlated look-ups
 * on the user's emails to that contact (served by email_messages_user_contact_idx).
 */
const emailColumns = {
  nextScheduledAt: sql<Date | string | null>`(
    select min(${emailMessages.scheduledAt}) from ${emailMessages}
    where ${emailMessages.userId} = ${userContacts.userId}
      and ${emailMessages.contactId} = ${userContacts.contactId}
      and ${emailMessages.status} = 'scheduled')`,
  emailStatuses: sql<string[] | null>`array(
    select distinct ${emailMessages.status} from ${emailMessages}
    where ${emailMessages.userId} = ${userContacts.userId}
      and ${emailMessages.contactId} = ${userContacts.contactId}
      and ${emailMessages.direction} = 'outbound'
      and ${emailMessages.status} in (${sql.join(
        OUTBOUND_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}))`,
  suppression: suppressionColumn(contacts.email),
  heldUntil: holdColumn(userContacts.userId, contacts.email),
  recentOutreachCount: recentOutreachColumn(contacts.email),
};

const networkColumns = {
  contact: contacts,
  userContactId: userContacts.id,
  messageCount: userContacts.messageCount,
  replied: userContacts.replied,
  savedAt: userContacts.savedAt,
  targetPositionId: userContacts.targetPositionId,
  targetPositionName: userContacts.targetPositionName,
  ...emailColumns,
};

type NetworkRow = {
  contact: ContactRow;
  userContactId: string;
  messageCount: number;
  replied: boolean;
  savedAt: Date;
  targetPositionId: string | null;
  targetPositionName: string | null;
  nextScheduledAt: Date | string | null;
  emailStatuses: string[] | null;
  suppression: "bounced" | "opted_out" | null;
  heldUntil: Date | string | null;
  recentOutreachCount: number | string | null;
};

const emailStatusesOf = (statuses: string[] | null) =>
  (statuses ?? []).filter((s): s is NetworkContact["email_statuses"][number] =>
    (OUTBOUND_STATUSES as string[]).includes(s),
  );

export function toNetworkContact(
  row: NetworkRow,
  student: StudentSignals = NO_STUDENT_SIGNALS,
): NetworkContact {
  const c = row.contact;
  return {
    warm_signals: signalsOf(c, student),
    id: c.id,
    user_contact_id: row.userContactId,
    contact_id: c.id,
    full_name: c.fullName,
    first_name: c.firstName,
    last_name: c.lastName,
    title: c.title,
    company: c.company,
    location: c.location,
    industry: c.industry,
    education: c.education,
    university: c.university,
    email: c.email,
    email_available: !c.email && c.matchedContactId !== null,
    other_emails: c.otherEmails ?? [],
    tags: c.tags ?? [],
    connected_on: c.connectedOn,
    linkedin: c.linkedin,
    person_profile_url: c.personProfileUrl,
    profile_picture_url: c.profilePictureUrl,
    interests: c.interests ?? [],
    company_size: c.companySize,
    revenue_range: c.revenueRange,
    is_hiring: c.isHiring,
    message_count: row.messageCount,
    replied: row.replied,
    status: statusOf(row.messageCount, row.replied),
    saved_at: iso(row.savedAt),
    created_at: iso(c.createdAt),
    target_position_id: row.targetPositionId,
    target_position_name: row.targetPositionName,
    next_scheduled_at: row.nextScheduledAt ? iso(row.nextScheduledAt) : null,
    email_statuses: emailStatusesOf(row.emailStatuses),
    email_status: row.suppression ?? (row.heldUntil ? "held" : "ok"),
    email_held_until: row.heldUntil && !row.suppression ? iso(row.heldUntil) : null,
    recent_outreach_count: Number(row.recentOutreachCount ?? 0),
  };
}

/** Full records of some of the user's saved contacts, newest first. */
export async function selectNetworkContacts(
  db: DbOrTx,
  userId: string,
  { contactIds }: { contactIds: string[] },
): Promise<NetworkContact[]> {
  const query = db
    .select(networkColumns)
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), inArray(userContacts.contactId, contactIds)))
    .orderBy(sql`${userContacts.savedAt} desc, ${userContacts.id} desc`);
  const [rows, student] = await Promise.all([
    query as Promise<NetworkRow[]>,
    loadStudentSignals(db, userId),
  ]);
  return rows.map((row) => toNetworkContact(row, student));
}

/**
 * What the list needs of a saved contact: the card's fields, plus the person's school, education
 * and interests for the warm signals (computed here, not sent). The cursor is the saved time in
 * whole microseconds (PostgreSQL's precision; a JavaScript Date would round it to milliseconds
 * and a cursor would then skip or repeat records saved within the same millisecond).
 */
const listColumns = {
  id: contacts.id,
  fullName: contacts.fullName,
  title: contacts.title,
  company: contacts.company,
  location: contacts.location,
  university: contacts.university,
  education: contacts.education,
  interests: contacts.interests,
  isHiring: contacts.isHiring,
  email: contacts.email,
  matchedContactId: contacts.matchedContactId,
  linkedin: contacts.linkedin,
  userContactId: userContacts.id,
  messageCount: userContacts.messageCount,
  replied: userContacts.replied,
  savedAt: userContacts.savedAt,
  savedAtMicros: sql<string>`(extract(epoch from ${userContacts.savedAt}) * 1000000)::bigint::text`,
  targetPositionName: userContacts.targetPositionName,
  ...emailColumns,
};

/** A keyset position: after this saved time (microseconds since 1970) and saved-row id. */
export interface NetworkCursor {
  savedAtMicros: string;
  userContactId: string;
}

export const encodeNetworkCursor = (cursor: NetworkCursor) =>
  `${cursor.savedAtMicros}.${cursor.userContactId}`;

export function decodeNetworkCursor(text: string): NetworkCursor {
  const dot = text.indexOf(".");
  return { savedAtMicros: text.slice(0, dot), userContactId: text.slice(dot + 1) };
}

/**
 * One batch of the list, newest first, by keyset (`after`) or by offset, with the cursor of its
 * last record. Both read `user_contacts_user_saved_idx` backward; keyset starts where the last
 * batch ended instead of counting past `offset` entries.
 */
export async function selectNetworkListContacts(
  db: DbOrTx,
  userId: string,
  page: { limit?: number; offset?: number; after?: NetworkCursor },
  student: StudentSignals,
): Promise<{ contacts: NetworkListContact[]; cursors: NetworkCursor[] }> {
  const after = page.after
    ? sql`(${userContacts.savedAt}, ${userContacts.id}) < (timestamptz 'epoch' + ${page.after.savedAtMicros}::bigint * interval '1 microsecond', ${page.after.userContactId}::uuid)`
    : undefined;
  let query = db
    .select(listColumns)
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), after))
    .orderBy(sql`${userContacts.savedAt} desc, ${userContacts.id} desc`)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset && !page.after) query = query.offset(page.offset);
  const rows = await query;
  return {
    contacts: rows.map((row) => ({
      id: row.id,
      full_name: row.fullName,
      title: row.title,
      company: row.company,
      location: row.location,
      is_hiring: row.isHiring,
      warm_signals: warmSignalsFor(student, {
        company: row.company,
        location: row.location,
        university: row.university,
        education: row.education,
        interests: row.interests ?? [],
      }),
      email: row.email,
      email_available: !row.email && row.matchedContactId !== null,
      linkedin: row.linkedin,
      status: statusOf(row.messageCount, row.replied),
      saved_at: iso(row.savedAt),
      target_position_name: row.targetPositionName,
      next_scheduled_at: row.nextScheduledAt ? iso(row.nextScheduledAt) : null,
      email_statuses: emailStatusesOf(row.emailStatuses),
      email_status: row.suppression ?? (row.heldUntil ? "held" : "ok"),
      email_held_until: row.heldUntil && !row.suppression ? iso(row.heldUntil) : null,
      recent_outreach_count: Number(row.recentOutreachCount ?? 0),
    })),
    cursors: rows.map((row) => ({
      savedAtMicros: row.savedAtMicros,
      userContactId: row.userContactId,
    })),
  };
}
