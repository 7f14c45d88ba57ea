import type { CareerGoal, ResumeFacts, WriterFormat } from "@reachout/contract";
import { WRITER_FORMATS } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { resumeFacts } from "../../../../tests/resume-facts";
import { clauseOf } from "./clause";
import { inferStage } from "./goal";
import { statedGoal } from "./objective";
import { tidyTyped } from "./occasion";
import { writeOffline } from "./offline";
import { eventKindOf } from "./offline/career-fair";
import { certificatesOf, isCurrent } from "./offline/facts";
import { asTitle, organizationName, withArticle } from "./offline/phrases";
import { isJobTitle, postingIdOf, typedPosition, typedRole } from "./offline/typed";
import { isRoleTitle } from "./resume-facts";
import type { WriteInput } from "./types";

/**
 * The faults round 9's readers named (docs/writer-review.md), each on inputs of the same shape
 * written for this file, not the round's students.
 */

const NOVEMBER = new Date("2026-11-20T12:00:00Z");

const school = (name: string, degree: string | null, major: string | null, year: number) => ({
  school: name,
  degree,
  major,
  class_year: year,
  gpa: null,
  dates: null,
  location: null,
});

const job = (employer: string, role: string, bullets: string[], dates = "Jun 2025 – Aug 2025") => ({
  employer,
  role,
  dates,
  location: null,
  bullets,
});

const recipient = (overrides: Partial<WriteInput["recipient"]> = {}): WriteInput["recipient"] => ({
  fullName: "Morgan Lee",
  firstName: "Morgan",
  title: "Program Manager",
  company: "Northwind",
  industry: "software",
  location: "Denver, CO",
  university: null,
  interests: [],
  warmSignals: [],
  ...overrides,
});

function write(
  resume: ResumeFacts,
  format: WriterFormat,
  extra: Partial<WriteInput> = {},
  resumeText: string | null = null,
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
      resumeText,
      facts: resume,
      goal,
    },
    recipient: recipient(),
    role: null,
    occasion: null,
    topic: null,
    now: NOVEMBER,
    ...extra,
  });
}

const bodies = (resume: ResumeFacts, extra: Partial<WriteInput> = {}, text: string | null = null) =>
  WRITER_FORMATS.map((format) => write(resume, format, extra, text).body);

