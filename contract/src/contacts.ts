import { z } from "zod";
import {
  COMPANY_SIZES,
  CONTACT_STATUSES,
  INDUSTRIES,
  LIMITS,
  REVENUE_RANGES,
  SCHEDULED_STATUSES,
  SEARCH_STRATEGIES,
} from "./constants";
import { HIRING_TITLES, ROLE_CATEGORIES, type RoleCategory } from "./roles";
import { WarmSignal } from "./writer";

// ---------------------------------------------------------------------------------------------
// Fixed filter lists of the Global Contacts page. The demo data draws from the same lists, so
// every option finds people; real imported data is matched by substring (organization,
// position, education) or exact value (industry, interests).
// ---------------------------------------------------------------------------------------------

/** Organizations of the directory, by the target-role category they hire for (fictional). */
export const DIRECTORY_ORGANIZATIONS: Record<RoleCategory, string[]> = {
  "Investment Banking & Finance": [
    "Northbridge Capital",
    "Harborview Partners",
    "Summit Ridge Advisors",
    "Bluewater Asset Management",
    "Ironclad Securities",
    "Meridian Equity Group",
    "Crescent Lake Ventures",
    "Granite Peak Bank",
  ],
  Consulting: [
    "Lattice Strategy Group",
    "Brightline Consulting",
    "Keystone Advisory",
    "Parallax Partners",
    "Clearview Management Consulting",
    "Waypoint Consulting",
    "Sterling & Vance",
    "Atlas Operations Group",
  ],
  "Technology - Data Science & AI": [
    "Vectorial AI",
    "Quanta Analytics",
    "Neuronet Labs",
    "Signal & Noise",
    "DeepHarbor AI",
    "Cortex Data",
    "Prism Insights",
    "Latent Labs",
  ],
  "Technology - Software Engineering": [
    "Cloudforge",
    "Bytewell",
    "Stackline Systems",
    "Orbital Software",
    "Pinecrest Technologies",
    "Codeyard",
    "Nimbus Works",
    "Kestrel Software",
  ],
  "Technology - Product & Design": [
    "Pixelgrove",
    "Brightpath Studio",
    "Canvas & Co",
    "Loop Product Labs",
    "Northstar Apps",
    "Formwise",
    "Hatch Design",
    "Tidal Interactive",
  ],
};

export const UNIVERSITIES = [
  "Cornell University",
  "Columbia University",
  "New York University",
  "University of Pennsylvania",
  "Harvard University",
  "Stanford University",
  "Massachusetts Institute of Technology",
  "Yale University",
  "Princeton University",
  "University of Michigan",
  "University of California, Berkeley",
  "Duke University",
  "Northwestern University",
  "University of Chicago",
  "Georgetown University",
  "University of Texas at Austin",
  "Carnegie Mellon University",
  "London School of Economics",
  "HEC Paris",
  "ETH Zurich",
  // Large public universities of every region (issue 38), so most students find their alumni.
  "Pennsylvania State University",
  "Rutgers University",
  "University of Massachusetts Amherst",
  "University of Florida",
  "Georgia Institute of Technology",
  "University of North Carolina at Chapel Hill",
  "University of Virginia",
  "Purdue University",
  "Ohio State University",
  "University of Illinois Urbana-Champaign",
  "University of Wisconsin-Madison",
  "Indiana University",
  "University of Minnesota",
  "University of Colorado Boulder",
  "Arizona State University",
  "Texas A&M University",
  "University of Utah",
  "University of California, Los Angeles",
  "University of Washington",
  "University of Oregon",
] as const;

export const INTERESTS = [
  "mentoring",
  "startups",
  "diversity in tech",
  "fintech",
  "sustainability",
  "machine learning",
  "product design",
  "public speaking",
  "venture investing",
  "financial modeling",
  "open source",
  "data visualization",
  "healthcare innovation",
  "education",
  "basketball",
  "running",
  "chess",
  "photography",
  "travel",
  "music",
] as const;

/** Titles offered by the position filter: who hires, plus the senior titles students ask for. */
export const DIRECTORY_POSITIONS: string[] = [
  ...new Set([
    ...ROLE_CATEGORIES.flatMap((category) => HIRING_TITLES[category]),
    "Analyst",
    "Founder",
  ]),
].sort();

export const DIRECTORY_FILTERS = {
  organizations: ROLE_CATEGORIES.flatMap((category) => DIRECTORY_ORGANIZATIONS[category]).sort(),
  positions: DIRECTORY_POSITIONS,
  education: [...UNIVERSITIES].sort(),
  industries: [...INDUSTRIES],
  interests: [...INTERESTS].sort(),
};

