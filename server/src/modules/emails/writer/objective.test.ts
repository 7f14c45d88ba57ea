import type { CareerGoal } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { askFor, inferGoal } from "./goal";
import { statedGoal } from "./objective";

const NOVEMBER = new Date("2026-11-20T12:00:00Z");

const resume = (...lines: string[]) => lines.join("\n");

describe("the goal a resume's objective states", () => {
  it("reads the kind, the season and the role of an objective section", () => {
    const text = resume(
      "Jordan Reyes",
      "Columbus, OH | jreyes@osu.edu",
      "OBJECTIVE",
      "Seeking a Summer 2027 internship in corporate finance at a growth-stage company.",
      "EDUCATION",
      "The Ohio State University, B.S. Finance, Expected May 2028",
    );
    expect(statedGoal(text)).toEqual({
      seeking: "internship",
      season: "Summer",
      year: 2027,
      roles: ["corporate finance"],
    });
  });

  it("knows a co-op from an internship, and a role named before the kind", () => {
    expect(
      statedGoal(resume("Ana Li", "Objective: Looking for a Fall 2027 power electronics co-op.")),
    ).toEqual({ seeking: "co-op", season: "Fall", year: 2027, roles: ["power electronics"] });
    expect(
      statedGoal(
        resume(
          "Sam Ortiz",
          "Summary",
          "Former restaurant manager seeking an entry-level UX designer role.",
        ),
      ),
    ).toEqual({
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["entry-level UX designer"],
    });
  });

  it("reads a summer job a first- or second-year student seeks as their summer work, not a career start", () => {
    const text = resume(
      "Robin Tanaka",
      "Kelowna, BC | robin@example.ca",
      "OBJECTIVE",
      "First-year forestry student looking for a summer tree planting or nursery position.",
      "EDUCATION",
      "University of British Columbia, Bachelor of Science in Forestry, Expected April 2030",
    );
    expect(statedGoal(text)).toMatchObject({ seeking: "internship", season: null, year: null });
    const goal = inferGoal(null, { graduationYear: 2030, major: null, resumeText: text }, NOVEMBER);
    expect(goal).toMatchObject({ seeking: "internship", season: "Summer", year: 2027 });
    expect(askFor(goal)).toBe("a Summer 2027 tree planting or nursery internship");
    expect(
      statedGoal(
        resume(
          "Lee Park",
          "Objective: Seeking a full-time role after graduation; summer positions welcome.",
        ),
      ),
    ).toMatchObject({ seeking: "full-time" });
  });

  it("reads an unheaded objective under the contact line", () => {
    expect(
      statedGoal(
        resume(
          "Priya Nair, BSN Candidate",
          "priya@example.edu",
          "Motivated nursing student seeking a new graduate RN residency position in critical care.",
          "EDUCATION",
        ),
      ),
    ).toMatchObject({ seeking: "full-time", roles: ["new graduate RN residency"] });
  });

  it("reads a role named right after 'Seeking:' or 'Looking for', and a start given as months", () => {
    expect(
      statedGoal(resume("Ana Li", "Seeking: Embedded Firmware Co-op, January - June 2027")),
    ).toEqual({ seeking: "co-op", season: "Winter", year: 2027, roles: ["Embedded Firmware"] });
    expect(
      statedGoal(
        resume(
          "Dr. Who",
          "SUMMARY",
          "Postdoc with 6 years of assay work. Looking for Research Scientist / Bioinformatician roles in",
          "oncology starting fall 2027.",
          "EDUCATION",
        ),
      ),
    ).toEqual({
      seeking: "full-time",
      season: "Fall",
      year: 2027,
      roles: ["Research Scientist / Bioinformatician"],
    });
    expect(
      statedGoal(
        resume(
          "Luz Ortiz",
          "Objective",
          "Student looking for a part time computer lab or technical support job (15 hrs a week).",
        ),
      ),
    ).toEqual({
      seeking: "part-time",
      season: null,
      year: null,
      roles: ["computer lab or technical support"],
    });
  });

  it("reads a direction stated as a move, with no start the degree's dates would give (round 8)", () => {
    expect(
      statedGoal(
        resume(
          "Summary",
          "Fourth-year chemistry PhD candidate (defending March 2027) moving from bench research to industry data science.",
          "Education",
        ),
      ),
    ).toEqual({ seeking: "full-time", season: null, year: null, roles: ["data science"] });
    expect(
      statedGoal(
        resume(
          "SUMMARY",
          "Teacher with 6 years in the classroom, now transitioning into instructional design.",
          "EXPERIENCE",
        ),
      )?.roles,
    ).toEqual(["instructional design"]);
  });

  it("finds nothing in a summary of strengths or a resume without an objective", () => {
    expect(
      statedGoal(
        resume(
          "Kim Park",
          "SUMMARY",
          "Results-driven manager with 8 years of P&L ownership.",
          "EXPERIENCE",
        ),
      ),
    ).toBeNull();
    expect(
      statedGoal(
        resume("Kim Park", "EXPERIENCE", "Intern, Acme Corp, Summer 2025", "• Seeking approvals"),
      ),
    ).toBeNull();
    expect(statedGoal(null)).toBeNull();
  });

  it("leads the goal the writer follows, a season that has begun giving way to the next", () => {
    const stated = inferGoal(
      null,
      {
        graduationYear: 2028,
        major: null,
        resumeText: resume("A B", "Objective: Seeking a Fall 2027 co-op in embedded systems."),
      },
      NOVEMBER,
    );
    expect(askFor(stated)).toBe("a Fall 2027 embedded systems co-op");
    const past = inferGoal(
      null,
      {
        graduationYear: 2028,
        major: null,
        resumeText: resume("A B", "Objective: Seeking a Summer 2026 internship in marketing."),
      },
      NOVEMBER,
    );
    expect(askFor(past)).toBe("a Summer 2027 marketing internship");
  });
  it("says the employment type and the level once, wherever the objective put them (round 7)", () => {
    const askOf = (objective: string) => {
      const goal = inferGoal(
        null,
        { graduationYear: 2024, major: null, resumeText: resume("A B", `Objective: ${objective}`) },
        NOVEMBER,
      );
      return askFor(goal);
    };
    const objectives = [
      "Self-taught developer seeking my first full-time junior developer role.",
      "Seeking a full-time position as an entry-level junior web developer.",
      "Seeking an entry level full-time role in accounting.",
      "Looking for my next full time role as a data analyst.",
      "Seeking a part-time marketing assistant job while finishing my degree.",
    ];
    const asks = objectives.map(askOf);
    expect(asks).toEqual([
      "a full-time junior developer role",
      "a full-time junior web developer role",
      "a full-time accounting role",
      "a full-time data analyst role",
      "a part-time marketing assistant role",
    ]);
    for (const ask of asks) {
      const words = ask.toLowerCase().match(/[a-z]+(-[a-z]+)*/g) ?? [];
      const kinds = words.filter((w) =>
        /^(full-time|part-time|first|next|junior|entry-level)$/.test(w),
      );
      expect(new Set(kinds).size, ask).toBe(kinds.length);
      expect(kinds.filter((w) => /^(junior|entry-level)$/.test(w)).length, ask).toBeLessThan(2);
    }
  });

  it("never asks for the type twice when the goal's role carries it, and reads initialisms by sound", () => {
    const base = {
      season: null,
      year: null,
      industries: [],
      locations: [],
      stage: "recent_graduate",
    } satisfies Partial<CareerGoal>;
    expect(askFor({ ...base, seeking: "full-time", roles: ["full-time junior developer"] })).toBe(
      "a full-time junior developer role",
    );
    expect(askFor({ ...base, seeking: "internship", roles: ["UX design"] })).toBe(
      "a UX design internship",
    );
    expect(askFor({ ...base, seeking: "full-time", roles: ["HR generalist role"] })).toBe(
      "a full-time HR generalist role",
    );
    expect(askFor({ ...base, seeking: "internship", roles: ["SEO"] })).toBe("an SEO internship");
  });
});

