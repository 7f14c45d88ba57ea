import type { NetworkContact } from "@reachout/contract/contacts";
import { useCallback } from "react";
import { useBatchedList } from "../../../lib/use-batched-list";
import { fetchNetworkBatch, NETWORK_LIST_KEY } from "../api/network";

/** My Network, 1000 per batch, with a way to load everything (select all, filters, export). */
export function useNetworkList(enabled: boolean) {
  const list = useBatchedList<NetworkContact>({
    key: NETWORK_LIST_KEY,
    fetchBatch: fetchNetworkBatch,
    enabled,
  });
  const { hasMore, items, loadRest } = list;
  /** Every contact: from the cache when nothing is left on the server, else batch by batch. */
  const loadAll = useCallback(
    async (): Promise<NetworkContact[]> => (hasMore ? loadRest() : items),
    [hasMore, items, loadRest],
  );
  return { ...list, loadAll };
}
