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

describe("a 401", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState({}, "", "/");
  });

  /** A request with token-a whose 401 arrives once `between` has changed the session. */
  async function unauthorizedAfter(between: () => void) {
    window.history.replaceState({}, "", "/login");
    localStorage.setItem(LOCAL_KEYS.token, "token-a");
    let answer401: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer401 = resolve))),
    );
    const call = api("/api/user/profile_status").catch((error: unknown) => error);
    between();
    answer401(new Response(JSON.stringify({ detail: "Not authenticated" }), { status: 401 }));
    return call;
  }

  it("ends the session it was made with", async () => {
    await unauthorizedAfter(() => {});
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });

  it("leaves a session begun while it was on its way (sign-out, then sign-in as another)", async () => {
    const error = await unauthorizedAfter(() => localStorage.setItem(LOCAL_KEYS.token, "token-b"));
    expect((error as { status?: number }).status).toBe(401);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBe("token-b");
  });
});