// ---------------------------------------------------------------------------------------------
// Query-string helpers: a query value arrives as a string, or an array when the key repeats.
// ---------------------------------------------------------------------------------------------

const QueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

const QueryList = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === ""
        ? undefined
        : (Array.isArray(value) ? value : [value])
            .map((item) => (typeof item === "string" ? item.trim() : item))
            .filter((item) => item !== ""),
    z
      .array(z.string().max(200, "Must be at most 200 characters"))
      .max(max, `At most ${max} values`)
      .optional(),
  );

const QueryBool = z.preprocess((value) => {
  if (value === "true" || value === "1" || value === true) return true;
  if (value === "false" || value === "0" || value === "" || value === false) return false;
  return value;
}, z.boolean().optional());

const QueryInt = (min: number, max: number, fallback: number, name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);

/** An industry of the directory, matched case-insensitively and answered in its listed spelling. */
const IndustryName = z.string().transform((value, ctx) => {
  const found = INDUSTRIES.find((industry) => industry.toLowerCase() === value.toLowerCase());
  if (!found) {
    ctx.addIssue({ code: "custom", message: `Unknown industry: ${value}` });
    return z.NEVER;
  }
  return found;
});

// ---------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------

/** What both contact records say about a person of the directory. */
const PERSON_FIELDS = {
  full_name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  industry: z.string().nullable(),
  education: z.string().nullable(),
  university: z.string().nullable(),
  interests: z.array(z.string()),
  profile_picture_url: z.string().nullable(),
  company_size: z.string().nullable(),
  revenue_range: z.string().nullable(),
  is_hiring: z.boolean(),
};

/**
 * A person of the directory as the Global Contacts page lists them. The email address and
 * LinkedIn URL are what saving (1 credit) buys, so the listing only says whether they exist.
 */
/**
 * Whether Reachout may write to a person's address: `bounced` (a permanent delivery failure) and
 * `opted_out` (they asked not to be contacted) hold for every user; `held` (a full mailbox or an
 * unreachable server) holds for this student's sequences until `email_held_until`.
 */
export const EMAIL_STATUSES = ["ok", "bounced", "opted_out", "held"] as const;
export type ContactEmailStatus = (typeof EMAIL_STATUSES)[number];

/** What every contact record says about reaching the person (see RECIPIENT_WEEKLY_CAP). */
const DELIVERABILITY_FIELDS = {
  email_status: z.enum(EMAIL_STATUSES),
  /** When a `held` address clears (on the student's own contact records). */
  email_held_until: z.string().nullable().optional(),
  /** First emails this address received from Reachout users in the last 7 days. */
  recent_outreach_count: z.number().int(),
};

export const DirectoryContact = z.object({
  id: z.string(),
  ...PERSON_FIELDS,
  /** What the signed-in student shares with this person, strongest first ("Cornell alum"). */
  warm_signals: z.array(WarmSignal).default([]),
  has_email: z.boolean(),
  has_linkedin: z.boolean(),
  created_at: z.string(),
  ...DELIVERABILITY_FIELDS,
});
export type DirectoryContact = z.infer<typeof DirectoryContact>;

/**
 * A contact of My Network. `id` and `contact_id` are the global contact id (what the email
 * routes take); `user_contact_id` is the saved-row id. Status is derived from the messages:
 * Uncontacted (none), Contacted (messages, no reply), Responded (a reply).
 */
export const NetworkContact = z.object({
  id: z.string(),
  user_contact_id: z.string(),
  contact_id: z.string(),
  ...PERSON_FIELDS,
  /** What the student shares with this contact, strongest first ("Cornell alum"). */
  warm_signals: z.array(WarmSignal).default([]),
  email: z.string().nullable(),
  /**
   * No address yet, but the directory holds this person (same name and company, or LinkedIn
   * URL): revealing it costs a credit, like a directory save.
   */
  email_available: z.boolean().default(false),
  /** An imported person's further addresses, kept beside the one used. */
  other_emails: z.array(z.string()).default([]),
  /** Labels from the export (Google's Labels, Outlook's Categories). */
  tags: z.array(z.string()).default([]),
  /** LinkedIn's "Connected On" as the export wrote it. */
  connected_on: z.string().nullable().default(null),
  linkedin: z.string().nullable(),
  person_profile_url: z.string().nullable(),
  message_count: z.number().int(),
  replied: z.boolean(),
  status: z.enum(CONTACT_STATUSES),
  saved_at: z.string(),
  created_at: z.string(),
  target_position_id: z.string().nullable(),
  target_position_name: z.string().nullable(),
  /** The earliest email still waiting to be sent to this contact, if any. */
  next_scheduled_at: z.string().nullable(),
  /** Which of scheduled/sent/cancelled/failed this contact's outgoing emails have been. */
  email_statuses: z.array(z.enum(SCHEDULED_STATUSES)),
  ...DELIVERABILITY_FIELDS,
});
export type NetworkContact = z.infer<typeof NetworkContact>;

