import type { ResumeFacts } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { clauseOf, inPresent } from "./clause";
import { thanksLineOf, thanksSentence, tidyTyped } from "./occasion";
import { clearanceOf } from "./offline/facts";
import { inTeam, teamOf } from "./offline/phrases";
import { daysSince, fairParts, topicPhrase, typedPosition } from "./offline/typed";
import { achievementsOf, withoutLegalSuffix } from "./resume-facts";

// Round 21's readers (seven unseen students: a PharmD student, a B.Arch student, a supply-chain
// senior, an Army veteran in cybersecurity, a violist moving into product, an MS Finance student,
// a sociology junior). Names, companies and numbers here are new; the shapes are theirs.

const held = (bullet: string) => inPresent(clauseOf(bullet, "experience"), bullet);

describe("a job still held, told in the present", () => {
  it("keeps the present the bullet is written in, every verb of it", () => {
    expect(held("Supervise 12–18 student staff per shift; manage scheduling and closing")).toBe(
      "supervise 12–18 student staff per shift, and manage scheduling and closing",
    );
    expect(held("Resolves 30+ tickets/week in Jira and writes knowledge-base articles")).toBe(
      "resolve 30+ tickets/week in Jira and write knowledge-base articles",
    );
    expect(held("Counsel patients on inhaler technique and new prescriptions")).toBe(
      "counsel patients on inhaler technique and new prescriptions",
    );
  });

  it("reads 'own' as a verb, not cut to 'ow'", () => {
    expect(clauseOf("Own the intake pipeline: tag 400 tickets a month", "experience")).toMatch(
      /^owned the intake pipeline/,
    );
    expect(held("Own the intake pipeline: tag 400 tickets a month")).toMatch(/^own the intake/);
  });

  it("says recurring work in the past as still done, a dated result as done", () => {
    expect(held("Taught 9 weekly piano students ages 7–15")).toBe(
      "teach 9 weekly piano students ages 7–15",
    );
    expect(
      held(
        "Ran 14 user interviews and wrote the spec; the feature shipped May 2026 and lifted weekly use",
      ),
    ).toMatch(/^ran 14 user interviews and wrote the spec/);
    expect(held("Helped migrate 250 laptops to a new antivirus")).toBe(
      "helped migrate 250 laptops to a new antivirus",
    );
  });
});

describe("bullets of round 21's shapes as clauses", () => {
  it("tells a contest entry as the result in it, never as a thing built", () => {
    expect(clauseOf("Team Round, placed 31 of 2,400 (top 2%)", "project")).toBe(
      "placed 31 of 2,400 (top 2%) in the Team Round",
    );
  });

  it("gives a joined verb of making its article", () => {
    expect(
      clauseOf(
        "Co-wrote a sector report on regional grocers; built store-visit tracker of 80 stores",
        "experience",
      ),
    ).toBe(
      "co-wrote a sector report on regional grocers, and built a store-visit tracker of 80 stores",
    );
  });
});

const thanks = (typed: string) => {
  const line = thanksLineOf(typed, { fullName: "Priya Raman", firstName: "Priya" });
  if (!line) throw new Error(`no line for ${typed}`);
  return thanksSentence(line, false);
};

describe("a thank-you that speaks of the recipient in the third person", () => {
  it("says 'you' and 'your' past the thing thanked for", () => {
    expect(
      thanks("the 20 min zoom on tues 11/24 about how she moved into PM and her notes on my deck"),
    ).toBe(
      "Thank you for the 20-minute Zoom on Tuesday 11/24 about how you moved into PM and your notes on my deck.",
    );
    expect(
      thanks("the resume review at the SWE night last wed - her notes on cutting my capstone down"),
    ).toBe(
      "Thank you for the resume review at the SWE night last Wednesday, and your notes on cutting my capstone down.",
    );
    expect(thanks("her staying after the info session on 11/19 and looking over my resume")).toBe(
      "Thank you for staying after the info session on 11/19 and looking over my resume.",
    );
  });

  it("keeps a medium before the kind of meeting as typed", () => {
    expect(thanks("the zoom coffee chat on mon 11/23 about the rotation program")).toBe(
      "Thank you for the Zoom coffee chat on Monday 11/23 about the rotation program.",
    );
  });
});

