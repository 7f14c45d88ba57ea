import type { CareerGoal, ResumeFacts, WriterFormat } from "@reachout/contract";
import { WRITER_FORMATS } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { resumeFacts } from "../../../../tests/resume-facts";
import { writeOffline } from "./offline";
import { designAreaOf, fieldOf } from "./resume-facts";
import { reviewInput, reviewStudents } from "./review";
import type { WriteInput } from "./types";

/**
 * What sank the round-3 review on six resumes the writer had never seen (docs/writer-review.md,
 * issue 36): an invented field, "graduated" for a December graduate, no signature, the
 * student's own project thanked for, "At PRN".
 */

const NOVEMBER = new Date("2026-11-20T12:00:00Z");

const facts = (overrides: Partial<ResumeFacts>) =>
  resumeFacts({ name: "Jordan Reyes", ...overrides });

const education = (school: string, degree: string, major: string, year: number, dates: string) => ({
  school,
  degree,
  major,
  class_year: year,
  gpa: null,
  dates,
  location: null,
});

const experience = (employer: string, role: string, bullets: string[]) => ({
  employer,
  role,
  dates: "Jan 2024 – Present",
  location: null,
  bullets,
});

const MECHANICAL = facts({
  education: [
    education("Purdue University", "B.S.", "Mechanical Engineering", 2027, "Expected May 2027"),
  ],
  experiences: [
    experience("Cummins", "Mechanical Engineering Intern", [
      "Redesigned a bracket assembly in SolidWorks, cutting part weight by 18%",
    ]),
  ],
  skills: ["SolidWorks", "MATLAB", "Python", "ANSYS"],
});

const BIOLOGY_PHD = facts({
  education: [education("Duke University", "Ph.D.", "Biology", 2026, "Aug 2020 – May 2026")],
  experiences: [
    experience("Duke University Department of Biology", "Graduate Research Assistant", [
      "Published 3 first-author papers on zebrafish heart regeneration",
    ]),
  ],
  skills: ["Python", "R", "Data analysis", "Machine learning"],
});

const ENGLISH = facts({
  education: [education("Boston College", "B.A.", "English", 2028, "Expected May 2028")],
  experiences: [
    experience("Boston College Writing Center", "Peer Writing Tutor", [
      "Tutor 15 students a week on essays for first-year writing courses",
    ]),
  ],
  skills: ["Excel", "Data analysis", "SQL", "Canva"],
});

const TRANSFER = facts({
  education: [
    education(
      "Purdue University",
      "B.S.",
      "Business Administration",
      2026,
      "Expected December 2026",
    ),
  ],
  experiences: [
    experience("Target", "Team Lead", [
      "Scheduled shifts for 14 team members and cut overtime by 20% in one quarter",
    ]),
  ],
});

const NURSE = facts({
  education: [education("Ohio State University", "B.S.N.", "Nursing", 2027, "Expected May 2027")],
  experiences: [
    {
      employer: "PRN",
      role: "Patient Care Technician",
      dates: "Jan 2024 – Present",
      location: null,
      bullets: [
        "Patient Care Technician, Jan 2024 – Present",
        "Chart vitals for 6 patients per 12-hour shift and flag changes to the charge nurse",
      ],
    },
  ],
});

const recipient: WriteInput["recipient"] = {
  fullName: "Morgan Lee",
  firstName: "Morgan",
  title: "Engineering Manager",
  company: "Northwind",
  industry: "software",
  location: "Chicago, IL",
  university: null,
  interests: [],
};

function write(
  resume: ResumeFacts,
  format: WriterFormat,
  extra: Partial<WriteInput> = {},
  goal: CareerGoal | null = null,
) {
  return writeOffline({
    format,
    sender: {
      name: resume.name,
      email: null,
      university: null,
      major: null,
      graduationYear: null,
      resumeText: null,
      facts: resume,
      goal,
    },
    recipient,
    role: format === "referral" ? "Operations Analyst" : null,
    occasion:
      format === "thank_you"
        ? "our call on Tuesday about the plant team"
        : format === "career_fair"
          ? "Purdue Fall Career Fair"
          : null,
    topic: format === "career_fair" ? "the plant team" : null,
    now: NOVEMBER,
    ...extra,
  });
}

