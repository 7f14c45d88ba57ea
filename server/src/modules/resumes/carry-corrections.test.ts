import { describe, expect, it } from "vitest";
import { carryCorrections } from "./carry-corrections";
import { parseResumeFacts } from "./facts";

const V1 = [
  "Jane Roe",
  "jane@umich.example",
  "EDUCATION",
  "University of Michigan, B.A. Economics, Class of 2027",
  "EXPERIENCE",
  "Evercore | Summer Analyst | Jun 2025 – Aug 2025",
  "• Built a merger model for a $1.2B deal",
  "Wolverine Consulting Group | Associate | Jan 2024 – Dec 2024",
  "• Led a 4-person team",
].join("\n");

describe("carryCorrections", () => {
  it("keeps a corrected employer where the new version still has the entry", () => {
    const previous = parseResumeFacts(V1);
    const corrected = structuredClone(previous);
    corrected.experiences[1].employer = "Wolverine Consulting";
    // The new version adds a job on top and rewrites a bullet of the corrected one.
    const fresh = parseResumeFacts(
      V1.replace(
        "EXPERIENCE\n",
        "EXPERIENCE\nLazard | Analyst | Sep 2025 – Dec 2025\n• Priced 3 deals\n",
      ).replace("Led a 4-person team", "Led a 5-person team"),
    );
    const carried = carryCorrections(previous, corrected, fresh);
    expect(carried.experiences.map((e) => e.employer)).toEqual([
      "Lazard",
      "Evercore",
      "Wolverine Consulting",
    ]);
    expect(carried.experiences[2].bullets).toEqual(["Led a 5-person team"]);
    expect(carried.education[0].school).toBe("University of Michigan");
  });

  it("drops a correction whose entry is gone and keeps entries the student added", () => {
    const previous = parseResumeFacts(V1);
    const corrected = structuredClone(previous);
    corrected.experiences[1].role = "Senior Associate";
    corrected.experiences.push({
      employer: "Campus Bookstore",
      role: "Cashier",
      dates: null,
      location: null,
      bullets: [],
    });
    corrected.name = "Jane Q. Roe";
    const fresh = parseResumeFacts(
      V1.replace(/Wolverine[^\n]*\n[^\n]*$/, "").replace("Jane Roe", "Jane Roe"),
    );
    const carried = carryCorrections(previous, corrected, fresh);
    expect(carried.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Evercore", "Summer Analyst"],
      ["Campus Bookstore", "Cashier"],
    ]);
    expect(carried.name).toBe("Jane Q. Roe");
  });
});

describe("carryCorrections and publications", () => {
  const withPapers = [
    V1,
    "PUBLICATIONS",
    "1. Roe, J. (2025). Minimum wages and teen hours. Journal of Labor Studies, 12(2), 40–61.",
  ].join("\n");

  it("reads a numbered publications section one entry each, and keeps a student's correction of it", () => {
    const previous = parseResumeFacts(withPapers);
    expect(previous.publications).toEqual([
      "Roe, J. (2025). Minimum wages and teen hours. Journal of Labor Studies, 12(2), 40–61.",
    ]);
    const corrected = {
      ...structuredClone(previous),
      publications: ["Roe, J. (2026). New title."],
    };
    const fresh = parseResumeFacts(
      withPapers.replace("Led a 4-person team", "Led a 6-person team"),
    );
    expect(carryCorrections(previous, corrected, fresh).publications).toEqual([
      "Roe, J. (2026). New title.",
    ]);
    // Facts stored before publications were read have none; untouched, the new read's stand.
    const { publications: _, ...older } = previous;
    expect(carryCorrections(older, older, fresh).publications).toEqual(fresh.publications);
  });
});
