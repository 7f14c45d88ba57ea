import { describe, expect, it } from "vitest";
import { parseResumeFacts } from "../../resumes/facts";
import { clauseOf } from "./clause";
import { inferGoal } from "./goal";
import { statedGoal } from "./objective";
import { tidyTyped } from "./occasion";
import { createOfflineWriter } from "./offline";
import { clearanceOf, portfolioOf, writtenName, yearsOf } from "./offline/facts";
import { employerName, organizationName } from "./offline/phrases";
import {
  fairParts,
  organizationIs,
  organizationTyped,
  topicPhrase,
  typedPosition,
  typedRole,
} from "./offline/typed";
import type { WriteInput } from "./types";

// What round 26's readers found that the next round's resumes and notes would meet again.

describe("the short names students type", () => {
  it("writes an employer's or a school's short name as the organisation writes it", () => {
    expect(tidyTyped("how you got from Umd to msft")).toBe("how you got from UMD to Microsoft");
    expect(tidyTyped("the jpmc info session")).toBe("the JPMorgan Chase info session");
  });

  it("leaves words that merely contain one alone", () => {
    expect(tidyTyped("hey, the unclear part of the umbrella program")).toBe(
      "hey, the unclear part of the umbrella program",
    );
  });
});

describe("round 27's notes, typed", () => {
  it("writes out the rest of a note's shorthand and its slips", () => {
    expect(
      tidyTyped(
        "talkin to me at ur table wed about how fast ppl get promoted to asst mgr, comming back",
      ),
    ).toBe(
      "talking to me at your table on Wednesday about how fast people get promoted to assistant manager, coming back",
    );
    expect(tidyTyped("saying scribe exp counts + hiring ppl w newsroom backgrounds")).toBe(
      "saying scribe experience counts and hiring people with newsroom backgrounds",
    );
    expect(tidyTyped("exp 2027 grad, they were wed in june")).toBe(
      "exp 2027 grad, they were wed in June",
    );
  });

  it("names a fair without the dash or comma before its date, a date typed in figures as one", () => {
    expect(fairParts(tidyTyped("WPSU business & tech career fair - oct 8")).name).toBe(
      "the WPSU Business & Tech Career Fair on October 8",
    );
    expect(fairParts(tidyTyped("Stats & Data Science Industry Day, 11/6")).name).toBe(
      "the Stats & Data Science Industry Day on November 6",
    );
    expect(fairParts(tidyTyped("comms career night @ the union, oct 29")).name).toBe(
      "the Comms Career Night at the Union on October 29",
    );
  });

  it("keeps a conversation typed with 'if' as the question it asked", () => {
    expect(topicPhrase("if they have an intern program or a way to move into analyst work")).toBe(
      "whether they have an intern program or a way to move into analyst work",
    );
  });

  it("asks for either season when the student typed two", () => {
    expect(typedPosition("mech eng co-op summer/fall 2027 - R-10582")).toEqual({
      kind: "co-op",
      period: "Summer or Fall 2027",
    });
  });

  it("signs with a name typed in small letters as a name is written", () => {
    expect(writtenName("sofia marquez-lindqvist")).toBe("Sofia Marquez-Lindqvist");
    expect(writtenName("liam o'brien")).toBe("Liam O'Brien");
    expect(writtenName("Maria de la Cruz")).toBe("Maria de la Cruz");
  });
});

describe("round 27's clauses", () => {
  it("tells a bullet that opens on things, not a verb, as work on them", () => {
    expect(
      clauseOf(
        "Redlines, door schedules in Revit, and rendering for two small residential projects",
        "experience",
      ),
    ).toBe(
      "worked on redlines, door schedules in Revit, and rendering for two small residential projects",
    );
    expect(
      clauseOf(
        "Led structural coordination within a team of 3; daylight studies in ClimateStudio",
        "project",
      ),
    ).not.toMatch(/daylighted/);
    expect(clauseOf("Answer phones for a 12-person office", "experience")).toBe(
      "answered phones for a 12-person office",
    );
    expect(clauseOf("Designed, built, and tested a flow rig", "experience")).toBe(
      "designed, built, and tested a flow rig",
    );
  });
});

