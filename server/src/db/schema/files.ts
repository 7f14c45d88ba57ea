import type { ResumeFacts as ResumeFactsValue } from "@reachout/contract";
import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { userRef } from "./users";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const resumes = pgTable(
  "resumes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    data: bytea("data").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("resumes_user_created_idx").on(t.userId, t.createdAt)],
);

export const mailboxes = pgTable(
  "mailboxes",
  {
    userId: userRef().primaryKey(),
    email: text("email").notNull(),
    /** Which service holds the mailbox (integrations/mailbox.ts MailboxProviderName). */
    provider: text("provider").$type<"gmail" | "microsoft">().notNull().default("gmail"),
    /** AES-256-GCM ciphertext (iv.tag.data, base64url); never logged or returned. */
    refreshTokenEnc: text("refresh_token_enc").notNull(),
    scopes: text("scopes").notNull(),
    status: text("status").$type<"connected" | "revoked">().notNull().default("connected"),
    /** The change cursor: Gmail's historyId, or Graph's delta link for a Microsoft mailbox. */
    historyId: text("history_id"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** Push: when the provider's watch of this mailbox ends (renewed daily); null: none yet. */
    watchExpiresAt: timestamp("watch_expires_at", { withTimezone: true }),
    /** When the watch is next renewed (daily) or, after a failure, tried again; null: now. */
    watchRenewAt: timestamp("watch_renew_at", { withTimezone: true }),
    /** The provider's id of the watch, where it has one (a Graph subscription id); null: none. */
    watchId: text("watch_id"),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    /** Day one of the warm-up: the first connection of this address (a reconnect keeps it). */
    warmupStartedAt: timestamp("warmup_started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Automated sending paused (bounce rate too high) until the student resumes it. */
    automatedPausedAt: timestamp("automated_paused_at", { withTimezone: true }),
    automatedPausedReason: text("automated_paused_reason"),
    automatedResumedAt: timestamp("automated_resumed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The watch sweep's look-up of connected mailboxes due for renewal (migration 0017).
    index("mailboxes_watch_renew_idx").on(t.watchRenewAt).where(sql`${t.status} = 'connected'`),
    // A Graph notification names its subscription (migration 0019).
    index("mailboxes_watch_id_idx").on(t.watchId).where(sql`${t.watchId} is not null`),
  ],
);

/**
 * What Reachout read from the user's newest resume (`parsed`, refreshed on every upload) and the
 * student's corrections of it (`corrections`, which win over any re-parse until cleared).
 */
export const resumeFacts = pgTable("resume_facts", {
  userId: userRef().primaryKey(),
  parsed: jsonb("parsed").$type<ResumeFactsValue>().notNull(),
  corrections: jsonb("corrections").$type<ResumeFactsValue>(),
  parsedAt: timestamp("parsed_at", { withTimezone: true }).notNull().defaultNow(),
  correctedAt: timestamp("corrected_at", { withTimezone: true }),
});
