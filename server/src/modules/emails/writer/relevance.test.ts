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

/** A student whose roles each give one bullet, in the order given. */
const studentWith = (
  ...jobs: Array<{ employer: string; role: string; bullet: string }>
): ResumeFacts => ({
  ...facts,
  experiences: jobs.map((job) => ({
    employer: job.employer,
    role: job.role,
    dates: "Jan 2025 – Dec 2025",
    location: null,
    bullets: [job.bullet],
  })),
});

describe("what the work shows, before what it shares with the reader", () => {
  // Round 7's shapes: a routine duty that shares the reader's words listed first, a measured
  // outcome or scale that shares none listed after it.
  const marketing = studentWith(
    {
      employer: "Office of New Student Orientation",
      role: "Brand Marketing Assistant",
      bullet: "Assisted with orientation week brand marketing for incoming students",
    },
    {
      employer: "Campus Bookstore",
      role: "Content Creator",
      bullet: "Produced a short-form video series on TikTok that reached 210K views",
    },
  );
  const veteran = studentWith(
    {
      employer: "Sentinel Security Group",
      role: "Security Operations Shift Supervisor",
      bullet: "Supervised overnight shifts for the security operations desk",
    },
    {
      employer: "US Army",
      role: "Information Systems Specialist",
      bullet: "Coordinated network access control across 11 client sites",
    },
  );

  it("leads with a measured outcome over a routine duty in the reader's own words", () => {
    const toBrand = achievementsOf(marketing, false, {
      company: "Northbeam",
      title: "Brand Marketing Manager",
      industry: "marketing and advertising",
      aims: ["brand marketing"],
    });
    expect(toBrand[0].where).toBe("Campus Bookstore");

    const toSecurity = achievementsOf(veteran, false, {
      company: "Sentinel Security Group",
      title: "Security Operations Manager",
      industry: "security and investigations",
    });
    expect(toSecurity[0].where).toBe("US Army");
  });

  it("leads with it when nothing is known of the reader, wherever it stands on the resume", () => {
    expect(achievementsOf(marketing)[0].where).toBe("Campus Bookstore");
    expect(achievementsOf(veteran)[0].where).toBe("US Army");
  });

  it("leads with a piece of work the student owned over one they helped with", () => {
    const owned = studentWith(
      {
        employer: "Riverside Clinic",
        role: "Patient Services Assistant",
        bullet: "Helped with patient intake paperwork and scheduling for the front desk",
      },
      {
        employer: "Psychology Research Lab",
        role: "Research Assistant",
        bullet: "Designed and launched a survey study on sleep and memory in first-year students",
      },
    );
    const toClinic = achievementsOf(owned, false, {
      company: "Riverside Clinic",
      title: "Patient Services Manager",
      industry: "hospital and health care",
    });
    expect(toClinic[0].where).toBe("Psychology Research Lab");
  });

  it("lets the reader's field decide between two bullets of similar substance", () => {
    const twoFields = studentWith(
      {
        employer: "Brightside Apparel",
        role: "Marketing Intern",
        bullet: "Launched an email campaign that grew newsletter signups by 35%",
      },
      {
        employer: "Metro Transit Authority",
        role: "Data Analyst Intern",
        bullet: "Built a ridership forecasting model covering 120 bus routes and 40K riders",
      },
    );
    const toMarketer = achievementsOf(twoFields, false, {
      company: "Glossier",
      title: "Growth Marketing Manager",
      industry: "marketing",
    });
    expect(toMarketer[0].where).toBe("Brightside Apparel");
    const toAnalyst = achievementsOf(twoFields, false, {
      company: "City of Chicago",
      title: "Data Analytics Lead",
      industry: "transportation",
    });
    expect(toAnalyst[0].where).toBe("Metro Transit Authority");
  });

  it("speaks for the field the student asks for even to a reader of no field (round 11)", () => {
    const student: ResumeFacts = {
      ...facts,
      experiences: [
        {
          employer: "Parcel Hub",
          role: "Warehouse Associate",
          dates: "Jun 2022 – Jul 2024",
          location: null,
          bullets: ["Picked and staged 1,400+ units per shift and trained 6 new hires"],
        },
      ],
      projects: [
        {
          name: "Study Buddy",
          bullets: ["Built a study-group matching web app used by 210 students"],
        },
      ],
    };
    const [first] = achievementsOf(student, false, {
      company: "Northwind",
      title: "University Recruiter",
      industry: null,
      aims: ["software engineering"],
    });
    expect(first?.where).toBe("Study Buddy");
  });
});