describe("round 28's notes and asks", () => {
  it("places a role typed with another organization's name at that organization", () => {
    expect(
      organizationTyped("Recruiting Coordinator - Desert Sky Health Partners (req 11592)"),
    ).toBe("Desert Sky Health Partners");
    expect(organizationTyped("health policy intern - CCHEP, posting HP-27-04")).toBe("CCHEP");
    expect(organizationTyped("Data Analyst II – Fraud Analytics, JR-0419823")).toBeNull();
    expect(organizationTyped("Audit Assistant - Fall 2027 start, Omaha (req 187462)")).toBeNull();
    expect(organizationIs("CCHEP", "Carolina Center for Health Equity Policy")).toBe(true);
    expect(organizationIs("Desert Sky Health Partners", "Sonoran Valley Medical Center")).toBe(
      false,
    );
  });

  it("reads a move from an internship to a full-time job as no ask for either", () => {
    expect(typedPosition("advice for going from intern to full time")).toBeNull();
  });

  it("ends what came before '!!' in a note, writes out 'rly', spells a name's first two words", () => {
    expect(tidyTyped("the resume review at hr night!! ur tip was rly helpful")).toBe(
      "the resume review at HR night, your tip was really helpful",
    );
    expect(tidyTyped("if windy pines needs PAs", ["Windy Pines Pictures"])).toBe(
      "if Windy Pines needs PAs",
    );
  });
});

describe("round 28's goals", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  const goalOf = (lines: string[]) => {
    const text = lines.join("\n");
    return inferGoal(
      parseResumeFacts(text),
      { graduationYear: null, major: null, resumeText: text },
      now,
    );
  };

  it("asks for firmware and hardware work for a computer engineer who did it", () => {
    const goal = goalOf([
      "EDUCATION",
      "Lakeside Polytechnic University                                                  Sep. 2023 – May 2027",
      "Bachelor of Science in Computer Engineering",
      "EXPERIENCE",
      "Embedded Firmware Intern                                                          Jun. 2025 – Dec. 2025",
      "Brightwater Sensors",
      "• Developed C firmware on STM32 for a flow sensor",
    ]);
    expect(goal.roles).toEqual(["embedded and hardware engineering"]);
    expect(goal.seeking).toBe("full-time");
  });

  it("starts a graduating accounting student's full-time job in the fall", () => {
    const goal = goalOf([
      "EDUCATION",
      "Prairie State University                                                                 May 2027",
      "Bachelor of Science in Business Administration – Accounting; Minor in Finance",
      "EXPERIENCE",
      "Audit Intern                                                                 January 2026 – April 2026",
      "Haskins & Reid CPAs",
      "• Performed substantive testing of cash for 6 clients",
    ]);
    expect([goal.roles, goal.season, goal.year]).toEqual([["accounting"], "Fall", 2027]);
  });

  it("asks for IT support for a student of information technology who did it", () => {
    const goal = goalOf([
      "EDUCATION",
      "B.S. Information Technology, Summit Western University — expected May 2027",
      "WORK HISTORY",
      "IT Support Volunteer — St. Anne's Food Pantry                                    2025 – present",
      "General Manager — Bluestem Grill, San Antonio, TX                                   2018 – 2026",
    ]);
    expect(goal.roles).toEqual(["IT support"]);
  });
});

describe("an employer's department", () => {
  it("names a lab or a project without the department after its comma, 'Dept.' written out", () => {
    expect(organizationName("Hellman Lab, Dept. of Molecular Biosciences", null)).toBe(
      "the Hellman Lab",
    );
    expect(organizationName("GLPU Dept. of Electrical & Computer Engineering", null)).toMatch(
      /GLPU Department of Electrical & Computer Engineering$/,
    );
  });
});

