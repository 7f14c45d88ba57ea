import type { MailboxStatusResponse } from "@reachout/contract/auth";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { useSession } from "./use-session";

export const MAILBOX_STATUS_KEY = ["mailbox-status"] as const;

export async function fetchMailboxStatus(): Promise<MailboxStatusResponse> {
  const schemas = await import("@reachout/contract/auth");
  return api("/api/auth/mailbox/status", { schema: schemas.MailboxStatusResponse });
}

/** GET /api/auth/mailbox/status: which mailbox the student sends from (Gmail, Outlook…). */
export function useMailboxStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: MAILBOX_STATUS_KEY,
    queryFn: fetchMailboxStatus,
    enabled: isLoggedIn,
  });
}
