import type { ProfileStatus } from "@reachout/contract/profile";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { useSession } from "./use-session";

export const SETUP_STATUS_KEY = ["profile-status"] as const;

export async function fetchSetupStatus(): Promise<ProfileStatus> {
  // Loaded on demand: the schemas (and zod) stay out of the first page's JavaScript.
  const schemas = await import("@reachout/contract/profile");
  return api("/api/user/profile_status", { schema: schemas.ProfileStatus });
}

/** GET /api/user/profile_status: resume, Gmail and profile fields of the signed-in user. */
export function useSetupStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: SETUP_STATUS_KEY,
    queryFn: fetchSetupStatus,
    enabled: isLoggedIn,
  });
}

export interface MissingSetup {
  resume: boolean;
  gmail: boolean;
}

/** What the user still has to do before an email can be written or sent. */
export function missingSetup(status: ProfileStatus | undefined): MissingSetup {
  // Copy mode is a way of sending: the student sends each email from their own mail app.
  return {
    resume: !status?.resume_uploaded,
    gmail: !status?.gmail_connected && !status?.copy_mode,
  };
}

export const isSetupComplete = (missing: MissingSetup) => !missing.resume && !missing.gmail;
