import type { CareerGoal } from "@reachout/contract";
import { sql } from "drizzle-orm";
import {
  check,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    signupMethod: text("signup_method").$type<"email" | "google">().notNull(),
    googleSub: text("google_sub"),
    name: text("name"),
    profilePicture: text("profile_picture"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    plan: text("plan").notNull().default("free"),
    credits: integer("credits").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
  ],
);

/** The user a row belongs to: the row goes when the user's account is deleted. */
export const userRef = () => uuid("user_id").references(() => users.id, { onDelete: "cascade" });

/** A login session. The JWT carries the session id (jti); only its SHA-256 is stored. */
export const sessions = pgTable("sessions", {
  idHash: text("id_hash").primaryKey(),
  userId: userRef().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

export const emailVerifications = pgTable("email_verifications", {
  userId: userRef().primaryKey(),
  codeHash: text("code_hash").notNull(),
  attempts: smallint("attempts").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** The Message-ID of the email that bears the code: its validity runs from the hand-over. */
  messageId: text("message_id"),
});

/** When the outbox handed each system email to the mail server (by its Message-ID). */
export const systemEmailHandovers = pgTable("system_email_handovers", {
  messageId: text("message_id").primaryKey(),
  handedAt: timestamp("handed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Pending OAuth flows: the PKCE verifier stays server-side, keyed by the state's hash. */
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  purpose: text("purpose").$type<"signup" | "login" | "gmail" | "microsoft">().notNull(),
  userId: userRef(),
  /** A mailbox connection's starting session (its hash): the callback needs it still live. */
  sessionHash: text("session_hash"),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Single-use, 30-second tickets that open a live-event stream (no session token in a URL). */
export const eventTickets = pgTable("event_tickets", {
  ticketHash: text("ticket_hash").primaryKey(),
  sessionHash: text("session_hash").notNull(),
  userId: userRef().notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

export const profiles = pgTable("profiles", {
  userId: userRef().primaryKey(),
  university: text("university"),
  graduationYear: integer("graduation_year"),
  major: text("major"),
  /** The student's goal and stage (contract CareerGoal), once they confirmed it; null before. */
  goal: jsonb("goal").$type<CareerGoal>(),
  goalConfirmedAt: timestamp("goal_confirmed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a student sends: `manual` is copy mode (they send from their own mail app and record it
 * here); null is a connected mailbox or none yet. `connect_started_at` marks a mailbox
 * connection started and not returned from (cleared when Google sends the browser back).
 */
export const mailboxSettings = pgTable("mailbox_settings", {
  userId: userRef().primaryKey(),
  mode: text("mode").$type<"manual">(),
  connectStartedAt: timestamp("connect_started_at", { withTimezone: true }),
  connectProvider: text("connect_provider").$type<"gmail" | "microsoft">(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
