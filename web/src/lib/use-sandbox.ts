import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

export function useHealth() {
  return useQuery({
    queryKey: ["health"],
    queryFn: async () => {
      // Loaded on demand: the schemas (and zod) stay out of the first page's JavaScript.
      const { HealthResponse } = await import("@reachout/contract/common");
      return api("/api/health", { schema: HealthResponse, anonymous: true });
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
