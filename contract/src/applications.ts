import { z } from "zod";
import { SingleLine } from "./common";
import { CONTACT_STATUSES } from "./constants";

/** The board's columns, in order. */
export const APPLICATION_STAGES = [
  "saved",
  "applied",
  "interviewing",
  "offer",
  "rejected",
  "withdrawn",
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const APPLICATION_STAGE_LABELS: Record<ApplicationStage, string> = {
  saved: "Saved",
  applied: "Applied",
  interviewing: "Interviewing",
  offer: "Offer",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export const Stage = z.enum(APPLICATION_STAGES, {
  error: () => `Unknown stage: use one of ${APPLICATION_STAGES.join(", ")}`,
});

const Required = (max: number, what: string) =>
  SingleLine(max)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, `${what} is required`));
const Optional = (max: number) =>
  SingleLine(max)
    .transform((value) => value.trim() || null)
    .nullish();
const Day = z.iso.date({ message: "Use a date like 2026-03-01" }).nullish();
const PostingUrl = z
  .string()
  .trim()
  .max(2000, "The posting URL is too long")
  .transform((value) => value || null)
  .pipe(
    z
      .url({ protocol: /^https?$/, message: "The posting URL must start with http:// or https://" })
      .nullable(),
  )
  .nullish();

const fields = {
  company: Required(200, "Company"),
  role: Required(200, "Role"),
  stage: Stage,
  posting_url: PostingUrl,
  location: Optional(200),
  notes: z.string().max(5000, "Notes must be at most 5000 characters").nullish(),
  applied_on: Day,
  deadline_on: Day,
};

/** POST /api/applications */
export const CreateApplicationRequest = z.object({ ...fields, stage: Stage.default("saved") });
export type CreateApplicationRequest = z.infer<typeof CreateApplicationRequest>;

/** PATCH /api/applications/{id}: any of the fields; a new stage is recorded in the history. */
export const UpdateApplicationRequest = z
  .object({
    company: fields.company.optional(),
    role: fields.role.optional(),
    stage: Stage.optional(),
    posting_url: fields.posting_url,
    location: fields.location,
    notes: fields.notes,
    applied_on: fields.applied_on,
    deadline_on: fields.deadline_on,
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), "Nothing to update");
export type UpdateApplicationRequest = z.infer<typeof UpdateApplicationRequest>;

/** PUT /api/applications/{id}/contacts: the whole set of linked contacts (from My Network). */
export const SetApplicationContactsRequest = z
  .object({
    contact_ids: z
      .array(z.uuid({ message: "Invalid contact id" }))
      .max(100, "At most 100 contacts per application"),
  })
  .strict();
export type SetApplicationContactsRequest = z.infer<typeof SetApplicationContactsRequest>;

/** PUT /api/applications/{id}/emails: links one sent email (and its contact) to the application. */
export const LinkApplicationEmailRequest = z
  .object({ email_id: z.uuid({ message: "Invalid email id" }) })
  .strict();

export const LastMessage = z.object({
  direction: z.enum(["outbound", "inbound"]),
  subject: z.string(),
  sent_at: z.string(),
});
export type LastMessage = z.infer<typeof LastMessage>;

export const ApplicationContact = z.object({
  contact_id: z.string(),
  full_name: z.string(),
  title: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  last_message: LastMessage.nullable(),
});
export type ApplicationContact = z.infer<typeof ApplicationContact>;

export const StageChange = z.object({
  from_stage: Stage.nullable(),
  stage: Stage,
  changed_at: z.string(),
});

export const Application = z.object({
  id: z.string(),
  company: z.string(),
  role: z.string(),
  stage: Stage,
  posting_url: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  applied_on: z.string().nullable(),
  deadline_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  contacts: z.array(ApplicationContact),
  /** Emails sent to the linked contacts (or linked to the application), and those answered. */
  outreach: z.object({ sent: z.number().int(), replied: z.number().int() }),
  last_message: LastMessage.nullable(),
  history: z.array(StageChange),
});
export type Application = z.infer<typeof Application>;

export const ApplicationList = z.array(Application);

/** GET /api/applications/{id}/suggestions: My Network people at the same company, not linked yet. */
export const ApplicationSuggestions = z.array(
  z.object({
    contact_id: z.string(),
    full_name: z.string(),
    title: z.string().nullable(),
    status: z.enum(CONTACT_STATUSES),
  }),
);
export type ApplicationSuggestions = z.infer<typeof ApplicationSuggestions>;
