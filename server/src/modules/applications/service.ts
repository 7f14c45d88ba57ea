import type {
  Application,
  ApplicationContact,
  ApplicationStage,
  ApplicationSuggestions,
  CreateApplicationRequest,
  LastMessage,
  UpdateApplicationRequest,
} from "@reachout/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import {
  applicationContacts,
  applicationStageChanges,
  applications,
  contacts,
  userContacts,
} from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { statusOf } from "../contacts";
import { setEmailApplication } from "../emails";
import { conversationSql } from "./outreach";

type ApplicationRow = typeof applications.$inferSelect;

const NOT_FOUND = "Application not found";
const iso = (value: Date | string) => new Date(value).toISOString();

async function requireApplication(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Fields of a request as columns; undefined stays out of the update. */
function columnsOf(body: Partial<CreateApplicationRequest>) {
  return {
    company: body.company,
    role: body.role,
    postingUrl: body.posting_url,
    location: body.location,
    notes: body.notes,
    appliedOn: body.applied_on,
    deadlineOn: body.deadline_on,
  };
}

export async function createApplication(
  db: DbOrTx,
  userId: string,
  body: CreateApplicationRequest,
): Promise<Application> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(applications)
      .values({
        userId,
        ...columnsOf(body),
        company: body.company,
        role: body.role,
        stage: body.stage,
      })
      .returning({ id: applications.id });
    await tx
      .insert(applicationStageChanges)
      .values({ applicationId: row.id, userId, fromStage: null, toStage: body.stage });
    return row.id;
  });
  return getApplication(db, userId, id);
}

/**
 * Changes fields and, when the stage differs, records the move. The stage changes by a
 * conditional UPDATE on the stage read, so two moves at once leave one history entry each.
 */
export async function updateApplication(
  db: DbOrTx,
  userId: string,
  id: string,
  body: UpdateApplicationRequest,
): Promise<Application> {
  await db.transaction(async (tx) => {
    const current = await requireApplication(tx, userId, id);
    const stage = body.stage ?? current.stage;
    const [updated] = await tx
      .update(applications)
      .set({ ...columnsOf(body), stage, updatedAt: new Date() })
      .where(
        and(
          eq(applications.id, id),
          eq(applications.userId, userId),
          eq(applications.stage, current.stage),
        ),
      )
      .returning({ id: applications.id });
    if (!updated) throw new AppError(409, "The application changed meanwhile; reload and retry.");
    if (stage !== current.stage) {
      await tx
        .insert(applicationStageChanges)
        .values({ applicationId: id, userId, fromStage: current.stage, toStage: stage });
    }
  });
  return getApplication(db, userId, id);
}

export async function deleteApplication(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(applications)
    .where(and(eq(applications.id, id), eq(applications.userId, userId)))
    .returning({ id: applications.id });
  if (deleted.length === 0) throw notFound(NOT_FOUND);
}

/** Contacts must be in the user's My Network; anything else answers 404 and changes nothing. */
async function requireNetworkContacts(db: DbOrTx, userId: string, contactIds: string[]) {
  if (contactIds.length === 0) return;
  const found = await db
    .select({ contactId: userContacts.contactId })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), inArray(userContacts.contactId, contactIds)));
  const known = new Set(found.map((row) => row.contactId));
  const missing = contactIds.find((contactId) => !known.has(contactId));
  if (missing) throw notFound(`Contact ${missing} is not in your network`);
}

/** Replaces the application's linked contacts with exactly these. */
export async function setApplicationContacts(
  db: DbOrTx,
  userId: string,
  id: string,
  contactIds: string[],
): Promise<Application> {
  const unique = [...new Set(contactIds)];
  await db.transaction(async (tx) => {
    await requireApplication(tx, userId, id);
    await requireNetworkContacts(tx, userId, unique);
    await tx.delete(applicationContacts).where(eq(applicationContacts.applicationId, id));
    if (unique.length > 0) {
      await tx
        .insert(applicationContacts)
        .values(unique.map((contactId) => ({ applicationId: id, contactId, userId })));
    }
    await tx.update(applications).set({ updatedAt: new Date() }).where(eq(applications.id, id));
  });
  return getApplication(db, userId, id);
}

/** Links one of the user's sent emails to the application, and its contact with it. */
export async function linkEmailToApplication(
  db: DbOrTx,
  userId: string,
  id: string,
  emailId: string,
): Promise<Application> {
  await db.transaction(async (tx) => {
    await requireApplication(tx, userId, id);
    const email = await setEmailApplication(tx, { id: emailId, userId }, id);
    if (!email) throw notFound("Email not found");
    await tx
      .insert(applicationContacts)
      .values({ applicationId: id, contactId: email.contactId, userId })
      .onConflictDoNothing();
  });
  return getApplication(db, userId, id);
}

