import type { ResumeFacts, ResumeFactsResponse } from "@reachout/contract/writer";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { useCorrectResumeFacts, useResumeFacts } from "./resume-facts";

const facts = (employer: string): ResumeFacts => ({
  name: "Priya Raman",
  contact_line: null,
  location: null,
  education: [],
  experiences: [{ employer, role: "Analyst", dates: null, location: null, bullets: [] }],
  projects: [],
  leadership: [],
  skills: [],
  interests: [],
  publications: [],
});
const answer = (employer: string, corrected: boolean): ResumeFactsResponse => ({
  facts: facts(employer),
  corrected,
  parsed_at: "2026-11-30T08:00:00.000Z",
});

afterEach(() => vi.restoreAllMocks());

describe("useCorrectResumeFacts", () => {
  it("keeps the saved facts when a read sent before the save answers after it", async () => {
    // The server's facts: as read, until the save lands.
    let saved: ResumeFactsResponse = answer("Evercore", false);
    let releaseSlowRead: () => void = () => {};
    let reads = 0;
    stubFetch({
      "/api/resumes/facts": async (_url, init) => {
        if (init?.method === "PUT") {
          saved = answer("Evercore ISI", true);
          return json(200, saved);
        }
        reads += 1;
        if (reads === 2) {
          // The second read left before the save and answers only after it, with the old facts.
          const before = saved;
          await new Promise<void>((resolve) => {
            releaseSlowRead = resolve;
          });
          return json(200, before);
        }
        return json(200, saved);
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ facts: useResumeFacts(true), correct: useCorrectResumeFacts() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.facts.data?.corrected).toBe(false));

    // A refresh (the upload's) is in flight when the student saves.
    act(() => {
      void client.invalidateQueries({ queryKey: ["resume", "facts"] });
    });
    await waitFor(() => expect(reads).toBe(2));
    await act(() => result.current.correct.mutateAsync(facts("Evercore ISI")));
    act(() => releaseSlowRead());

    await waitFor(() => expect(result.current.facts.isFetching).toBe(false));
    expect(result.current.facts.data).toEqual(answer("Evercore ISI", true));
  });
});