describe("the writer on resumes it never saw (issue 36 round 3)", () => {
  it("names a field only when the student's roles and major both support it", () => {
    // An engineering discipline the major and a role both name is the student's field.
    expect(fieldOf(MECHANICAL, null)).toBe("engineering");
    expect(fieldOf(BIOLOGY_PHD, null)).toBe("general");
    expect(fieldOf(ENGLISH, null)).toBe("general");
    const cs = facts({
      education: [education("Purdue University", "B.S.", "Computer Science", 2027, "May 2027")],
      experiences: [experience("Stripe", "Software Engineering Intern", ["Built an API"])],
    });
    expect(fieldOf(cs, null)).toBe("software");
    // A major alone, with no role in its field, is no claim either.
    expect(fieldOf({ ...cs, experiences: [] }, null)).toBe("general");
  });

  it("never writes a field or a kind of role the resume does not support, in any format", () => {
    for (const resume of [MECHANICAL, BIOLOGY_PHD, ENGLISH]) {
      for (const format of WRITER_FORMATS) {
        const { subject, body } = write(resume, format);
        const text = `${subject}\n${body}`;
        expect(text, `${resume.education[0].major} ${format}`).not.toMatch(
          /software engineering|data analyst|data internship|data and analytics|product design|consulting internship/i,
        );
      }
    }
    expect(write(ENGLISH, "original").body).toMatch(/a Summer 2027 internship/);
  });

  it("asks for what the student's saved goal says, field and all", () => {
    const goal: CareerGoal = {
      seeking: "internship",
      season: "Summer",
      year: 2027,
      roles: ["marketing"],
      industries: ["marketing"],
      locations: ["Boston"],
      stage: "student",
    };
    const { body } = write(ENGLISH, "coffee_chat", {}, goal);
    expect(body).toContain("I'm looking for a Summer 2027 marketing internship in Boston.");
    expect(body).not.toMatch(/data analyst|software/i);
  });

  it("writes a December graduate as graduating in November and as graduated after", () => {
    for (const format of WRITER_FORMATS) {
      const { body } = write(TRANSFER, format);
      expect(body, format).not.toMatch(/\bgraduated\b/);
    }
    const intros = [0, 1, 2, 3].map((variant) => write(TRANSFER, "original", { variant }).body);
    expect(intros.join("\n")).toMatch(/graduating in December 2026|Class of 2026/);
    const january = write(TRANSFER, "original", { now: new Date("2027-01-15T12:00:00Z") });
    expect(january.body).toContain("graduated from Purdue University in December 2026");
    // "Dec 2026" and "May 2027" read the same way.
    const dec = facts({
      ...TRANSFER,
      education: [education("Purdue University", "B.S.", "Business", 2026, "Dec 2026")],
    });
    expect(write(dec, "informational").body).not.toMatch(/\bgraduated\b/);
  });

  it("never calls someone whose degree is done a student, even when their job has no title", () => {
    const changer = facts({
      name: "Danielle Okafor",
      education: [education("The Ohio State University", "B.S.", "Nursing", 2018, "May 2018")],
      experiences: [
        experience("OhioHealth Riverside Methodist Hospital", null as unknown as string, [
          "Picked up 2–4 shifts a month across 6 med-surg units",
        ]),
      ],
    });
    for (const format of WRITER_FORMATS) {
      for (const variant of [0, 1, 2, 3]) {
        const { body } = write(changer, format, { variant });
        expect(body, `${format} ${variant}`).not.toMatch(/\bstudent\b|Class of 2018/);
      }
    }
    expect(write(changer, "original").body).toMatch(
      /graduated from The Ohio State University in (May )?2018/,
    );
  });

  it("reads an eleven-year store director with no degree year as experienced, never a student", () => {
    const director = facts({
      name: "Raymond Castellanos",
      experiences: [
        {
          ...experience("Fry's Food Stores", "Store Director", [
            "Cut out-of-stocks from 6.1% to 3.4%",
          ]),
          dates: "May 2020 – Present",
        },
        {
          ...experience("Walgreens", "Shift Lead", ["Ran the closing shift"]),
          dates: "Jun 2013 – Jan 2017",
        },
      ],
    });
    for (const format of WRITER_FORMATS) {
      const { body } = write(director, format);
      expect(body, format).not.toMatch(/\bstudent\b|internship/);
    }
  });

  it("keeps a typed role's capitals and ends a sentence on an abbreviation with one full stop", () => {
    const role = "Early Career Program (First- and Second-Year Students) – Finance";
    const { body } = write(MECHANICAL, "referral", { role });
    expect(body).toContain(role);
    for (const format of WRITER_FORMATS) {
      for (const variant of [0, 1, 2, 3]) {
        const email = write(MECHANICAL, format, {
          variant,
          recipient: { ...recipient, company: "Cummins Inc." },
        });
        expect(email.body, `${format} ${variant}`).not.toMatch(/\.\.(\s|$)/);
      }
    }
  });

  it("greets a doctor by title and surname, never 'Hi Dr.,'", () => {
    for (const format of WRITER_FORMATS) {
      const { body } = write(MECHANICAL, format, {
        recipient: { ...recipient, fullName: "Dr. Anil Mehrotra", firstName: null },
      });
      expect(body, format).toMatch(/^Hi Dr\. Mehrotra,/);
    }
  });

  it("tells the career-fair topic as the student's side of the conversation", () => {
    const { body } = write(MECHANICAL, "career_fair", {
      topic: "my capstone on wind turbine blade fatigue",
    });
    expect(body).toContain("I enjoyed telling you about my capstone on wind turbine blade fatigue");
    expect(body).not.toMatch(/telling me about my/);
    const ownWords = write(MECHANICAL, "career_fair", {
      topic: "the cost model I built for my internship",
    }).body;
    expect(ownWords).toContain(
      "I enjoyed our conversation about the cost model I built for my internship. Thank you for taking the time to talk with me",
    );
    expect(ownWords).not.toMatch(/internship at Northwind/);
    const theirs = write(MECHANICAL, "career_fair", { topic: "the plant team" }).body;
    expect(theirs).toContain("I enjoyed our conversation about the plant team at Northwind");
  });

  it("leads a person moving into a new field with that field's work, and says the move (round 8)", () => {
    const mover = facts({
      education: [education("Cornell University", "B.Arch.", "Architecture", 2021, "2016 – 2021")],
      experiences: [
        experience("Lattice Studio", "Architectural Designer", [
          "Coordinated drawings across 5 consultants in Revit",
        ]),
        {
          ...experience("Fold Architects", "Design Intern", [
            "Produced physical models for a museum competition entry",
          ]),
          dates: "Summer 2020",
        },
      ],
      projects: [
        {
          name: "ParkPass",
          bullets: [
            "Interviewed 6 commuters and prototyped a parking app in Figma, cutting task time by half",
          ],
        },
      ],
    });
    const goal: CareerGoal = {
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["product design"],
      industries: [],
      locations: [],
      stage: "experienced",
    };
    const { body } = write(mover, "original", {}, goal);
    expect(body).toContain(
      "an Architectural Designer at Lattice Studio, moving into product design",
    );
    const figma = body.indexOf("Figma");
    expect(figma).toBeGreaterThan(0);
    const models = body.indexOf("physical models");
    expect(models === -1 || figma < models).toBe(true);
  });

  it("never names a shift type such as PRN as an employer", () => {
    for (const format of WRITER_FORMATS) {
      for (const variant of [0, 1, 2]) {
        const { body } = write(NURSE, format, { variant });
        expect(body, `${format} #${variant}`).not.toMatch(/\bPRN\b/);
        expect(body, `${format} #${variant}`).not.toMatch(/Jan 2024 – Present/);
      }
    }
    expect(write(NURSE, "original").body).toMatch(/I chart vitals for 6 patients/);
  });

  it("writes a career-fair topic told as a clause or about 'them' to the recipient", () => {
    const clause = write(MECHANICAL, "career_fair", {
      occasion: "purdue engineering fair, i think the fall one",
      topic: "they mentioned their powertrain team is hiring for 2027",
    }).body;
    expect(clause).toContain("at the Purdue Engineering Fair");
    expect(clause).not.toMatch(/I think/);
    expect(clause).toContain(
      "I enjoyed our conversation, especially when you mentioned your powertrain team is hiring for 2027",
    );
    const own = write(MECHANICAL, "career_fair", {
      occasion: "Purdue Industrial Roundtable",
      topic: "the bracket i redesigned in solidworks",
    }).body;
    // No booth is presumed: the student may have met them at a meetup or a night (round 8).
    expect(own).toMatch(/the bracket I redesigned in SolidWorks\. Thank you for taking the time/);
  });

  it("tells a career-fair topic someone else told as what the student heard (round 7)", () => {
    // "She", in a note to the person met at the fair, is that person (round 8).
    const told = write(MECHANICAL, "career_fair", {
      topic: "she told about the new grad program!!",
    }).body;
    expect(told).toContain(
      "I enjoyed our conversation, especially when you told me about the new grad program",
    );
    expect(told).not.toMatch(/she told|!!/);
    const jenna = write(MECHANICAL, "career_fair", {
      topic: "Jenna told about the new grad program",
    }).body;
    expect(jenna).toContain("I enjoyed our conversation about the new grad program at Northwind");
    const said = write(MECHANICAL, "career_fair", {
      topic: "the recruiter said the plant team is hiring in the spring",
    }).body;
    expect(said).toContain(
      "I enjoyed our conversation, especially hearing that the plant team is hiring in the spring.",
    );
    const thanks = write(MECHANICAL, "thank_you", {
      occasion: "zoom on Monday!! about the plant team",
    }).body;
    expect(thanks).toMatch(
      /^Thank you (again )?for our Zoom call on Monday about the plant team\./m,
    );
  });

  it("asks a designer for the design their roles show, not product design for every one", () => {
    const designer = (major: string, ...roles: string[]) =>
      facts({
        name: "Maya Ortiz",
        education: [education("SCAD", "B.F.A.", major, 2028, "May 2028")],
        experiences: roles.map((role, i) =>
          experience(`Studio ${i + 1}`, role, ["Designed 14 event posters and social graphics"]),
        ),
      });
    const graphic = designer(
      "Graphic Design",
      "Graphic Designer",
      "Brand Design Intern",
      "Graphic Design Assistant",
    );
    expect(designAreaOf(graphic, null)).toBe("graphic design");
    expect(designAreaOf(designer("Design", "Brand Identity Designer"), null)).toBe("brand design");
    // On a tie the latest role decides; no role naming a kind leaves it to the major.
    expect(designAreaOf(designer("Design", "UX Design Intern", "Graphic Designer"), null)).toBe(
      "product design",
    );
    expect(designAreaOf(designer("Motion Design", "Design Intern"), null)).toBe("motion design");
    expect(designAreaOf(designer("Design", "Design Intern"), null)).toBe("design");
    for (const format of WRITER_FORMATS) {
      const { subject, body } = write(graphic, format);
      expect(`${subject}\n${body}`, format).not.toMatch(/product design/i);
    }
    expect(write(graphic, "original").body).toMatch(/graphic design internship/);
  });

  it("says a job that has ended in the past, never as the one held now", () => {
    const manager = facts({
      name: "Gus Anaya",
      experiences: [
        {
          employer: "Snooze",
          role: "General Manager",
          dates: "2017 – 2025",
          location: null,
          bullets: ["Ran a $4.8M/year restaurant with 60 employees"],
        },
      ],
    });
    for (const format of ["original", "informational", "precision"] as const) {
      const { body } = write(manager, format);
      expect(body, format).not.toMatch(/I'm Gus Anaya, a General Manager/);
      expect(body, format).toMatch(/I spent 8 years as a General Manager at Snooze/);
    }
  });

  it("signs the review's emails with the account's name when the resume gives none", () => {
    const [student] = reviewStudents();
    const input = reviewInput(
      { ...student, accountName: "Dana Whitfield" },
      facts({ ...MECHANICAL, name: null }),
      student.contacts[0],
      "original",
      0,
      NOVEMBER,
    );
    const email = writeOffline(input);
    expect(email.body.trimEnd()).toMatch(/\nDana Whitfield\n[^\n]*$/);
    expect(email.sender_name_missing).toBeUndefined();
  });
});
