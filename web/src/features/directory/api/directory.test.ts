import { afterEach, describe, expect, it, vi } from "vitest";
import { json, stubFetch } from "../../../test/fetch-stub";
import { fetchDirectoryBatch, NO_DIRECTORY_FILTERS } from "./directory";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fetchDirectoryBatch", () => {
  it("asks one screen and a bit first, then 1000 at a time from where it stopped", async () => {
    const fetchSpy = stubFetch({
      "/api/global-contacts/all": json(200, { contacts: [], has_more: false }),
    });
    await fetchDirectoryBatch(NO_DIRECTORY_FILTERS, 0);
    await fetchDirectoryBatch(NO_DIRECTORY_FILTERS, 100);
    const urls = fetchSpy.mock.calls.map(([input]) => new URL(String(input), "http://x"));
    expect(urls.map((url) => url.pathname)).toEqual([
      "/api/global-contacts/all",
      "/api/global-contacts/all",
    ]);
    expect(
      urls.map((url) => [url.searchParams.get("limit"), url.searchParams.get("offset")]),
    ).toEqual([
      ["100", "0"],
      ["1000", "100"],
    ]);
  });
});
