import { defaultStart } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { parseResumeFacts } from "../../resumes/facts";
import { clauseOf, inPresent } from "./clause";
import { inferGoal } from "./goal";
import { statedGoal } from "./objective";
import { tidyTyped, typosFixed, vocabularyOf } from "./occasion";
import { createOfflineWriter } from "./offline";
import { rotationSaid, told } from "./offline/paragraphs";
import { schoolWithArticle } from "./offline/phrases";
import { coauthorOf, publicationOf } from "./offline/publications";
import { daysSince, fairParts, namesToSpell } from "./offline/typed";
import { achievementsOf, isMajorField, withoutLegalSuffix } from "./resume-facts";
import { reviewStudents, writeReviewSet } from "./review";
import type { WriteInput } from "./types";

// What the fixtures' own emails still said wrong at the start of round 24, read against the
// resumes beside them: a job "in that role" after a sentence about a bootcamp (and in a note with
// no introduction at all), a ranking the student never stated, the goal said twice, a subject
// with a title and no noun.

const emails = await writeReviewSet(createOfflineWriter(), reviewStudents());

describe("the fixtures' emails, whole", () => {
  it("points 'In that role' only at the job said just before it", () => {
    for (const { email } of emails) {
      const paragraphs = email.body.split("\n\n");
      for (const [i, paragraph] of paragraphs.entries()) {
        const at = paragraph.search(/\bin that role\b/i);
        if (at < 0) continue;
        // The sentence before it, in the same paragraph, names a job ("as a … at …").
        const before = paragraph.slice(0, at);
        expect(before, `${paragraphs[i]}`).toMatch(/\bas an? [^.]+ at [^.]+\.\s*$/);
      }
    }
  });

  it("names a bootcamp as the program it is, not 'a certificate in' it", () => {
    const bodies = emails.map((e) => e.email.body).join("\n");
    expect(bodies).not.toMatch(/certificate in [^.]*Bootcamp/);
    expect(bodies).toContain("the Data Analytics Bootcamp at Kenzie Academy");
  });

  it("never ranks the company for the student", () => {
    for (const { email } of emails) {
      expect(email.body).not.toMatch(/first place I wanted|place I most wanted|top of my list/);
    }
  });

  it("says the student's goal once", () => {
    for (const { email } of emails) {
      const said = email.body.match(/I'm looking for|as I look for|since I'm looking for/g) ?? [];
      expect(said.length, email.body).toBeLessThanOrEqual(1);
    }
  });

  it("names a typed title in a subject as the role it is", () => {
    const subjects = emails.filter((e) => e.format === "referral").map((e) => e.email.subject);
    for (const subject of subjects) {
      expect(subject).not.toMatch(/^(A question about|Applying for) (?!the |a |an )/);
    }
    expect(subjects).toContain("A question about the 2027 Investment Banking Analyst role");
  });

  it("says a shared city as shared, not as 'also'", () => {
    const bodies = emails.map((e) => e.email.body).join("\n");
    expect(bodies).not.toMatch(/^I'm also based in/m);
  });
});

// Round 24's readers (seven unseen students: a nursing senior, a mechanical engineering junior, a
// chemistry PhD candidate, a community-college transfer student, an MBA veteran, an
// international finance sophomore, a design senior). Names, places and numbers here are new.

const NURSE = `JORDAN A. PELLETIER
Providence, RI | jpelletier@example.edu

EDUCATION
Rhode Island College, School of Nursing                                         Providence, RI
Bachelor of Science in Nursing                                       Expected Graduation: May 2027

CLINICAL EXPERIENCE
Adult Health II – Cardiac Step-Down Unit                                        Jan – Apr 2026
Miriam Hospital, Providence, RI                                                      112 hours
   • Monitored telemetry for 3 patients after cardiac surgery and reported rhythm changes to the RN
   • Taught 12 patients a low-sodium diet before discharge using teach-back

Maternal-Newborn Nursing – Mother-Baby Unit                                          Spring 2025
Kent County Memorial Hospital, Warwick, RI                                            96 hours
   • Completed postpartum and newborn assessments for 2 dyads per shift

WORK EXPERIENCE
Certified Nursing Assistant                                                     06/2024 – Present
Bayside Rehabilitation Center, Cranston, RI
   • Trained 5 newly hired CNAs on lift transfers and charting
`;

const nurseInput = (format: WriteInput["format"]): WriteInput => {
  const facts = parseResumeFacts(NURSE);
  return {
    format,
    sender: {
      name: facts.name,
      email: null,
      university: null,
      major: null,
      graduationYear: null,
      resumeText: NURSE,
      facts,
    },
    recipient: {
      fullName: "Dana Whitlock",
      firstName: "Dana",
      title: "Nurse Recruiter",
      company: "Kent County Memorial Hospital",
      industry: "Hospital & Health Care",
      location: "Warwick, Rhode Island",
      warmSignals: [{ kind: "employer", label: "You worked at Kent County Memorial Hospital" }],
    },
    news: null,
    role: null,
    occasion: null,
    topic: null,
    now: new Date("2026-11-30T12:00:00Z"),
  } as WriteInput;
};

describe("a clinical rotation, told as one", () => {
  it("reads a rotation under a clinical heading as a placement, a job as a job", () => {
    const facts = parseResumeFacts(NURSE);
    const rotation = facts.experiences.find((e) => e.employer === "Miriam Hospital");
    const job = facts.experiences.find((e) => e.role === "Certified Nursing Assistant");
    expect(rotation?.placement).toBe(true);
    expect(job?.placement).toBeUndefined();
  });

  it("names the course and the unit as a student says them", () => {
    expect(rotationSaid("Adult Health II – Cardiac Step-Down Unit")).toBe(
      "adult health II rotation on the cardiac step-down unit",
    );
    expect(rotationSaid("Maternal-Newborn Nursing – Mother-Baby Unit", false)).toBe(
      "maternal-newborn nursing rotation",
    );
    expect(rotationSaid("Capstone Practicum – Progressive Care Unit (5 North)")).toBe(
      "capstone practicum on the progressive care unit",
    );
  });

  it("never says the student worked where they rotated", async () => {
    const writer = createOfflineWriter();
    for (const format of ["original", "precision", "informational", "coffee_chat"] as const) {
      const { body } = await writer.write(nurseInput(format));
      expect(body).not.toMatch(/worked at Kent County|as a Maternal|where I was an? Adult/);
      expect(body).toMatch(/I did my maternal-newborn nursing rotation (at Kent County|there)/);
    }
  });
});

describe("a bullet's own words kept", () => {
  it("keeps an element's symbol after 'and' as written", () => {
    expect(clauseOf("Synthesized 20+ Ti, Zr, and Ni complexes under inert gas", "experience")).toBe(
      "synthesized 20+ Ti, Zr, and Ni complexes under inert gas",
    );
  });

  it("gives a joined past act one comma", () => {
    const bullet =
      "Coordinate speakers from nearby firms; booked 4 engineers for the spring series";
    expect(inPresent(clauseOf(bullet, "leadership"), bullet, true)).toBe(
      "coordinate speakers from nearby firms, and I booked 4 engineers for the spring series",
    );
  });
});

describe("what the student typed, written out", () => {
  it("writes out initialisms, held letters, 're:', short days and the app's instruction", () => {
    expect(tidyTyped("thank her for the call on zoom tues, sooo helpful")).toBe(
      "the call on Zoom on Tuesday, so helpful",
    );
    expect(tidyTyped("20 min call re: her move from nicu to management")).toBe(
      "20-minute call about her move from NICU to management",
    );
    expect(tidyTyped("talking to our cs club abt how he transfered to a uc")).toBe(
      "talking to our CS club about how he transferred to a UC",
    );
    expect(tidyTyped("answering my residency q's about chassis eng")).toBe(
      "answering my residency questions about chassis engineering",
    );
  });

  it("spells the resume's own names as the resume does", () => {
    const input = nurseInput("thank_you");
    const names = namesToSpell({
      ...input,
      sender: { ...input.sender, resumeText: `${NURSE}\nCompeted in the RIC SIM Challenge` },
    });
    expect(names).toContain("Rhode Island");
    expect(names).toContain("SIM");
    expect(tidyTyped("the rhode island sim night", names)).toBe("the Rhode Island SIM night");
  });

  it("leaves what the student did at a fair out of its name", () => {
    expect(
      fairParts(
        tidyTyped("foothill stem career fair (oct) - showed her my app, talked abt internships"),
      ),
    ).toEqual({
      name: "the Foothill Stem Career Fair in October",
      discussed: "internships",
    });
  });

  it("dates a fair typed with its season or month and year", () => {
    const now = new Date("2026-11-30T12:00:00Z");
    expect(daysSince("ACS Fall 2025 fair in DC", now)).toBeGreaterThan(400);
    expect(daysSince("career fair (September 2026)", now)).toBeLessThan(90);
  });
});

describe("what the student is after, and the work that speaks to it", () => {
  const TRANSFER = `SAM OKONJO
San Jose, CA | sokonjo@example.edu

EDUCATION
Evergreen Valley College                                                         San Jose, CA
Associate in Science, Computer Science                                      Expected June 2027
Transfer: Fall 2027 (applications submitted to four UC campuses)

PROJECTS
CampusEats | React, Node
   ● Built a web app that lists free food events on campus, used by 250 students each week
`;

  it("asks a community-college student about to transfer for an internship", () => {
    const facts = parseResumeFacts(TRANSFER);
    const goal = inferGoal(
      facts,
      { graduationYear: null, major: null, resumeText: TRANSFER },
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(goal.seeking).toBe("internship");
    const noTransfer = TRANSFER.replace(/Transfer:.*\n/, "");
    expect(
      inferGoal(
        parseResumeFacts(noTransfer),
        { graduationYear: null, major: null, resumeText: noTransfer },
        new Date("2026-11-30T12:00:00Z"),
      ).seeking,
    ).toBe("full-time");
  });

  it("reads a list of areas in an objective with the word they share", () => {
    expect(
      statedGoal(
        "OBJECTIVE\nAerospace junior seeking a Summer 2027 internship in propulsion, thermal, or structures engineering.",
      )?.roles,
    ).toEqual(["propulsion engineering"]);
  });

  it("tells the work at the place the student named in what they typed", () => {
    const facts = parseResumeFacts(`ANA RUIZ
ana@example.edu

EXPERIENCE
Investment Banking Intern                                                         Jun 2025 – Aug 2025
Banco Meridiano, Madrid
 • Reviewed 40 contracts for a mid-cap utility's bond issue and organized the data room

LEADERSHIP
Finance & Investment Society, Northeastern University                             2024 – Present
Equity Research Analyst
 • Led 6 analysts and pitched long AMD to the society's $600,000 portfolio, returning 14%
`);
    const reader = {
      company: "Halvorsen Partners",
      title: "Associate, Investment Banking",
      industry: "Financial Services",
      aims: [],
      told: "talked about how my Banco internship is relevant",
    };
    expect(achievementsOf(facts, false, reader)[0]?.where).toBe("Banco Meridiano");
    expect(achievementsOf(facts, false, { ...reader, told: "" })[0]?.where).not.toBe(
      "Banco Meridiano",
    );
  });
});

describe("a precision note's own lines", () => {
  it("never asks to 'learn at' a company, and lists tools, not medals", async () => {
    const input = nurseInput("precision");
    const facts = parseResumeFacts(NURSE);
    const { body } = await createOfflineWriter().write({
      ...input,
      sender: {
        ...input.sender,
        facts: {
          ...facts,
          skills: ["Bronze Star Medal", "Epic", "Basic Airborne Course", "telemetry monitoring"],
        },
      },
    });
    expect(body).not.toMatch(/learn at /);
    expect(body).toMatch(/Toolkit: Epic and telemetry monitoring/);
  });
});

describe("the role a degree points to", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  const goalOf = (text: string) =>
    inferGoal(parseResumeFacts(text), { graduationYear: null, major: null, resumeText: text }, now);

  it("asks for both areas of a degree of two", () => {
    const mba = `LENA FORTIER
Seattle, WA | lena@example.edu

EDUCATION
University of Washington, Foster School of Business                              Seattle, WA
Master of Business Administration, Concentrations: Marketing & Operations          June 2028

EXPERIENCE
Logistics Officer                                                               2019 – 2024
United States Navy, San Diego, CA
 • Led a 40-sailor supply division and cut parts backorders by 30% in 18 months
`;
    expect(goalOf(mba).roles).toEqual(["marketing or operations"]);
  });

  it("asks for a research scientist role for a laboratory PhD with none of its own", () => {
    const phd = `RAVI MENON
Madison, WI | rmenon@example.edu

EDUCATION
University of Wisconsin–Madison                                                  Madison, WI
Ph.D. in Chemistry                                                          Expected May 2027

RESEARCH EXPERIENCE
Graduate Research Assistant, Lindqvist Group                                     2022 – Present
 • Designed 12 palladium catalysts for C–N coupling and raised yields from 40% to 85%
`;
    const goal = goalOf(phd);
    expect(goal.seeking).toBe("full-time");
    expect(goal.roles).toEqual(["research scientist"]);
  });
});

describe("a chemist's papers, and a co-author written to", () => {
  const papers = [
    "Okafor, N.; Brandt, H. K.; Lutz, A. M. Cobalt Pincer Catalysts for Nitrile Hydrogenation. J. Am. Chem. Soc. 2026, 148, 2210–2219.",
    "Okafor, N.; Pryce, W. J. (Eastman); Lutz, A. M. Additive Migration in Recycled PET Films. Macromolecules 2025, 58, 1012–1020.",
    "Okafor, N.; Lutz, A. M. Hafnium Amidinates for Olefin Oligomerization. In preparation.",
  ];

  it("reads an ACS-style citation's journal", () => {
    expect(publicationOf(papers[0])).toEqual({
      venue: "the Journal of the American Chemical Society (JACS)",
      kind: "paper",
      status: null,
      when: null,
    });
    expect(publicationOf(papers[1])?.venue).toBe("Macromolecules");
    expect(publicationOf(papers[2])).toBeNull();
  });

  it("knows a reader who wrote a paper with the student", () => {
    expect(coauthorOf(papers, "William J. Pryce")).toEqual({ venue: "Macromolecules" });
    expect(coauthorOf(papers, "Wendy Pryor")).toBeNull();
    expect(coauthorOf(papers, "Hannah Brandt, Ph.D.")).toEqual({ venue: "JACS" });
  });
});

describe("service told as served", () => {
  it("names a unit with 'the' and says 'in' it", () => {
    const pick = <T>(_slot: string, options: readonly T[]) => options[0] as T;
    const achievement = {
      clause: "led 40 soldiers on 150 convoy missions",
      where: "212th Combat Support Battalion",
      role: null,
      kind: "experience" as const,
      current: false,
      score: 1,
    };
    expect(told(achievement, pick, "a", null)).toBe(
      "In the 212th Combat Support Battalion, I led 40 soldiers on 150 convoy missions.",
    );
    expect(
      told(
        { ...achievement, where: "United States Navy", role: "Supply Officer" },
        pick,
        "a",
        null,
      ),
    ).toBe(
      "As a Supply Officer in the United States Navy, I led 40 soldiers on 150 convoy missions.",
    );
  });
});

describe("a company's name as people say it", () => {
  it("drops both of a name's legal suffixes", () => {
    expect(withoutLegalSuffix("CITIC Securities Co., Ltd.")).toBe("CITIC Securities");
    expect(withoutLegalSuffix("Acme Corp.")).toBe("Acme");
  });
});

describe("a greeting as the reader's place expects", () => {
  it("greets someone working in East Asia by their full name", async () => {
    const input = nurseInput("informational");
    const writer = createOfflineWriter();
    const far = await writer.write({
      ...input,
      recipient: {
        ...input.recipient,
        fullName: "Mei Lin",
        firstName: "Mei",
        location: "Shanghai, China",
      },
    });
    expect(far.body.startsWith("Dear Mei Lin,")).toBe(true);
    expect((await writer.write(input)).body.startsWith("Hi Dana,")).toBe(true);
  });
});

describe("a team under experience, told as a team", () => {
  it("says the student was on the team, not at it", () => {
    const pick = <T>(_slot: string, options: readonly T[]) => options[0] as T;
    const achievement = {
      clause: "cut the car's upright mass by 15%",
      where: "Buckeye Racing Formula SAE Team, Ohio State University",
      role: "Suspension Lead",
      kind: "experience" as const,
      current: false,
      score: 1,
    };
    expect(told(achievement, pick, "a", null)).toBe(
      "As a Suspension Lead on the Buckeye Racing Formula SAE Team, I cut the car's upright mass by 15%.",
    );
    expect(
      told({ ...achievement, where: "Robotics Club", role: "Treasurer" }, pick, "a", null),
    ).toBe("As a Treasurer of the Robotics Club, I cut the car's upright mass by 15%.");
  });
});

// Round 25's readers (seven more unseen students). Names and places here are new.
describe("an objective's ask, after the verb that seeks it", () => {
  it("reads what is sought, not the student's past co-ops", () => {
    expect(
      statedGoal(
        "OBJECTIVE\nCivil engineering senior with two co-op terms at the Indiana Department of Transportation seeking a full-time entry-level position in traffic engineering beginning Summer 2027.",
      ),
    ).toEqual({
      seeking: "full-time",
      season: "Summer",
      year: 2027,
      roles: ["traffic engineering"],
    });
  });
});

describe("round 25's typed notes and dates", () => {
  it("spells a swapped pair of letters as the resume does", () => {
    expect(
      typosFixed(
        "Servcie Desk Analyst I - req 88",
        vocabularyOf("ServiceNow and Jira Service Mgmt"),
      ),
    ).toBe("Service Desk Analyst I - req 88");
    expect(typosFixed("form a team", vocabularyOf("from 2020"))).toBe("form a team");
  });

  it("keeps 'u of m' a university and a heading's capitals out of a note", () => {
    expect(tidyTyped("u of m alumni night, talked abt jr analyst roles")).toBe(
      "U of M alumni night, talked about junior analyst roles",
    );
    const input = nurseInput("career_fair");
    const names = namesToSpell({
      ...input,
      sender: {
        ...input.sender,
        resumeText: `${NURSE}\nCAREER BREAK   2022 – 2024\nFamily caregiver for a parent`,
      },
    });
    expect(names).not.toContain("CAREER");
    expect(names).not.toContain("BREAK");
  });

  it("dates a fair named with its month and year or day", () => {
    expect(
      fairParts(
        tidyTyped("wgu virtual career fair oct 2026, talked about help desk roles", ["WGU"]),
      ).name,
    ).toBe("the WGU Virtual Career Fair in October 2026");
  });

  it("starts a job after a degree that ends in August in the fall", () => {
    expect(defaultStart(new Date("2026-11-30T12:00:00Z"), "full-time", 2027, "student", 7)).toEqual(
      {
        season: "Fall",
        year: 2027,
      },
    );
    expect(defaultStart(new Date("2026-11-30T12:00:00Z"), "full-time", 2027, "student", 4)).toEqual(
      {
        season: "Summer",
        year: 2027,
      },
    );
  });

  it("names a master's field, not the degree's short name, and no training without its provider", async () => {
    const MACC = `KIM LEE
Athens, GA | kim@example.edu

EDUCATION
University of Georgia, Terry College of Business                                      Athens, GA
Master of Accountancy (MAcc)                                                      Expected May 2027

EXPERIENCE
Audit & Assurance Intern (Winter Busy Season)                                     Jan 2026 – Mar 2026
Crowe LLP, Atlanta, GA
 • Tested revenue and receivables for 3 manufacturing clients with sampling in Excel
`;
    const facts = parseResumeFacts(MACC);
    const writer = createOfflineWriter();
    const input = nurseInput("informational");
    const { body } = await writer.write({
      ...input,
      sender: {
        ...input.sender,
        name: "Kim Lee",
        resumeText: MACC,
        facts: {
          ...facts,
          education: [
            { ...facts.education[0], major: "MAcc" },
            {
              school: "Certificate",
              degree: "Certificate",
              major: null,
              class_year: 2026,
              gpa: null,
            },
          ],
        },
      },
    });
    expect(body).not.toMatch(/in MAcc|completed Certificate|Busy Season\)/);
  });
});

