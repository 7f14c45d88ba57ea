import type { ResumeFacts } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { achievementsOf } from "./resume-facts";

// A student with two internships in two fields, the stronger-scored bullet in finance.
const facts: ResumeFacts = {
  name: "Dana Whitaker",
  contact_line: null,
  location: null,
  education: [],
  experiences: [
    {
      employer: "Harbor Point Capital",
      role: "Investment Banking Summer Analyst",
      dates: "Jun 2026 – Aug 2026",
      location: null,
      bullets: [
        "Built a DCF valuation model for a $1.2B acquisition reviewed by 3 managing directors",
      ],
    },
    {
      employer: "Lumen Health",
      role: "Data Analyst Intern",
      dates: "Jun 2025 – Aug 2025",
      location: null,
      bullets: ["Built a Tableau dashboard tracking readmissions across 14 clinics"],
    },
  ],
  projects: [],
  leadership: [],
  skills: [],
  interests: [],
};

describe("the achievement an email leads with", () => {
  it("is the one that speaks to the reader's field and work", () => {
    const toHospital = achievementsOf(facts, false, {
      company: "Midwest Health Partners",
      title: "Analytics Manager",
      industry: "health care",
    });
    expect(toHospital[0].where).toBe("Lumen Health");

    const toBank = achievementsOf(facts, false, {
      company: "Granite Peak Partners",
      title: "Vice President, Investment Banking",
      industry: "financial services",
    });
    expect(toBank[0].where).toBe("Harbor Point Capital");
  });

  it("keeps the strongest first when nothing is known of the reader", () => {
    expect(achievementsOf(facts)[0].where).toBe("Harbor Point Capital");
    expect(
      achievementsOf(facts, false, { company: null, title: null, industry: null })[0].where,
    ).toBe("Harbor Point Capital");
  });
});
