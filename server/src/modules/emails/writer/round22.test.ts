import { defaultStart } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { clauseOf } from "./clause";
import { statedGoal } from "./objective";
import { tidyTyped } from "./occasion";
import { degreeWord, lawAsk } from "./offline/facts";
import { fairParts, isJobTitle, topicPhrase, untimed } from "./offline/typed";

// Round 22's readers (seven unseen students: a chemical-engineering junior after a co-op, a 2L law
// student, a CPA moving into analytics, an ADN nursing student, an MBA with five years in
// operations, a neuroscience senior moving into consulting, a computer-engineering sophomore).
// Names, companies and numbers here are new; the shapes are theirs.

describe("the role typed for a referral, without its period and kind", () => {
  it("reads a title followed by its season, year or kind as a title", () => {
    expect(untimed("Embedded Firmware Intern summer 2027")).toBe("Embedded Firmware Intern");
    expect(untimed("business analyst 2027 full time")).toBe("business analyst");
    expect(isJobTitle("Embedded Firmware Intern summer 2027")).toBe(true);
    expect(isJobTitle("business analyst 2027 full time")).toBe(true);
    expect(isJobTitle("New Grad RN Residency")).toBe(true);
    expect(isJobTitle("new internship")).toBe(false);
  });
});

describe("a goal stated as a move", () => {
  it("reads 'looking to move into …' as the role sought", () => {
    expect(
      statedGoal(
        "PROFILE\nCPA with 4 years in audit, now finishing an MS in Analytics. I am looking to move into a data analyst role.\n\nEXPERIENCE",
      )?.roles,
    ).toEqual(["data analyst"]);
  });
});

describe("an MBA, said as one", () => {
  it("names the degree of business administration an MBA", () => {
    expect(degreeWord("Master of Business Administration")).toBe("MBA");
  });

  it("asks a law student's summer as a summer associate position", () => {
    expect(lawAsk("a Summer 2027 internship", "law")).toBe("a 2027 summer associate position");
    expect(lawAsk("a Summer 2027 internship", "MBA")).toBe("a Summer 2027 internship");
  });
});

describe("a fair typed with a booth and a talk in brackets", () => {
  it("leaves the booth out of the fair's name and reads the talk in brackets", () => {
    expect(
      fairParts(
        tidyTyped("Midwest Engineering Expo in Sept - Acme booth, talked about the rotation"),
      ),
    ).toEqual({
      name: "the Midwest Engineering Expo in September",
      discussed: "the rotation",
    });
    expect(
      fairParts(tidyTyped("county nursing fair (talked abt the residency + the sign on bonus)")),
    ).toEqual({
      name: "the County Nursing Fair",
      discussed: "the residency and the sign on bonus",
    });
    expect(topicPhrase("How the planning team works with the plants")).toBe(
      "how the planning team works with the plants",
    );
  });
});

describe("a result that happened to the work", () => {
  it("keeps a participle after a comma a participle", () => {
    expect(
      clauseOf(
        "Built a Tableau dashboard of freight cost by lane, used in the weekly ops review",
        "experience",
      ),
    ).toBe("built a Tableau dashboard of freight cost by lane, used in the weekly ops review");
  });
});

describe("round 22's shapes, told cleanly", () => {
  it("tells a clause before a colon's list as the clause", () => {
    expect(
      clauseOf(
        "Provide care for up to 10 patients per shift on a 32-bed unit: vitals, I&O, ADLs",
        "experience",
      ),
    ).toBe("provided care for up to 10 patients per shift on a 32-bed unit");
    expect(clauseOf("Led 3 teams: A, B and C", "experience")).toBe("led 3 teams: A, B and C");
  });

  it("writes a fair typed in small letters as its name is written", () => {
    expect(fairParts(tidyTyped("vt engineering expo in sept, talked about co-ops")).name).toBe(
      "the VT Engineering Expo in September",
    );
    expect(fairParts("Campus Recruiting Night").name).toBe("the Campus Recruiting Night");
  });

  it("keeps every question of a long note by telling its first two", () => {
    expect(
      topicPhrase(
        "how to go from audit to analytics, what skills your team hires for (sql vs power bi) and whether the CPA helps",
      ),
    ).toBe(
      "how to go from audit to analytics and what skills your team hires for (sql vs power bi)",
    );
  });
});

describe("a co-op student's default season", () => {
  it("is one a co-op applied for now can start, about six months on", () => {
    expect(defaultStart(new Date("2026-11-29T12:00:00Z"), "co-op", 2028, "student")).toEqual({
      season: "Summer",
      year: 2027,
    });
    expect(defaultStart(new Date("2026-03-10T12:00:00Z"), "co-op", 2028, "student")).toEqual({
      season: "Fall",
      year: 2026,
    });
  });
});
