import { z } from "zod";
import { EmailAddress } from "./common";
import { LIMITS } from "./constants";
import { MESSAGES } from "./messages";
import { TARGET_ROLES } from "./roles";

const phonePattern = new RegExp(`^\\d{${LIMITS.phoneMinDigits},${LIMITS.phoneMaxDigits}}$`);

export const WaitlistRequest = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  email: EmailAddress,
  phone: z
    .string()
    .trim()
    .regex(phonePattern, MESSAGES.waitlist.phone)
    .nullish()
    .or(z.literal("").transform(() => null)),
  /** Optional: the target roles (ids of TARGET_ROLES) the student picked on the landing page. */
  roles: z
    .array(z.enum(TARGET_ROLES.map((role) => role.id) as [string, ...string[]], "Unknown role"))
    .max(TARGET_ROLES.length, "Too many roles")
    .optional(),
});
export type WaitlistRequest = z.infer<typeof WaitlistRequest>;

export const NewsletterRequest = z.object({ email: EmailAddress });
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

export const SubscribedResponse = z.object({ message: z.string() });

/** Where people reach the team; the addresses come from server config, never from the bundle. */
export const ContactInfoResponse = z.object({
  support_email: z.string(),
  business_email: z.string(),
  sales_email: z.string(),
});
export type ContactInfoResponse = z.infer<typeof ContactInfoResponse>;