/** A student's input to the offline writer: the resume, whom it goes to, what they typed. */
const inputFor = (
  resume: string,
  format: WriteInput["format"],
  recipient: {
    fullName: string;
    title: string;
    company: string;
    industry: string;
    location: string;
  },
  typed: { role?: string; occasion?: string } = {},
): WriteInput =>
  ({
    format,
    sender: {
      name: resume.split("\n")[0] ?? null,
      email: null,
      university: null,
      major: null,
      graduationYear: null,
      resumeText: resume,
      facts: parseResumeFacts(resume),
    },
    recipient: {
      ...recipient,
      firstName: recipient.fullName.split(" ")[0] ?? null,
      university: null,
      interests: [],
      warmSignals: [],
    },
    news: null,
    role: typed.role ?? null,
    occasion: typed.occasion ?? null,
    topic: null,
    now: new Date("2026-11-30T12:00:00Z"),
  }) as WriteInput;

const writeFor = (...args: Parameters<typeof inputFor>) =>
  createOfflineWriter().write(inputFor(...args));

describe("the job a student's thanks names by its title", () => {
  it("is the job the thank-you tells", async () => {
    const resume = [
      "Hana Osei",
      "EDUCATION",
      "Calder University, B.S. Biology                                             May 2027",
      "EXPERIENCE",
      "Undergraduate Research Assistant, Pruitt Lab                          Jan 2025 – Present",
      "• Trained 3 new undergraduates on lab safety and SOPs",
      "Medical Scribe, Northside Emergency Physicians                         Jun 2024 – Present",
      "• Document histories and exams in Epic for 2–3 physicians per shift",
    ].join("\n");
    const email = await writeFor(
      resume,
      "thank_you",
      {
        fullName: "Rachel Stone",
        title: "Clinical Research Manager",
        company: "Heartland Health",
        industry: "Hospital & Health Care",
        location: "Columbus, OH",
      },
      {
        occasion: "talking w me at the fair abt the CRC roles + saying scribe exp actually counts",
      },
    );
    expect(email.body).toMatch(/Medical Scribe|Northside Emergency Physicians/);
    expect(email.body).not.toMatch(/lab safety/);
  });
});

describe("a referral for a posting on another company's site", () => {
  it("reads a link typed without its scheme as another company's posting, never the reader's", async () => {
    const resume =
      "Rowan Ames\nEDUCATION\nAlder Street College, BFA Graphic Design                    2023—2027";
    const email = await writeFor(
      resume,
      "referral",
      {
        fullName: "Theo Marsh",
        title: "Design Director",
        company: "Copperleaf Studio",
        industry: "Design",
        location: "Portland, OR",
      },
      { role: "Junior Designer (Brand) – northboundstudio.co/careers/junior-designer" },
    );
    expect(email.body).toContain("the Junior Designer role");
    expect(email.body).not.toMatch(/at Copperleaf Studio|works there/);
  });
});

describe("a summary beside a sidebar", () => {
  it("reads the goal it states once the columns are apart", () => {
    const text = [
      "C O N TA C T                        PRIYA RAMAN",
      "(614) 555-0101                      Chemical Engineering Junior | Process Engineering",
      "priya@osu.example",
      "linkedin.com/in/priya-              PROFILE",
      "raman-che",
      "Columbus, OH 43210                  Junior chemical engineering student with one co-op rotation in refinery",
      "                                    operations and two years of undergraduate research. Seeking a",
      "E D U C AT I O N                    Summer 2027 process engineering internship.",
      "",
      "Buckeye State University            EXPERIENCE",
      "B.S. Chemical Engineering",
      "                                    Process Engineering Co-op                          May 2026 – Aug 2026",
      "Minor: Materials Science",
      "                                    Great Lakes Refining Company                                Lima, OH",
      "Expected May 2028",
      "                                      Built an Aspen HYSYS model of the naphtha stabilizer",
      "GPA: 3.61 / 4.00",
      "                                      Wrote 4 standard operating procedures for sampling",
    ].join("\n");
    expect(statedGoal(text)?.seeking).toBe("internship");
  });
});

