import { z } from "zod";
import { SingleLine } from "./common";
import { LIMITS } from "./constants";

export const PROFILE_TEXT_MAX = LIMITS.profileTextMax;

/** Optional profile text: trimmed, single-line, bounded; blank clears the field. */
const ProfileText = z
  .string()
  .trim()
  .pipe(SingleLine(PROFILE_TEXT_MAX))
  .transform((value) => value || null)
  .nullable();

/** The Edit Profile form sends a number input; blank clears it, digits may arrive as text. */
const GraduationYear = z.preprocess((value) => {
  if (value === "" || value === null) return null;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return value;
}, z
  .number({ message: "Graduation year must be a number" })
  .int("Graduation year must be a whole number")
  .min(
    LIMITS.graduationYearMin,
    `Graduation year must be between ${LIMITS.graduationYearMin} and ${LIMITS.graduationYearMax}`,
  )
  .max(
    LIMITS.graduationYearMax,
    `Graduation year must be between ${LIMITS.graduationYearMin} and ${LIMITS.graduationYearMax}`,
  )
  .nullable());

/** PATCH /api/profile: only the fields present change; unknown fields are ignored. */
export const UpdateProfileRequest = z.object({
  /** The user's full name: what every email is signed with. */
  full_name: ProfileText.optional(),
  university: ProfileText.optional(),
  graduation_year: GraduationYear.optional(),
  major: ProfileText.optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ProfileResponse = z.object({
  full_name: z.string().nullable(),
  university: z.string().nullable(),
  graduation_year: z.number().int().nullable(),
  major: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** GET /api/user/profile_status: what the setup prompt and the Account page need. */
export const ProfileStatus = ProfileResponse.extend({
  resume_uploaded: z.boolean(),
  gmail_connected: z.boolean(),
  /** Copy mode: the student sends from their own mail app instead of a connected mailbox. */
  copy_mode: z.boolean().default(false),
});
export type ProfileStatus = z.infer<typeof ProfileStatus>;

export const RESUME_EXTENSIONS = [".pdf", ".doc", ".docx"] as const;

/** The upload answer and GET /api/resumes/latest: a short-lived link only the owner can use. */
export const ResumeLinkResponse = z.object({
  resume_url: z.string().min(1),
  filename: z.string(),
  uploaded_at: z.string(),
});
export type ResumeLinkResponse = z.infer<typeof ResumeLinkResponse>;

export const ResumeFileParams = z.object({ id: z.string().max(64) });
export const ResumeFileQuery = z.object({
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});
