import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { userRef, users } from "./users";

/**
 * People: the directory (the spec's Global Contacts database of people who hire; no owner) and
 * each student's own contacts (`owner_user_id` set, private to that student).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    title: text("title"),
    company: text("company"),
    industry: text("industry"),
    location: text("location"),
    education: text("education"),
    university: text("university"),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    email: text("email"),
    linkedin: text("linkedin"),
    personProfileUrl: text("person_profile_url"),
    profilePictureUrl: text("profile_picture_url"),
    /** One of the target-role categories this person hires for (or works in). */
    roleCategory: text("role_category"),
    companySize: text("company_size"),
    revenueRange: text("revenue_range"),
    isHiring: boolean("is_hiring").notNull().default(false),
    isStudent: boolean("is_student").notNull().default(false),
    source: text("source").notNull().default("seed"),
    /** Set for a user's own contact (added by hand or imported): private to that user. */
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** An imported person's further addresses (the first valid one is `email`). */
    otherEmails: text("other_emails").array().notNull().default(sql`'{}'::text[]`),
    /** An export's labels (Google's Labels, Outlook's Categories, a vCard's CATEGORIES). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** LinkedIn's "Connected On", as the export writes it ("09 Nov 2023"). */
    connectedOn: text("connected_on"),
    /**
     * For an own contact without an address: the directory person with the same name and
     * company (or LinkedIn URL), whose address the user may reveal for a credit.
     */
    matchedContactId: uuid("matched_contact_id").references((): AnyPgColumn => contacts.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_email_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.ownerUserId} is null`),
    uniqueIndex("contacts_linkedin_key").on(t.linkedin).where(sql`${t.ownerUserId} is null`),
    uniqueIndex("contacts_owner_email_key")
      .on(t.ownerUserId, sql`lower(${t.email})`)
      .where(sql`${t.ownerUserId} is not null`),
    index("contacts_name_company_idx")
      .on(sql`lower(${t.fullName})`, sql`lower(coalesce(${t.company}, ''))`)
      .where(sql`${t.ownerUserId} is null`),
    index("contacts_full_name_trgm").using("gin", sql`${t.fullName} gin_trgm_ops`),
    index("contacts_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("contacts_company_trgm").using("gin", sql`${t.company} gin_trgm_ops`),
    index("contacts_location_trgm").using("gin", sql`${t.location} gin_trgm_ops`),
    index("contacts_education_trgm").using("gin", sql`${t.education} gin_trgm_ops`),
    /** "Warm first" finds the student's schools, and their interests as one text (issue 41, 0047). */
    index("contacts_university_trgm").using("gin", sql`${t.university} gin_trgm_ops`),
    index("contacts_interests_text_trgm").using(
      "gin",
      sql`contact_interests_text(${t.interests}) gin_trgm_ops`,
    ),
    /** Free-text search over name, title and company: one index, so a common word still avoids a scan. */
    index("contacts_search_trgm").using(
      "gin",
      sql`(${t.fullName} || ' ' || coalesce(${t.title}, '') || ' ' || coalesce(${t.company}, '')) gin_trgm_ops`,
    ),
    index("contacts_industry_idx").on(t.industry, t.id),
    index("contacts_role_category_idx").on(t.roleCategory, t.id),
    index("contacts_interests_idx").using("gin", t.interests),
    /**
     * The directory's people who may be emailed (conditions.ts `hasRealName` … `isShared`, with
     * an address), in its default order: its first page walks these ids past the people the
     * user already saved without reading their rows (issue 41). The predicate is the directory
     * query's own, word for word, so the planner proves the index answers it.
     */
    index("contacts_listed_email_id_idx")
      .on(t.id)
      .where(
        sql`${t.ownerUserId} is null and ${t.isStudent} = false and ${t.source} <> 'startup_founder' and ${t.fullName} !~* '^\s*(unknown\s*)*$' and ${t.email} is not null`,
      ),
  ],
);

/** The directory contact a row is about: the row goes when the contact is deleted. */
export const contactRef = () =>
  uuid("contact_id").references(() => contacts.id, { onDelete: "cascade" });

/**
 * The Global Contacts page's fixed filter lists (organization, position, education, interests),
 * as the migration that made this table copied them from the contract.
 */
export const directoryFilterValues = pgTable(
  "directory_filter_values",
  {
    id: smallint("id").primaryKey(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
  },
  (t) => [uniqueIndex("directory_filter_values_kind_value_key").on(t.kind, t.value)],
);

/**
 * Which listed filter values each person matches, kept by triggers on `contacts` (substring of
 * company, title or education, in any case; an element of interests) and by the bulk loader.
 * Read in `(value_id, contact_id)` order, a filtered directory page costs its own rows instead
 * of every match sorted by id. No foreign keys: checking them was most of a bulk load's extra
 * cost, and a trigger on `contacts` removes a deleted person's rows instead (ADR 035). No index
 * by person either: a person's rows are found through their `contact_filter_sets` values, pair
 * by pair on the primary key (migration 0048).
 */
export const contactFilterMatches = pgTable(
  "contact_filter_matches",
  {
    valueId: smallint("value_id").notNull(),
    contactId: uuid("contact_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.valueId, t.contactId] })],
);

/**
 * Each person's `contact_filter_matches` values as one sorted array, kept by triggers on that
 * table. A GIN index intersects the people of several listed values at a fraction of the cost
 * of reading their match rows, for a filter set few people match (issue 23).
 */
export const contactFilterSets = pgTable(
  "contact_filter_sets",
  {
    contactId: uuid("contact_id").primaryKey(),
    valueIds: smallint("value_ids").array().notNull(),
  },
  (t) => [index("contact_filter_sets_value_ids_idx").using("gin", t.valueIds)],
);

/** My Network: a user's saved contacts. */
export const userContacts = pgTable(
  "user_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    contactId: contactRef().notNull(),
    targetPositionId: uuid("target_position_id"),
    targetPositionName: text("target_position_name"),
    messageCount: integer("message_count").notNull().default(0),
    replied: boolean("replied").notNull().default(false),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_contacts_user_contact_key").on(t.userId, t.contactId),
    /** My Network pages, newest first: read in index order, so a page costs its own rows only. */
    index("user_contacts_user_saved_idx").on(t.userId, t.savedAt, t.id),
  ],
);

export const targetPositions = pgTable(
  "target_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userRef().notNull(),
    jobTitle: text("job_title").notNull(),
    location: text("location").notNull(),
    priority: integer("priority").notNull().default(1),
    searchFrequencyHours: integer("search_frequency_hours").notNull().default(12),
    isActive: boolean("is_active").notNull().default(true),
    contactsFoundCount: integer("contacts_found_count").notNull().default(0),
    lastSearchedAt: timestamp("last_searched_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("target_positions_user_idx").on(t.userId, t.createdAt),
    index("target_positions_due_idx").on(t.isActive, t.priority, t.lastSearchedAt),
  ],
);

/**
 * "Warm first" kept ready per student (issue 41, ADR 041): the student's compared signals the
 * order was built for (`signature`, the JSON of `warmOrderSignals`); a page uses the order only
 * while it equals the student's signals now. Written by `contacts/warm-order.ts` alone.
 */
export const directoryWarmOrders = pgTable("directory_warm_orders", {
  userId: userRef().primaryKey(),
  signature: text("signature").notNull(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * The last kept person's place in page order (rank, kinds shared, id): every warm person up
   * to it is kept, and no one after it. Null: every warm person is kept (migration 0050).
   */
  lastRank: smallint("last_rank"),
  lastKinds: smallint("last_kinds"),
  lastContactId: uuid("last_contact_id"),
});

/**
 * Each student's first warm people (rank < 5 by `warmthSql`, listed; up to the order's last
 * kept person), in "Warm first"'s order by the
 * second index: a warm page is a walk of it. Kept with the order's row (cascade), updated in
 * the transaction that adds directory people (`insertContacts`, `addPersonToNetwork`).
 */
export const directoryWarmPeople = pgTable(
  "directory_warm_people",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => directoryWarmOrders.userId, { onDelete: "cascade" }),
    contactId: uuid("contact_id").notNull(),
    rank: smallint("rank").notNull(),
    kinds: smallint("kinds").notNull(),
    /** Whether the person has an address (the default listing asks for one). */
    hasEmail: boolean("has_email").notNull(),
    /** The person's listed filter values (their `contact_filter_sets` array) when added. */
    valueIds: smallint("value_ids").array().notNull().default(sql`'{}'::smallint[]`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contactId] }),
    index("directory_warm_people_order_idx").on(t.userId, t.rank, t.kinds.desc(), t.contactId),
  ],
);
