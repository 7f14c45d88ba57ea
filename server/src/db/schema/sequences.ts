import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { contactRef } from "./contacts";
import { userRef } from "./users";

/** The kinds of follow-up text: a short bump, a new angle (one more resume fact), a last close. */
export type FollowUpKind = "bump" | "new_angle" | "close";
export interface SequenceStep {
  wait_minutes: number;
  email_format: FollowUpKind;
}
export type EnrollmentStatus =
  | "active"
  | "paused"
  | "replied"
  | "bounced"
  | "opted_out"
  | "finished"
  | "stopped";

/** A student's named list of follow-ups; each step waits after the previous message. */
export const sequences = pgTable(
  "sequences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    name: text("name").notNull(),
    steps: jsonb("steps").$type<SequenceStep[]>().notNull(),
    /** "HH:MM" local to the recipient (else `timeZone`); null = the mode's default window. */
    windowStart: text("window_start"),
    windowEnd: text("window_end"),
    /** The student's IANA time zone, used when the recipient's location gives none. */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sequences_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One contact going through one sequence. `current_step` is the latest message written for
 * it (0 = the first email, n = the nth follow-up) and `current_email_id` its row; the next
 * step is due at `next_step_at`, set once that message was sent.
 */
export const sequenceEnrollments = pgTable(
  "sequence_enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    sequenceId: uuid("sequence_id")
      .notNull()
      .references(() => sequences.id, { onDelete: "cascade" }),
    contactId: contactRef().notNull(),
    status: text("status").$type<EnrollmentStatus>().notNull(),
    firstEmailId: uuid("first_email_id").notNull(),
    currentStep: integer("current_step").notNull().default(0),
    currentEmailId: uuid("current_email_id").notNull(),
    nextStepAt: timestamp("next_step_at", { withTimezone: true }),
    /** No step before this (an out-of-office return date, from the deliverability rules). */
    notBefore: timestamp("not_before", { withTimezone: true }),
    /** The recipient's time zone when their location gives one, else the student's. */
    timeZone: text("time_zone"),
    stoppedReason: text("stopped_reason"),
    /** Copy mode: the student sends each step from their own mail app, reminded when due. */
    manual: boolean("manual").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sequence_enrollments_one_active_key")
      .on(t.userId, t.contactId)
      .where(sql`${t.status} in ('active', 'paused')`),
    index("sequence_enrollments_due_idx").on(t.status, t.nextStepAt),
    index("sequence_enrollments_sequence_idx").on(t.sequenceId, t.createdAt),
  ],
);

/** The follow-ups planned for one enrolment, written at enrolment (body null: write when due). */
export const enrollmentSteps = pgTable(
  "enrollment_steps",
  {
    enrollmentId: uuid("enrollment_id")
      .notNull()
      .references(() => sequenceEnrollments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    subject: text("subject").notNull(),
    body: text("body"),
    /** The email_messages row once the step was handed to the sender. */
    emailId: uuid("email_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.position] })],
);
