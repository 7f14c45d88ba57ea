import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { toast } from "./toast";
import {
  type Batch,
  type BatchStart,
  useBatchedList,
  useNextBatchAtLastPage,
} from "./use-batched-list";

vi.mock("./toast", () => ({ toast: { error: vi.fn() } }));

type Item = { id: string };
const people = (from: number, count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` }));

function renderList(fetchBatch: (start: BatchStart) => Promise<Batch<Item>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBatchedList<Item>({ key: ["people"], fetchBatch }), { wrapper });
}

/** Renders the list over these batches (the first holds two), then loads the rest. */
async function loadRestOf(batches: Record<string, Batch<Item>>) {
  const fetchBatch = vi.fn(async (start: BatchStart) => batches[start]);
  const { result } = renderList(fetchBatch);
  await waitFor(() => expect(result.current.items).toHaveLength(2));
  let all: Item[] = [];
  await act(async () => {
    all = await result.current.loadRest();
  });
  return { all, fetchBatch, result };
}

describe("useBatchedList", () => {
  it("loads the rest batch by batch, in order, dropping a record seen twice", async () => {
    // Three batches of two; the third repeats a record that shifted between offsets.
    const { all, fetchBatch, result } = await loadRestOf({
      0: { items: people(0, 2), hasMore: true },
      2: { items: people(2, 2), hasMore: true },
      4: { items: [{ id: "p3" }, { id: "p4" }], hasMore: false },
    });
    expect(all.map((item) => item.id)).toEqual(["p0", "p1", "p2", "p3", "p4"]);
    expect(fetchBatch.mock.calls.map(([offset]) => offset)).toEqual([0, 2, 4]);
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(result.current.items).toHaveLength(5);
  });

  it("continues from the server's cursor when the batches carry one (keyset paging)", async () => {
    const { all, fetchBatch } = await loadRestOf({
      0: { items: people(0, 2), hasMore: true, next: "after-p1" },
      "after-p1": { items: people(2, 2), hasMore: true, next: "after-p3" },
      "after-p3": { items: people(4, 1), hasMore: false },
    });
    expect(all.map((item) => item.id)).toEqual(["p0", "p1", "p2", "p3", "p4"]);
    expect(fetchBatch.mock.calls.map(([start]) => start)).toEqual([0, "after-p1", "after-p3"]);
  });

  it("rejects when a batch fails, keeping what was loaded", async () => {
    const fetchBatch = vi.fn(async (start: BatchStart) => {
      if (start !== 0) throw new Error("offline");
      return { items: people(0, 2), hasMore: true };
    });
    const { result } = renderList(fetchBatch);
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    await act(async () => {
      await expect(result.current.loadRest()).rejects.toThrow("offline");
    });
    expect(result.current.items).toHaveLength(2);
  });
});

describe("useNextBatchAtLastPage", () => {
  const list = (overrides: Partial<Parameters<typeof useNextBatchAtLastPage>[0]> = {}) => ({
    hasMore: true,
    isFetchingMore: false,
    loadMoreFailed: false,
    batchCount: 2,
    fetchMore: vi.fn(async () => undefined),
    ...overrides,
  });

  it("fetches the next batch only once the last loaded page is shown", () => {
    const batched = list();
    const { rerender } = renderHook(
      ({ page }) => useNextBatchAtLastPage(batched, page, 3, "Could not load more"),
      { initialProps: { page: 2 } },
    );
    expect(batched.fetchMore).not.toHaveBeenCalled();

    rerender({ page: 3 });

    expect(batched.fetchMore).toHaveBeenCalledTimes(1);
  });

  it("fetches the batch behind a small first one once the browser is idle, on the first page", async () => {
    const batched = list({ batchCount: 1 });

    renderHook(() => useNextBatchAtLastPage(batched, 1, 4, "Could not load more"));

    // Not in the render that drew the first screen: after it, when the browser is idle.
    expect(batched.fetchMore).not.toHaveBeenCalled();
    await waitFor(() => expect(batched.fetchMore).toHaveBeenCalledTimes(1));
  });

  it("fetches at once when the small first batch's last page is shown", () => {
    const batched = list({ batchCount: 1 });

    renderHook(() => useNextBatchAtLastPage(batched, 4, 4, "Could not load more"));

    expect(batched.fetchMore).toHaveBeenCalledTimes(1);
  });

  it("says so when the next batch fails, and does not fetch again by itself", () => {
    const batched = list({ loadMoreFailed: true });

    renderHook(() => useNextBatchAtLastPage(batched, 3, 3, "Could not load more"));

    expect(toast.error).toHaveBeenCalledWith("Could not load more");
    expect(batched.fetchMore).not.toHaveBeenCalled();
  });
});
