import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { contactRef } from "./contacts";
import { userRef } from "./users";

/** A job the student wants, and where it stands. Written only by the applications module. */
export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    company: text("company").notNull(),
    role: text("role").notNull(),
    stage: text("stage").notNull().default("saved"),
    postingUrl: text("posting_url"),
    location: text("location"),
    notes: text("notes"),
    appliedOn: date("applied_on"),
    deadlineOn: date("deadline_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("applications_user_idx").on(t.userId, t.createdAt)],
);

/** Every stage an application entered, its creation included: the funnel counts these. */
export const applicationStageChanges = pgTable(
  "application_stage_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    userId: userRef().notNull(),
    fromStage: text("from_stage"),
    toStage: text("to_stage").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("application_stage_changes_application_idx").on(t.applicationId, t.changedAt),
    index("application_stage_changes_user_idx").on(t.userId, t.toStage),
  ],
);

export const applicationContacts = pgTable(
  "application_contacts",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    contactId: contactRef().notNull(),
    userId: userRef().notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "application_contacts_pk", columns: [t.applicationId, t.contactId] }),
    index("application_contacts_user_contact_idx").on(t.userId, t.contactId),
  ],
);

/**
 * Cohort reply rates, rebuilt by the insights rollup job. Only groups with enough distinct
 * students are stored (k-anonymity), so no row can describe one student.
 */
export const insightRollups = pgTable(
  "insight_rollups",
  {
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    /** Set for the industry × format rows the writer's recommendation reads; else ''. */
    format: text("format").notNull().default(""),
    students: integer("students").notNull(),
    syntheticStudents: integer("synthetic_students").notNull().default(0),
    sent: integer("sent").notNull(),
    replied: integer("replied").notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "insight_rollups_pk", columns: [t.dimension, t.value, t.format] })],
);
