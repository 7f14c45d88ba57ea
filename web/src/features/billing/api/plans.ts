import type { PlansResponse } from "@reachout/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export async function fetchPlans(): Promise<PlansResponse> {
  const { PlansResponse } = await import("@reachout/contract/billing");
  return api("/api/plans", { schema: PlansResponse, anonymous: true });
}

/** The plans on sale, with this deployment's Stripe price ids and sales address. */
export function usePlans() {
  return useQuery({ queryKey: ["plans"], queryFn: fetchPlans, staleTime: 10 * 60_000 });
}
