import type { MailboxStatusResponse } from "@reachout/contract/auth";
import { mailboxName } from "@reachout/contract/names";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { useSession } from "./use-session";
import { SETUP_STATUS_KEY } from "./use-setup-status";

export const MAILBOX_STATUS_KEY = ["mailbox-status"] as const;

export async function fetchMailboxStatus(): Promise<MailboxStatusResponse> {
  const schemas = await import("@reachout/contract/auth");
  return api("/api/auth/mailbox/status", { schema: schemas.MailboxStatusResponse });
}

/** GET /api/auth/mailbox/status: Gmail, copy mode ("manual") or none, and a stuck connection. */
export function useMailboxStatus() {
  const { isLoggedIn } = useSession();
  return useQuery({
    queryKey: MAILBOX_STATUS_KEY,
    queryFn: fetchMailboxStatus,
    enabled: isLoggedIn,
  });
}

/**
 * The connected mailbox's name for sentences like "leave your Gmail": "Outlook" for a Microsoft
 * mailbox, else "Gmail" (the spec's default, also while the status loads).
 */
export function useMailboxName(): "Gmail" | "Outlook" {
  return mailboxName(useMailboxStatus().data?.provider);
}

/** Copy mode on (`manual`) or off (`none`); refreshes every view of the setup. */
export function useSetMailboxMode() {
  const queryClient = useQueryClient();
  return async (mode: "manual" | "none") => {
    const schemas = await import("@reachout/contract/auth");
    const status = await api("/api/auth/mailbox/mode", {
      method: "PUT",
      body: { mode },
      schema: schemas.MailboxStatusResponse,
    });
    queryClient.setQueryData(MAILBOX_STATUS_KEY, status);
    // The onboarding checklist's key starts with SETUP_STATUS_KEY: one call refreshes both.
    await queryClient.invalidateQueries({ queryKey: SETUP_STATUS_KEY });
    return status;
  };
}
