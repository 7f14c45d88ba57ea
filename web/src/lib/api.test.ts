import { LOCAL_KEYS } from "@reachout/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, preload } from "./api";

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

describe("preload", () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.setItem(LOCAL_KEYS.token, "token-a");
    let n = 0;
    fetchMock = vi.fn(async () => answer({ n: ++n }));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    localStorage.clear();
  });

  it("hands the preloaded answer to the page's own call of that URL, once", async () => {
    preload("/api/my-network/mine", { initial_load: true, limit: 1000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/my-network/mine?initial_load=true&limit=1000");
    expect(fetchMock.mock.calls[0][1].headers.authorization).toBe("Bearer token-a");

    const first = await api("/api/my-network/mine", { query: { initial_load: true, limit: 1000 } });
    expect(first).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const again = await api("/api/my-network/mine", { query: { initial_load: true, limit: 1000 } });
    expect(again).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("asks again when the session changed or the preloaded answer is stale", async () => {
    preload("/api/my-network/mine");
    localStorage.setItem(LOCAL_KEYS.token, "token-b");
    expect(await api("/api/my-network/mine")).toEqual({ n: 2 });
    expect(fetchMock.mock.calls[1][1].headers.authorization).toBe("Bearer token-b");

    vi.useFakeTimers();
    preload("/api/my-network/mine");
    vi.advanceTimersByTime(11_000);
    expect(await api("/api/my-network/mine")).toEqual({ n: 4 });
  });

  it("is never used for a write, and does nothing without a session", async () => {
    preload("/api/things");
    await api("/api/things", { method: "POST", body: { a: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    localStorage.clear();
    preload("/api/other");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
