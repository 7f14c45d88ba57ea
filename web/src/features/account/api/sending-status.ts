import type { SendingStatus } from "@reachout/contract/deliverability";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const SENDING_STATUS_KEY = ["sending-status"] as const;
const loadSchemas = () => import("@reachout/contract/deliverability");

export async function fetchSendingStatus(): Promise<SendingStatus> {
  const { SendingStatus } = await loadSchemas();
  return api("/api/deliverability/status", { schema: SendingStatus });
}

/** GET /api/deliverability/status: today's sends and cap, warm-up, bounce rate, any pause. */
export function useSendingStatus(enabled: boolean) {
  return useQuery({ queryKey: SENDING_STATUS_KEY, queryFn: fetchSendingStatus, enabled });
}

export async function resumeSending(): Promise<SendingStatus> {
  const { SendingStatus } = await loadSchemas();
  return api("/api/deliverability/resume", { method: "POST", schema: SendingStatus });
}

/** POST /api/deliverability/resume: automated sending goes again. */
export function useResumeSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSending,
    onSuccess: (status) => queryClient.setQueryData(SENDING_STATUS_KEY, status),
  });
}
