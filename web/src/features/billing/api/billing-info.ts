import type { BillingInfo } from "@reachout/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export async function fetchBillingInfo(): Promise<BillingInfo> {
  const { BillingInfo } = await import("@reachout/contract/billing");
  return api("/api/billinginfo", { schema: BillingInfo });
}

/** The signed-in user's plan (same cache entry as the Account page's billing card). */
export function useBillingInfo(enabled: boolean) {
  return useQuery({ queryKey: ["billing-info"], queryFn: fetchBillingInfo, enabled });
}
