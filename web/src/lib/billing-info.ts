import type { BillingInfo } from "@reachout/contract/billing";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api";

export const BILLING_INFO_KEY = ["billing-info"] as const;

export async function fetchBillingInfo(): Promise<BillingInfo> {
  const { BillingInfo } = await import("@reachout/contract/billing");
  return api("/api/billinginfo", { schema: BillingInfo });
}

/** The signed-in user's plan and credits (the Account page and Pricing share the entry). */
export function useBillingInfo(enabled = true) {
  return useQuery({ queryKey: BILLING_INFO_KEY, queryFn: fetchBillingInfo, enabled });
}
