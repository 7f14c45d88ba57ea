import { z } from "zod";

/**
 * GET /api/user/onboarding: the new user's setup checklist, each step done or not (verify email,
 * upload resume, connect Gmail, find your first contacts, send your first email).
 */
export const OnboardingStatus = z.object({
  email_verified: z.boolean(),
  resume_uploaded: z.boolean(),
  gmail_connected: z.boolean(),
  has_contacts: z.boolean(),
  sent_email: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;