describe("round 30's notes, typed", () => {
  it("names the fair, not the meeting the note opens with", () => {
    for (const [typed, name] of [
      [
        "met u at the purdue mech eng career fair in sept",
        "the Purdue Mech Engineering Career Fair in September",
      ],
      ["met at the ross fall career expo in sept", "the Ross Fall Career Expo in September"],
      [
        "met you at the khoury co-op and career fair on oct 14",
        "the Khoury Co-op and Career Fair on October 14",
      ],
      [
        "met you at the ucsd phd industry career fair in october",
        "the UCSD PhD Industry Career Fair in October",
      ],
    ]) {
      expect(fairParts(tidyTyped(typed)).name).toBe(name);
    }
  });

  it("reads 'thnks' as thanks, and a title after a link's dash without the dash", () => {
    expect(tidyTyped("thnks for the call on sunday")).toBe("thanks for the call on Sunday");
    expect(
      typedRole(
        "https://careers.example.com/jobs/48213 - Software Engineer Intern, Backend (Summer 2027)",
      ),
    ).toBe("Software Engineer Intern");
  });
});

describe("round 30's facts, told", () => {
  it("says no year for a job of months, and rounds a long one", () => {
    expect(yearsOf("Jun 2026 – Oct 2026")).toBeNull();
    expect(yearsOf("Aug 2020 – Jun 2026")).toBe(6);
    expect(yearsOf("2019 – 2023")).toBe(4);
    expect(yearsOf("2025 – 2025")).toBeNull();
  });

  it("keeps '& Co.' in a firm's name, leaves out a choice noted without a verb", () => {
    expect(employerName("Beaumont Clarke & Co.")).toBe("Beaumont Clarke & Co.");
    expect(employerName("Halvorsen & Reyes Engineers, Inc.")).toBe("Halvorsen & Reyes Engineers");
    expect(
      clauseOf(
        "Compared 3 alternatives on cost and ADA compliance; preferred alternative estimated at $4.7M; final presentation in April 2027",
        "project",
      ),
    ).toBe("compared 3 alternatives on cost and ADA compliance");
  });

  it("tells what a project is before what it came to, and thanks once", async () => {
    const resume = [
      "Marco Ruiz",
      "EDUCATION",
      "Arizona State University, B.S. Computer Science                              May 2029",
      "PROJECTS",
      "SeatFinder",
      "• Built a web app that shows open study rooms in two libraries by polling the booking system",
      "• Shared in the CS Discord; reached 1,400+ unique users in the first three weeks",
    ].join("\n");
    const bodies: string[] = [];
    for (let variant = 0; variant < 4; variant++) {
      const email = await createOfflineWriter().write({
        ...(await writeInputFor(resume)),
        variant,
      } as WriteInput);
      bodies.push(email.body);
    }
    for (const body of bodies) {
      expect(body).not.toContain("shared it in");
      expect(body).not.toMatch(/Thank you[^\n]*\n\nThank you,/);
    }
    expect(bodies.join("\n")).toContain("built a web app that shows open study rooms");
  });

  it("writes out 'swe' before a role, keeps the SWE night, joins a word hyphenated at a wrap", () => {
    expect(tidyTyped("swe intern summer 2027")).toBe("software engineering intern summer 2027");
    expect(tidyTyped("the SWE night last wed")).toBe("the SWE night last Wednesday");
    expect(clauseOf("Increased general- meeting attendance from 45 to 80", "leadership")).toBe(
      "increased general-meeting attendance from 45 to 80",
    );
  });
});

/** A Personalize email's input for a resume, to a reader at no company of the resume's. */
const writeInputFor = (resume: string): WriteInput =>
  inputFor(resume, "original", {
    fullName: "Priya Raman",
    title: "Software Engineer II",
    company: "Ledgerline",
    industry: "Fintech",
    location: "Phoenix, AZ",
  });

