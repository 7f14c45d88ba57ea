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

/**
 * A save's answer is what the facts now are, but a read sent before the save (the upload's
 * refresh, a card that mounted) may answer after it with the facts as they were: the save
 * cancels such a read, shows its own answer, then reads once more so the last word is the
 * server's after the save.
 */
function useFactsWrite<T>(write: (input: T) => Promise<ResumeFactsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onMutate: () => queryClient.cancelQueries({ queryKey: RESUME_FACTS_KEY }),
    onSuccess: (data) => queryClient.setQueryData(RESUME_FACTS_KEY, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: RESUME_FACTS_KEY }),
  });
}

export function useCorrectResumeFacts() {
  return useFactsWrite(async (facts: ResumeFacts) => {
    const { ResumeFactsResponse } = await schemas();
    return api("/api/resumes/facts", { method: "PUT", body: facts, schema: ResumeFactsResponse });
  });
}

export function useClearResumeCorrections() {
  return useFactsWrite<void>(async () => {
    const { ResumeFactsResponse } = await schemas();
    return api("/api/resumes/facts/corrections", {
      method: "DELETE",
      schema: ResumeFactsResponse,
    });
  });
}