describe("round 9's faults, in their shapes", () => {
  it("never praises a company in the same-city opening", () => {
    const resume = resumeFacts({
      name: "Avery Kim",
      education: [school("University of Denver", "B.S.", "Accounting", 2028)],
      experiences: [
        job("Alpine Tax Group", "Tax Intern", ["Prepared 40 individual returns in Lacerte"]),
      ],
    });
    for (let variant = 0; variant < 8; variant++) {
      for (const body of bodies(resume, {
        variant,
        recipient: recipient({ warmSignals: [{ kind: "location", label: "Also in Denver" }] }),
      })) {
        expect(body).not.toMatch(/admire|favou?rite|most respect|I love (the|your)/i);
      }
    }
  });

  it("signs with the degree's school, never a school of credits or courses", () => {
    const text = [
      "Riley Banks",
      "EDUCATION",
      "Metro State University, B.S. Information Systems, Expected May 2028",
      "Front Range Community College, 18 credits toward A.A.S., 2019 – 2020",
    ].join("\n");
    const credits = resumeFacts({
      name: "Riley Banks",
      education: [
        { ...school("Front Range Community College", null, null, 2020), dates: "2019 – 2020" },
      ],
      experiences: [
        job("Safeway", "Store Manager", ["Managed a team of 30 associates"], "2016 – Present"),
      ],
    });
    // No degree at all: no school line, nowhere.
    for (const body of bodies(
      credits,
      {},
      text
        .split("\n")
        .filter((l) => !/Metro/.test(l))
        .join("\n"),
    )) {
      expect(body).not.toContain("Front Range Community College");
    }
    // A degree in progress elsewhere: that is the school, whichever entry comes first.
    const both = {
      ...credits,
      education: [
        credits.education[0],
        school("Metro State University", "B.S.", "Information Systems", 2028),
      ],
    };
    for (const body of bodies(both, {}, text)) {
      expect(body).not.toContain("Front Range Community College");
      expect(body).toContain("Metro State University");
    }
  });

  it("gives a public office its article, and keeps a skill's modest level", () => {
    const resume = resumeFacts({
      name: "Jordan Ellis",
      education: [school("Colorado State University", "M.P.P.", "Public Policy", 2027)],
      experiences: [
        job("Denver Budget Office", "Policy Intern", [
          "Analyzed 12 county budgets for the finance committee",
        ]),
      ],
      skills: ["Stata", "R", "Python"],
    });
    const text = "Jordan Ellis\nSKILLS\nStata, R, Python (basic)\n";
    const office = recipient({ company: "U.S. Census Bureau", title: "Survey Statistician" });
    for (const format of WRITER_FORMATS) {
      const { subject, body } = write(resume, format, { recipient: office }, text);
      expect(`${subject}\n${body}`).not.toMatch(/(?<!the )(?<!The )U\.S\. Census Bureau/);
    }
    expect(write(resume, "precision", {}, text).body).toContain("Python (basic)");
    // A company's name is no office: "ServiceNow" stays bare.
    const company = recipient({ company: "ServiceNow", title: "Program Manager" });
    expect(write(resume, "original", { recipient: company }, text).body).not.toContain(
      "the ServiceNow",
    );
  });

  it("asks for the kind and period of position the student typed, over the default season", () => {
    const resume = resumeFacts({
      name: "Casey Morgan",
      education: [school("Ohio State University", "B.S.", "Industrial Engineering", 2029)],
      experiences: [
        job("Kroger", "Stock Associate", ["Unloaded 3 trucks a night for a 40-aisle store"]),
      ],
    });
    const referral = write(resume, "referral", { role: "second co-op, jan-jun 2028" });
    expect(referral.body).toContain("January–June 2028");
    expect(referral.body).toMatch(/co-op/);
    expect(referral.body).not.toMatch(/Summer 2027|internship/);
    const fair = write(resume, "career_fair", {
      occasion: "OSU Engineering Expo",
      topic: "the fall 2027 co-op on the packaging line",
    });
    expect(fair.body).toContain("a Fall 2027");
    expect(fair.body).not.toMatch(/Summer 2027|internship/);
  });

  it("calls only a job title 'the X role', never casual words for it", () => {
    const resume = resumeFacts({
      name: "Casey Morgan",
      education: [school("Ohio State University", "B.S.", "Civil Engineering", 2028)],
      experiences: [job("ODOT", "Engineering Aide", ["Surveyed 14 culverts for a drainage study"])],
    });
    for (const role of [
      "second co-op, jan-jun 2028",
      "Fall 2027 Bridge Intern Columbus District role",
      "my first internship",
    ]) {
      const { body, subject } = write(resume, "referral", { role });
      expect(`${subject}\n${body}`, role).not.toMatch(
        /the (Second Co-Op|Fall 2027 Bridge Intern Columbus District|My First Internship)\b/i,
      );
      expect(`${subject}\n${body}`, role).not.toMatch(
        /Co-Op role|District role role|District role/,
      );
    }
    expect(write(resume, "referral", { role: "Transportation Engineer I" }).body).toContain(
      "the Transportation Engineer I role",
    );
  });

  it("does what the contact asked for, instead of a generic close", () => {
    const resume = resumeFacts({
      name: "Casey Morgan",
      education: [school("Ohio State University", "B.S.", "Industrial Engineering", 2028)],
      experiences: [
        job("Kroger", "Stock Associate", ["Unloaded 3 trucks a night for a 40-aisle store"]),
      ],
    });
    const sendResume = write(resume, "thank_you", {
      occasion: "our call on Monday, he asked me to email him my resume",
    });
    expect(sendResume.body).toContain("As you asked, I've attached my resume.");
    expect(sendResume.body).not.toMatch(/anything I can send you|keep you posted/);
    const review = write(resume, "career_fair", {
      occasion: "Buckeye Career Fair",
      topic: "the plant internship, and she offered to look over my cover letter",
    });
    expect(review.body).toContain("Thank you for offering to look over my cover letter.");
    expect(review.body).not.toMatch(/I'd love to be considered|point me to the right next step/);
    // A PhD's paper by its short name (round 12: "said to send her my JMP" went unoffered).
    const paper = write(resume, "thank_you", {
      occasion: "coffee at the ASSA meetings, she said to send her my JMP",
    });
    expect(paper.body).toContain("As you asked, I've attached my job market paper.");
  });

  it("tells training that matches the goal, even for someone with years of work", () => {
    const resume = resumeFacts({
      name: "Dana Whitaker",
      education: [
        {
          ...school("edX", "Certificate", "Business Analytics Certificate", 2027),
          dates: "Expected Feb 2027",
        },
      ],
      experiences: [
        job(
          "Walgreens",
          "Pharmacy Operations Manager",
          ["Managed a team of 25 across 2 stores"],
          "2015 – Present",
        ),
      ],
    });
    const goal: CareerGoal = {
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["business analyst"],
      industries: [],
      locations: [],
      stage: "experienced",
    };
    for (const format of ["original", "informational", "coffee_chat"] as const) {
      const { body } = write(resume, format, {}, null, goal);
      expect(body, format).toContain("Business Analytics Certificate");
    }
  });
});

describe("round 10's faults, in their shapes", () => {
  it("names a title typed in lower case or with its company, and a placement, as the role", () => {
    const resume = resumeFacts({
      name: "Casey Morgan",
      education: [school("Ohio State University", "B.S.", "Civil Engineering", 2028)],
      experiences: [job("ODOT", "Engineering Aide", ["Surveyed 14 culverts for a drainage study"])],
    });
    const referral = (role: string) => write(resume, "referral", { role }).body;
    expect(referral("field engineer II at northwind (bridges team) - req 88123")).toContain(
      "the Field Engineer II role at Northwind (Req 88123)",
    );
    expect(referral("Northwind Engineering Industrial Placement 2027 – ref JR1002")).toContain(
      "Northwind Engineering Industrial Placement",
    );
    // Casual words typed in lower case are still no title.
    expect(referral("second co-op, jan-jun 2028")).not.toMatch(/Second Co-Op role/i);
  });

  it("calls a law, pharmacy or medical student what they are, never a PhD student", () => {
    const student = (degree: string) =>
      resumeFacts({
        name: "Dana Whitfield",
        education: [school("Northern Plains University", degree, null, 2029)],
        experiences: [
          job("County Legal Aid", "Intake Volunteer", [
            "Screened 200 tenants for eviction defense",
          ]),
        ],
      });
    for (const [degree, said] of [
      ["Juris Doctor", "a law student"],
      ["J.D.", "a law student"],
      ["Doctor of Pharmacy", "a PharmD student"],
      ["Doctor of Medicine", "a medical student"],
    ] as const) {
      const body = write(student(degree), "informational").body;
      expect(body, degree).toContain(said);
      expect(body, degree).not.toContain("PhD");
    }
  });

  it("tells a certificate listed under its own heading when it speaks to the goal, never one under way", () => {
    const text = [
      "DANA WHITLOCK",
      "Austin, TX · dana@mail.example",
      "EXPERIENCE",
      "Biology Teacher, Travis High School — Austin, TX   Aug 2018 – Present",
      "• Designed a 36-week biology curriculum used by 4 teachers and 480 students",
      "• Built 12 self-paced Canvas modules; course pass rate rose from 78% to 91%",
      "CERTIFICATIONS & TRAINING",
      "Texas Educator Certification, Life Sciences 7–12",
      "ATD Instructional Design Certificate, Association for Talent Development, 2026",
      "Articulate Storyline Certification (in progress)",
      "EDUCATION",
      "B.S. Biology, Texas State University, 2018",
    ].join("\n");
    const resume = resumeFacts({
      name: "Dana Whitlock",
      education: [school("Texas State University", "B.S.", "Biology", 2018)],
      experiences: [
        job(
          "Travis High School",
          "Biology Teacher",
          [
            "Designed a 36-week biology curriculum used by 4 teachers and 480 students",
            "Built 12 self-paced Canvas modules; course pass rate rose from 78% to 91%",
          ],
          "Aug 2018 – Present",
        ),
      ],
    });
    const goal: CareerGoal = {
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["instructional design"],
      industries: [],
      locations: [],
      stage: "career_changer",
    };
    const informational = write(resume, "informational", {}, text, goal).body;
    expect(informational).toContain("I completed the ATD Instructional Design Certificate in 2026");
    expect(informational).not.toMatch(/Texas Educator|Storyline/);
    // The job the introduction named is "that role", never the school's name twice running.
    expect(informational).toContain("In that role, I designed a 36-week biology curriculum");
    expect(informational).not.toMatch(/career in design\b|(?<!instructional )design roles/);
    const precision = write(resume, "precision", {}, text, goal).body;
    expect(precision).toContain("- Training: ATD Instructional Design Certificate (2026)");
    // Two points of one job: the second under the first, with the result as its own clause.
    expect(precision).toMatch(
      /- Travis High School \(Biology Teacher\): designed a 36-week .*\n- Built 12 self-paced Canvas modules, and the course pass rate rose from 78% to 91%/,
    );
  });

  it("lists a student's coursework when there is little work to tell", () => {
    const text = [
      "Riley Tanaka",
      "EDUCATION",
      "Oregon State University — B.S. Environmental Sciences, expected June 2029",
      "GPA 3.71 | Relevant coursework: Soil Science, Field Methods in Ecology, Intro to GIS",
      "SKILLS",
      "Field: water sampling, plant identification",
    ].join("\n");
    const resume = resumeFacts({
      name: "Riley Tanaka",
      education: [school("Oregon State University", "B.S.", "Environmental Sciences", 2029)],
      skills: ["water sampling", "plant identification"],
    });
    const precision = write(resume, "precision", {}, text).body;
    expect(precision).toContain(
      "- Coursework: Soil Science, Field Methods in Ecology and Intro to GIS",
    );
    expect(precision).not.toMatch(/- I'm Riley/);
  });
});

describe("round 11's faults, in their shapes", () => {
  const student = resumeFacts({
    name: "Lena Ortiz",
    education: [school("Lakeview State University", "B.S.", "Nursing", 2027)],
    experiences: [
      job("Riverside Hospital", "Medical-Surgical Rotation", [
        "Cared for up to 5 post-op patients per shift; performed wound care and IV medication administration",
      ]),
    ],
  });

  it("never asks for the season in a fair's name, nor for one that has begun", () => {
    const body = write(student, "career_fair", {
      occasion: "Lakeview Fall 2026 Health Careers Fair",
      topic: "the new grad residency",
    }).body;
    expect(body).toContain("the Lakeview Fall 2026 Health Careers Fair");
    expect(body).not.toMatch(/starting in Fall 2026|Fall 2026 (internship|role|co-op)/);
  });

  it("keeps a topic joined to its question, and names the company after it", () => {
    const body = write(student, "career_fair", {
      occasion: "Health Careers Fair",
      topic: "the residency cohort and whether new grads can start in the ICU",
    }).body;
    expect(body).toContain(
      "our conversation about the residency cohort and whether new grads can start in the ICU. Thank you for taking the time to tell me about Northwind.",
    );
    expect(body).not.toContain("booth");
  });

  it("writes the student's shorthand out and the company as it spells itself", () => {
    const body = write(student, "thank_you", {
      occasion:
        "the zoom call last wednesday where u looked over my resume and talked about northwind's residency",
    }).body;
    expect(body).toContain("where you looked over my resume");
    expect(body).toContain("Northwind's residency");
    expect(body).not.toMatch(/\bu\b|northwind's/);
  });

  it("tells a clinical rotation as one, never as a place or a title", () => {
    const body = write(student, "informational").body;
    expect(body).toContain(
      "During my medical-surgical rotation at Riverside Hospital, I cared for",
    );
    expect(body).not.toMatch(/At Medical-Surgical Rotation|as a Medical-Surgical Rotation/i);
  });

  it("names a company without its legal suffix and a university with its article", () => {
    const researcher = resumeFacts({
      name: "Wen Li",
      education: [school("Lakeview State University", "Ph.D.", "Biology", 2022)],
      experiences: [
        job(
          "University of Lakeview",
          "Graduate Researcher",
          ["Developed an organoid model adopted as a core assay by 3 labs"],
          "2016 – 2022",
        ),
      ],
    });
    const body = write(researcher, "informational", {
      recipient: recipient({ company: "Northwind, Inc." }),
    }).body;
    expect(body).not.toContain("Northwind, Inc.");
    expect(body).toContain("Northwind");
    expect(body).toMatch(/the University of Lakeview/);
    // Years into work, signed with the name alone, not as a student of '22.
    expect(body).toMatch(/\nWen Li$/);
    expect(body).not.toContain("Biology '22");
  });
});

describe("round 12's faults, in their shapes", () => {
  it("thanks for meeting the student when the line says the student met them", () => {
    const resume = resumeFacts({
      name: "Ana Silva",
      education: [school("Lakeview State University", "B.S.", "Biomedical Engineering", 2028)],
    });
    const body = write(resume, "thank_you", {
      occasion:
        "met Morgan at the Lakeview co-op expo oct 2, he explained design controls and how he started as a co-op there",
    }).body;
    expect(body).toContain("meeting me at the Lakeview co-op expo");
    expect(body).toContain(
      "It was especially helpful to hear about design controls and how you started as a co-op there.",
    );
    expect(body).not.toMatch(/you met|Met Morgan|glad to hear that design/i);
  });

  it("says what a 'Bachelor of X' studies, and an economist is no finance student", () => {
    const architect = resumeFacts({
      name: "Ines Duarte",
      education: [school("Lakeview State University", "Bachelor of Architecture", null, 2028)],
    });
    expect(write(architect, "informational").body).toContain("an Architecture student");
    const economist = resumeFacts({
      name: "Eva Marin",
      education: [school("Lakeview State University", "Ph.D.", "Economics", 2027)],
      experiences: [
        job("Northwind", "Economist Intern", ["Estimated price elasticities for 12 markets"]),
      ],
    });
    const goal: CareerGoal = {
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["economist"],
      industries: [],
      locations: [],
      stage: "graduate_student",
    };
    for (const format of ["original", "informational", "coffee_chat"] as const) {
      expect(write(economist, format, {}, null, goal).body).not.toMatch(/\bfinance\b/);
    }
  });

  it("says the first of two titles and a program with its article", () => {
    const resume = resumeFacts({
      name: "Dee Ochoa",
      education: [school("Lakeview State University", "B.S.", "Business Administration", 2029)],
      experiences: [
        job("ShopMart", "Cashier / Customer Service Desk", [
          "Handled 300 transactions a shift with no drawer errors",
        ]),
        job(
          "IRS VITA Program",
          "Volunteer Tax Preparer",
          ["Prepared 40 federal returns for local families"],
          "Jan 2026 – Apr 2026",
        ),
      ],
    });
    const text = bodies(resume).join("\n");
    expect(text).not.toContain("Cashier / Customer Service Desk at");
    expect(text).not.toMatch(/(At|at) IRS VITA Program/);
  });

  it("never takes a certificate provider's entry for the degree a returner holds", () => {
    const returner = resumeFacts({
      name: "Rae Holt",
      education: [
        school("eLearn Institute", null, null, 2026),
        school("Lakeview State University", "B.S.", "Psychology", 2013),
      ],
      experiences: [
        job(
          "Lakeview Clinic",
          "Human Resources Assistant",
          ["Onboarded 120 new hires"],
          "2016 – 2020",
        ),
      ],
    });
    expect(write(returner, "informational").body).not.toMatch(/Class of 2026|student/);
  });
});

describe("round 13's faults, in their shapes", () => {
  const senior = resumeFacts({
    name: "Riley Chen",
    education: [school("Rice University", "B.S.", "Computer Science", 2027)],
    experiences: [
      job("Northwind Labs", "Software Engineer Intern", [
        "Replaced nightly CSV imports with a webhook pipeline for 40K+ shipments a day",
      ]),
    ],
  });

  it("asks for what the student typed they seek, not a past internship they mention", () => {
    const fair = write(senior, "career_fair", {
      occasion: "Rice Fall Engineering Fair",
      topic: "northwind new grad swe timeline, my shipping intern project",
    }).body;
    expect(fair).not.toMatch(/internship/);
    expect(typedPosition("my spanner intern project")).toBeNull();
    expect(typedPosition("if they take transfer students w/ no previous internship")).toBeNull();
    expect(typedPosition("new grad swe timeline")?.kind).toBe("full-time");
    expect(typedPosition("a full-time summer internship")?.kind).toBe("internship");
    expect(typedPosition("Supply Chain Planner - College Graduate (JR0279416)")?.kind).toBe(
      "full-time",
    );
  });

  it("opens a referral with the shared school in a line, then asks at once, with the posting's id", () => {
    const { body } = write(senior, "referral", {
      role: "Software Engineer, New Grad (Req# JR-2026-1187)",
      recipient: recipient({ warmSignals: [{ kind: "school", label: "Rice alum" }] }),
    });
    const [, opening] = body.split("\n\n");
    expect(opening).toMatch(
      /^I noticed on your profile that you studied at Rice, where I study now\. I'm applying for the Software Engineer role at Northwind \(Req# JR-2026-1187\)/,
    );
    expect(body).not.toMatch(/reach out about your work|how you got from there/);
  });

  it("tells work at the reader's own company first, by its spoken name", () => {
    const nurse = resumeFacts({
      name: "Jamie Park",
      education: [school("University of Wisconsin–Madison", "B.S.N.", "Nursing", 2027)],
      experiences: [
        job("Riverside County Public Health", "Outreach Volunteer", [
          "Organized 3 campus blood drives with 212 units collected",
        ]),
        job("UW Health University Hospital", "Student Nurse Technician", [
          "Trained 6 new technicians in fall-prevention rounds on a 28-bed unit",
        ]),
        job("Lakeside Care Partners, Ltd.", "Nursing Assistant", [
          "Cared for 10–12 memory care residents per shift",
        ]),
      ],
    });
    const { body } = write(nurse, "original", {
      recipient: recipient({ company: "UW Health", title: "Nurse Manager", industry: "hospitals" }),
    });
    expect(body).toMatch(/UW Health University Hospital/);
    expect(body.indexOf("UW Health University Hospital")).toBeLessThan(
      body.indexOf("blood drives") < 0 ? Number.POSITIVE_INFINITY : body.indexOf("blood drives"),
    );
    const precision = write(nurse, "precision").body;
    expect(precision).not.toMatch(/Ltd\./);
  });

  it("follows up a meeting with the work it was about", () => {
    const engineer = resumeFacts({
      name: "Diego Ortiz",
      education: [school("San Diego State University", "B.S.", "Mechanical Engineering", 2028)],
      experiences: [
        job("Campus Learning Center", "Math Tutor", [
          "Tutored 25 students a week in Calculus I–III and Statics, raising pass rates by 12%",
        ]),
      ],
      projects: [
        {
          name: "Aztec Racing (Formula SAE)",
          bullets: ["Designed a rear upright bracket in SolidWorks, cutting its mass by 18%"],
        },
      ],
    });
    const { body } = write(engineer, "thank_you", {
      occasion: "the call on Tuesday and for looking over my Formula SAE bracket design",
    });
    expect(body).toMatch(/upright bracket/);
    expect(body).not.toMatch(/Calculus/);
  });

  it("never takes a section's heading or a place for a title", () => {
    expect(isRoleTitle("Leadership & Volunteer")).toBe(false);
    expect(isRoleTitle("Leadership and Activities")).toBe(false);
    expect(isRoleTitle("Public Health Madison & Dane County")).toBe(false);
    expect(isRoleTitle("Community Outreach Chair")).toBe(true);
    expect(isRoleTitle("Volunteer")).toBe(true);
  });

  it("says 'a STEM tutor' and 'an MBA intern'", () => {
    expect(withArticle("STEM Tutor")).toBe("a STEM Tutor");
    expect(withArticle("MBA Intern")).toBe("an MBA Intern");
    expect(withArticle("UCLA Fellow")).toBe("a UCLA Fellow");
    expect(withArticle("OSHA Inspector")).toBe("an OSHA Inspector");
  });

  it("reads 'w/o' and '+' in a typed note", () => {
    const { body } = write(senior, "career_fair", {
      occasion: "Rice Fall Engineering Fair",
      topic: "her team's imaging screens + whether they hire PhDs w/o a postdoc",
    });
    expect(body).not.toMatch(/with o |\s\+\s/);
  });

  it("names a role typed beside its link, and an event by its kind (round 14)", () => {
    const { body } = write(senior, "referral", {
      role: "Software Engineering Intern - Summer 2027 (R58213) https://example.wd5.myworkdayjobs.com/Careers/job/R58213",
    });
    expect(body).toContain("the Software Engineering Intern role");
    expect(body).not.toContain("https://");
    expect(eventKindOf("AIGA Baltimore Portfolio Review Night 2026")).toBe("the portfolio review");
    expect(eventKindOf("PMI Central Ohio Chapter Fall Networking Night")).toBe(
      "the networking event",
    );
    expect(eventKindOf("UNC TIBBS Biotech & Pharma Career Symposium 2026")).toBe("the symposium");
    expect(eventKindOf("SJSU Fall 2026 Engineering & Technology Job Fair")).toBe("the career fair");
  });
});

describe("round 15's faults, in their shapes", () => {
  it("never says 'I graduated' with no school and no date to say it of", () => {
    const developer = resumeFacts({
      name: "Sam Okafor",
      education: [
        {
          ...school("Flatiron School", "Certificate", "Software Engineering", 2024),
          dates: "2024",
        },
      ],
      experiences: [
        job(
          "Freelance",
          "Web Developer",
          ["Built 9 client sites in React and Next.js"],
          "2024 – Present",
        ),
        job(
          "Olive Garden",
          "Kitchen Manager",
          ["Ran a 14-cook line for 300+ covers a night"],
          "2019 – 2024",
        ),
      ],
    });
    for (const format of WRITER_FORMATS) {
      expect(write(developer, format).body, format).not.toMatch(/and I graduated\.|I graduated\./);
    }
  });

  it("reads 'part-time or summer 2027 internship' once, and an initial's full stop as none", () => {
    const text = [
      "Dana Price",
      "OBJECTIVE",
      "First-year business student looking for a part-time or summer 2027 internship in banking.",
      "EDUCATION",
    ].join("\n");
    const resume = resumeFacts({
      name: "Dana Price",
      education: [school("Des Moines Area Community College", "A.A.", "Business", 2028)],
      experiences: [job("Wells Fargo", "Teller", ["Balanced a $20K cash drawer daily"])],
    });
    const { subject, body } = write(resume, "original", {}, text);
    expect(`${subject}\n${body}`).not.toMatch(/summer 2027 or|or summer 2027/i);
    const fair = write(resume, "career_fair", {
      occasion: "Portland State Environmental Careers Night",
      topic: "my Johnson Creek E. coli poster and what the stormwater team looks for",
    }).body;
    expect(fair).toContain("E. coli poster");
  });

  it("names the title typed before a careers-page link, and tells no schedule as work", () => {
    const resume = resumeFacts({
      name: "Rosa Vidal",
      education: [school("Arizona State University", "B.A.", "Journalism", 2027)],
      experiences: [
        job("Hy-Vee", "Cashier", ["Cashier around 20 hours a week during the school year"]),
        job("The State Press", "Politics Reporter", ["Covered 40 city council meetings in 2025"]),
      ],
    });
    const { body } = write(resume, "referral", {
      role: "Multimedia Journalist / Digital Producer (entry level) req R-22718 https://www.example.com/careers/",
    });
    expect(body).toContain("the Multimedia Journalist / Digital Producer role");
    expect(body).toContain("(Req R-22718)");
    expect(body).not.toContain("https://");
    for (const format of WRITER_FORMATS) {
      expect(write(resume, format).body, format).not.toMatch(/worked on cashier|hours a week/);
    }
  });
});

describe("round 16's faults, in their shapes", () => {
  it("takes training in the field of earlier work for a return, not a change", () => {
    const returner = resumeFacts({
      name: "Rebecca Hale",
      education: [
        school("University of Colorado", "B.A.", "Psychology", 2014),
        { ...school("SHRM", "Certificate", "SHRM-CP Certification", 2026), dates: "2026" },
      ],
      experiences: [
        job(
          "Pikes Peak Credit Union",
          "HR Generalist",
          ["Ran onboarding for 120 hires a year"],
          "2015 – 2021",
        ),
      ],
    });
    expect(inferStage(returner, null, NOVEMBER)).toBe("experienced");
    const changer = resumeFacts({
      ...returner,
      experiences: [job("Target", "Store Manager", ["Ran a $6.8M store"], "2015 – 2021")],
    });
    expect(inferStage(changer, null, NOVEMBER)).toBe("career_changer");
  });

  it("opens with work at the contact's company before a shared school", () => {
    const engineer = resumeFacts({
      name: "Tyler Hart",
      education: [
        school("North Carolina State University", "B.S.", "Electrical Engineering", 2027),
      ],
      experiences: [
        job("Northwind Energy", "Transmission Planning Co-op", [
          "Ran 40 contingency cases in PSS/E",
        ]),
      ],
    });
    const { body } = write(engineer, "coffee_chat", {
      recipient: recipient({
        company: "Northwind Energy",
        warmSignals: [
          { kind: "school", label: "NC State alum" },
          { kind: "employer", label: "You worked at Northwind Energy" },
        ],
      }),
    });
    expect(body).toMatch(/worked at Northwind Energy|have Northwind Energy in common/);
  });
});

describe("round 17's faults, in their shapes", () => {
  const phd = resumeFacts({
    name: "Lena Okafor",
    education: [school("University of Iowa", "Ph.D.", "Biostatistics", 2027)],
    experiences: [
      job("Department of Biostatistics, UI–Iowa City", "Research Assistant / Teaching Assistant", [
        "TA for BIOS 4120 (Regression) and BIOS 5310 (Inference), ~90 students/semester",
      ]),
      job("Acme Health Analytics", "Data Science Intern", [
        "Fitted a Bayesian survival model for 40,000 patients, cutting forecast error by 9%",
      ]),
    ],
  });
  const phdText =
    "Ph.D. Candidate, Biostatistics\nDepartment of Biostatistics, UI–Iowa City – Research Assistant";

  it("names a PhD candidate's field, whatever short school name follows a comma", () => {
    const { body } = write(phd, "informational", {}, phdText);
    expect(body).toContain("a PhD candidate in Biostatistics");
  });

  it("tells a teaching post as one held, and leaves out a stack of tools told as a verb", () => {
    expect(clauseOf(phd.experiences[0].bullets[0], "experience")).toBe(
      "was a TA for BIOS 4120 (Regression) and BIOS 5310 (Inference), ~90 students/semester",
    );
    expect(
      clauseOf("React + Node.js, pulls from a transit API, ~150 weekly users", "project"),
    ).toBe("");
    expect(clauseOf("Flask/React dashboard for 3 clinics", "project")).toBe("");
  });

  it("asks a stranger for a referral once, after a smaller ask, and never puts another company's posting at theirs", () => {
    const cold = write(phd, "referral", {
      role: "Associate Data Scientist (Job ID 26-0412) https://globex.wd5.myworkdayjobs.com/Globex/job/Associate-Data-Scientist_26-0412",
      recipient: recipient({ title: "Senior Data Scientist", company: "Initech" }),
    });
    expect(cold.body).not.toMatch(/at Initech \(Job ID/);
    expect(cold.body).toContain("the Associate Data Scientist role (Job ID 26-0412)");
    expect(cold.body.match(/\brefer(ring)?\b/g)?.length).toBe(1);
    expect(cold.body).toMatch(/10-minute call/);
    expect(cold.subject).not.toMatch(/Initech|referral/i);
  });

  it("writes out office shorthand and joins a comma splice in a typed note", () => {
    expect(
      tidyTyped(
        "thx for setting up the interview on 11/23 w/ the analytics mgr, we went over my forecasting work",
      ),
    ).toBe(
      "thanks for setting up the interview on 11/23 with the analytics manager; we went over my forecasting work",
    );
  });
});

describe("round 17's faults, in their shapes (2)", () => {
  it("reads a verb whose past is its own form after a semicolon, and a requisition id with two dashes", () => {
    expect(
      clauseOf(
        "Designed a switchback estimator for 40+ cities; cut required test duration by ~22%",
        "experience",
      ),
    ).toBe(
      "designed a switchback estimator for 40+ cities, and cut required test duration by ~22%",
    );
    expect(postingIdOf("Quantitative Researcher (Full-Time 2027), req R-2026-0884")).toBe(
      "Req R-2026-0884",
    );
  });
});

describe("round 17's faults, in their shapes (3)", () => {
  it("never tells a noun after a semicolon as a verb, nor a clinical job title as a rotation", () => {
    expect(
      clauseOf(
        "Manage a REDCap database for 600 patients; data quality checks and weekly reports",
        "experience",
      ),
    ).toBe("managed a REDCap database for 600 patients");
    const assistant = resumeFacts({
      name: "Rosa Vega",
      education: [
        school("University of Michigan", "Master of Public Health", "Epidemiology", 2027),
      ],
      experiences: [
        job("Oak Family Medicine", "Certified Clinical Medical Assistant", [
          "Raised A1c follow-up completion from 58% to 74% in 6 months",
        ]),
      ],
    });
    for (const body of bodies(assistant)) expect(body).not.toMatch(/During my certified/i);
  });

  it("reads 'Program Analyst' in an objective as the role, not a program", () => {
    expect(
      statedGoal(
        "Seeking full-time Epidemiologist or Program Analyst positions starting June 2027.",
      )?.roles,
    ).toEqual(["Epidemiologist or Program Analyst"]);
  });
});

describe("round 17's faults, in their shapes (4)", () => {
  it("takes freelance work, not a bootcamp, for a career changer's job, and a job ended in January as ended", () => {
    const changer = resumeFacts({
      name: "Robin Cole",
      education: [
        { ...school("Springboard", "Certificate", "UX Career Track", 2026), dates: "2026" },
        school("Temple University", "B.A.", "History", 2017),
      ],
      experiences: [
        job(
          "Springboard",
          "UX Design Immersive",
          ["Ran 8 interviews for a clinic's intake form"],
          "Feb 2026 - May 2026",
        ),
        job(
          "Freelance",
          "Freelance UX Designer",
          ["Redesigned a law firm's client portal"],
          "Jun 2026 - present",
        ),
        job(
          "Pryor & Lane LLP",
          "Senior Paralegal",
          ["Moved 14 attorneys to a new case system"],
          "2019 - Jan 2026",
        ),
      ],
    });
    const { body } = write(changer, "coffee_chat");
    expect(body).toMatch(/(I work as|I.m Robin Cole,) a Freelance UX Designer/);
    expect(body).not.toMatch(/work as a UX Design Immersive/);
    expect(isCurrent("2019 - Jan 2026", NOVEMBER)).toBe(false);
    expect(isCurrent("2019 - Nov 2026", NOVEMBER)).toBe(true);
  });

  it("reads a level and a co-op student in a typed posting title", () => {
    expect(
      typedRole("Epidemiologist I (Communicable Disease) - Job #2026-00417, Lane County"),
    ).toBe("Epidemiologist I");
    expect(isJobTitle("Mechanical Design Co-op Student")).toBe(true);
  });
});

describe("round 17's readers, in their shapes", () => {
  it("tells a bullet's first sentence, drops a trailing list of bare nouns, and joins two verbs with 'and'", () => {
    expect(
      clauseOf(
        "Led the move to a new case system in 2023. Basically my first UX project, I just didn't know it",
        "experience",
      ),
    ).toBe("led the move to a new case system in 2023");
    expect(
      clauseOf(
        "Roomed 25-30 patients/day, vitals, injections, point-of-care tests (A1c, UA)",
        "experience",
      ),
    ).toBe("roomed 25-30 patients/day");
    expect(clauseOf("Built a model in Python, SQL, and Tableau", "experience")).toBe(
      "built a model in Python, SQL, and Tableau",
    );
    expect(
      clauseOf("Managed $3,200 budget, organized a showcase for 300 guests", "leadership"),
    ).toBe("managed a $3,200 budget, and organized a showcase for 300 guests");
    expect(clauseOf("Grading + SQL help sessions for 90 students", "experience")).toBe("");
  });

  it("says what the student did at the contact's company, names no title across a promotion, and keeps work under way under way", () => {
    const analyst = resumeFacts({
      name: "Ana Ruiz",
      education: [school("Rice University", "M.S.", "Statistics", 2027)],
      experiences: [
        job(
          "Northwind",
          "Analytics Intern",
          ["Built a churn model on 1.2M accounts"],
          "May 2025 – Aug 2025",
        ),
        job("Contoso", "Senior Analyst", [], "2023 – 2024"),
        job(
          "Contoso",
          "Analyst",
          ["Designed a pricing simulator behind $6M of markdowns"],
          "2021 – 2023",
        ),
        job(
          "Freelance",
          "Data Consultant",
          ["Redesigning a client's sales dashboard"],
          "Jun 2026 – Present",
        ),
      ],
    });
    const warm = { warmSignals: [{ kind: "employer" as const, label: "You worked at Northwind" }] };
    for (const body of bodies(analyst, { recipient: recipient(warm) })) {
      expect(body).not.toMatch(/shape the experience|glad to find someone/);
      expect(body).not.toMatch(
        /As an Analyst at Contoso|Contoso \(Analyst\)|where I was an Analyst/,
      );
      expect(body).not.toMatch(/I redesigned a client's sales dashboard/);
    }
    expect(write(analyst, "coffee_chat", { recipient: recipient(warm) }).body).toMatch(
      /(worked at Northwind|have Northwind in common).*Analytics Intern.*in 2025/,
    );
  });
});

describe("round 17's readers, in their shapes (2)", () => {
  it("tells hours given as time spent, a made app as built, and leaves a team's own sentence out", () => {
    expect(clauseOf("60+ volunteer hours tutoring Geometry", "leadership")).toBe(
      "spent 60+ volunteer hours tutoring Geometry",
    );
    expect(clauseOf("Web app showing live shuttle locations for 3 stops", "project")).toBe(
      "built a web app showing live shuttle locations for 3 stops",
    );
    expect(
      clauseOf("Team won the Judges' Award at the 2025 state championship", "leadership"),
    ).toBe("");
  });
});

describe("round 18's readers, in their shapes", () => {
  it("writes out typed shorthand and takes no past internship for what is sought", () => {
    expect(tidyTyped("brand mgmt rotations, the 12 wk program, career fair sept 2026")).toBe(
      "brand management rotations, the 12-week program, career fair September 2026",
    );
    expect(tidyTyped("the phone screen mon 11/23")).toContain("Monday 11/23");
    expect(
      typedPosition("fall 2027 assurance start dates, and my pwc busy season internship")?.kind,
    ).toBeNull();
  });

  it("gives each certificate on a line its own year", () => {
    expect(
      certificatesOf(
        "CERTIFICATIONS\nHubSpot Inbound Certification (2025) • Google Analytics Certification (2026)",
      ),
    ).toEqual([
      { name: "HubSpot Inbound Certification", year: 2025 },
      { name: "Google Analytics Certification", year: 2026 },
    ]);
  });
});

describe("round 18's readers, in their shapes (2)", () => {
  it("tells a post named by a noun phrase as held, trust given as given, and 'an' before a vowel in a subject", () => {
    expect(
      clauseOf(
        "Winter busy season intern on two audit engagements (retail and healthcare REIT)",
        "experience",
      ),
    ).toBe("was a winter busy season intern on two audit engagements (retail and healthcare REIT)");
    expect(
      clauseOf("Balanced the cash office daily (~$30K); trusted with opening shifts", "experience"),
    ).toBe("balanced the cash office daily (~$30K), and was trusted with opening shifts");
    const accountant = resumeFacts({
      name: "Eli Park",
      education: [school("University of Georgia", "Master of Accountancy", "Accountancy", 2027)],
      experiences: [job("Deloitte", "Audit Intern", ["Tested 40 SOX controls"])],
    });
    const subjects = [0, 1, 2, 3].map(
      (variant) => write(accountant, "precision", { variant }).subject,
    );
    for (const subject of subjects) expect(subject).not.toMatch(/\bA Accountancy\b/);
    expect(subjects.some((subject) => subject.includes("An Accountancy student"))).toBe(true);
  });
});

describe("round 19's readers, in their shapes", () => {
  it("tells decorations as received, a team as one the student was on, and an internship worked as past", () => {
    expect(
      clauseOf(
        "Army Commendation Medal (2022), Army Good Conduct Medal, Overseas Service Ribbon",
        "experience",
      ),
    ).toBe("received the Army Commendation Medal (2022)");
    expect(clauseOf("4-person team comparing two bridge designs", "project")).toBe(
      "was on a 4-person team comparing two bridge designs",
    );
    expect(
      typedPosition(
        "the bridge retrofit I worked on as an intern and how grad engineer hiring works",
      ),
    ).toEqual({ kind: "full-time", period: null });
  });
});

describe("round 19's readers, in their shapes (2)", () => {
  it("names no contact's title that carries its own comma or brackets", () => {
    expect(asTitle("Director, Summer Undergraduate Research Program (REU)")).toBe("");
    expect(asTitle("Director of Policy")).toBe(" as a Director of Policy");
  });
});

describe("a count with its own verb after a semicolon", () => {
  it("keeps the clause after its semicolon, and joins a count that is a result with 'with'", () => {
    expect(
      clauseOf("Wrote 4 reports on retailers; 2 buy calls returned 18% on average", "leadership"),
    ).toBe("wrote 4 reports on retailers; 2 buy calls returned 18% on average");
    expect(clauseOf("Ran a coat drive; 1,200 coats donated", "leadership")).toBe(
      "ran a coat drive, with 1,200 coats donated",
    );
  });
});

describe("round 19's readers, in their shapes (3)", () => {
  it("lists no gap entry as work, no title's bracketed notes, and promises no skills to bring", () => {
    const returner = resumeFacts({
      name: "Tamsin Howe",
      education: [
        school("University of Maryland Global Campus", "B.S.", "Human Resource Management", 2026),
      ],
      experiences: [
        job(
          "Harbor Foods",
          "HR Assistant (Part-Time)",
          ["Screened 400+ applicants for 3 stores"],
          "Jan 2026 – Present",
        ),
        job(
          "Self-directed",
          "Full-Time Student",
          ["Finished 30 credits while caring for a family member"],
          "2025 – 2026",
        ),
      ],
    });
    for (const variant of [0, 1, 2, 3]) {
      const { body } = write(returner, "precision", { variant });
      expect(body).not.toMatch(/caring for a family member/);
      expect(body).not.toMatch(/\(Part-Time\)\)/);
      expect(body).not.toMatch(/bring my .* skills to/);
    }
  });
});

describe("round 19: a service named as a country's", () => {
  it("puts 'the' before the United States Navy", () => {
    expect(organizationName("United States Navy", null)).toBe("the United States Navy");
    expect(organizationName("Evercore", null)).toBe("Evercore");
  });
});

describe("round 17's readers: the article a bullet drops", () => {
  it("puts 'a' before one thing made, never before a mass noun, a plural or a number", () => {
    expect(clauseOf("Built churn propensity model (XGBoost) on 1.2M accounts", "experience")).toBe(
      "built a churn propensity model (XGBoost) on 1.2M accounts",
    );
    expect(clauseOf("Managed REDCap database for a cohort of 600 patients", "experience")).toBe(
      "managed a REDCap database for a cohort of 600 patients",
    );
    expect(clauseOf("Built software for 3 clinics", "experience")).toBe(
      "built software for 3 clinics",
    );
    expect(clauseOf("Wrote 4 initiation reports on retailers", "experience")).toBe(
      "wrote 4 initiation reports on retailers",
    );
  });
});

describe("round 20's readers, in their shapes", () => {
  it("reports a finding with 'that', and tells what the recipient did after '!!' as theirs", () => {
    expect(clauseOf("Showed liquid cooling cut peak cell temperature by 30%", "experience")).toBe(
      "showed that liquid cooling cut peak cell temperature by 30%",
    );
    expect(clauseOf("Demonstrated leadership in a 6-person lab", "experience")).not.toMatch(/that/);
    expect(tidyTyped("thanks for the chat 11/5!! she gave feedback on my portfolio")).toBe(
      "thanks for the chat 11/5, she gave feedback on my portfolio",
    );
  });
});

describe("round 21's readers, to someone at the student's former employer", () => {
  it("names the employer as people say it, the title once, and asks what changed", () => {
    const intern = resumeFacts({
      name: "Tess Nolan",
      education: [school("Iowa State University", "B.S.", "Supply Chain Management", 2027)],
      experiences: [
        job(
          "Hy-Vee, Inc.",
          "Distribution Intern",
          ["Re-slotted 140 dairy SKUs by pick velocity, cutting travel per pick 9%"],
          "May 2026 – Aug 2026",
        ),
      ],
    });
    const warm = recipient({
      company: "Hy-Vee",
      warmSignals: [{ kind: "employer" as const, label: "You worked at Hy-Vee, Inc." }],
    });
    for (const format of ["informational", "coffee_chat"] as const) {
      const body = write(intern, format, { recipient: warm }).body;
      expect(body).toMatch(/(worked at Hy-Vee|have Hy-Vee in common).* as a Distribution Intern/);
      expect(body).not.toMatch(/Hy-Vee, Inc\./);
      expect(body).not.toMatch(/where I was a Distribution Intern|As a Distribution Intern at/);
    }
    const ask = write(intern, "informational", { recipient: warm }).body;
    expect(ask).toMatch(/how the team has changed since I was there/);
    expect(ask).not.toMatch(/what your day-to-day looks like/);
  });
});

describe("round 21's readers, on who the student is", () => {
  it("says training still under way as under way, and leads with the new field's work done in the job held", () => {
    const mover = resumeFacts({
      name: "Ines Varga",
      education: [
        {
          ...school(
            "University of Denver University College",
            "Certificate",
            "Product Management",
            2027,
          ),
          dates: "Jan 2026 – Mar 2027",
        },
        school("Berklee College of Music", "Bachelor of Music", "Composition", 2023),
      ],
      experiences: [
        job(
          "Tempo Labs",
          "Product Operations Associate",
          [
            "Run the roadmap intake: triage 300 requests a month into themes for the Head of Product",
          ],
          "Apr 2025 – Present",
        ),
      ],
      projects: [
        {
          name: "Metronome Pal",
          bullets: ["a small web app for tempo practice; 800 monthly users"],
        },
      ],
    });
    const goal: CareerGoal = {
      seeking: "full-time",
      season: null,
      year: null,
      roles: ["Associate PM"],
      industries: [],
      locations: [],
      stage: "career_changer",
    };
    const { body } = write(mover, "original", {}, null, goal);
    expect(body).toMatch(
      /I'm completing a certificate in Product Management at .*, finishing in 2027/,
    );
    expect(body).not.toMatch(/I completed .* in 2027/);
    expect(body.indexOf("roadmap intake")).toBeGreaterThan(0);
    const app = body.indexOf("web app");
    expect(app === -1 || body.indexOf("roadmap intake") < app).toBe(true);
    expect(clauseOf("a small web app for tempo practice", "project")).toBe(
      "built a small web app for tempo practice",
    );
  });

  it("calls a PharmD student one, without the field the degree names", () => {
    const pharmacist = resumeFacts({
      name: "Omar Haddad",
      education: [school("University of Alberta", "Doctor of Pharmacy", null, 2028)],
      experiences: [
        job("Westgate Pharmacy", "Pharmacy Student", [
          "Counselled 20+ patients a week on new prescriptions",
        ]),
      ],
    });
    const { body } = write(pharmacist, "original");
    expect(body).toMatch(/a PharmD student at the University of Alberta/);
    expect(body).not.toMatch(/PharmD student in Pharmacy/);
  });
});

describe("round 22's readers, on the evidence beside the lead", () => {
  it("tells work that speaks to the reader alone rather than beside filler", () => {
    const sophomore = resumeFacts({
      name: "Kofi Mensah",
      education: [school("Clemson University", "B.S.", "Computer Engineering", 2029)],
      experiences: [
        job(
          "Clemson Division of Information Technology",
          "Help Desk Consultant",
          ["Resolve 30 tickets per shift for password resets and VPN access"],
          "08/2025 - Present",
        ),
        job(
          "Clemson Robotics",
          "Electrical Subteam Member",
          ["Designed a 4-layer embedded firmware power board in KiCad for the competition robot"],
          "09/2025 - Present",
        ),
      ],
    });
    const embedded = recipient({
      title: "Embedded Software Engineer",
      company: "Garmin",
      industry: "embedded firmware",
    });
    for (const format of ["original", "coffee_chat", "informational"] as const) {
      const body = write(sophomore, format, { recipient: embedded }).body;
      expect(body).toMatch(/KiCad/);
      expect(body).not.toMatch(/password resets/);
    }
    expect(organizationName("Clemson Division of Information Technology", null)).toBe(
      "the Clemson Division of Information Technology",
    );
  });
});