/** A reporter of four years in a data science master's, her first degree at another school. */
const REPORTER_IN_DATA_SCIENCE = [
  "Hana Moreno",
  "EDUCATION",
  "University of Virginia, School of Data Science                                  Charlottesville, VA",
  "Master of Science in Data Science                                                          May 2027",
  "University of Missouri                                                               Columbia, MO",
  "Bachelor of Journalism                                                                     May 2021",
  "EXPERIENCE",
  "The Richmond Ledger                                                                  Richmond, VA",
  "Government Reporter                                                        March 2023 – July 2025",
  "• Built a database of 48,000 code-enforcement records from FOIA requests using Python and SQL",
].join("\n");

describe("round 31's notes and facts", () => {
  it("names a fair met 'him' at, a laugh left out, a fair typed with its article", () => {
    expect(
      fairParts(tidyTyped("met him at the wright state business career fair, sept 17")).name,
    ).toBe("the Wright State Business Career Fair on September 17");
    expect(tidyTyped("that im a lifeguard so im fine in the water lol")).toBe(
      "that I'm a lifeguard so I'm fine in the water",
    );
    expect(
      fairParts(tidyTyped("the CFANS career and internship fair in the st paul student center"))
        .name,
    ).toBe("the CFANS Career and Internship Fair in the St. Paul Student Center");
  });

  it("tells a prefixed verb as the verb, a letter winner as one", () => {
    expect(
      clauseOf("Fine-tuned a DistilBERT model on 60,000 articles (F1 = 0.88)", "project"),
    ).toBe("fine-tuned a DistilBERT model on 60,000 articles (F1 = 0.88)");
    expect(clauseOf("Four-year letter winner in the 200 free and 500 free.", "leadership")).toBe(
      "was a four-year letter winner in the 200 free and 500 free",
    );
  });

  it("names the school shared with the reader, the first degree's too, in the right tense", async () => {
    const resume = REPORTER_IN_DATA_SCIENCE;
    const input = await writeInputFor(resume);
    const email = await createOfflineWriter().write({
      ...input,
      format: "precision",
      recipient: {
        ...(input.recipient as WriteInput["recipient"]),
        university: "University of Missouri",
        warmSignals: undefined,
      },
    } as WriteInput);
    expect(email.body).toContain("you studied at the University of Missouri, where I studied too");
    expect(email.body).not.toContain("University of Virginia, where I");
  });

  it("reads a posting's title from its address, a note's kind of position from its opening", () => {
    expect(typedRole("https://careers.example.com/jobs/4471-data-analyst-audience-insights")).toBe(
      "Data Analyst",
    );
    expect(typedRole("https://jobs.example.com/posting/88213")).toBe(
      "https://jobs.example.com/posting/88213",
    );
    expect(
      typedRole(
        "the summer field tech internship doing stream sampling (the one open to 1st and 2nd years)",
      ),
    ).toBe("field tech internship");
  });

  it("tells a co-op at a robotics company as work there, not on a team", async () => {
    const resume = [
      "Owen Castle",
      "EDUCATION",
      "Drexel University, B.S. Mechanical Engineering                                  June 2028",
      "EXPERIENCE",
      "Veridian Robotics                                                          Sep 2026 – Mar 2027",
      "Mechanical Engineering Co-op",
      "• Ran ANSYS thermal simulations on the motor-controller enclosure for 3 product lines",
    ].join("\n");
    const email = await createOfflineWriter().write((await writeInputFor(resume)) as WriteInput);
    expect(email.body).not.toContain("on the Veridian Robotics");
    expect(email.body).toContain("Veridian Robotics");
  });

  it("asks for the field of the master's in progress, not the reporting before it", () => {
    const resume = REPORTER_IN_DATA_SCIENCE;
    const goal = inferGoal(
      parseResumeFacts(resume),
      { graduationYear: null, major: null, resumeText: resume },
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(goal).toMatchObject({ stage: "graduate_student", roles: ["data science"] });
  });
});

describe("round 32's facts and notes", () => {
  it("tells a prefixed irregular past as it is, keeps a thesis and a site out of names", () => {
    expect(
      clauseOf("Redrew 8 planting plans in AutoCAD for residential clients", "experience"),
    ).toBe("redrew 8 planting plans in AutoCAD for residential clients");
    expect(organizationTyped("operations manager - Distribution Center")).toBeNull();
  });

  it("signs a designer's email with the portfolio the resume links", async () => {
    const resume = [
      "Nora Lind",
      "Pittsburgh, PA · noralind.studio · nora@example.edu",
      "EDUCATION",
      "Carnegie Mellon University, Bachelor of Architecture                           May 2030",
      "EXPERIENCE",
      "Greenfield Landscape Co.                                              Jun 2026 – Aug 2026",
      "Landscape Crew Member",
      "• Installed 14 patios and dry-stack retaining walls for residential clients",
    ].join("\n");
    const email = await createOfflineWriter().write((await writeInputFor(resume)) as WriteInput);
    expect(email.body.trim().split("\n").at(-1)).toBe("noralind.studio");
    // An address run into a spaced heading is not taken (round 34: "Omayaokonkwo.studio").
    expect(portfolioOf("P O RT F O L I Omayaokonkwo.studio")).toBeNull();
  });

  it("reads a stated goal hyphenated at its wrap, a research PhD's goal as research", () => {
    const resume = [
      "Hana Kowal",
      "EDUCATION",
      "University of Washington, Ph.D. in Computer Science                           Expected Jun 2028",
      "EXPERIENCE",
      "Vantage AI Research                                                        Jun 2025 – Sep 2025",
      "Research Scientist Intern",
      "• Developed ensemble-based uncertainty penalties for reward models used in RLHF",
    ].join("\n");
    const summary = [
      "Marco Okafor",
      "PROFILE",
      "Senior CIS student with SOC experience. Seeking a full-",
      "time SOC Analyst / Detection Engineering role starting June 2027.",
      "EXPERIENCE",
    ].join("\n");
    expect(statedGoal(summary)).toMatchObject({
      seeking: "full-time",
      roles: ["SOC Analyst / Detection Engineering"],
    });
    const inferred = inferGoal(
      parseResumeFacts(resume),
      { graduationYear: null, major: null, resumeText: null },
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(inferred.roles).toEqual(["research scientist"]);
  });
});

describe("round 33's facts", () => {
  it("says a former clearance is held no more, a count of people with its verb", () => {
    expect(clearanceOf("Norfolk, VA ◆ Former DoD Secret Clearance (2018–2024)")).toBe(
      "I previously held a Secret clearance.",
    );
    expect(
      clauseOf(
        "Run weekly Exam P study sessions; 9 of 13 regular attendees passed Exam P",
        "leadership",
      ),
    ).not.toContain("with 9 of 13");
  });

  it("tells a fair's long 'we talked about' note, 'him being' as 'your being', names spelled", async () => {
    const resume = [
      "Priya Raman",
      "EDUCATION",
      "Purdue University, B.S. Industrial Engineering                                  May 2028",
      "EXPERIENCE",
      "Halvorsen Axle & Driveline, Inc.                                              Columbus, IN",
      "Manufacturing Engineering Co-op                                         May 2026 – Aug 2026",
      "• Led a Green Belt DMAIC project that cut scrap on the axle line from 4.8% to 2.1%",
      "SKILLS",
      "Minitab, Klaviyo",
    ].join("\n");
    const input = (await writeInputFor(resume)) as WriteInput;
    const fair = async (topic: string) =>
      (
        await createOfflineWriter().write({
          ...input,
          format: "career_fair",
          occasion: "purdue industrial roundtable, sept 16",
          topic,
        } as WriteInput)
      ).body;
    expect(
      await fair(
        "we talked about my green belt scrap reduction project at halvorsen and how their interns rotate between the plant 12 and plant 14 lines",
      ),
    ).toContain("my green belt scrap reduction project at Halvorsen and how your interns rotate");
    const being = await fair("we talked abt him being a former navy ET too");
    expect(being).toContain("your being a former navy ET too");
    expect(being).not.toContain("you being");
    expect(await fair("your spanish language tiktok launch and my klaviyo campaigns")).toContain(
      "your Spanish language tiktok launch and my Klaviyo campaigns",
    );
  });
});
