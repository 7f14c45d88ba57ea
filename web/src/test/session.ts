import { LOCAL_KEYS } from "@reachout/contract/constants";
import { vi } from "vitest";

/** A token whose subject is "u" (the payload is {"sub":"u"}); tests answer the API with stubFetch. */
export const TEST_TOKEN = "header.eyJzdWIiOiJ1In0.signature";

/** Signs a student in as the app does after log-in: the token and the user in local storage. */
export function signIn(
  user: { id: string; email: string; isAdmin?: boolean } = { id: "u", email: "ada@uni.example" },
) {
  localStorage.setItem(LOCAL_KEYS.token, TEST_TOKEN);
  localStorage.setItem(LOCAL_KEYS.user, JSON.stringify(user));
}

/**
 * window.location with spied navigation methods (happy-dom would try to navigate).
 * vi.restoreAllMocks() (in an afterEach) puts the real one back.
 */
export function stubLocation(methods: Partial<Pick<Location, "assign" | "replace">>) {
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location;
  const fake = { href, origin, protocol, host, hostname, port, pathname, search, hash, ...methods };
  vi.spyOn(window, "location", "get").mockReturnValue(fake as Location);
}
