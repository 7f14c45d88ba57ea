import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** Target-role ids (contract TARGET_ROLES) picked on the landing page; may be empty. */
    targetRoles: text("target_roles").array().notNull().default(sql`'{}'::text[]`),
    /** Set by an admin; grants early access to the startup founder directory. */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("waitlist_email_key").on(t.email)],
);

export const newsletter = pgTable(
  "newsletter",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_key").on(t.email)],
);

export const startups = pgTable(
  "startups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgName: text("org_name").notNull(),
    orgUrl: text("org_url"),
    location: text("location"),
    fundingType: text("funding_type"),
    moneyRaisedCents: bigint("money_raised_cents", { mode: "number" }),
    announcedDate: date("announced_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("startups_org_key").on(sql`lower(${t.orgName})`),
    index("startups_announced_idx").on(t.announcedDate),
  ],
);

export const founders = pgTable(
  "founders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startupId: uuid("startup_id")
      .notNull()
      .references(() => startups.id, { onDelete: "cascade" }),
    personName: text("person_name"),
    personTitle: text("person_title"),
    personEmail: text("person_email"),
    personLinkedin: text("person_linkedin"),
    personProfileUrl: text("person_profile_url"),
  },
  (t) => [
    index("founders_startup_idx").on(t.startupId),
    // The email lookup (by LinkedIn URL) and outreach status (by email or profile URL).
    index("founders_linkedin_idx").on(t.personLinkedin),
    index("founders_email_idx").on(sql`lower(${t.personEmail})`),
    index("founders_profile_idx").on(t.personProfileUrl),
  ],
);

/** Liveness of job workers: worker_active is true only while a beat is recent. */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  id: text("id").primaryKey(),
  beatAt: timestamp("beat_at", { withTimezone: true }).notNull().defaultNow(),
});
