import { and, eq, gt, gte, inArray, isNull, lt, min, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "../../db/client";
import { type EmailStatus, emailMessages } from "../../db/schema";
import { countMessageOnContact } from "../contacts";

/**
 * The only writer of `email_messages`: every insert and update of the table is a function of
 * this file, and a status changes only through a conditional UPDATE (`transition`).
 */
export type EmailRow = typeof emailMessages.$inferSelect;
type EmailInsert = typeof emailMessages.$inferInsert;
/**
 * The one rule for "the contact replied": a message on `email_messages` from the contact to the
 * student that a person wrote (a bounce, an automatic answer or an opt-out is not a reply;
 * deliverability handles those), dated at or after `since` when given. Each argument is a value
 * or another table's column: sequences correlate it with an enrolment (`contactRepliedSince`
 * in sequences/state.ts), the send path asks it of one contact (`hasReplySince` in sync.ts).
 */
export function replyFromContact(
  userId: string | AnyPgColumn,
  contactId: string | AnyPgColumn,
  since?: Date | AnyPgColumn,
): SQL {
  return and(
    eq(emailMessages.userId, userId),
    eq(emailMessages.contactId, contactId),
    eq(emailMessages.direction, "inbound"),
    isNull(emailMessages.inboundKind),
    since === undefined ? undefined : gte(emailMessages.sentAt, since),
  ) as SQL;
}

/** What every stored message is given: whose, between whom, its text and its Message-ID. */
type MessageFields =
  | "userId"
  | "contactId"
  | "toEmail"
  | "fromEmail"
  | "subject"
  | "body"
  | "rfc822MessageId";

export async function findEmail(db: DbOrTx, id: string): Promise<EmailRow | null> {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
  return row ?? null;
}

/**
 * Moves an email between states only if it is still in one of `from`: whoever loses a race
 * (another worker, a cancel, a second run of the same job) gets null and does nothing.
 */
export async function transition(
  db: DbOrTx,
  id: string,
  from: EmailStatus[],
  set: Partial<EmailInsert>,
): Promise<EmailRow | null> {
  const [row] = await db
    .update(emailMessages)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(emailMessages.id, id), inArray(emailMessages.status, from)))
    .returning();
  return row ?? null;
}

/** `transition` for every email of a user to one contact still in one of `from`. */
export async function transitionToContact(
  db: DbOrTx,
  to: { userId: string; contactId: string },
  from: EmailStatus[],
  set: Partial<EmailInsert>,
): Promise<EmailRow[]> {
  return db
    .update(emailMessages)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(emailMessages.userId, to.userId),
        eq(emailMessages.contactId, to.contactId),
        inArray(emailMessages.status, from),
      ),
    )
    .returning();
}

/**
 * A `sending` row not touched since `before` has lost its worker (crash, kill, deploy): its
 * outcome is unknown, to be reconciled by Message-ID before any resend. Answers the rows it
 * marked, and when the oldest claim still within its lease was made (null when none is), so
 * the caller can look again the moment that lease runs out.
 */
export async function expireAbandonedSends(
  db: DbOrTx,
  before: Date,
): Promise<{ expired: EmailRow[]; oldestClaim: Date | null }> {
  const expired = await db
    .update(emailMessages)
    .set({
      status: "unknown",
      error: "The sending worker stopped before Gmail answered.",
      updatedAt: new Date(),
    })
    .where(and(eq(emailMessages.status, "sending"), lt(emailMessages.updatedAt, before)))
    .returning();
  const [oldest] = await db
    .select({ at: min(emailMessages.updatedAt) })
    .from(emailMessages)
    .where(eq(emailMessages.status, "sending"));
  return { expired, oldestClaim: oldest?.at ?? null };
}

/**
 * Touches a claim before its worker calls the provider: a `sending` row is taken for lost once
 * not touched for its hold. Answers false when the row is no longer `sending` (taken for lost,
 * or settled), and the worker must then not send.
 */
export async function renewClaim(db: DbOrTx, id: string): Promise<boolean> {
  const touched = await db
    .update(emailMessages)
    .set({ updatedAt: new Date() })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, "sending")))
    .returning({ id: emailMessages.id });
  return touched.length > 0;
}

/** Records Gmail's acceptance and counts the message on the contact, in one transaction. */
export async function markSent(
  db: Db,
  email: EmailRow,
  gmail: { id: string; threadId: string },
  from: EmailStatus[],
): Promise<EmailRow | null> {
  return db.transaction(async (tx) => {
    const row = await transition(tx, email.id, from, {
      status: "sent",
      gmailMessageId: gmail.id,
      threadId: gmail.threadId,
      sentAt: new Date(),
      error: null,
    });
    if (!row) return null;
    await countMessageOnContact(tx, email.userId, email.contactId, { replied: false });
    return row;
  });
}

/** Gmail may rewrite Message-ID; threading later replies needs the one recipients saw. */
export async function adoptMessageId(db: DbOrTx, id: string, rfc822MessageId: string) {
  await db.update(emailMessages).set({ rfc822MessageId }).where(eq(emailMessages.id, id));
}

export type OutboundEmail = Pick<
  EmailInsert,
  | MessageFields
  | "scheduledAt"
  | "attachResume"
  | "attempts"
  | "updatedAt"
  | "enrollmentId"
  | "sequenceStep"
  | "emailFormat"
  | "isFirstEmail"
> & { status: "scheduled" | "sending" };

/** Stores emails the user is sending (now: `sending`, or later: `scheduled`). */
export async function insertOutboundEmails(
  db: DbOrTx,
  emails: OutboundEmail[],
): Promise<EmailRow[]> {
  if (emails.length === 0) return [];
  return db
    .insert(emailMessages)
    .values(emails.map((email) => ({ ...email, direction: "outbound" as const })))
    .returning();
}

