import { LIMITS } from "@reachout/contract/constants";
import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "./toast";

export interface Batch<T> {
  items: T[];
  hasMore: boolean;
  /** Where the next batch starts when the server pages by keyset (else by offset). */
  next?: string;
}

/**
 * Where a batch starts: 0 for the first, then the server's cursor of the previous batch
 * (keyset) or, for a server that pages by offset, the number of items loaded so far.
 */
export type BatchStart = number | string;

/**
 * A list read from the server in batches of 1000 and shown 30 per page: the next batch is
 * fetched only when the last loaded page is reached. With offset paging, removing an item
 * from the cache keeps later offsets right, because the server no longer lists it either;
 * keyset paging does not depend on what was removed or saved meanwhile at all.
 */
export function useBatchedList<T extends { id: string }>(options: {
  key: QueryKey;
  fetchBatch: (start: BatchStart, signal: AbortSignal) => Promise<Batch<T>>;
  enabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: options.key,
    queryFn: ({ pageParam, signal }) => options.fetchBatch(pageParam, signal),
    initialPageParam: 0 as BatchStart,
    getNextPageParam: (last, all): BatchStart | undefined =>
      last.hasMore
        ? (last.next ?? all.reduce((sum, batch) => sum + batch.items.length, 0))
        : undefined,
    enabled: options.enabled ?? true,
  });
  const items = useMemo(() => {
    // Duplicates by id are dropped (a record can shift between two offset batches).
    const seen = new Set<string>();
    return (query.data?.pages ?? [])
      .flatMap((batch) => batch.items)
      .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [query.data]);

  const removeItems = useCallback(
    (ids: Iterable<string>) => {
      const gone = new Set(ids);
      queryClient.setQueryData<InfiniteData<Batch<T>, BatchStart>>(options.key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((batch) => ({
                ...batch,
                items: batch.items.filter((item) => !gone.has(item.id)),
              })),
            }
          : data,
      );
    },
    [queryClient, options.key],
  );

  const { fetchNextPage } = query;
  /**
   * Fetches every batch not loaded yet, one after the other, and answers the whole list. Each
   * batch is parsed and rendered in its own task: one response holding everything would block
   * the page for as long as it takes to parse thousands of records at once.
   */
  const loadRest = useCallback(async (): Promise<T[]> => {
    // Joins a fetch already under way (the pager's) instead of cancelling it.
    let result = await fetchNextPage({ cancelRefetch: false });
    while (result.hasNextPage && !result.isFetchNextPageError) {
      result = await fetchNextPage({ cancelRefetch: false });
    }
    if (result.isFetchNextPageError) throw result.error;
    const seen = new Set<string>();
    return (result.data?.pages ?? [])
      .flatMap((batch) => batch.items)
      .filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  }, [fetchNextPage]);

  return {
    items,
    hasMore: Boolean(query.hasNextPage),
    isLoading: query.isLoading,
    isError: query.isError && !query.data,
    error: query.error,
    isFetchingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    /** How many batches are loaded (0 until the first one answers). */
    batchCount: query.data?.pages.length ?? 0,
    fetchMore: query.fetchNextPage,
    refetch: query.refetch,
    removeItems,
    loadRest,
  };
}

/**
 * Fetches the next batch as soon as the first (a small one: one screen and a bit) is in, so
 * paging on does not wait for a request, and after that once the last loaded page is shown;
 * says so once when that fetch fails (the list keeps what it has loaded). A batch's records are
 * rendered in a render React can interrupt, so the fetch behind the first does not block input.
 */
export function useNextBatchAtLastPage(
  list: {
    hasMore: boolean;
    isFetchingMore: boolean;
    loadMoreFailed: boolean;
    batchCount: number;
    fetchMore: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  },
  page: number,
  pageCount: number,
  failedMessage: string,
) {
  const { hasMore, isFetchingMore, loadMoreFailed, batchCount, fetchMore } = list;
  // The batch behind a small first one waits for the browser to be idle once the first screen
  // is drawn: fetched, parsed and rendered at once it competed with the first screen's own
  // render on a slow phone (Lighthouse's largest paint was a card, 84% of it render delay).
  const idle = useIdleAfter(batchCount === 1);
  const wanted = (batchCount === 1 && idle) || page >= pageCount;
  useEffect(() => {
    // Joins a fetch already under way instead of redoing it.
    if (wanted && hasMore && !isFetchingMore && !loadMoreFailed) {
      void fetchMore({ cancelRefetch: false });
    }
  }, [wanted, hasMore, isFetchingMore, loadMoreFailed, fetchMore]);
  useEffect(() => {
    if (loadMoreFailed) toast.error(failedMessage);
  }, [loadMoreFailed, failedMessage]);
}

/**
 * True once the browser has been idle after `armed` became true (requestIdleCallback, at most
 * IDLE_WAIT_MS later; a timer where the browser has none).
 */
function useIdleAfter(armed: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!armed || idle) return;
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), IDLE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [armed, idle]);
  return idle;
}

const IDLE_WAIT_MS = 2_000;
const IDLE_FALLBACK_MS = 200;

/** Page count for a list shown 30 per page. */
export const pageCountOf = (length: number) =>
  Math.max(1, Math.ceil(length / LIMITS.contactsPageSize));

/** The items of one page (1-based). */
export const pageOf = <T>(items: T[], page: number) =>
  items.slice((page - 1) * LIMITS.contactsPageSize, page * LIMITS.contactsPageSize);