describe("a career fair typed with what was talked about", () => {
  it("splits the fair's name from the talk", () => {
    expect(
      fairParts(tidyTyped("Spartan Career Expo (sept) - talked about the DC rotation")),
    ).toEqual({
      name: "the Spartan Career Expo in September",
      discussed: "the DC rotation",
    });
    expect(
      fairParts(tidyTyped("gies fall career fair (oct), talked abt audit vs advisory")),
    ).toEqual({
      name: "the Gies Fall Career Fair in October",
      discussed: "audit vs advisory",
    });
    expect(fairParts(tidyTyped("Design Career Night (oct 15)")).name).toBe(
      "the Design Career Night on October 15",
    );
  });

  it("ends two topics with 'and', not a trailing comma", () => {
    expect(topicPhrase("what the first two years look like (ops vs planning), relocation")).toBe(
      "what the first two years look like (ops vs planning) and relocation",
    );
  });

  it("writes out the shorthand students type", () => {
    expect(tidyTyped("esp the intl students part and the analyst yr")).toBe(
      "especially the international students part and the analyst year",
    );
  });

  it("never reads an internship the student lacks as the one they seek", () => {
    expect(typedPosition("how intl students w/o US internship break into banking")).toBeNull();
    expect(typedPosition("students without an internship yet")).toBeNull();
  });
});

describe("a company's name as people say it", () => {
  it("drops 'The' with the legal suffix", () => {
    expect(withoutLegalSuffix("The Hartwell Co.")).toBe("Hartwell");
    expect(withoutLegalSuffix("The Brightline Company")).toBe("Brightline");
    expect(withoutLegalSuffix("The Garden Depot, Inc.")).toBe("The Garden Depot");
  });
});

describe("work of the reader's own trade first", () => {
  it("leads with research to a researcher, over a bigger service job", () => {
    const facts: ResumeFacts = {
      name: "Lena Ortiz",
      contact_line: null,
      location: null,
      education: [],
      experiences: [
        {
          employer: "Union Street Dining Hall",
          role: "Student Supervisor",
          dates: "Aug 2024 – Present",
          location: null,
          bullets: ["Supervise 15–20 student staff per shift; manage scheduling and closing"],
        },
        {
          employer: "Department of Geography",
          role: "Undergraduate Research Assistant",
          dates: "Sep 2025 – Present",
          location: null,
          bullets: ["Coded 1,800+ county foreclosure records into a structured dataset"],
        },
      ],
      projects: [],
      leadership: [],
      skills: [],
      interests: [],
    };
    const [first] = achievementsOf(facts, false, {
      company: "Brookfield Policy Institute",
      title: "Research Associate, Housing Policy Center",
      industry: "Think Tanks",
    });
    expect(first.where).toBe("Department of Geography");
  });
});

describe("a security clearance, told to a reader in cleared work", () => {
  it("says what the resume says of it, never one the student is only eligible for", () => {
    expect(clearanceOf("U.S. Navy Veteran | Previously held SECRET clearance")).toBe(
      "I previously held a Secret clearance.",
    );
    expect(clearanceOf("Active TS/SCI clearance (CI poly)")).toBe(
      "I hold an active TS/SCI clearance.",
    );
    expect(clearanceOf("Clearance: Secret clearance (active)")).toBe(
      "I hold an active Secret clearance.",
    );
    expect(clearanceOf("Eligible for Secret clearance; U.S. citizen")).toBeNull();
    expect(clearanceOf("Public Trust clearance eligibility")).toBeNull();
  });
});

describe("the reader's team, as their title names it", () => {
  it("names a team or a center after the comma, never a region or a second title", () => {
    expect(teamOf("Vice President, Healthcare Investment Banking")).toBe(
      "the Healthcare Investment Banking team",
    );
    expect(teamOf("Senior Manager, Cyber Defense Center")).toBe("the Cyber Defense Center");
    expect(inTeam("the Creator Tools team")).toBe("on the Creator Tools team");
    expect(inTeam("the Cyber Defense Center")).toBe("in the Cyber Defense Center");
    expect(teamOf("Talent Acquisition Partner, West Region")).toBeNull();
    expect(teamOf("Clinical Pharmacist, Internal Medicine & Residency Coordinator")).toBeNull();
    expect(teamOf("Software Engineer")).toBeNull();
  });
});

describe("how long ago the typed meeting was", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  it("reads a numeric date, a named one and a month alone, last year's when later than today", () => {
    expect(daysSince("coffee chat on 11/19 about the superday", now)).toBe(10);
    expect(daysSince("the career night on October 15", now)).toBe(45);
    expect(daysSince("the fall career fair in September", now)).toBe(60);
    expect(daysSince("the December mixer", now)).toBe(333);
    expect(daysSince("our call on Tuesday", now)).toBeNull();
  });
});
