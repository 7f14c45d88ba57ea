import type { ResumeFacts } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { resumeFacts } from "../../../../tests/resume-facts";
import type { WriteInput } from ".";
import { createOfflineWriter } from "./offline";
import { isMajorField, isRoleTitle, isSchoolName } from "./resume-facts";

// Round 7's fill-ins, each built from its shape: a unit where the title goes, a bracketed
// bullet, a certificate line as the school, the school's city as the major, a job still held.
const offline = createOfflineWriter();
const FORMATS = ["original", "precision", "referral", "informational", "coffee_chat"] as const;

const facts = resumeFacts;

const sender = (resume: ResumeFacts, extra: Partial<WriteInput["sender"]> = {}) => ({
  name: "Sam Rivera",
  email: "sam@example.com",
  university: null,
  major: null,
  graduationYear: null,
  resumeText: null,
  facts: resume,
  ...extra,
});

const recipient: WriteInput["recipient"] = {
  fullName: "Grace Hopper",
  firstName: "Grace",
  title: "Engineering Manager",
  company: "Lazard",
  industry: "software",
  location: "New York",
  university: null,
  interests: [],
};

async function every(input: Omit<WriteInput, "format" | "variant">): Promise<string[]> {
  const texts: string[] = [];
  for (let variant = 0; variant < 6; variant++) {
    for (const format of FORMATS) {
      const email = await offline.write({ ...input, format, variant, now: new Date("2026-11-28") });
      texts.push(`${email.subject}\n${email.body}`);
    }
  }
  return texts;
}

describe("each fill-in checks its shape", () => {
  it("tells a role title from a unit or organization put where the title goes", () => {
    expect(isRoleTitle("Infantry Team Leader")).toBe(true);
    expect(isRoleTitle("Financial Analyst")).toBe(true);
    expect(isRoleTitle("101st Airborne Division")).toBe(false);
    expect(isRoleTitle("2nd Battalion, 5th Marines")).toBe(false);
    expect(isRoleTitle("Acme Widgets LLC")).toBe(false);
    expect(isRoleTitle(null)).toBe(false);
  });

  it("tells a school from a certificate line, and a field of study from the school's city", () => {
    expect(isSchoolName("University of Michigan")).toBe(true);
    expect(isSchoolName("Coursera · Meta Front-End Developer Certificate")).toBe(false);
    expect(isSchoolName("Google Data Analytics Certificate")).toBe(false);
    expect(isMajorField("Computer Science", "Purdue University, Computer Science, BS")).toBe(true);
    expect(isMajorField("Ann Arbor", "University of Michigan\nAnn Arbor, MI")).toBe(false);
    expect(isMajorField("Austin, TX")).toBe(false);
  });

  it("never writes a unit as the student's role: the work is told without it", async () => {
    const resume = facts({
      experiences: [
        {
          employer: "U.S. Army",
          role: "101st Airborne Division",
          dates: "2019 – 2023",
          location: null,
          bullets: ["Led a 9-soldier team through 14 field exercises with zero safety incidents"],
        },
      ],
    });
    for (const text of await every({ sender: sender(resume), recipient })) {
      expect(text).not.toMatch(/\b(a|an|as) 101st/i);
      expect(text).not.toContain("where I was a 101st");
    }
  });

  it("leaves out a project bullet that is a bracketed aside, never 'I built (…)'", async () => {
    const resume = facts({
      projects: [
        {
          name: "Shiftly",
          bullets: [
            "(Supabase backend, ~400 monthly users)",
            "Shipped a scheduling app used by 3 cafés to plan 120 shifts a week",
          ],
        },
      ],
    });
    for (const text of await every({ sender: sender(resume), recipient })) {
      expect(text).not.toMatch(/\bI \w+ [([]/);
    }
  });

  it("signs with no certificate as the school and no city as the major", async () => {
    const certificate = facts({
      education: [
        {
          school: "Coursera · Meta Front-End Developer Certificate",
          degree: null,
          major: null,
          class_year: 2023,
          gpa: null,
        },
      ],
      experiences: [
        {
          employer: "Brightline Studio",
          role: "Web Developer",
          dates: "2023 – 2025",
          location: null,
          bullets: ["Built 12 client websites that raised online bookings by 30%"],
        },
      ],
    });
    for (const text of await every({ sender: sender(certificate), recipient })) {
      expect(text).not.toMatch(/Coursera ·|Certificate '23/);
    }
    const city = facts({
      education: [
        {
          school: "University of Michigan",
          degree: "B.S.",
          major: "Ann Arbor",
          class_year: 2027,
          gpa: null,
          location: "Ann Arbor, MI",
        },
      ],
    });
    for (const text of await every({
      sender: sender(city, { graduationYear: 2027 }),
      recipient,
    })) {
      expect(text).not.toMatch(
        /Ann Arbor '27|in Ann Arbor\b|studying Ann Arbor|degree in Ann Arbor/,
      );
    }
  });

  it("says a job still held in the present beside the training, never 'After working as'", async () => {
    const resume = facts({
      education: [
        {
          school: "General Assembly",
          degree: "Certificate",
          major: "Software Engineering Immersive",
          class_year: 2026,
          gpa: null,
        },
      ],
      experiences: [
        {
          employer: "Rivera Web Studio",
          role: "Freelance Web Developer",
          dates: "Jan 2021 – Present",
          location: null,
          bullets: ["Built 14 websites for local businesses, raising their online orders by 25%"],
        },
      ],
    });
    const goal = {
      seeking: "full-time" as const,
      season: null,
      year: null,
      roles: ["junior developer"],
      industries: [],
      locations: [],
      stage: "career_changer" as const,
    };
    const texts = await every({ sender: sender(resume, { goal }), recipient });
    expect(texts.some((t) => t.includes("I work as a Freelance Web Developer"))).toBe(true);
    for (const text of texts)
      expect(text).not.toMatch(/after (working|\d+ years?) as a Freelance/i);
  });

  it("asks an audit-track accounting student for accounting work, not an analyst role", async () => {
    const resume = facts({
      education: [
        {
          school: "University of Texas at Austin",
          degree: "Master of Professional Accounting",
          major: "Accounting",
          class_year: 2027,
          gpa: null,
        },
      ],
      experiences: [
        {
          employer: "Deloitte",
          role: "Accounting Intern, Audit",
          dates: "Jun 2026 – Aug 2026",
          location: null,
          bullets: ["Tested 60 revenue controls for a $2B manufacturing client"],
        },
      ],
    });
    const texts = await every({
      sender: sender(resume, { major: "Accounting", graduationYear: 2027 }),
      recipient: {
        ...recipient,
        title: "Audit Senior Manager",
        company: "KPMG",
        industry: "accounting",
      },
    });
    expect(texts.some((t) => /accounting/i.test(t))).toBe(true);
    for (const text of texts) expect(text).not.toMatch(/\banalyst (role|internship)/i);
  });
});
