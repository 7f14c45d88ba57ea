import { z } from "zod";
import { SingleLine } from "./common";
import { CONTACT_STATUSES } from "./constants";
import { MESSAGE_TYPES, WRITER_FALLBACK_REASONS, WRITER_FORMATS } from "./writer";

const MAX_SUBJECT = 300;
const MAX_BODY = 20_000;

const Subject = SingleLine(MAX_SUBJECT)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, "Subject is required"));
const Body = z
  .string()
  .max(MAX_BODY, `Must be at most ${MAX_BODY} characters`)
  .refine((value) => value.trim().length > 0, "Body is required");

/**
 * format_used of a generated email: the spec's four styles (§3) of the original and precision formats
 * (see the writer for the mapping), and each message type by its own name.
 */
export const EMAIL_STYLES = [
  "founder",
  "recruiter",
  "playful",
  "precision_finance",
  ...MESSAGE_TYPES,
] as const;
export type EmailStyle = (typeof EMAIL_STYLES)[number];

export const ContactIdParam = z.object({ contactId: z.uuid({ message: "Invalid contact id" }) });

/**
 * POST /api/emails/generate (and /generate/stream). Only contact_id, email_format and role
 * matter: the facts come from the database. role names the position a referral asks for.
 */
export const GenerateEmailRequest = z.object({
  contact_id: z.uuid({ message: "Invalid contact id" }),
  full_name: z.string().max(300).nullish(),
  title: z.string().max(300).nullish(),
  company: z.string().max(300).nullish(),
  location: z.string().max(300).nullish(),
  user_id: z.string().max(100).nullish(),
  email_format: z.enum(WRITER_FORMATS).default("original"),
  role: SingleLine(300).nullish(),
  /** A thank-you's "what happened and when", a career-fair note's fair, in the student's words. */
  occasion: SingleLine(200).nullish(),
  /** A career-fair note's conversation: what the student and the contact talked about. */
  topic: SingleLine(200).nullish(),
  /** Which variant to write; each click of the dialog asks for a new one (random when absent). */
  variant: z.number().int().min(0).max(1_000_000).optional(),
});
export type GenerateEmailRequest = z.infer<typeof GenerateEmailRequest>;

export const GeneratedEmail = z.object({
  subject: z.string(),
  body: z.string(),
  format_used: z.enum(EMAIL_STYLES),
  /** Which writer produced it: the configured LLM, or the offline writer (also its fallback). */
  writer: z.enum(["llm", "offline"]),
  /** Set when the LLM failed and the offline writer answered instead: why. */
  fallback_reason: z.enum(WRITER_FALLBACK_REASONS).nullable().optional(),
  /** The sender's name is unknown: the email is signed without one and the dialog asks for it. */
  sender_name_missing: z.boolean().optional(),
  /**
   * The facts the draft rests on, in one line: the name, who the student is and what they ask
   * for ("Riley Tanaka · Environmental Sciences student at Oregon State University (2029) ·
   * asking for a Summer 2027 internship"), so a misread resume is seen before sending.
   */
  written_as: z.string().max(400).optional(),
});
export type GeneratedEmail = z.infer<typeof GeneratedEmail>;

/**
 * What an inbound message is: a person's `reply`; an `opt_out` (a reply asking never to be
 * written to again); or not a reply at all: an automatic answer (`auto_reply`), a delivery
 * failure (`bounce`), a delay notice (`delay`) or a mail system's success report (`delivered`).
 */
export const THREAD_MESSAGE_KINDS = [
  "message",
  "reply",
  "opt_out",
  "auto_reply",
  "bounce",
  "delay",
  "delivered",
] as const;

