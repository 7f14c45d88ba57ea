import { z } from "zod";
import { EmailAddress, SingleLine } from "./common";
import { CONTACT_STATUSES, EMAIL_FORMATS } from "./constants";

export const FUNDING_TYPES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C"] as const;

/** A founder as the public directory shows it: never the email address. */
export const StartupFounder = z.object({
  id: z.string(),
  person_name: z.string().nullable(),
  person_title: z.string().nullable(),
  person_linkedin: z.string().nullable(),
  person_profile_url: z.string().nullable(),
});
export type StartupFounder = z.infer<typeof StartupFounder>;

export const Startup = z.object({
  id: z.string(),
  org_name: z.string(),
  /** The startup's page on the startup-data site. */
  org_url: z.string().nullable(),
  location: z.string().nullable(),
  funding_type: z.string().nullable(),
  /** US dollars. */
  money_raised: z.number().nullable(),
  /** YYYY-MM-DD. */
  announced_date: z.string().nullable(),
  founders: z.array(StartupFounder),
});
export type Startup = z.infer<typeof Startup>;

export const StartupsResponse = z.array(Startup);

export const StartupAccessResponse = z.object({ has_access: z.boolean() });
export type StartupAccessResponse = z.infer<typeof StartupAccessResponse>;

/** Founders the caller has reached out to (the rest are Uncontacted), keyed by founder id. */
export const FounderStatusesResponse = z.object({
  statuses: z.array(z.object({ founder_id: z.string(), status: z.enum(CONTACT_STATUSES) })),
});
export type FounderStatusesResponse = z.infer<typeof FounderStatusesResponse>;

const Text = (max: number) => SingleLine(max).transform((value) => value.trim());
const OptionalText = (max: number) => Text(max).nullish();
/** Amounts arrive as the directory gave them (a number) or as display text ("$5M"). */
const Money = z.union([z.number().finite().nonnegative(), SingleLine(40)]).nullish();
const UserId = z.uuid({ message: "Invalid user_id" });

export const LookupFounderEmailRequest = z.object({
  linkedin_url: Text(500).pipe(z.string().min(1, "linkedin_url is required")),
  user_id: UserId,
});
export type LookupFounderEmailRequest = z.infer<typeof LookupFounderEmailRequest>;
export const LookupFounderEmailResponse = z.object({ email: z.string() });

/** The facts of the startup and founder the client shows; the server trusts its own copy. */
const FounderFacts = {
  org_name: Text(200).pipe(z.string().min(1, "org_name is required")),
  founder_name: OptionalText(200),
  founder_title: OptionalText(200),
  org_url: OptionalText(500),
  funding_type: OptionalText(60),
  money_raised: Money,
  announced_date: OptionalText(40),
  location: OptionalText(200),
  user_id: UserId,
  /** Sent by the spec's client (§7); the server always uses the caller's latest resume. */
  resume_url: OptionalText(2000),
};

export const GenerateStartupEmailRequest = z.object({
  ...FounderFacts,
  email_format: z.enum(EMAIL_FORMATS).default("original"),
  custom_intro: z
    .string()
    .max(2000, "custom_intro must be at most 2000 characters")
    .transform((value) => value.trim() || null)
    .nullish(),
});
export type GenerateStartupEmailRequest = z.infer<typeof GenerateStartupEmailRequest>;

export const GeneratedStartupEmail = z.object({
  subject: z.string(),
  body: z.string(),
  format_used: z.string(),
  writer: z.enum(["llm", "offline"]),
});
export type GeneratedStartupEmail = z.infer<typeof GeneratedStartupEmail>;

const Subject = SingleLine(300)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, "Subject is required"));
const Body = z
  .string()
  .max(20_000, "Body must be at most 20000 characters")
  .refine((value) => value.trim().length > 0, "Body is required");

export const SendStartupEmailRequest = z.object({
  ...FounderFacts,
  founder_email: EmailAddress,
  subject: Subject,
  body: Body,
  /** The format the composer generated it in (insights count it under it); absent: own text. */
  email_format: z.enum(EMAIL_FORMATS).nullish(),
});
export type SendStartupEmailRequest = z.infer<typeof SendStartupEmailRequest>;

export const ScheduleStartupEmailRequest = z.object({
  ...FounderFacts,
  recipient_email: EmailAddress,
  subject: Subject,
  body: Body,
  email_format: z.enum(EMAIL_FORMATS).nullish(),
  scheduled_at: z.iso.datetime({ offset: true, message: "scheduled_at must be an ISO timestamp" }),
  /** The sender's IANA time zone: "tomorrow 07:30" is computed there (default UTC). */
  time_zone: SingleLine(64).nullish(),
});
export type ScheduleStartupEmailRequest = z.infer<typeof ScheduleStartupEmailRequest>;

export const StartupEmailResponse = z.object({
  message: z.string(),
  email_id: z.string(),
  contact_id: z.string(),
  status: z.string(),
  scheduled_at: z.string().nullable(),
});
export type StartupEmailResponse = z.infer<typeof StartupEmailResponse>;

export const StartupImportResponse = z.object({
  startups_created: z.number().int(),
  startups_updated: z.number().int(),
  founders_added: z.number().int(),
  rows_skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), detail: z.string() })),
});
export type StartupImportResponse = z.infer<typeof StartupImportResponse>;

export const StartupAccessGrantRequest = z.object({
  email: EmailAddress,
  has_access: z.boolean(),
});
export const StartupAccessGrantResponse = z.object({
  email: z.string(),
  has_access: z.boolean(),
});

/** A round's size as people say it: $750K, $5M, $12.5M, $1.2B. */
export function formatMoneyRaised(usd: number | null | undefined): string | null {
  if (usd === null || usd === undefined || !Number.isFinite(usd) || usd < 0) return null;
  const scales: Array<[number, string]> = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of scales) {
    if (usd >= size) {
      const value = usd / size;
      const digits = value >= 100 ? 0 : 1;
      return `$${Number(value.toFixed(digits)).toString()}${suffix}`;
    }
  }
  return `$${Math.round(usd)}`;
}

/** Startup-data exports write "N/A" for a missing LinkedIn profile. */
export function usableLinkedin(value: string | null | undefined): string | null {
  const url = value?.trim();
  return url && url.toUpperCase() !== "N/A" ? url : null;
}

/** The spec's rule (§5) for a founder email: it must contain both "@" and ".". */
export function isValidFounderEmail(value: string | null | undefined): value is string {
  const email = value?.trim();
  return Boolean(email?.includes("@") && email.includes("."));
}
