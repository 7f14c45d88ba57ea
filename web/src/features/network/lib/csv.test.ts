import { describe, expect, it } from "vitest";
import { networkContact } from "../../../test/contacts";
import { contactsToCsv, csvCell } from "./csv";

describe("contactsToCsv", () => {
  it("writes the spec's columns (§9), with Unknown and N/A for missing values", () => {
    const csv = contactsToCsv([
      networkContact({ full_name: "Ada Lovelace", status: "Contacted" }),
      networkContact({
        full_name: "Bo Empty",
        title: null,
        company: null,
        location: null,
        email: null,
        linkedin: "",
      }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Full Name,Title,Company,Location,Email,LinkedIn,Status",
      'Ada Lovelace,Technical Recruiter,Cloudforge,"New York, NY",ada@cloudforge.example,https://www.linkedin.com/in/ada-lovelace,Contacted',
      "Bo Empty,,,Unknown,N/A,N/A,Uncontacted",
    ]);
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}HYPERLINK("http://evil.example")`).replace(/^"/, "")).toMatch(/^'/);
    }
    const csv = contactsToCsv([
      networkContact({ full_name: '=cmd|"/c calc"!A1', company: "+1 Corp" }),
    ]);
    const row = csv.split("\r\n")[1];
    expect(row.startsWith(`"'=cmd|""/c calc""!A1"`)).toBe(true);
    expect(row).toContain(",'+1 Corp,");
  });

  it("quotes commas, quotes and line breaks so columns never shift", () => {
    expect(csvCell('Doe, "Jr"')).toBe('"Doe, ""Jr"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });
});
