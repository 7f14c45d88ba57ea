import { z } from "zod";
import { EmailAddress } from "./common";
import { LIMITS } from "./constants";

export const Password = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const AuthProviderQuery = z.object({ email: EmailAddress });
export const AuthProviderResponse = z.object({ provider: z.enum(["email", "google"]) });

export const SignupRequest = z.object({
  email: EmailAddress,
  password: Password,
  /** The user's full name (optional at sign-up; emails are signed with it). */
  full_name: z
    .string()
    .trim()
    .max(LIMITS.profileTextMax, `Must be at most ${LIMITS.profileTextMax} characters`)
    .refine((value) => !/[\r\n]/.test(value), "Must not contain line breaks")
    .nullish(),
});
export const SignupResponse = z.object({ message: z.string(), email: z.string() });

export const LoginRequest = z.object({
  email: EmailAddress,
  password: z.string().min(1, "Password is required").max(LIMITS.passwordMax),
});
export const LoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  user_id: z.string(),
  email: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const VerifyCodeQuery = z.object({
  email: EmailAddress,
  code: z.string().regex(/^\d{6}$/, "Enter a 6-digit code."),
});
export const ResendCodeRequest = z.object({ email: EmailAddress });

export const GoogleAuthRequest = z.object({ token: z.string().min(1).max(8192) });
/**
 * Browser redirect to GET /auth/google/start: Google sign-up or log-in only. Connecting a
 * mailbox never rides on a link (issue 32): it is a POST of the signed-in page.
 */
export const GoogleStartQuery = z.object({ t: z.enum(["public_signup", "public_login"]) });
/**
 * POST /auth/google/start and /auth/microsoft/start (bearer): begin connecting a mailbox.
 * Connecting one while another provider's is stored replaces it only when `switch` is true.
 */
export const MailboxConnectRequest = z.object({ switch: z.boolean().optional() });
/** The provider's consent page the signed-in page then opens. */
export const MailboxConnectResponse = z.object({ url: z.string() });
export const MicrosoftCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(4096).optional(),
  session_state: z.string().max(512).optional(),
});
export const SignupMethodResponse = z.object({ signup_method: z.enum(["email", "google"]) });

export const UserProfile = z.object({
  user_id: z.string(),
  email: z.string(),
  profile_picture: z.string().nullable(),
  name: z.string().nullable(),
  plan: z.string(),
  credits: z.number().int(),
  created_at: z.string(),
  is_admin: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const VerifyCodeResponse = z.object({ message: z.string() });
export const ResendCodeResponse = z.object({ message: z.string() });
export const LogoutResponse = z.object({ message: z.string() });

/** What Google sends back to the OAuth callback (code and state, or an error). */
export const GoogleCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  scope: z.string().max(2048).optional(),
});

export const GmailStatusResponse = z.object({ connected: z.boolean() });
/** Which mailbox a student sends from: a connected provider, copy mode ("manual"), or none. */
export const MailboxProvider = z.enum(["gmail", "microsoft", "manual"]);
export type MailboxProvider = z.infer<typeof MailboxProvider>;
export const MailboxStatusResponse = z.object({
  provider: MailboxProvider.nullable(),
  /** The mailbox can send now (false when its grant was revoked, and in copy mode). */
  connected: z.boolean(),
  address: z.string().nullable(),
  /**
   * A connection was started and the provider never sent the student back (e.g. their
   * university's administrator blocks mail apps): the app asks what happened.
   */
  unfinished_connection: z.boolean(),
  /** Which mailbox the unfinished connection was for (null when none is unfinished). */
  unfinished_provider: z.enum(["gmail", "microsoft"]).nullable().optional(),
});
export type MailboxStatusResponse = z.infer<typeof MailboxStatusResponse>;
export const CreditsResponse = z.object({ credits: z.number().int() });

/** PUT /api/auth/mailbox/mode: copy mode on (`manual`) or off (`none`). */
export const MailboxModeRequest = z.object({
  mode: z.enum(["manual", "none"], { message: "mode must be manual or none" }),
});
export type MailboxModeRequest = z.infer<typeof MailboxModeRequest>;
