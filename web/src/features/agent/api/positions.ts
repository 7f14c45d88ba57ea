import {
  PositionContactsResponse,
  SearchNowResponse,
  TargetPosition,
  TargetPositionList,
  type TargetPositionRequest,
  TargetPositionStats,
} from "@reachout/contract/agent";
import { TIMERS } from "@reachout/contract/constants";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { CREDITS_KEY } from "../../../lib/use-credits";

export const positionKeys = {
  all: ["target-positions"] as const,
  list: ["target-positions", "list"] as const,
  stats: ["target-positions", "stats"] as const,
  contacts: (id: string) => ["target-positions", "contacts", id] as const,
};

export const fetchPositions = () => api("/api/target_positions", { schema: TargetPositionList });
export const fetchPositionStats = () =>
  api("/api/target_positions/stats", { schema: TargetPositionStats });
export const fetchPositionContacts = async (id: string) =>
  (await api(`/api/target_positions/${id}/contacts`, { schema: PositionContactsResponse }))
    .contacts;

/** The dashboard poll: every 60 s while the page is visible (react-query pauses when hidden). */
export function usePositions() {
  return useQuery({
    queryKey: positionKeys.list,
    queryFn: fetchPositions,
    refetchInterval: TIMERS.dashboardPollMs,
  });
}

/** The stats carry the worker state: polled every 120 s like the credits. */
export function usePositionStats() {
  return useQuery({
    queryKey: positionKeys.stats,
    queryFn: fetchPositionStats,
    refetchInterval: TIMERS.creditsPollMs,
  });
}

export function usePositionContacts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: positionKeys.contacts(id),
    queryFn: () => fetchPositionContacts(id),
    enabled,
  });
}

/** Everything a change to positions or credits can touch. */
export function refreshAgent(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: positionKeys.all });
  void queryClient.invalidateQueries({ queryKey: CREDITS_KEY });
}

export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TargetPositionRequest }) =>
      id
        ? api(`/api/target_positions/${id}`, { method: "PUT", body, schema: TargetPosition })
        : api("/api/target_positions", { method: "POST", body, schema: TargetPosition }),
    onSettled: () => refreshAgent(queryClient),
  });
}

export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/target_positions/${id}`, { method: "DELETE" }),
    onSettled: () => refreshAgent(queryClient),
  });
}

export function useTogglePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/target_positions/${id}/toggle`, { method: "POST", schema: TargetPosition }),
    onSettled: () => refreshAgent(queryClient),
  });
}

export function useSearchNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, numResults }: { id: string; numResults: number }) =>
      api(`/api/target_positions/${id}/search-now`, {
        method: "POST",
        body: { num_results: numResults },
        schema: SearchNowResponse,
      }),
    onSettled: () => refreshAgent(queryClient),
  });
}
