import type { ResumeFacts } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { createOfflineWriter } from "./offline";
import { isEmployerName } from "./resume-facts";
import { isBulletShaped, isNameShaped, isSkillShaped, trustedFacts } from "./trusted";
import type { WriteInput } from "./types";

// Rounds 27–29: what the reader got from layouts it did not know yet, in the shapes it had.

const misread: ResumeFacts = {
  name: "Marcus Hale",
  contact_line: null,
  location: null,
  education: [
    {
      school: "Whitfield School of Public",
      degree: "B.S.",
      major: "Public Health",
      class_year: 2028,
      gpa: null,
    },
  ],
  experiences: [
    {
      employer: "servicing",
      role: "and inspecting C-17 hydraulic systems",
      dates: "Oct 2018 – Sep 2022",
      location: null,
      bullets: [
        "» Run a $6.8M/yr store with 22 associates » Cut shrink 31% in one year",
        "and trained four new technicians on the landing-gear checklist",
        "Led a team of 6 airmen through 140 aircraft inspections with zero repeat write-ups",
      ],
    },
    {
      employer: "Fieldhouse & Finch",
      role: "Design Intern",
      dates: "Jun 2026 – Aug 2026",
      location: null,
      bullets: ["Designed 14 packaging concepts for a regional coffee roaster's relaunch"],
    },
  ],
  projects: [],
  leadership: [],
  skills: ["elsewhere", "Design Intern", "Fieldhouse & Finch", "Figma", "C++", "research"],
  interests: [],
  publications: [],
};

describe("the shapes a misread line has", () => {
  it("keeps names, titles, bullets and skills of every ordinary shape", () => {
    for (const name of [
      "eBay",
      "iRobot",
      "3M",
      "Deloitte & Touche LLP",
      "National Institutes of Health (NIH)",
      "University of Michigan, Ann Arbor",
      "Médecins Sans Frontières",
      "de Bono Group",
    ]) {
      expect(isNameShaped(name), name).toBe(true);
    }
    expect(isBulletShaped("• Reduced costs by 10% (from $2M to $1.8M)")).toBe(true);
    expect(isBulletShaped("» Run a $6.8M/yr store with 22 associates")).toBe(true);
    for (const skill of ["C++", "C#", "Node.js", "A/B testing", "python", "research", "excel"]) {
      expect(isSkillShaped(skill), skill).toBe(true);
    }
  });

  it("refuses a wrapped line's tail, a sentence, a cut name, two bullets run together", () => {
    expect(isNameShaped("servicing")).toBe(false);
    expect(isNameShaped("Managed a team of five associates")).toBe(false);
    expect(isNameShaped("Whitfield School of")).toBe(false);
    expect(isNameShaped("Hollis Center (Boston")).toBe(false);
    expect(isNameShaped("University of California San")).toBe(false);
    expect(isBulletShaped("Run a store » Cut shrink 31%")).toBe(false);
    expect(isBulletShaped("and reduced costs by 10%")).toBe(false);
    expect(isSkillShaped("elsewhere")).toBe(false);
    expect(isSkillShaped("Design Intern")).toBe(false);
    for (const label of ["Certifications", "Systems", "Operations", "digital", "hands"]) {
      expect(isSkillShaped(label), label).toBe(false);
    }
    expect(isEmployerName("Honors Thesis, Department of Psychology")).toBe(false);
    expect(isSkillShaped("Fieldhouse & Finch", new Set(["fieldhouse & finch"]))).toBe(false);
  });

  it("leaves out what fails and keeps the rest of the entry", () => {
    const trusted = trustedFacts(misread);
    expect(trusted.education[0]).toMatchObject({ school: "", major: "Public Health" });
    expect(trusted.experiences[0]).toMatchObject({
      employer: "",
      role: null,
      bullets: [
        "Led a team of 6 airmen through 140 aircraft inspections with zero repeat write-ups",
      ],
    });
    expect(trusted.experiences[1]).toEqual(misread.experiences[1]);
    expect(trusted.skills).toEqual(["Figma", "C++", "research"]);
    const withHeading = trustedFacts({
      ...misread,
      projects: [
        { name: "Hackathons", bullets: ["HackASU 2026 — 2nd Place, Sustainability Track"] },
        { name: "SunDevil Seats", bullets: ["Built a web app that shows open study rooms"] },
      ],
    });
    expect(withHeading.projects.map((p) => p.name)).toEqual(["SunDevil Seats"]);
  });
});

describe("an email from a misread resume", () => {
  it("tells what passed and nothing that failed", async () => {
    const input = {
      format: "original",
      sender: {
        name: "Marcus Hale",
        email: null,
        university: null,
        major: null,
        graduationYear: null,
        resumeText: null,
        facts: trustedFacts(misread),
      },
      recipient: {
        fullName: "Dana Pruitt",
        firstName: "Dana",
        title: "Maintenance Manager",
        company: "Atlas Air",
        industry: "Aviation",
        location: "Cincinnati, OH",
        university: null,
        interests: [],
        warmSignals: [],
      },
      news: null,
      role: null,
      occasion: null,
      topic: null,
      now: new Date("2026-11-30T12:00:00Z"),
    } as WriteInput;
    const email = await createOfflineWriter().write(input);
    const text = `${email.subject}\n${email.body}`;
    for (const misreadPart of ["servicing", "»", "Whitfield School of Public", "elsewhere"]) {
      expect(text).not.toContain(misreadPart);
    }
    expect(text).toMatch(/140 aircraft inspections|14 packaging concepts/);
  });
});
