import { describe, expect, it } from "vitest";
import { networkContact } from "../../../test/contacts";
import { inDateRange, isFiltering, matchesFilters, NO_FILTERS, orderContacts } from "./filters";

// Wednesday 11 June 2025, 10:00 local time.
const NOW = new Date(2025, 5, 11, 10, 0);
const at = (day: number, hour = 9) => new Date(2025, 5, day, hour).toISOString();

describe("inDateRange", () => {
  it.each([
    ["today", at(11, 23), true],
    ["today", at(12, 0), false],
    ["tomorrow", at(12, 8), true],
    ["tomorrow", at(11, 23), false],
    ["this_week", at(9, 1), true], // Monday
    ["this_week", at(15, 22), true], // Sunday
    ["this_week", at(16, 1), false], // next Monday
    ["past_due", at(11, 9), true],
    ["past_due", at(11, 11), false],
  ] as const)("%s holds %s: %s", (range, iso, expected) => {
    expect(inDateRange(iso, range, NOW)).toBe(expected);
  });

  it("never matches a contact with nothing scheduled", () => {
    expect(inDateRange(null, "past_due", NOW)).toBe(false);
  });
});

describe("matchesFilters", () => {
  const contacts = [
    networkContact({ full_name: "Ada Lovelace", company: "Cloudforge" }),
    networkContact({ full_name: "Bo Reply", status: "Responded", email_statuses: ["sent"] }),
    networkContact({
      full_name: "Cy Later",
      status: "Contacted",
      email_statuses: ["sent", "scheduled"],
      next_scheduled_at: at(12, 8),
    }),
  ];
  const names = (filters: Partial<typeof NO_FILTERS>) =>
    contacts
      .filter((c) => matchesFilters(c, { ...NO_FILTERS, ...filters }, NOW))
      .map((c) => c.full_name);

  it("searches name, title, company, location and email", () => {
    expect(names({ search: "cloudFORGE" })).toEqual(["Ada Lovelace", "Bo Reply", "Cy Later"]);
    expect(names({ search: "lovelace" })).toEqual(["Ada Lovelace"]);
  });

  it("filters by status, scheduled status and date range together", () => {
    expect(names({ status: "Responded" })).toEqual(["Bo Reply"]);
    expect(names({ scheduled: "scheduled" })).toEqual(["Cy Later"]);
    expect(names({ scheduled: "sent", status: "Contacted" })).toEqual(["Cy Later"]);
    expect(names({ dateRange: "tomorrow" })).toEqual(["Cy Later"]);
    expect(names({ dateRange: "today" })).toEqual([]);
  });
});

describe("warm contacts", () => {
  const cold = networkContact({ full_name: "Cold Person" });
  const city = networkContact({
    full_name: "Same City",
    warm_signals: [{ kind: "location", label: "Also in New York" }],
  });
  const alum = networkContact({
    full_name: "Fellow Alum",
    warm_signals: [{ kind: "school", label: "Cornell alum" }],
  });

  it("keeps only warm contacts when asked", () => {
    const filters = { ...NO_FILTERS, warmOnly: true };
    expect([cold, city, alum].filter((c) => matchesFilters(c, filters))).toEqual([city, alum]);
    expect(isFiltering(filters)).toBe(true);
  });

  it("sorts the strongest signal first and keeps the saved order otherwise", () => {
    expect(orderContacts([cold, city, alum], "warm")).toEqual([alum, city, cold]);
    expect(orderContacts([cold, city, alum], "newest")).toEqual([cold, city, alum]);
  });
});
