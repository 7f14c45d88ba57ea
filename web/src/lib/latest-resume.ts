import type { ResumeLinkResponse } from "@reachout/contract/profile";
import { useQuery } from "@tanstack/react-query";
import { ApiError, api } from "./api";

export const LATEST_RESUME_KEY = ["resume", "latest"] as const;

/** The newest resume's short-lived link, or null when none was uploaded (404). */
export async function fetchLatestResume(): Promise<ResumeLinkResponse | null> {
  const schemas = await import("@reachout/contract/profile");
  try {
    return await api("/api/resumes/latest", { schema: schemas.ResumeLinkResponse });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useLatestResume(enabled: boolean) {
  return useQuery({
    queryKey: LATEST_RESUME_KEY,
    queryFn: fetchLatestResume,
    enabled,
    // The link expires after 15 minutes: refresh it well before.
    staleTime: 5 * 60_000,
  });
}
