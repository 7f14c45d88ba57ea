import type { ResumeFacts, ResumeFactsResponse } from "@reachout/contract/writer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const RESUME_FACTS_KEY = ["resume", "facts"] as const;

const schemas = () => import("@reachout/contract/writer");

export async function fetchResumeFacts(): Promise<ResumeFactsResponse> {
  const { ResumeFactsResponse } = await schemas();
  return api("/api/resumes/facts", { schema: ResumeFactsResponse });
}

/** What Reachout read from the newest resume (the student's corrections win). */
export function useResumeFacts(enabled: boolean) {
  return useQuery({ queryKey: RESUME_FACTS_KEY, queryFn: fetchResumeFacts, enabled });
}

export function useCorrectResumeFacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (facts: ResumeFacts) => {
      const { ResumeFactsResponse } = await schemas();
      return api("/api/resumes/facts", { method: "PUT", body: facts, schema: ResumeFactsResponse });
    },
    onSuccess: (data) => queryClient.setQueryData(RESUME_FACTS_KEY, data),
  });
}

export function useClearResumeCorrections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { ResumeFactsResponse } = await schemas();
      return api("/api/resumes/facts/corrections", {
        method: "DELETE",
        schema: ResumeFactsResponse,
      });
    },
    onSuccess: (data) => queryClient.setQueryData(RESUME_FACTS_KEY, data),
  });
}