/**
 * A contact as My Network's list carries it (`/api/my-network/mine`, its load-more and `/all`,
 * `/api/contacts/mine`): what the card, the search box, the filters, select-all, the CSV export
 * and the bulk email use, and nothing else. A batch of 1,000 of these is about a third of the
 * JSON of full records. The email dialog asks `/api/my-network/contacts/{id}` for the rest
 * (the first name its greeting uses) when it opens. `id` is the directory contact id.
 */
export const NetworkListContact = NetworkContact.pick({
  id: true,
  full_name: true,
  title: true,
  company: true,
  location: true,
  is_hiring: true,
  warm_signals: true,
  email: true,
  email_available: true,
  linkedin: true,
  status: true,
  saved_at: true,
  target_position_name: true,
  next_scheduled_at: true,
  email_statuses: true,
  email_status: true,
  email_held_until: true,
  recent_outreach_count: true,
});
export type NetworkListContact = z.infer<typeof NetworkListContact>;

// ---------------------------------------------------------------------------------------------
// The directory (the spec's Global Contacts page, `/api/global-contacts`)
// ---------------------------------------------------------------------------------------------

export const DirectoryQuery = z.object({
  limit: QueryInt(1, LIMITS.fetchBatchSize, LIMITS.fetchBatchSize, "limit"),
  offset: QueryInt(0, 10_000_000, 0, "offset"),
  /** Also list people without an email address (by default only those you can email). */
  show_all: QueryBool,
  organization: QueryText(200),
  position: QueryText(200),
  education: QueryText(200),
  industry: IndustryName.optional(),
  interests: QueryText(100),
  /** A place: people whose location names it ("Denver", "CO", "Remote"). */
  location: QueryText(200),
  /**
   * A target role (an application's "Find people here"): people in the role's field, who hire
   * for it, or whose title names the role's team.
   */
  role: QueryText(200),
  /** Only people the student shares something with (a warm signal). */
  warm_only: QueryBool,
  /** "warm": the strongest shared signal first, then the most signals, across every page. */
  sort: z.enum(["default", "warm"], { message: "sort must be default or warm" }).optional(),
  /** Free text over name, title and company. */
  q: QueryText(200),
});
export type DirectoryQuery = z.input<typeof DirectoryQuery>;

export const DirectoryResponse = z.object({
  contacts: z.array(DirectoryContact),
  /** True when a further page exists at offset + limit. */
  has_more: z.boolean(),
});
export type DirectoryResponse = z.infer<typeof DirectoryResponse>;

/** Counting stops here: past it the page says "10,000+" (an exact count would cost a scan). */
export const DIRECTORY_COUNT_CAP = 10_000;

/**
 * `GET /api/global-contacts/count` (the list's filters): how many people the list holds for
 * this user, exact up to the cap; `capped` means "at least `count`".
 */
export const DirectoryCount = z.object({
  count: z.number().int(),
  capped: z.boolean(),
});
export type DirectoryCount = z.infer<typeof DirectoryCount>;

const NamedCount = z.object({ name: z.string(), count: z.number().int() });

/**
 * `GET /api/global-contacts/stats`: the size and make-up of the database (recomputed at most
 * every few minutes) plus the caller's own figures.
 */
export const DirectoryStats = z.object({
  total: z.number().int(),
  with_email: z.number().int(),
  hiring: z.number().int(),
  industries: z.array(NamedCount),
  role_categories: z.array(NamedCount),
  top_locations: z.array(NamedCount),
  computed_at: z.string(),
  saved_by_you: z.number().int(),
  credits: z.number().int(),
});
export type DirectoryStats = z.infer<typeof DirectoryStats>;

