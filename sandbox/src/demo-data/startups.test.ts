import { describe, expect, it } from "vitest";
import { generateStartupDirectory } from "./startups";

const NOW = new Date("2025-06-05T12:00:00Z");
const directory = generateStartupDirectory({ now: NOW });
const founders = directory.flatMap((startup) => startup.founders);
const people = new Set(founders.map((f) => f.profileUrl));

describe("generateStartupDirectory", () => {
  it("is deterministic for a seed date", () => {
    expect(generateStartupDirectory({ now: NOW })).toEqual(directory);
  });

  it("has at least 1,000 startups with distinct names and 2,500 distinct founders", () => {
    expect(directory.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(directory.map((s) => s.orgName.toLowerCase())).size).toBe(directory.length);
    expect(people.size).toBeGreaterThanOrEqual(2500);
  });

  it("lists a few founders twice, so the directory has duplicates to merge", () => {
    expect(founders.length - people.size).toBeGreaterThan(5);
  });

  it("leaves about 15% of founders without an email, and some without name or LinkedIn", () => {
    const withoutEmail = founders.filter((f) => !f.email).length / founders.length;
    expect(withoutEmail).toBeGreaterThan(0.1);
    expect(withoutEmail).toBeLessThan(0.25);
    expect(founders.some((f) => f.name === null)).toBe(true);
    expect(founders.some((f) => f.linkedin === "N/A")).toBe(true);
  });

  it("uses reserved .example domains only", () => {
    for (const startup of directory) {
      expect(new URL(startup.orgUrl).hostname.endsWith(".example")).toBe(true);
      for (const f of startup.founders) {
        if (f.email) expect(f.email.split("@")[1].endsWith(".example")).toBe(true);
        if (f.linkedin !== "N/A")
          expect(new URL(f.linkedin).hostname.endsWith(".example")).toBe(true);
        if (f.profileUrl) expect(new URL(f.profileUrl).hostname.endsWith(".example")).toBe(true);
      }
    }
  });

  it("announces every round within the year before the seed date, with a known funding type", () => {
    const earliest = new Date(NOW.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
    for (const startup of directory) {
      expect(startup.announcedDate >= earliest && startup.announcedDate <= "2025-06-05").toBe(true);
      expect(["Pre-Seed", "Seed", "Series A", "Series B", "Series C"]).toContain(
        startup.fundingType,
      );
      expect(startup.moneyRaisedUsd).toBeGreaterThan(0);
    }
  });
});
