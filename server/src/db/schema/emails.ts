import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { contactRef } from "./contacts";
import { userRef } from "./users";

export type EmailStatus =
  | "draft"
  | "scheduled"
  | "sending"
  | "sent"
  | "failed"
  | "cancelled"
  | "unknown"
  | "received";

/** Inbound messages that are not a person's answer, or an answer asking never to be written to. */
export type InboundKind = "bounce" | "delay" | "delivered" | "auto_reply" | "opt_out";

export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    contactId: contactRef().notNull(),
    direction: text("direction").$type<"outbound" | "inbound">().notNull(),
    status: text("status").$type<EmailStatus>().notNull(),
    toEmail: text("to_email"),
    fromEmail: text("from_email"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    gmailMessageId: text("gmail_message_id"),
    threadId: text("thread_id"),
    rfc822MessageId: text("rfc822_message_id"),
    attempts: integer("attempts").notNull().default(0),
    /** Outreach carries the sender's resume; admin sales emails to students do not. */
    attachResume: boolean("attach_resume").notNull().default(true),
    error: text("error"),
    /** Inbound only: a human reply (null), or what the deliverability classifiers recognised. */
    inboundKind: text("inbound_kind").$type<InboundKind>(),
    /** Inbound reports: the verdict's cause ("recipient", "mailbox", "sender", ...; migration 0029). */
    inboundCause: text("inbound_cause"),
    /** Outbound: the user's first email to this address, counted by the recipient weekly cap. */
    isFirstEmail: boolean("is_first_email").notNull().default(false),
    /**
     * Recorded by the student in copy mode ("I sent it", "They replied"), not seen in a connected
     * mailbox: it stays with that student. Never counted by the recipient weekly cap, the
     * outreach count other students see, a global suppression or the cohort benchmarks.
     */
    selfReported: boolean("self_reported").notNull().default(false),
    /** Why a message was classified as it was (shown to the student), e.g. the opt-out phrase. */
    classificationNote: text("classification_note"),
    /** An automatic reply's return date, when its text gives one. */
    returnsAt: timestamp("returns_at", { withTimezone: true }),
    /** Set on the messages of a sequence: its enrolment and step (null or 0 = the first email). */
    enrollmentId: uuid("enrollment_id"),
    sequenceStep: integer("sequence_step"),
    /** The writer format the student sent it in (null: written by hand). Read by insights. */
    emailFormat: text("email_format"),
    /** The application the student linked this email to (insights, the board's last message). */
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "set null",
    }),
    /**
     * Kept by the database (migration 0024, ADR 036), never written by the application: on a sent
     * email of a conversation, whether the person answered it (the next message of the
     * conversation is their reply: ADR 031's rule, `settle_email_replies`); false on every other
     * row. Applications and insights read it.
     */
    replied: boolean("replied").notNull().default(false),
    /** Kept by the database from the contact (ADR 036): their industry as insights group it. */
    contactIndustry: text("contact_industry"),
    /** Kept by the database from the contact (ADR 036): the seniority their title reads as. */
    contactSeniority: text("contact_seniority"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("email_messages_user_contact_idx").on(t.userId, t.contactId, t.createdAt),
    index("email_messages_status_due_idx").on(t.status, t.scheduledAt),
    index("email_messages_user_sent_idx").on(t.userId, t.sentAt),
    // A mailbox's line (emails/limits.ts): its sends by status, its waiting emails by due time.
    index("email_messages_user_status_idx").on(t.userId, t.status, t.scheduledAt),
    uniqueIndex("email_messages_gmail_id_key").on(t.userId, t.gmailMessageId),
    index("email_messages_recipient_first_idx")
      .on(sql`lower(${t.toEmail})`, t.sentAt)
      .where(sql`${t.isFirstEmail}`),
    index("email_messages_enrollment_idx")
      .on(t.enrollmentId)
      .where(sql`${t.enrollmentId} is not null`),
    index("email_messages_application_idx")
      .on(t.applicationId)
      .where(sql`${t.applicationId} is not null`),
    // A student's conversations in the order the reply window (`settle_email_replies`) reads them,
    // with the columns insights group by, so the read is an index-only scan. Its predicate is
    // conversationMessagesSql without `sent_at is not null`, so the insights funnel (sent emails
    // and replies, with or without a time) reads it too.
    index("email_messages_conversation_idx")
      .on(
        t.userId,
        t.contactId,
        t.sentAt,
        t.id,
        t.direction,
        t.emailFormat,
        t.sequenceStep,
        t.replied,
        t.contactIndustry,
        t.contactSeniority,
      )
      .where(
        sql`(${t.direction} = 'outbound' and ${t.status} = 'sent') or (${t.direction} = 'inbound' and ${t.inboundKind} is null)`,
      ),
  ],
);
