import { type MockInstance, vi } from "vitest";

/** A JSON answer as the server gives it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export type StubAnswer =
  | Response
  | ((url: string, init?: RequestInit) => Response | Promise<Response>);

/**
 * The one fetch stub of the web tests: each request is answered by the first route whose key
 * its URL starts with (list longer keys first when one is the prefix of another); any other
 * request gets 404 {detail: "unexpected"}. Answers the spy, to read calls or change answers.
 * vi.restoreAllMocks() (in an afterEach) puts the real fetch back.
 */
export function stubFetch(routes: Record<string, StubAnswer> = {}): MockInstance<typeof fetch> {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const key = Object.keys(routes).find((prefix) => url.startsWith(prefix));
    if (key === undefined) return json(404, { detail: "unexpected" });
    const answer = routes[key];
    return typeof answer === "function" ? answer(url, init) : answer.clone();
  });
}
