import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { emailMessages } from "./emails";
import { userRef } from "./users";

export type SuppressionReason = "bounced" | "opted_out";

/**
 * Addresses nobody may write to through Reachout (a hard bounce, an opt-out), for every user.
 * Keyed by the lowercased address; written only by the deliverability module.
 */
export const suppressions = pgTable("suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason").$type<SuppressionReason>().notNull(),
  /** Where it came from: "dsn", "reply", "opt_out_page". */
  source: text("source").notNull(),
  detail: text("detail"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An opt-out asked for on the public page, waiting for the link in its confirmation email. */
export const optOutRequests = pgTable(
  "opt_out_requests",
  {
    /** SHA-256 of the token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("opt_out_requests_email_idx").on(t.email, t.createdAt)],
);

/**
 * The opt-out form's confirmation emails per normalised address (sub-address dropped, case
 * folded): `sent` in the day from `windowStartedAt`. Taken by one conditional upsert, so the
 * limit holds for concurrent requests on PostgreSQL.
 */
export const optOutMailBudget = pgTable("opt_out_mail_budget", {
  addressKey: text("address_key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  sent: integer("sent").notNull(),
});

/**
 * An address held for one student's sequences after a mailbox or network failure (full, over
 * quota, unreachable): not written to by that student until held_until, never a global
 * suppression (migration 0029). Written only by the deliverability module.
 */
export const addressHolds = pgTable(
  "address_holds",
  {
    userId: userRef().notNull(),
    email: text("email").notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    /** The verdict's cause: "mailbox" or "network". */
    cause: text("cause").notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);

/**
 * A report that a mail system refused the student's own email (SPF/DKIM/DMARC, a blocked IP, a
 * content policy), with the plain-words notice the Account page shows (migration 0029).
 */
export const senderRejections = pgTable(
  "sender_rejections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    refusedBy: text("refused_by"),
    status: text("status"),
    notice: text("notice").notNull(),
    sentence: text("sentence"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sender_rejections_user_idx").on(t.userId, t.createdAt)],
);

/**
 * The one-time repair of issue 33 (migration 0036): one row per stored inbound message re-read
 * from the mailbox and re-classified, written in the transaction of the corrections it caused.
 */
export const inboundRepairs = pgTable(
  "inbound_repairs",
  {
    messageId: uuid("message_id")
      .primaryKey()
      .references(() => emailMessages.id, { onDelete: "cascade" }),
    userId: userRef().notNull(),
    /** The stored verdict before the repair ("reply" for a message stored as the contact's). */
    oldKind: text("old_kind"),
    newKind: text("new_kind").notNull(),
    newCause: text("new_cause"),
    /** The address the message is about (the contact's), lowercased. */
    failedAddress: text("failed_address"),
    /** Today's verdict is a permanent recipient bounce: it supports the global suppression. */
    supportsSuppression: boolean("supports_suppression").notNull().default(false),
    corrections: text("corrections").array().notNull().default([]),
    repairedAt: timestamp("repaired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inbound_repairs_failed_address_idx").on(t.failedAddress)],
);
