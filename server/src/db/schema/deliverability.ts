import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