/** Cancels the enrolments' follow-ups not claimed yet (one in flight still goes). */
export async function cancelQueuedFollowUps(
  tx: DbOrTx,
  enrollmentIds: string[],
  reason: string,
): Promise<number> {
  if (enrollmentIds.length === 0) return 0;
  const rows = await tx
    .update(emailMessages)
    .set({ status: "cancelled", error: reason, updatedAt: new Date() })
    .where(
      and(
        inArray(emailMessages.enrollmentId, enrollmentIds),
        gt(emailMessages.sequenceStep, 0),
        eq(emailMessages.status, "scheduled"),
      ),
    )
    .returning({ id: emailMessages.id });
  return rows.length;
}

/** Holds the enrolments' queued follow-ups until `until` (their jobs re-read the time). */
export async function postponeQueuedFollowUps(
  tx: DbOrTx,
  enrollmentIds: string[],
  until: Date,
): Promise<void> {
  if (enrollmentIds.length === 0) return;
  await tx
    .update(emailMessages)
    .set({ scheduledAt: until, updatedAt: new Date() })
    .where(
      and(
        inArray(emailMessages.enrollmentId, enrollmentIds),
        gt(emailMessages.sequenceStep, 0),
        eq(emailMessages.status, "scheduled"),
      ),
    );
}

export type SyncedMessage = Pick<
  EmailInsert,
  | MessageFields
  | "sentAt"
  | "gmailMessageId"
  | "threadId"
  | "inboundKind"
  | "inboundCause"
  | "classificationNote"
  | "returnsAt"
> & { direction: "outbound" | "inbound" };

/**
 * Stores a message found in the mailbox (a reply, or one the user sent from Gmail itself) and
 * counts it on the contact, in one transaction. Answers false when it was stored before.
 */
export async function recordSyncedMessage(
  db: Db,
  message: SyncedMessage,
  options: { countsOnContact: boolean } = { countsOnContact: true },
): Promise<boolean> {
  const isOutbound = message.direction === "outbound";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailMessages)
      .values({ ...message, status: isOutbound ? "sent" : "received" })
      .onConflictDoNothing()
      .returning({ id: emailMessages.id });
    if (!row) return false;
    if (options.countsOnContact) {
      // An opt-out is counted as a message, not as a reply (insights count no reply either).
      await countMessageOnContact(tx, message.userId, message.contactId, {
        replied: !isOutbound && !message.inboundKind,
      });
    }
    return true;
  });
}

/** Ties one of the user's sent emails to an application; answers its contact, or null. */
export async function setEmailApplication(
  tx: DbOrTx,
  email: { id: string; userId: string },
  applicationId: string,
): Promise<{ contactId: string } | null> {
  const [row] = await tx
    .update(emailMessages)
    .set({ applicationId })
    .where(
      and(
        eq(emailMessages.id, email.id),
        eq(emailMessages.userId, email.userId),
        eq(emailMessages.direction, "outbound"),
      ),
    )
    .returning({ contactId: emailMessages.contactId });
  return row ?? null;
}

/** Stores past emails as they happened (the demo cohort's history): rows as given. */
export async function importEmailHistory(db: DbOrTx, rows: EmailInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(emailMessages).values(rows);
}

/** The user's message with this Message-ID, or null. */
export async function findEmailByMessageId(
  db: DbOrTx,
  userId: string,
  rfc822MessageId: string,
): Promise<EmailRow | null> {
  const [row] = await db
    .select()
    .from(emailMessages)
    .where(
      and(eq(emailMessages.userId, userId), eq(emailMessages.rfc822MessageId, rfc822MessageId)),
    );
  return row ?? null;
}

export type CopiedMessage = Pick<
  EmailInsert,
  MessageFields | "emailFormat" | "isFirstEmail" | "inboundKind" | "classificationNote"
> &
  Partial<Pick<EmailInsert, "enrollmentId" | "sequenceStep">> & {
    direction: "outbound" | "inbound";
    countsOnContact: boolean;
  };

/**
 * A message of copy mode, as the student reports it: one they sent from their own mail app
 * (`sent`) or the person's answer (`received`). Stored and counted on the contact in the
 * caller's transaction.
 */
export async function recordCopiedMessage(tx: DbOrTx, message: CopiedMessage): Promise<EmailRow> {
  const { countsOnContact, ...values } = message;
  const isOutbound = values.direction === "outbound";
  const now = new Date();
  const [row] = await tx
    .insert(emailMessages)
    .values({
      ...values,
      status: isOutbound ? "sent" : "received",
      sentAt: now,
      attachResume: false,
      // What the student reports stays theirs: no global cap, suppression or benchmark reads it.
      selfReported: true,
      updatedAt: now,
    })
    .returning();
  if (countsOnContact) {
    await countMessageOnContact(tx, message.userId, message.contactId, {
      replied: !isOutbound && !values.inboundKind,
    });
  }
  return row;
}

/**
 * Stores today's verdict on an inbound message the repair job re-read (issue 33). The database
 * re-settles the conversation's replies (and so insights) when the kind changes.
 */
export async function reclassifyInbound(
  tx: DbOrTx,
  id: string,
  verdict: {
    inboundKind: EmailInsert["inboundKind"];
    inboundCause: EmailInsert["inboundCause"];
    classificationNote: EmailInsert["classificationNote"];
  },
): Promise<void> {
  await tx
    .update(emailMessages)
    .set({ ...verdict, updatedAt: new Date() })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.direction, "inbound")));
}