export const ThreadMessage = z.object({
  id: z.string(),
  sender: z.enum(["user", "contact"]),
  body: z.string(),
  sent_at: z.string(),
  /** `message` for the user's own emails. */
  kind: z.enum(THREAD_MESSAGE_KINDS),
  /** Why an inbound message was classified as it was, for the student (null for plain mail). */
  note: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof ThreadMessage>;

/** GET /api/emails/thread/{contactId}: the conversation plus a suggested next draft. */
export const EmailThread = z.object({
  messages: z.array(ThreadMessage),
  subject: z.string(),
  body: z.string(),
  status: z.enum(CONTACT_STATUSES),
  message_count: z.number().int(),
  replied: z.boolean(),
  /** Whether anyone may still write to this address through Reachout. */
  email_status: z.enum(["ok", "bounced", "opted_out", "held"]),
});
export type EmailThread = z.infer<typeof EmailThread>;

/** The writer format the email was written in (insights group replies by it); absent: own text. */
const SentFormat = z.enum(WRITER_FORMATS).nullish();

export const SendEmailRequest = z.object({
  subject: Subject,
  body: Body,
  email_format: SentFormat,
});
export type SendEmailRequest = z.infer<typeof SendEmailRequest>;

/** Stored states of an outgoing email that the user can see. `unknown` is shown as sending. */
export const OUTGOING_STATUSES = ["scheduled", "sending", "sent", "failed", "cancelled"] as const;
export type OutgoingStatus = (typeof OUTGOING_STATUSES)[number];

/** POST /api/emails/send/{contactId} (spec §7 does not show the answer; this is it). */
export const SendEmailResponse = z.object({
  id: z.string(),
  status: z.enum(OUTGOING_STATUSES),
  message: z.string(),
  sent_at: z.string().nullable(),
  contact_status: z.enum(CONTACT_STATUSES),
  message_count: z.number().int(),
});
export type SendEmailResponse = z.infer<typeof SendEmailResponse>;

export const ScheduleEmailRequest = z.object({
  subject: Subject,
  body: Body,
  scheduled_at: z.iso.datetime({ offset: true, message: "scheduled_at must be an ISO timestamp" }),
  contact_id: z.uuid().nullish(),
  email_format: SentFormat,
});
export type ScheduleEmailRequest = z.infer<typeof ScheduleEmailRequest>;

export const ScheduledEmail = z.object({
  id: z.string(),
  status: z.enum(OUTGOING_STATUSES),
  scheduled_at: z.string(),
  sent_at: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  error: z.string().nullable(),
  contact_id: z.string(),
  contacts: z.object({ full_name: z.string(), company: z.string().nullable() }),
});
export type ScheduledEmail = z.infer<typeof ScheduledEmail>;

export const ScheduledEmailsResponse = z.object({ scheduled_emails: z.array(ScheduledEmail) });
export type ScheduledEmailsResponse = z.infer<typeof ScheduledEmailsResponse>;

/** PUT /api/emails/scheduled/{id}: cancel it, or change its time, subject or body. */
export const UpdateScheduledEmailRequest = z.union([
  z.object({ status: z.literal("cancelled") }).strict(),
  z
    .object({
      scheduled_at: ScheduleEmailRequest.shape.scheduled_at.optional(),
      subject: Subject.optional(),
      body: Body.optional(),
    })
    .strict()
    .refine(
      (value) => Object.values(value).some((v) => v !== undefined),
      "Nothing to update: send status, scheduled_at, subject or body",
    ),
]);
export type UpdateScheduledEmailRequest = z.infer<typeof UpdateScheduledEmailRequest>;

/** Placeholders the bulk template may use. */
export const TEMPLATE_VARIABLES = [
  "first_name",
  "last_name",
  "full_name",
  "company",
  "title",
  "location",
] as const;

export const BulkEmailRequest = z.object({
  contact_ids: z
    .array(z.uuid({ message: "Invalid contact id" }))
    .min(1, "No contacts selected")
    .max(500, "At most 500 contacts per bulk email"),
  email_template: Body,
  subject: Subject,
});
export type BulkEmailRequest = z.infer<typeof BulkEmailRequest>;

export const BulkEmailResponse = z.object({
  success: z.boolean(),
  emails_sent: z.number().int(),
  message: z.string(),
});
export type BulkEmailResponse = z.infer<typeof BulkEmailResponse>;

/**
 * POST /api/emails/bulk: the bulk dialog's emails, each its own text (written per contact),
 * queued on the mailbox's line like every automated send: one at a time, GMAIL_MIN_SPACING_SECONDS
 * apart, within the day's (warm-up) cap. Due now, or at scheduled_at.
 */
export const BulkSendRequest = z
  .object({
    emails: z
      .array(
        z.object({
          contact_id: z.uuid({ message: "Invalid contact id" }),
          subject: Subject,
          body: Body,
          email_format: SentFormat,
        }),
      )
      .min(1, "No contacts selected")
      .max(500, "At most 500 contacts per bulk email"),
    scheduled_at: ScheduleEmailRequest.shape.scheduled_at.nullish(),
  })
  .refine(
    (value) => new Set(value.emails.map((e) => e.contact_id)).size === value.emails.length,
    "Each contact can appear only once in a bulk email",
  );
export type BulkSendRequest = z.infer<typeof BulkSendRequest>;

export const BulkSendResponse = z.object({
  queued: z.array(
    z.object({
      contact_id: z.string(),
      email_id: z.string(),
      /**
       * When it is planned to leave the mailbox (its turn on the line); null: after the day's
       * cap frees a send (it waits for the next rolling day).
       */
      leaves_at: z.string().nullable(),
    }),
  ),
  refused: z.array(z.object({ contact_id: z.string(), detail: z.string() })),
  /** The sending mailbox's address and its spacing, for the dialog to say. */
  from_email: z.string(),
  spacing_seconds: z.number(),
  message: z.string(),
});
export type BulkSendResponse = z.infer<typeof BulkSendResponse>;

export const SalesCampaignResponse = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
});
export type SalesCampaignResponse = z.infer<typeof SalesCampaignResponse>;

/** A key the email dialog makes once per draft: a repeated "I sent it" records one message. */
const CopyKey = z.uuid({ message: "key must be a UUID" });

/** POST /api/emails/copy/{contactId}/sent: copy mode's "I sent it". */
export const CopiedSendRequest = z.object({
  subject: Subject,
  body: Body,
  email_format: SentFormat,
  key: CopyKey,
});
export type CopiedSendRequest = z.infer<typeof CopiedSendRequest>;

/** POST /api/emails/copy/{contactId}/replied: copy mode's "They replied", text optional. */
export const CopiedReplyRequest = z.object({
  text: z
    .string()
    .max(20_000, "The reply is too long to record (20,000 characters at most).")
    .nullish(),
  key: CopyKey,
});
export type CopiedReplyRequest = z.infer<typeof CopiedReplyRequest>;

export const CopiedReplyResponse = z.object({
  /** What the pasted text was read as: an answer, an opt-out request or an automatic reply. */
  kind: z.enum(["reply", "opt_out", "auto_reply"]),
  note: z.string().nullable(),
  contact_status: z.enum(CONTACT_STATUSES),
});
export type CopiedReplyResponse = z.infer<typeof CopiedReplyResponse>;
