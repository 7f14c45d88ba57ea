import type { UserProfile } from "@reachout/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export async function fetchUserProfile(): Promise<UserProfile> {
  const schemas = await import("@reachout/contract/auth");
  return api("/api/user/profile", { schema: schemas.UserProfile });
}

/** The account record (email, plan, credits, member since). */
export function useUserProfile() {
  return useQuery({ queryKey: ["user-profile"], queryFn: fetchUserProfile });
}

export async function fetchGmailStatus(): Promise<{ connected: boolean }> {
  const schemas = await import("@reachout/contract/auth");
  return api("/api/auth/gmail/status", { schema: schemas.GmailStatusResponse });
}
