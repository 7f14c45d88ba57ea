import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors";
import { readStartupCsv } from "./import";
import { parseAnnouncedDate, parseMoney } from "./values";

describe("parseMoney and parseAnnouncedDate", () => {
  it.each([
    ["$5,000,000", 5_000_000],
    ["5000000", 5_000_000],
    ["$2.5M", 2_500_000],
    ["750K", 750_000],
    ["USD 1.2B", 1_200_000_000],
    ["", null],
    ["about five", null],
  ])("money %j → %j", (text, expected) => {
    expect(parseMoney(text)).toBe(expected);
  });

  it.each([
    ["2025-03-14", "2025-03-14"],
    ["3/14/2025", "2025-03-14"],
    ["Mar 14, 2025", "2025-03-14"],
    ["March 4 2025", "2025-03-04"],
    ["2025-02-30", null],
    ["yesterday", null],
  ])("date %j → %j", (text, expected) => {
    expect(parseAnnouncedDate(text)).toBe(expected);
  });
});

describe("readStartupCsv", () => {
  it("merges one-founder-per-row exports into startups and reports bad rows by line", () => {
    const csv = [
      "Organization Name,Organization Name URL,Location,Funding Type,Money Raised,Announced Date,Person Name,Person Title,Person Email,Person LinkedIn",
      'Orbit Labs,https://startupdata.example/organization/orbit-labs,"Austin, Texas, United States",Seed,"$3,000,000",2025-01-10,Mia Chen,Co-Founder & CEO,mia@orbitlabs.example,https://www.linkedin.example/in/mia-chen',
      "orbit labs,,,,,,Leo Park,Co-Founder & CTO,,N/A",
      ",,,,,,Nobody,,,",
      "Bad Money Inc,,,,lots,,,,,",
    ].join("\n");
    const { records, rowsSkipped, errors } = readStartupCsv(csv);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      orgName: "Orbit Labs",
      location: "Austin, Texas, United States",
      fundingType: "Seed",
      moneyRaisedUsd: 3_000_000,
      announcedDate: "2025-01-10",
    });
    expect(records[0].founders.map((f) => f.name)).toEqual(["Mia Chen", "Leo Park"]);
    expect(rowsSkipped).toBe(2);
    expect(errors).toEqual([
      { line: 4, detail: "Organization Name is missing" },
      { line: 5, detail: 'Money Raised "lots" is not an amount' },
    ]);
  });

  it("reads numbered founder columns and a plain Founders list", () => {
    const numbered = readStartupCsv(
      "Organization Name,Founder 1 Name,Founder 1 Email,Founder 2 Name\nKite AI,Ana Ruiz,ana@kiteai.example,Bo Kim\n",
    );
    expect(numbered.records[0].founders.map((f) => [f.name, f.email])).toEqual([
      ["Ana Ruiz", "ana@kiteai.example"],
      ["Bo Kim", null],
    ]);
    const listed = readStartupCsv('Organization Name,Founders\nFlint Bio,"Ann Lee, Raj Patel"\n');
    expect(listed.records[0].founders.map((f) => f.name)).toEqual(["Ann Lee", "Raj Patel"]);
  });

  it("refuses a file without an Organization Name column with a 400", () => {
    expect(() => readStartupCsv("Name,Location\nx,y\n")).toThrow(AppError);
    try {
      readStartupCsv("Name,Location\nx,y\n");
    } catch (error) {
      expect((error as AppError).status).toBe(400);
    }
  });
});