export const SaveDirectoryContactRequest = z.object({
  contact_id: z.uuid({ message: "Invalid contact id" }),
  job_title: z.string().trim().max(200).nullish(),
  location: z.string().trim().max(200).nullish(),
});
export type SaveDirectoryContactRequest = z.infer<typeof SaveDirectoryContactRequest>;

export const CreditsRemainingResponse = z.object({ credits_remaining: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Contact search (/api/my-network/search)
// ---------------------------------------------------------------------------------------------

/**
 * The spec's search parameters (§7) as service code passes them (the agent's target-position searches
 * too). Singular and plural forms may both be given; they are merged.
 */
export const ContactSearchParams = z.object({
  job_title: z.string().optional(),
  job_titles: z.array(z.string()).optional(),
  location: z.string().optional(),
  locations: z.array(z.string()).optional(),
  company: z.string().optional(),
  company_size: z.enum(COMPANY_SIZES).optional(),
  exclude: z.string().optional(),
  must_be_hiring: z.boolean().optional(),
  strategy: z.enum(SEARCH_STRATEGIES).optional(),
  industries: z.array(z.string()).optional(),
  revenue_range: z.enum(REVENUE_RANGES).optional(),
});
export type ContactSearchParams = z.infer<typeof ContactSearchParams>;

/** The HTTP form: query strings, repeated keys for the lists. */
export const ContactSearchQuery = z.object({
  job_title: QueryText(200),
  job_titles: QueryList(20),
  location: QueryText(200),
  locations: QueryList(20),
  num_results: QueryInt(
    LIMITS.agentSearchResultsMin,
    LIMITS.agentSearchResultsMax,
    LIMITS.agentSearchResultsDefault,
    "num_results",
  ),
  company: QueryText(200),
  company_size: z.enum(COMPANY_SIZES, { message: "Unknown company size" }).optional(),
  exclude: QueryText(200),
  must_be_hiring: QueryBool,
  strategy: z.enum(SEARCH_STRATEGIES, { message: "Unknown search strategy" }).optional(),
  industries: z.preprocess(
    (value) =>
      value === undefined || value === "" ? undefined : Array.isArray(value) ? value : [value],
    z.array(IndustryName).max(INDUSTRIES.length).optional(),
  ),
  revenue_range: z.enum(REVENUE_RANGES, { message: "Unknown revenue range" }).optional(),
});
export type ContactSearchQuery = z.input<typeof ContactSearchQuery>;

export const ContactSearchResponse = z.object({
  data: z.array(NetworkContact),
  saved: z.number().int(),
  credits_remaining: z.number().int(),
  strategy: z.enum(SEARCH_STRATEGIES),
  /** Where the people came from: the Reachout database or Apollo People Search. */
  source: z.enum(["database", "apollo"]),
  /** Set when the search ran differently than asked (e.g. Apollo not configured). */
  notice: z.string().nullable(),
});
export type ContactSearchResponse = z.infer<typeof ContactSearchResponse>;

// ---------------------------------------------------------------------------------------------
// My Network
// ---------------------------------------------------------------------------------------------

/** A keyset position in My Network's newest-first order: the last record's saved time and id. */
export const NETWORK_CURSOR =
  /^\d{1,19}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const NetworkPageQuery = z.object({
  initial_load: QueryBool,
  limit: QueryInt(1, LIMITS.fetchBatchSize, LIMITS.fetchBatchSize, "limit"),
  offset: QueryInt(0, 10_000_000, 0, "offset"),
  /**
   * Keyset paging: the batch after this cursor (a previous answer's `next_cursor`), instead of
   * `offset`. Contacts saved or removed meanwhile neither repeat nor skip a record.
   */
  after: z
    .string()
    .regex(NETWORK_CURSOR, { message: "after must be a next_cursor of this list" })
    .optional(),
});
export type NetworkPageQuery = z.input<typeof NetworkPageQuery>;

export const NetworkPageResponse = z.object({
  data: z.array(NetworkListContact),
  total: z.number().int(),
  has_more: z.boolean(),
  /** Pass as `after` for the next batch; null when this batch is the last. */
  next_cursor: z.string().nullable(),
});
export type NetworkPageResponse = z.infer<typeof NetworkPageResponse>;

export const NetworkIdParam = z.object({ id: z.uuid({ message: "Invalid contact id" }) });

export const RemoveContactResponse = z.object({ message: z.string(), contact_id: z.string() });

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export const ContactImportResponse = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
});
export type ContactImportResponse = z.infer<typeof ContactImportResponse>;

export const StudentImportResponse = z.object({ count: z.number().int() });
