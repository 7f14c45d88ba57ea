import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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
