import type { ContactStatus, GlobalContact, NetworkContact } from "@reachout/contract";
import { SCHEDULED_STATUSES } from "@reachout/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts, emailMessages, userContacts } from "../../db/schema";
import {
  type AddressStanding,
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

export function toGlobalContact(
  row: ContactRow,
  standing: AddressStanding = OK_STANDING,
  student: StudentSignals = NO_STUDENT_SIGNALS,
): GlobalContact {
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
const networkColumns = {
  contact: contacts,
  userContactId: userContacts.id,
  messageCount: userContacts.messageCount,
  replied: userContacts.replied,
  savedAt: userContacts.savedAt,
  targetPositionId: userContacts.targetPositionId,
  targetPositionName: userContacts.targetPositionName,
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
  recentOutreachCount: recentOutreachColumn(contacts.email),
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
  recentOutreachCount: number | string | null;
};

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
    email_statuses: (row.emailStatuses ?? []).filter(
      (s): s is NetworkContact["email_statuses"][number] =>
        (OUTBOUND_STATUSES as string[]).includes(s),
    ),
    email_status: row.suppression ?? "ok",
    recent_outreach_count: Number(row.recentOutreachCount ?? 0),
  };
}

/** The user's saved contacts, newest first. */
export async function selectNetworkContacts(
  db: DbOrTx,
  userId: string,
  page: { limit?: number; offset?: number; contactIds?: string[] } = {},
): Promise<NetworkContact[]> {
  const where = page.contactIds
    ? and(eq(userContacts.userId, userId), inArray(userContacts.contactId, page.contactIds))
    : eq(userContacts.userId, userId);
  let query = db
    .select(networkColumns)
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(where)
    .orderBy(sql`${userContacts.savedAt} desc, ${userContacts.id} desc`)
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const [rows, student] = await Promise.all([
    query as Promise<NetworkRow[]>,
    loadStudentSignals(db, userId),
  ]);
  return rows.map((row) => toNetworkContact(row, student));
}
