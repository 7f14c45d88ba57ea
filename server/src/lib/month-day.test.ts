import { describe, expect, it } from "vitest";
import { monthDay } from "./month-day";

describe("monthDay", () => {
  it("names a date's month and day as an email writes them", () => {
    expect(monthDay("2026-11-18")).toBe("November 18");
    expect(monthDay("2026-01-05T09:30:00.000Z")).toBe("January 5");
    expect(monthDay("2025-12-31")).toBe("December 31");
  });

  it("answers text that is not a date as it is", () => {
    expect(monthDay("last week")).toBe("last week");
  });
});
