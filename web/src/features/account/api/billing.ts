import type { CreditHistoryResponse } from "@reachout/contract/billing";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const HISTORY_PAGE_SIZE = 20;

export async function fetchCreditHistory(page: number): Promise<CreditHistoryResponse> {
  const schemas = await import("@reachout/contract/billing");
  return api("/api/credits/history", {
    query: { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE },
    schema: schemas.CreditHistoryResponse,
  });
}

export function useCreditHistory(page: number, enabled: boolean) {
  return useQuery({
    queryKey: ["credit-history", page],
    queryFn: () => fetchCreditHistory(page),
    enabled,
    placeholderData: keepPreviousData,
  });
}
