import { z } from "zod";
import { EmailAddress } from "./common";

/** POST /api/opt-out: anyone asks never to be contacted through Reachout (a link confirms it). */
export const OptOutRequest = z.object({ email: EmailAddress });
export type OptOutRequest = z.infer<typeof OptOutRequest>;

/** POST /api/opt-out/confirm: the token from the confirmation email's link. */
export const OptOutConfirmRequest = z.object({
  token: z.string().trim().min(20, "This link is incomplete").max(200, "This link is invalid"),
});
export type OptOutConfirmRequest = z.infer<typeof OptOutConfirmRequest>;

export const OptOutResponse = z.object({ message: z.string() });
export type OptOutResponse = z.infer<typeof OptOutResponse>;

export const OPT_OUT_MESSAGES = {
  requested:
    "If this address can receive email, a confirmation link is on its way. Open it to finish opting out.",
  confirmed: "Done. Nobody will be able to email this address through Reachout from now on.",
  invalidLink:
    "This opt-out link is invalid or has expired. Ask for a new one on the opt-out page.",
} as const;

/**
 * What a student sees when an address is suppressed for everyone; it never says who else wrote
 * to it.
 */
export function suppressedAddressDetail(email: string, reason: "bounced" | "opted_out"): string {
  return reason === "bounced"
    ? `Reachout won't send to ${email}: mail to this address bounced permanently (the receiving server says it does not exist). Check the address or choose another contact.`
    : `Reachout won't send to ${email}: this person asked not to be contacted through Reachout.`;
}

/** Why a sequence does not take a contact whose address is held for this student until `until`. */
export function heldAddressDetail(email: string, until: string): string {
  const day = new Date(until).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
  return `Reachout holds ${email} for your sequences until ${day}: its mailbox could not take mail (full, or its server unreachable). Try again after then.`;
}

/** GET /api/deliverability/status: the Account page's sending health. */
export const SendingStatus = z.object({
  /** Emails sent from the mailbox in the last 24 hours. */
  sent_today: z.number().int(),
  /** Today's cap: GMAIL_DAILY_CAP, or lower while the mailbox warms up. */
  daily_cap: z.number().int(),
  full_daily_cap: z.number().int(),
  /** Day of the warm-up (1 = connected today); null without a connected mailbox. */
  warmup_day: z.number().int().nullable(),
  is_warming_up: z.boolean(),
  sends_30d: z.number().int(),
  bounces_30d: z.number().int(),
  /** Bounces / sends over the last 30 days, 0 to 1. */
  bounce_rate_30d: z.number(),
  automated_paused: z.boolean(),
  /** Why automated sending is paused, for the student; null when it is not. */
  paused_notice: z.string().nullable(),
  /**
   * Mail systems' refusals of the student's own email (SPF/DKIM/DMARC, a blocked IP, a content
   * policy) in the last 30 days, newest first (at most 5): who refused it and what to do.
   */
  sender_rejections: z.array(
    z.object({
      refused_by: z.string().nullable(),
      status: z.string().nullable(),
      /** In plain words, with what to do: "Gmail rejected your email: your domain fails DMARC…". */
      notice: z.string(),
      /** The mail system's own sentence. */
      sentence: z.string().nullable(),
      at: z.string(),
    }),
  ),
});
export type SendingStatus = z.infer<typeof SendingStatus>;
