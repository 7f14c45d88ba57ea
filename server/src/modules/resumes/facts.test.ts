import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extractResumeText } from "./extract-text";
import { parseResumeFacts } from "./facts";

/**
 * Twelve resumes made for these tests (scripts/resume-fixtures/make.ts): one and two columns,
 * finance, consulting, software, design, product and data, from pdfkit, pdf-lib, the `docx`
 * package (paragraphs and a two-cell table) and Reachout's own text PDF. Each is read from the
 * file as an upload is, then checked field by field.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

async function factsOf(file: string) {
  const data = readFileSync(path.join(FIXTURES, file));
  return parseResumeFacts(await extractResumeText(file.endsWith(".docx") ? "docx" : "pdf", data));
}

interface Expected {
  name: string;
  location: string;
  school: string;
  degree: string;
  major: string | null;
  year: number;
  gpa: string | null;
  experiences: Array<{ employer: string; role: string; dates: string; bullet: string }>;
  projects?: string[];
  leadership?: Array<{ organization: string; role: string }>;
  skills: string[];
  interests: string[];
}

const CASES: Array<[string, Expected]> = [
  [
    "finance-one-column-pdfkit.pdf",
    {
      name: "Maya Chen",
      location: "New York, NY",
      school: "New York University",
      degree: "B.S.",
      major: "Finance",
      year: 2026,
      gpa: "3.82/4.00",
      experiences: [
        {
          employer: "Jefferies",
          role: "Investment Banking Summer Analyst",
          dates: "Jun 2025 – Aug 2025",
          bullet:
            "Built a three-statement LBO model for a $850M take-private of a consumer brand, used in the final bid",
        },
        {
          employer: "Greenline Capital Partners",
          role: "Private Equity Intern",
          dates: "Jan 2025 – May 2025",
          bullet: "Modeled returns for a $120M add-on acquisition, reaching a 24% base-case IRR",
        },
      ],
      leadership: [{ organization: "Stern Investment Club", role: "Vice President" }],
      skills: ["Financial Modeling", "LBO", "Capital IQ"],
      interests: ["running", "chess", "venture investing"],
    },
  ],
  [
    "finance-two-column-pdf-lib.pdf",
    {
      name: "Daniel Okafor",
      location: "Ann Arbor, MI",
      school: "University of Michigan",
      degree: "BBA",
      major: null,
      year: 2027,
      gpa: "3.9",
      experiences: [
        {
          employer: "Harborline Securities",
          role: "Sales & Trading Summer Analyst",
          dates: "Jun 2025 – Aug 2025",
          bullet:
            "Built a Python tool that priced 300 corporate bonds daily, cutting desk prep time by 40 minutes",
        },
        {
          employer: "Ross Student Fund",
          role: "Equity Research Analyst",
          dates: "Sep 2024 – May 2025",
          bullet: "Wrote 4 initiation reports on industrials; 2 buy calls returned 18% on average",
        },
      ],
      leadership: [{ organization: "Michigan Finance Club", role: "Treasurer" }],
      skills: ["Excel", "Bloomberg", "Valuation"],
      interests: ["basketball", "photography"],
    },
  ],
  [
    "consulting-one-column.docx",
    {
      name: "Sofia Martinez",
      location: "Washington, DC",
      school: "Georgetown University",
      degree: "Bachelor of Arts",
      major: "Economics",
      year: 2026,
      gpa: "3.76",
      experiences: [
        {
          employer: "Deloitte Consulting",
          role: "Summer Business Analyst",
          dates: "Jun 2025 – Aug 2025",
          bullet:
            "Interviewed 22 hospital managers and synthesized findings into a cost plan saving $4.2M a year",
        },
        {
          employer: "Georgetown Center for Economic Policy",
          role: "Research Assistant",
          dates: "Sep 2024 – May 2025",
          bullet:
            "Cleaned and analyzed a 50,000-row labor dataset in Stata for a published working paper",
        },
      ],
      leadership: [{ organization: "Georgetown Consulting Group", role: "Project Lead" }],
      skills: ["Stata", "Market Research"],
      interests: ["sustainability", "public speaking"],
    },
  ],
  [
    "consulting-two-column-pdfkit.pdf",
    {
      name: "Arjun Patel",
      location: "Ithaca, NY",
      school: "Cornell University",
      degree: "B.S.",
      major: "Industrial and Labor Relations",
      year: 2026,
      gpa: "3.68/4.0",
      experiences: [
        {
          employer: "Keystone Advisory",
          role: "Strategy Consulting Intern",
          dates: "Jun 2025 – Aug 2025",
          bullet:
            "Sized a $2.1B market for a medtech client using 3 bottom-up models and 18 expert calls",
        },
        {
          employer: "Cornell ILR School",
          role: "Teaching Assistant",
          dates: "Jan 2025 – May 2025",
          bullet: "Taught weekly sections for 40 students in Introduction to Statistics",
        },
      ],
      leadership: [{ organization: "Cornell Consulting Club", role: "President" }],
      skills: ["Alteryx", "Case Interviews"],
      interests: ["mentoring", "basketball"],
    },
  ],
  [
    "software-one-column-pdf-lib.pdf",
    {
      name: "Emily Zhang",
      location: "Champaign, IL",
      school: "University of Illinois Urbana-Champaign",
      degree: "B.S.",
      major: "Computer Science",
      year: 2026,
      gpa: "3.91/4.00",
      experiences: [
        {
          employer: "Stripe",
          role: "Software Engineering Intern",
          dates: "May 2025 – Aug 2025",
          bullet:
            "Built a retry scheduler in Go for webhook deliveries, cutting failed deliveries by 35% across 2M daily events",
        },
        {
          employer: "NCSA",
          role: "Undergraduate Research Assistant",
          dates: "Sep 2024 – May 2025",
          bullet: "Optimized a CUDA kernel for climate simulations, speeding up runs by 3.2x",
        },
      ],
      projects: ["CampusEats"],
      skills: ["Go", "TypeScript", "PostgreSQL"],
      interests: [],
    },
  ],
  [
    "software-one-column.docx",
    {
      name: "Marcus Johnson",
      location: "Atlanta, GA",
      school: "Georgia Institute of Technology",
      degree: "B.S.",
      major: "Computer Science",
      year: 2026,
      gpa: "3.7",
      experiences: [
        {
          employer: "Home Depot",
          role: "Software Engineer Intern",
          dates: "May 2025 – Aug 2025",
          bullet:
            "Migrated 14 inventory services to Kubernetes, reducing deployment time from 40 to 8 minutes",
        },
      ],
      projects: ["Pathfinder", "Open-source contributions to FastAPI"],
      skills: ["Kubernetes", "Flask"],
      interests: ["open source", "music"],
    },
  ],
  [
    "software-two-column-pdfkit.pdf",
    {
      name: "Priya Raman",
      location: "Pittsburgh, PA",
      school: "Carnegie Mellon University",
      degree: "B.S.",
      major: "Computer Science",
      year: 2027,
      gpa: "3.85",
      experiences: [
        {
          employer: "Duolingo",
          role: "Machine Learning Intern",
          dates: "Summer 2025",
          bullet:
            "Trained a ranking model in PyTorch that lifted lesson completion by 2.4% in an A/B test with 1M users",
        },
      ],
      projects: ["TartanTutor"],
      skills: ["PyTorch", "Spark", "Machine Learning"],
      interests: ["machine learning", "running"],
    },
  ],
  [
    "design-two-column-pdf-lib.pdf",
    {
      name: "Lena Fischer",
      location: "Providence, RI",
      school: "Rhode Island School of Design",
      degree: "BFA",
      major: "Graphic Design",
      year: 2026,
      gpa: null,
      experiences: [
        {
          employer: "Hatch Design",
          role: "Product Design Intern",
          dates: "Jun 2025 – Aug 2025",
          bullet:
            "Redesigned the onboarding flow of a fintech app, raising sign-up completion by 18%",
        },
        {
          employer: "RISD Museum",
          role: "Graphic Design Assistant",
          dates: "Sep 2024 – May 2025",
          bullet: "Designed signage and catalogs for 3 exhibitions seen by 25,000 visitors",
        },
      ],
      projects: ["Wayfind"],
      skills: ["Figma", "Adobe Illustrator", "After Effects", "Prototyping"],
      interests: ["photography", "product design"],
    },
  ],
  [
    "design-one-column.docx",
    {
      name: "Noah Kim",
      location: "Seattle, WA",
      // "Seattle, WA" is where it is: the school's clean name stops before the place.
      school: "University of Washington",
      degree: "B.S.",
      major: "Human Centered Design & Engineering",
      year: 2026,
      gpa: "3.64",
      experiences: [
        {
          employer: "Zillow",
          role: "UX Design Intern",
          dates: "Jun 2025 – Sep 2025",
          bullet:
            "Designed a saved-search redesign that increased weekly return visits by 9% for 300K users",
        },
      ],
      projects: ["Accessible Voting Kiosk"],
      skills: ["Figma", "User Research"],
      interests: ["education", "travel"],
    },
  ],
  [
    "product-one-column-pdfkit.pdf",
    {
      name: "Aisha Bello",
      location: "Berkeley, CA",
      school: "University of California, Berkeley",
      degree: "B.A.",
      major: "Cognitive Science",
      year: 2026,
      gpa: "3.8",
      experiences: [
        {
          employer: "Intuit",
          role: "Associate Product Manager Intern",
          dates: "May 2025 – Aug 2025",
          bullet:
            "Defined and launched a receipt-scanning feature used by 50,000 small businesses in its first month",
        },
        {
          employer: "Berkeley Innovation Lab",
          role: "Product Analyst",
          dates: "Jan 2025 – May 2025",
          bullet: "Analyzed 10,000 survey responses in SQL to prioritize a campus app roadmap",
        },
      ],
      leadership: [{ organization: "Women in Product at Berkeley", role: "Co-Founder" }],
      skills: ["Amplitude", "A/B Testing", "Product Management"],
      interests: ["diversity in tech", "music"],
    },
  ],
  [
    "product-two-column.docx",
    {
      name: "Ethan Brooks",
      location: "Durham, NC",
      school: "Duke University",
      degree: "B.S.",
      major: "Computer Science and Economics",
      year: 2027,
      gpa: null,
      experiences: [
        {
          employer: "Loop Product Labs",
          role: "Product Management Intern",
          dates: "Jun 2025 – Aug 2025",
          bullet: "Wrote specs for a referral program that brought in 3,500 new users in six weeks",
        },
      ],
      projects: ["DukeDine"],
      skills: ["Amplitude", "Product Management"],
      interests: ["startups", "basketball"],
    },
  ],
  [
    "data-one-column-reachout.pdf",
    {
      name: "Hannah Lee",
      location: "New York, NY",
      school: "Columbia University",
      degree: "B.A.",
      major: "Statistics",
      year: 2026,
      gpa: "3.87",
      experiences: [
        {
          employer: "Spotify",
          role: "Data Science Intern",
          dates: "Jun 2025 - Aug 2025",
          bullet:
            "Built a churn model in Python that flagged 70% of at-risk subscribers two weeks early",
        },
      ],
      projects: ["Citi Bike Demand Forecast"],
      skills: ["Pandas", "Tableau"],
      interests: ["data visualization", "running"],
    },
  ],
];

describe("resume facts from real files", () => {
  it.each(CASES)("reads %s", async (file, expected) => {
    const facts = await factsOf(file);
    expect(facts.name).toBe(expected.name);
    expect(facts.location).toBe(expected.location);
    expect(facts.contact_line).toMatch(/@/);
    expect(facts.education[0]).toMatchObject({
      school: expected.school,
      degree: expected.degree,
      major: expected.major,
      class_year: expected.year,
      gpa: expected.gpa,
    });
    expect(facts.education).toHaveLength(1);
    for (const [i, experience] of expected.experiences.entries()) {
      expect(facts.experiences[i]).toMatchObject({
        employer: experience.employer,
        role: experience.role,
        dates: experience.dates,
      });
      expect(facts.experiences[i].bullets).toContain(experience.bullet);
    }
    expect(facts.experiences).toHaveLength(expected.experiences.length);
    expect(facts.projects.map((p) => p.name)).toEqual(expected.projects ?? []);
    expect(facts.leadership.map((l) => ({ organization: l.organization, role: l.role }))).toEqual(
      expected.leadership ?? [],
    );
    for (const skill of expected.skills) expect(facts.skills).toContain(skill);
    expect(facts.interests).toEqual(expected.interests);
    // Nothing the parser kept may be a broken line: no contact details among the facts.
    expect(JSON.stringify([facts.experiences, facts.skills])).not.toMatch(/@|555-/);
  });
});
