import type { Startup } from "@reachout/contract/startups";
import { describe, expect, it } from "vitest";
import { directoryStats, filterStartups, orgKey, pageOf } from "./directory";

const startup = (name: string, over: Partial<Startup> = {}): Startup => ({
  id: name,
  org_name: name,
  org_url: null,
  location: null,
  funding_type: "Seed",
  money_raised: 1_000_000,
  announced_date: "2025-01-01",
  founders: [],
  ...over,
});
const founder = (name: string | null) => ({
  id: `f-${name}`,
  person_name: name,
  person_title: null,
  person_linkedin: null,
  person_profile_url: null,
});

const LIST = [
  startup("Orbit Labs", {
    location: "Austin, Texas",
    founders: [founder("Mia Chen"), founder(null)],
  }),
  startup("Kite AI", { location: "Boston, Massachusetts", founders: [founder("Ana Ruiz")] }),
  startup("Ember Health", { location: "Austin, Texas", founders: [] }),
  startup("Nimbus Data", { location: "  ", founders: [founder("Leo Park")] }),
];

describe("filterStartups", () => {
  it("matches org, location or any founder name, ignoring case", () => {
    expect(filterStartups(LIST, "KITE").map((s) => s.org_name)).toEqual(["Kite AI"]);
    expect(filterStartups(LIST, "austin").map((s) => s.org_name)).toEqual([
      "Orbit Labs",
      "Ember Health",
    ]);
    expect(filterStartups(LIST, "mia ch").map((s) => s.org_name)).toEqual(["Orbit Labs"]);
    expect(filterStartups(LIST, "park").map((s) => s.org_name)).toEqual(["Nimbus Data"]);
  });

  it("keeps everything for a blank query and nothing for a miss", () => {
    expect(filterStartups(LIST, "   ")).toHaveLength(4);
    expect(filterStartups(LIST, "zzz")).toEqual([]);
  });
});

describe("directoryStats", () => {
  it("counts startups, sums founders and counts distinct non-empty locations", () => {
    expect(directoryStats(LIST)).toEqual({ startups: 4, founders: 4, locations: 2 });
    expect(directoryStats([])).toEqual({ startups: 0, founders: 0, locations: 0 });
  });
});

describe("pageOf", () => {
  const many = Array.from({ length: 250 }, (_, i) => startup(`S${i}`));

  it("pages 100 at a time with 1-based positions", () => {
    expect(pageOf(many, 1, 100)).toMatchObject({
      page: 1,
      pageCount: 3,
      from: 1,
      to: 100,
      total: 250,
    });
    const last = pageOf(many, 3, 100);
    expect(last).toMatchObject({ page: 3, from: 201, to: 250 });
    expect(last.items[0].org_name).toBe("S200");
  });

  it("shows the last page for a stale page number and 0 - 0 for an empty list", () => {
    expect(pageOf(many.slice(0, 30), 3, 100)).toMatchObject({ page: 1, from: 1, to: 30 });
    expect(pageOf([], 1, 100)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });
});

describe("orgKey", () => {
  it("keys by org URL, falling back to the name", () => {
    expect(orgKey({ org_url: "https://startupdata.example/o/kite", org_name: "Kite AI" })).toBe(
      "https://startupdata.example/o/kite",
    );
    expect(orgKey({ org_url: null, org_name: "Kite AI" })).toBe("Kite AI");
  });
});
