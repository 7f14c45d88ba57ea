import type { Benchmarks, Insights } from "@reachout/contract/insights";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const schemas = () => import("@reachout/contract/insights");

/** The browser's time zone: weekday and hour figures read as the student lives them. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function useInsights() {
  return useQuery({
    queryKey: ["insights", timeZone()],
    queryFn: async (): Promise<Insights> => {
      const { Insights } = await schemas();
      return api("/api/insights", { query: { tz: timeZone() }, schema: Insights });
    },
  });
}

export function useBenchmarks() {
  return useQuery({
    queryKey: ["insights", "benchmarks"],
    queryFn: async (): Promise<Benchmarks> => {
      const { Benchmarks } = await schemas();
      return api("/api/insights/benchmarks", { schema: Benchmarks });
    },
  });
}