/** My Network people at the application's company who are not linked to it yet. */
export async function suggestContacts(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<ApplicationSuggestions> {
  const application = await requireApplication(db, userId, id);
  const rows = await db
    .select({
      contactId: contacts.id,
      fullName: contacts.fullName,
      title: contacts.title,
      messageCount: userContacts.messageCount,
      replied: userContacts.replied,
    })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(
      and(
        eq(userContacts.userId, userId),
        sql`lower(trim(${contacts.company})) = lower(${application.company})`,
        sql`not exists (select 1 from ${applicationContacts} ac
          where ac.application_id = ${id} and ac.contact_id = ${contacts.id})`,
      ),
    )
    .orderBy(asc(contacts.fullName))
    .limit(20);
  return rows.map((row) => ({
    contact_id: row.contactId,
    full_name: row.fullName,
    title: row.title,
    status: statusOf(row.messageCount, row.replied),
  }));
}

export async function getApplication(db: DbOrTx, userId: string, id: string) {
  const [application] = await loadApplications(db, userId, [
    await requireApplication(db, userId, id),
  ]);
  return application;
}

export async function listApplications(db: DbOrTx, userId: string): Promise<Application[]> {
  const rows = await db
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.createdAt), asc(applications.id));
  return loadApplications(db, userId, rows);
}

interface MessageFact {
  application_id: string | null;
  contact_id: string;
  direction: "outbound" | "inbound";
  subject: string;
  sent_at: Date | string;
  is_replied: boolean;
}

const toLastMessage = (row: MessageFact): LastMessage => ({
  direction: row.direction,
  subject: row.subject,
  sent_at: iso(row.sent_at),
});

/** The board's cards: linked contacts with status and last message, outreach counts, history. */
async function loadApplications(
  db: DbOrTx,
  userId: string,
  rows: ApplicationRow[],
): Promise<Application[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const history = await db
    .select()
    .from(applicationStageChanges)
    .where(inArray(applicationStageChanges.applicationId, ids))
    .orderBy(asc(applicationStageChanges.changedAt), asc(applicationStageChanges.id));
  const linked = await db
    .select({
      applicationId: applicationContacts.applicationId,
      contactId: contacts.id,
      fullName: contacts.fullName,
      title: contacts.title,
      messageCount: userContacts.messageCount,
      replied: userContacts.replied,
    })
    .from(applicationContacts)
    .innerJoin(contacts, eq(contacts.id, applicationContacts.contactId))
    .leftJoin(
      userContacts,
      and(eq(userContacts.userId, userId), eq(userContacts.contactId, contacts.id)),
    )
    .where(inArray(applicationContacts.applicationId, ids))
    .orderBy(asc(applicationContacts.linkedAt), asc(contacts.fullName));
  const contactIds = [...new Set(linked.map((row) => row.contactId))];
  const messages = rowsOf<MessageFact>(
    await db.execute(sql`
      select application_id, contact_id, direction, subject, sent_at, is_replied
      from (${conversationSql(sql`m.user_id = ${userId}
        and (m.application_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})${
          contactIds.length > 0
            ? sql` or m.contact_id in (${sql.join(
                contactIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        })`)}) conversation
      order by sent_at desc`),
  );

  return rows.map((row) => {
    const mine = linked.filter((link) => link.applicationId === row.id);
    const mineIds = new Set(mine.map((link) => link.contactId));
    const outreach = messages.filter(
      (m) => m.application_id === row.id || mineIds.has(m.contact_id),
    );
    const cardContacts: ApplicationContact[] = mine.map((link) => {
      const last = outreach.find((m) => m.contact_id === link.contactId);
      return {
        contact_id: link.contactId,
        full_name: link.fullName,
        title: link.title,
        status: statusOf(link.messageCount ?? 0, link.replied ?? false),
        last_message: last ? toLastMessage(last) : null,
      };
    });
    const sent = outreach.filter((m) => m.direction === "outbound");
    return {
      id: row.id,
      company: row.company,
      role: row.role,
      stage: row.stage as ApplicationStage,
      posting_url: row.postingUrl,
      location: row.location,
      notes: row.notes,
      applied_on: row.appliedOn,
      deadline_on: row.deadlineOn,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      contacts: cardContacts,
      outreach: { sent: sent.length, replied: sent.filter((m) => m.is_replied).length },
      last_message: outreach[0] ? toLastMessage(outreach[0]) : null,
      history: history
        .filter((change) => change.applicationId === row.id)
        .map((change) => ({
          from_stage: change.fromStage as ApplicationStage | null,
          stage: change.toStage as ApplicationStage,
          changed_at: iso(change.changedAt),
        })),
    };
  });
}
