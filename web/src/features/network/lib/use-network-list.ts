import type { NetworkListContact } from "@reachout/contract/contacts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLiveEvents } from "../../../lib/live-events";
import { useBatchedList } from "../../../lib/use-batched-list";
import { fetchNetworkBatch, NETWORK_LIST_KEY } from "../api/network";

/** My Network, 1000 per batch, with a way to load everything (select all, filters, export). */
export function useNetworkList(enabled: boolean) {
  const queryClient = useQueryClient();
  const list = useBatchedList<NetworkListContact>({
    key: NETWORK_LIST_KEY,
    fetchBatch: fetchNetworkBatch,
    enabled,
  });
  const { hasMore, items, loadRest } = list;
  /** Every contact: from the cache when nothing is left on the server, else batch by batch. */
  const loadAll = useCallback(
    async (): Promise<NetworkListContact[]> => (hasMore ? loadRest() : items),
    [hasMore, items, loadRest],
  );
  // A reply, a bounce or an automatic answer changes a card's status: show it as it happens.
  useLiveEvents((event) => {
    if (enabled && (event.type === "reply" || event.type === "delivery")) {
      void queryClient.invalidateQueries({ queryKey: NETWORK_LIST_KEY });
    }
  });
  return { ...list, loadAll };
}
