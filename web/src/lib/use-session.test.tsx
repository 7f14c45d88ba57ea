import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../test/fetch-stub";
import { signIn } from "../test/session";
import { SessionProvider, useSession } from "./use-session";

const PROFILE = {
  user_id: "u",
  email: "ada@uni.example",
  name: "Ada Lovelace",
  profile_picture: null,
  plan: "free",
  credits: 5,
  created_at: "2026-11-26T10:00:00Z",
  is_admin: false,
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** The session as the app's components see it. */
let session: ReturnType<typeof useSession> | undefined;
function Probe() {
  session = useSession();
  return null;
}

describe("SessionProvider", () => {
  it("keeps nothing of a profile that arrives after the student signed out", async () => {
    signIn();
    let answerProfile: (response: Response) => void = () => {};
    const fetchSpy = stubFetch({
      "/api/user/profile": () => new Promise<Response>((resolve) => (answerProfile = resolve)),
      "/api/auth/logout": json(200, { message: "Logged out" }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    // The profile refresh is on its way when the student signs out.
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([url]) => String(url).includes("/api/user/profile"))).toBe(
        true,
      ),
    );
    await act(async () => {
      await session?.signOut();
    });
    expect(localStorage.length).toBe(0);
    const late = json(200, PROFILE);
    answerProfile(late);
    // The late answer was read; what follows it runs on the promises act waits for.
    await waitFor(() => expect(late.bodyUsed).toBe(true));
    await act(async () => {});
    expect(localStorage.length).toBe(0);
    expect(session?.isLoggedIn).toBe(false);
  });
});