describe("a co-op student without an objective", () => {
  it("asks for the next co-op when a past job or the degree names the programme", () => {
    const goal = inferGoal(
      {
        name: "Ana Li",
        contact_line: null,
        location: null,
        education: [
          {
            school: "Northeastern University",
            degree: "B.S.",
            major: "Electrical Engineering",
            class_year: 2029,
            gpa: null,
            dates: null,
          },
        ],
        experiences: [
          {
            employer: "Analog Devices",
            role: "Test Engineering Co-op",
            dates: "Jan 2026 – Jun 2026",
            location: null,
            bullets: [],
          },
        ],
        projects: [],
        leadership: [],
        skills: [],
        interests: [],
      },
      { graduationYear: null, major: null },
      NOVEMBER,
    );
    expect(goal.seeking).toBe("co-op");
    expect(askFor(goal)).toMatch(/^a Summer 2027 .*co-op$/);
  });

  it("reads a bulleted summary's availability as the ask (round 14)", () => {
    const text = [
      "Jordan Lee",
      "SUMMARY OF QUALIFICATIONS",
      "• 3 co-op terms (12 months) in analytics at a bank and an insurer",
      "• Available for a 4-month co-op term: May – August 2027",
      "EXPERIENCE",
    ].join("\n");
    expect(statedGoal(text)).toMatchObject({ seeking: "co-op", season: "Summer", year: 2027 });
  });
});
