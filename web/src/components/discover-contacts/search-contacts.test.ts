import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "../../test/fetch-stub";
import { initialValues, runSearch, searchQuery, validateDiscover } from "./search-contacts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("validateDiscover", () => {
  it("starts at 5 results in New York and needs a job title", () => {
    const values = initialValues();
    expect(values.numResults).toBe("5");
    expect(values.location).toBe("New York");
    expect(validateDiscover(values, "dashboard")).toBe("Please enter a job title.");
    expect(validateDiscover({ ...values, jobTitle: "Data Scientist" }, "dashboard")).toBeNull();
  });

  it.each([
    ["dashboard", "0", false],
    ["dashboard", "25", true],
    ["dashboard", "26", false],
    ["full", "100", true],
    ["full", "101", false],
    ["full", "2.5", false],
  ] as const)("in %s mode %s results is valid: %s", (mode, count, ok) => {
    const values = { ...initialValues(), jobTitle: "Analyst", numResults: count };
    expect(validateDiscover(values, mode) === null).toBe(ok);
  });

  it("needs a title and a location for Financial Sales, with the spec's message (§5)", () => {
    const values = { ...initialValues(), strategy: "financial_sales" as const };
    const message =
      "Please enter at least one job title and one location for Financial Sales search";
    expect(validateDiscover({ ...values, jobTitles: ["VP"] }, "full")).toBe(message);
    expect(validateDiscover({ ...values, locations: ["London"], jobTitles: [" "] }, "full")).toBe(
      message,
    );
    expect(
      validateDiscover({ ...values, jobTitles: ["VP"], locations: ["London"] }, "full"),
    ).toBeNull();
  });

  it("lets the student search run without a title", () => {
    expect(validateDiscover({ ...initialValues(), strategy: "sales_students" }, "full")).toBeNull();
  });
});

describe("searchQuery", () => {
  it("sends the dashboard search without a strategy", () => {
    const query = searchQuery({ ...initialValues(), jobTitle: " Data Scientist " }, "dashboard");
    expect(query).toMatchObject({
      job_title: "Data Scientist",
      location: "New York",
      num_results: 5,
    });
    expect(query).not.toHaveProperty("strategy");
  });

  it("sends Financial Sales lists as repeated values", () => {
    const query = searchQuery(
      {
        ...initialValues(),
        strategy: "financial_sales",
        jobTitles: ["VP", "MD"],
        locations: ["London"],
        industries: ["fintech"],
        revenueRange: "1B-5B",
        mustBeHiring: true,
      },
      "full",
    );
    expect(query).toMatchObject({
      strategy: "financial_sales",
      job_titles: ["VP", "MD"],
      locations: ["London"],
      industries: ["fintech"],
      revenue_range: "1B-5B",
      must_be_hiring: "true",
    });
  });
});

describe("runSearch", () => {
  const values = { ...initialValues(), jobTitle: "Software Engineering Intern" };
  const answer = (response: Response) => vi.spyOn(globalThis, "fetch").mockResolvedValue(response);

  it("answers the saved contacts", async () => {
    answer(
      json(200, {
        data: [],
        saved: 0,
        credits_remaining: 3,
        strategy: "deepseek",
        source: "database",
        notice: null,
      }),
    );
    const outcome = await runSearch(values, "dashboard");
    expect(outcome).toMatchObject({ kind: "saved", result: { saved: 0, credits_remaining: 3 } });
  });

  it.each([
    [
      json(402, { detail: "x" }),
      "Insufficient credits for this search. Please purchase more credits.",
    ],
    [json(500, { detail: "boom" }), "Failed to search contacts. Please try again."],
    [json(400, { detail: "num_results: too big" }), "num_results: too big"],
    [json(200, { data: "nope" }), "Unexpected response from server."],
    [json(200, {}), "Unexpected response from server."],
  ])("turns %# into the spec's message (§8)", async (response, message) => {
    answer(response);
    expect(await runSearch(values, "dashboard")).toEqual({ kind: "error", message });
  });
});
