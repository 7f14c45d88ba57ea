import { CareerGoal, defaultStart, type ResumeFacts } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { resumeFacts } from "../../../../tests/resume-facts";
import { askFor, currentGoal, inferGoal, inferStage } from "./goal";
import { loadReviewStudent, reviewStudents } from "./review";

const NOV_2026 = new Date("2026-11-20T12:00:00Z");
const MARCH_2027 = new Date("2027-03-02T12:00:00Z");
const JULY_2027 = new Date("2027-07-01T12:00:00Z");

const student = (file: string) => {
  const found = reviewStudents().find((s) => s.file === file);
  if (!found) throw new Error(file);
  return loadReviewStudent(found).facts;
};

const facts = (education: ResumeFacts["education"]) =>
  resumeFacts({ name: "Ada Lovelace", education });

describe("the student's goal and stage", () => {
  it("asks a junior in November 2026 for a Summer 2027 internship", () => {
    const goal = inferGoal(
      student("purdue-cs-junior.txt"),
      { graduationYear: null, major: null },
      NOV_2026,
    );
    expect(goal).toMatchObject({
      stage: "student",
      seeking: "internship",
      season: "Summer",
      year: 2027,
    });
    expect(askFor(goal)).toBe("a Summer 2027 software engineering internship");
  });

  it("asks a Class of 2027 senior for a full-time role from Summer 2027, not a 2026 internship", () => {
    const goal = inferGoal(
      student("cornell-econ-senior.txt"),
      { graduationYear: null, major: null },
      NOV_2026,
    );
    expect(goal).toMatchObject({
      stage: "student",
      seeking: "full-time",
      season: "Summer",
      year: 2027,
    });
    expect(askFor(goal)).toBe("a full-time analyst role starting in Summer 2027");
  });

  it("reads the teacher who finished a data bootcamp in 2026 as a career changer after a full-time analyst job", () => {
    const [teacher] = reviewStudents().filter((s) => s.file === "teacher-to-data.txt");
    const goal = inferGoal(
      loadReviewStudent(teacher).facts,
      { graduationYear: null, major: null },
      NOV_2026,
    );
    expect(goal).toMatchObject({ stage: "career_changer", seeking: "full-time", season: null });
    expect(askFor(goal)).toBe("a full-time data analyst role");
  });

  it("reads a master's student and a graduate by their dates", () => {
    expect(inferStage(student("grad-student-ms.txt"), null, NOV_2026)).toBe("graduate_student");
    const graduate = facts([
      { school: "Duke University", degree: "B.S.", major: "Biology", class_year: 2026, gpa: null },
    ]);
    expect(inferStage(graduate, null, MARCH_2027)).toBe("recent_graduate");
    expect(inferStage(graduate, null, new Date("2026-03-01T00:00:00Z"))).toBe("student");
    expect(inferStage(graduate, 2031, MARCH_2027)).toBe("student");
  });

  it("never offers a season that has begun", () => {
    expect(defaultStart(NOV_2026, "internship", 2028, "student")).toEqual({
      season: "Summer",
      year: 2027,
    });
    expect(defaultStart(MARCH_2027, "internship", 2028, "student")).toEqual({
      season: "Summer",
      year: 2027,
    });
    expect(defaultStart(JULY_2027, "internship", 2029, "student")).toEqual({
      season: "Summer",
      year: 2028,
    });
    expect(defaultStart(JULY_2027, "full-time", 2027, "student")).toEqual({
      season: "Summer",
      year: 2028,
    });
    const saved = CareerGoal.parse({
      seeking: "internship",
      season: "Summer",
      year: 2026,
      roles: ["analyst"],
      industries: [],
      locations: [],
      stage: "student",
    });
    expect(currentGoal(saved, NOV_2026, 2028)).toMatchObject({ season: "Summer", year: 2027 });
  });

  it("names the field of a journalist, an engineer, a consultant and a data scientist (round 8)", () => {
    const goalOf = (overrides: Partial<ResumeFacts>) =>
      askFor(
        inferGoal(
          resumeFacts({ name: "Ada Lovelace", ...overrides }),
          { graduationYear: null, major: null },
          NOV_2026,
        ),
      );
    const edu = (school: string, degree: string, major: string, year: number) => ({
      school,
      degree,
      major,
      class_year: year,
      gpa: null,
      dates: `May ${year}`,
      location: null,
    });
    const job = (employer: string, role: string) => ({
      employer,
      role,
      dates: "May 2026 – Aug 2026",
      location: null,
      bullets: ["Wrote 12 stories"],
    });
    expect(
      goalOf({
        education: [edu("University of Oregon", "B.A.", "Journalism", 2027)],
        experiences: [
          job("The Oregonian", "Reporting Intern"),
          job("Daily Emerald", "Copy Editor"),
        ],
      }),
      // Round 15's readers: a reporter asks for reporting ("communications" read as PR work).
    ).toBe("a full-time reporting role starting in Summer 2027");
    expect(
      goalOf({
        education: [edu("Rice University", "B.S.", "Chemical Engineering", 2027)],
        experiences: [job("Shell", "Process Engineering Intern")],
      }),
    ).toBe("a full-time process engineering role starting in Summer 2027");
    expect(
      goalOf({
        education: [edu("Wharton School", "MBA", "Strategy", 2027)],
        experiences: [job("Bain & Company", "Summer Associate")],
      }),
    ).toBe("a full-time consulting role starting in Summer 2027");
    expect(
      goalOf({
        education: [edu("Stanford University", "Ph.D.", "Statistics", 2027)],
        experiences: [job("Lyft", "Data Science Intern")],
      }),
    ).toBe("a full-time data science role starting in Summer 2027");
  });

  it("says no season for a degree that ends this winter, rather than next summer (round 8)", () => {
    const goal = inferGoal(
      resumeFacts({
        name: "Ada Lovelace",
        education: [
          {
            school: "Cleveland State University",
            degree: "B.S.",
            major: "Computer Science",
            class_year: 2026,
            gpa: null,
            dates: "expected December 2026",
            location: null,
          },
        ],
        experiences: [
          {
            employer: "Acme LLP",
            role: "Software Developer Intern",
            dates: "2025 – 2026",
            location: null,
            bullets: ["Built a docket parser"],
          },
        ],
      }),
      { graduationYear: null, major: null },
      NOV_2026,
    );
    expect(goal).toMatchObject({ seeking: "full-time", season: null, year: null });
    expect(askFor(goal)).toBe("a full-time software engineering role");
  });

  it("refuses a season without a year", () => {
    const result = CareerGoal.safeParse({
      seeking: "internship",
      season: "Summer",
      year: null,
      roles: [],
      industries: [],
      locations: [],
      stage: "student",
    });
    expect(result.success).toBe(false);
  });
});