describe("round 25's sentences", () => {
  it("says the student was recognized, not their work", () => {
    expect(
      clauseOf(
        'Trained 4 new cashiers; recognized as "Cashier of the Month" (May 2026)',
        "experience",
      ),
    ).toBe('trained 4 new cashiers, and was recognized as "Cashier of the Month" (May 2026)');
  });

  it("keeps a major whose department names a school's short name and city", () => {
    expect(
      isMajorField("Economics", "Research Assistant, Department of Economics, UT Austin"),
    ).toBe(true);
    expect(isMajorField("Austin", "Austin, TX")).toBe(false);
  });

  it("says a school named with 'The' with a small 'the' mid-sentence", () => {
    expect(schoolWithArticle("The University of Texas at Austin")).toBe(
      "the University of Texas at Austin",
    );
    expect(schoolWithArticle("University of Georgia")).toBe("the University of Georgia");
  });
});

// Round 26's readers (seven more unseen students).
describe("a Symbol-font bullet", () => {
  it("is a bullet, not a letter of the work told", () => {
    const facts = parseResumeFacts(`RAVI TEJA
ravi@example.edu

EXPERIENCE
Senior Systems Engineer                                                    Jul 2021 – Jul 2024
Infosys Ltd., Hyderabad
 \uF0B7 Designed 6 Spring Boot services for claims intake, serving 900K requests a day
 \uF0A7 Cut nightly batch time by 40% by moving 3 jobs to Kafka streams
`);
    const bullets = facts.experiences[0]?.bullets ?? [];
    expect(bullets[0]).toMatch(/^Designed 6 Spring Boot/);
    expect(bullets[1]).toMatch(/^Cut nightly batch/);
  });
});

describe("round 26's sentences and notes", () => {
  it("keeps a clause with its own subject after a semicolon", () => {
    const told = clauseOf(
      "Built 4 Go services for claims intake; services handle ~900K requests a day",
      "experience",
    );
    expect(told).not.toMatch(/serviced/);
  });

  it("keeps a participle with an adverb before its preposition the work's", () => {
    expect(
      clauseOf(
        "Built a Power BI dashboard of flu visits, used weekly by the outbreak team",
        "experience",
      ),
    ).toBe("built a Power BI dashboard of flu visits, used weekly by the outbreak team");
  });

  it("writes out b4, Engg and hc, and spells sophomore", () => {
    expect(
      tidyTyped("the hc group, what to learn b4 graduating as a sophmore at the Engg fair"),
    ).toBe(
      "the healthcare group, what to learn before graduating as a sophomore at the Engineering fair",
    );
  });

  it("knows a co-author listed in Vancouver style", () => {
    expect(
      coauthorOf(
        [
          "Ramos JL, Okoye T, Brandt K. Naloxone kits in county jails. Poster, APHA Annual Meeting, Oct 2026.",
        ],
        "Tamara Okoye",
      ),
    ).not.toBeNull();
  });
});
