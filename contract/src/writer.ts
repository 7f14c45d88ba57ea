import { z } from "zod";
import { EMAIL_FORMATS } from "./constants";

/** The message types students need besides the spec's two formats (§9) (issue 18). */
export const MESSAGE_TYPES = [
  "referral",
  "informational",
  "coffee_chat",
  "thank_you",
  "career_fair",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Every email_format the single-contact writer accepts: the spec's two (§9), then the message types. */
export const WRITER_FORMATS = [...EMAIL_FORMATS, ...MESSAGE_TYPES] as const;
export type WriterFormat = (typeof WRITER_FORMATS)[number];

/** How the email dialog names each format (the menu beside the two spec buttons). */
export const WRITER_FORMAT_LABELS: Record<WriterFormat, string> = {
  original: "Personalize",
  precision: "Precision",
  referral: "Referral request",
  informational: "Informational interview",
  coffee_chat: "Coffee chat",
  thank_you: "Thank-you note",
  career_fair: "Career fair follow-up",
};

/** Why the LLM's email was replaced by the offline writer's. */
export const WRITER_FALLBACK_REASONS = [
  "timeout",
  "unavailable",
  "rejected",
  "rate_limited",
  "invalid_answer",
] as const;
export type WriterFallbackReason = (typeof WRITER_FALLBACK_REASONS)[number];

export const WRITER_FALLBACK_NOTICES: Record<WriterFallbackReason, string> = {
  timeout: "The AI writer took too long, so Reachout's own writer drafted this email.",
  unavailable:
    "The AI writer is unavailable right now, so Reachout's own writer drafted this email.",
  rejected: "The AI writer is not set up correctly, so Reachout's own writer drafted this email.",
  rate_limited: "The AI writer is busy right now, so Reachout's own writer drafted this email.",
  invalid_answer:
    "The AI writer's draft did not pass Reachout's checks, so Reachout's own writer drafted this email.",
};

export const WARM_SIGNAL_KINDS = ["school", "employer", "location", "interest", "major"] as const;
export type WarmSignalKind = (typeof WARM_SIGNAL_KINDS)[number];

/** Something the student shares with a contact, strongest first in a list ("Cornell alum"). */
export const WarmSignal = z.object({
  kind: z.enum(WARM_SIGNAL_KINDS),
  label: z.string(),
});
export type WarmSignal = z.infer<typeof WarmSignal>;

const Text = z.string().trim().max(300);
const OptionalText = Text.nullable();
const Bullets = z.array(z.string().trim().max(400)).max(12);

/** Where a fact was read: the resume's page and line (1-based), for the Account page. */
export const ResumeSource = z.object({
  page: z.number().int().min(1).max(100),
  line: z.number().int().min(1).max(10_000),
});
export type ResumeSource = z.infer<typeof ResumeSource>;

export const ResumeEducation = z.object({
  school: Text,
  degree: OptionalText,
  major: OptionalText,
  class_year: z.number().int().min(1950).max(2100).nullable(),
  gpa: OptionalText,
  /** The entry's own dates as written ("Sept 2018 – May 2023"); absent in facts read before. */
  dates: OptionalText.optional(),
  location: OptionalText.optional(),
  source: ResumeSource.optional(),
});
export type ResumeEducation = z.infer<typeof ResumeEducation>;

/** An experience: its employer is always read from the entry's header, never from a bullet. */
export const ResumeExperience = z.object({
  employer: Text,
  role: OptionalText,
  dates: OptionalText,
  location: OptionalText,
  bullets: Bullets,
  /**
   * A clinical rotation, practicum or placement: a course done at a site ("Adult Health II –
   * Cardiac Step-Down Unit" at a hospital), not a job held there; absent when unknown.
   */
  placement: z.boolean().optional(),
  source: ResumeSource.optional(),
});
export type ResumeExperience = z.infer<typeof ResumeExperience>;

export const ResumeProject = z.object({
  name: Text,
  bullets: Bullets,
  source: ResumeSource.optional(),
});
export type ResumeProject = z.infer<typeof ResumeProject>;

export const ResumeLeadership = z.object({
  organization: Text,
  role: OptionalText,
  bullets: Bullets,
  source: ResumeSource.optional(),
});
export type ResumeLeadership = z.infer<typeof ResumeLeadership>;

/** What Reachout read from a resume (or the student's corrections of it). */
export const ResumeFacts = z.object({
  name: OptionalText,
  contact_line: OptionalText,
  location: OptionalText,
  education: z.array(ResumeEducation).max(6),
  experiences: z.array(ResumeExperience).max(12),
  projects: z.array(ResumeProject).max(12),
  leadership: z.array(ResumeLeadership).max(12),
  skills: z.array(z.string().trim().min(1).max(60)).max(40),
  interests: z.array(z.string().trim().min(1).max(60)).max(20),
  /**
   * Papers, posters and talks as listed ("Pereira, J. and Li, H. (2026). Title. Venue."), one
   * entry each; absent in facts read before they were kept.
   */
  publications: z.array(z.string().trim().min(1).max(400)).max(12).optional(),
});
export type ResumeFacts = z.infer<typeof ResumeFacts>;

/** GET/PUT /api/resumes/facts: the facts the writer uses; corrected says the student edited them. */
export const ResumeFactsResponse = z.object({
  facts: ResumeFacts.nullable(),
  corrected: z.boolean(),
  parsed_at: z.string().nullable(),
});
export type ResumeFactsResponse = z.infer<typeof ResumeFactsResponse>;

/** A dated recent item about a company (the Personalize email cites one). */
export const CompanyNewsItem = z.object({
  title: z.string(),
  date: z.string(),
  source: z.string(),
  url: z.string().nullable(),
});
export type CompanyNewsItem = z.infer<typeof CompanyNewsItem>;

export const GenerateEmailStreamDelta = z.object({
  field: z.enum(["subject", "body"]),
  text: z.string(),
});
export type GenerateEmailStreamDelta = z.infer<typeof GenerateEmailStreamDelta>;

/**
 * What the dialog asks for before writing the formats that follow something up (issue 36):
 * the writer never invents a role, a call or a fair. The server answers 422 with these.
 */
export const WRITER_CONTEXT_ASKS = {
  referral: "Which role should they refer you for? Paste the posting title or its link.",
  thank_you:
    'What are you thanking them for, and when? For example "our call on Tuesday about the risk team".',
  career_fair: "Which fair did you meet at, and what did you talk about?",
} as const;
