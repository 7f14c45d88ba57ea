import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extractResumeText } from "./extract-text";
import { parseResumeFacts } from "./facts";
import { ResumeTruth, scoreResume } from "./resume-eval";

/**
 * Resumes in the layouts simple readers get wrong (scripts/resume-fixtures/make-layouts.ts),
 * each with the truth a person reads from it: every field must be read right and no employer
 * invented; achievements stay with the job they were written under.
 */
const LAYOUTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "layouts");
const FILES = readdirSync(LAYOUTS).filter((f) => /\.(pdf|docx)$/.test(f));

async function read(file: string) {
  const data = readFileSync(path.join(LAYOUTS, file));
  const text = await extractResumeText(file.endsWith(".docx") ? "docx" : "pdf", data);
  return { text, facts: parseResumeFacts(text) };
}

describe("resumes in tricky layouts", () => {
  it("has the layouts the issue names", () => {
    expect(FILES).toEqual([
      "multi-role-pdfkit.pdf",
      "right-column-dates-pdfkit.pdf",
      "tables-textbox.docx",
      "two-column-pdfkit.pdf",
    ]);
  });

  it.each(FILES)("reads every field of %s and invents no employer", async (file) => {
    const truth = ResumeTruth.parse(
      JSON.parse(readFileSync(path.join(LAYOUTS, file.replace(/\.[^.]+$/, ".truth.json")), "utf8")),
    );
    const { facts } = await read(file);
    const score = scoreResume(facts, truth);
    expect(score.misses).toEqual([]);
    expect(score.invented).toEqual([]);
    expect(score.wrongEmployer).toEqual([]);
    expect(score.achievementsChecked).toBeGreaterThan(0);
  });

  it("reads two columns column by column and keeps bullets with their job", async () => {
    const { facts } = await read("two-column-pdfkit.pdf");
    const [evercore, lab, wolverine] = facts.experiences;
    // The wrapped line "…Salesforce, Snowflake, and Amazon S3…" stays inside its bullet.
    expect(evercore.bullets[0]).toMatch(/Salesforce, Snowflake, and Amazon S3 data feeds cleaned/);
    expect(evercore.bullets).toHaveLength(2);
    // An entry without bullets does not swallow the next header, nor its bullets.
    expect(lab.bullets).toEqual([]);
    expect(wolverine.bullets).toEqual([
      "Led a 4-person team that cut a nonprofit's donor churn by 15% with a new outreach plan",
    ]);
    expect(facts.skills).toContain("Stata");
    expect(facts.education[0]).toMatchObject({ gpa: "3.8/4.0", source: { page: 1 } });
  });

  it("takes right-column dates and places, icon bullets and a page break in stride", async () => {
    const { text, facts } = await read("right-column-dates-pdfkit.pdf");
    expect(text).not.toMatch(/Updated March 3, 2025/);
    expect(facts.education[0]).toMatchObject({ class_year: 2026, dates: "Aug 2022 – May 2026" });
    const [qualcomm, delta, gtri] = facts.experiences;
    expect(qualcomm).toMatchObject({ location: "San Diego, CA", dates: "May 2025 – Aug 2025" });
    expect(qualcomm.bullets[0]).toMatch(/is now run on every nightly build of the modem firmware$/);
    expect(delta.bullets).toEqual([]);
    expect(gtri).toMatchObject({ dates: "Jan 2023 – Present", source: { page: 2, line: 1 } });
    expect(gtri.bullets[0]).toMatch(/^Trained a radar-signal classifier/);
  });

  it("keeps several titles under one employer and reads employers as people name them", async () => {
    const { facts } = await read("multi-role-pdfkit.pdf");
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["3M Company, Corporate Research Systems Lab", "Software Research Manager"],
      ["3M Company, Corporate Research Systems Lab", "Data Scientist"],
      ["Built Robotics", "Software Engineer, UI/Infrastructure"],
      ["Built Robotics", "Software Engineering Intern - Field Operations"],
      ["DataRobot", "Customer Facing Data Scientist"],
      ["Everest Engineering", "Senior DevOps Engineer"],
      ["Hacker Fellows", "Software Engineering Intern"],
      ["School of Engineering & Applied Sci", "Teaching Assistant"],
      ["University of Maryland", "Undergraduate Research Intern"],
      // LaTeX's accent glyph joins its letter: "M´alaga" reads "Málaga".
      ["Universidad de Málaga", "Visiting Research Intern"],
    ]);
    expect(facts.experiences[6].dates).toMatch(/^June 2017 – August 2017$/);
    // A sentence leading into the bullets stays in the body, not a new employer.
    expect(facts.experiences[5].bullets.at(-1)).toMatch(/^Built a serverless ETL system/);
    // Activities, involvements and talks are not jobs.
    expect(facts.leadership.map((l) => l.organization)).toEqual(["PLUS", "Pearl Hacks"]);
  });

  it("reads a DOCX education table, a layout table and a text box", async () => {
    const { facts } = await read("tables-textbox.docx");
    expect(facts.name).toBe("Ana Lucia Torres");
    expect(facts.experiences[0].bullets).toEqual([
      "Rebuilt the courier shift planner and cut unfilled shifts by 22% in Bogotá",
      "Ran 3 pricing experiments with the growth team",
    ]);
    expect(facts.experiences[1].bullets).toHaveLength(1);
  });
});

describe("plain lines", () => {
  it("reads the major after a school when the degree is said again before it", () => {
    const facts = parseResumeFacts(
      "Jane Roe\nEducation\nPhD Princeton University, PhD in Computer Science – Princeton, NJ\tSept 2018 – May 2023",
    );
    expect(facts.education[0]).toMatchObject({
      school: "Princeton University",
      degree: "PhD",
      major: "Computer Science",
      class_year: 2023,
    });
  });

  it("spaces a bracket glued to a school's name", () => {
    const facts = parseResumeFacts(
      "Jane Roe\nEDUCATION\nPOSTECH(Pohang University of Science and Technology)\tPohang, S.Korea\nB.S. IN COMPUTER SCIENCE AND ENGINEERING\tMar. 2010 – Aug. 2017",
    );
    expect(facts.education[0]).toMatchObject({
      school: "POSTECH (Pohang University of Science and Technology)",
      degree: "B.S.",
      class_year: 2017,
    });
  });

  it("reads a date range set with a non-breaking hyphen, as Awesome-CV's font sets it", () => {
    const facts = parseResumeFacts(
      "Jane Roe\nEDUCATION\nRMIT University\t2000 \u2011 2003\nEXPERIENCE\nCorr Wireless\tHuntsville, AL\nSwitch Tech\tJan 2006 \u2011 Sept 2014\n• Managed the cell network",
    );
    expect(facts.education[0]).toMatchObject({ school: "RMIT University", class_year: 2003 });
    expect(facts.experiences).toMatchObject([
      { employer: "Corr Wireless", role: "Switch Tech", dates: "Jan 2006 \u2011 Sept 2014" },
    ]);
  });

  it("reads school, degree, major and year from one education line", () => {
    const facts = parseResumeFacts(
      "Jane Roe\njane@umich.example\nEDUCATION\nUniversity of Michigan, B.A. Economics, Class of 2027. GPA 3.8",
    );
    expect(facts.education).toEqual([
      expect.objectContaining({
        school: "University of Michigan",
        degree: "B.A.",
        major: "Economics",
        class_year: 2027,
        gpa: "3.8",
      }),
    ]);
  });

  it("never takes an employer from a bullet's wrapped line (stored text before the layout format)", () => {
    const facts = parseResumeFacts(
      [
        "Sam Park",
        "EXPERIENCE",
        "Datadog — Software Engineering Intern, Jun 2025 – Aug 2025",
        "• Moved billing exports to a pipeline that runs every hour, built on",
        "Salesforce, Snowflake, and Amazon S3",
        "• Cut the export's cost by 30%",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => e.employer)).toEqual(["Datadog"]);
    expect(facts.experiences[0].bullets).toEqual([
      "Moved billing exports to a pipeline that runs every hour, built on Salesforce, Snowflake, and Amazon S3",
      "Cut the export's cost by 30%",
    ]);
  });
});

describe("name lines and headings as people write them", () => {
  const nameOf = (first: string) =>
    parseResumeFacts(
      [first, "Columbus, OH | (614) 555-0182 | someone@example.com", "EDUCATION"].join("\n"),
    ).name;

  it("reads a name with credentials, a nickname in quotes or a preferred name in brackets", () => {
    expect(nameOf("DANIELLE OKAFOR, RN")).toBe("Danielle Okafor");
    expect(nameOf("Priya Raman, MBA, CPA")).toBe("Priya Raman");
    expect(nameOf('Theodora "Theo" Lindqvist')).toBe("Theo Lindqvist");
    expect(nameOf("Robert “Bobby” Tran")).toBe("Bobby Tran");
    expect(nameOf("NGUYEN THI LAN ANH (Lan Anh Nguyen)")).toBe("Lan Anh Nguyen");
    expect(nameOf("RAYMOND CASTELLANOS")).toBe("Raymond Castellanos");
  });

  it("reads a doctoral candidate's major, not the stage", () => {
    const facts = parseResumeFacts(
      [
        "Marcus Feldman",
        "feldm042@example.edu",
        "EDUCATION",
        "University of Minnesota – Twin Cities, Minneapolis, MN",
        "Ph.D. Candidate, Chemical Engineering                    Expected Aug 2027",
      ].join("\n"),
    );
    expect(facts.education[0]).toMatchObject({
      school: "University of Minnesota – Twin Cities",
      degree: "Ph.D.",
      major: "Chemical Engineering",
      class_year: 2027,
    });
  });

  it("reads course projects listed under experience as projects, never an employer", () => {
    const facts = parseResumeFacts(
      [
        "Raymond Castellanos",
        "ray@example.com",
        "EXPERIENCE",
        "Fry's Food Stores, Chandler, AZ",
        "Store Director                                            May 2020 – Present",
        "• Cut out-of-stocks from 6.1% to 3.4%",
        "Supply Chain Course Projects (ASU)                        Jan 2026 – May 2026",
        "• Built an ABC classification and safety-stock model for 2,400 SKUs",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => e.employer)).toEqual(["Fry's Food Stores"]);
    expect(facts.projects.map((p) => p.name)).toEqual(["Supply Chain Course Projects"]);
  });

  it("keeps a campus named with 'at' in the school, and takes no degree from a plan", () => {
    const facts = parseResumeFacts(
      [
        "Marisol Gutierrez",
        "m@example.com",
        "EDUCATION",
        "The University of Texas at Dallas – Naveen Jindal School of Management     Richardson, TX",
        "Bachelor of Accounting                                                    Dec 2026",
        "Planning to complete 150 credit hours through a Master of Accounting (MACC), 2027",
        "Miami Dade College, Hialeah, FL",
        "Associate in Arts, Business Administration                                May 2024",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.class_year])).toEqual([
      ["The University of Texas at Dallas", "Bachelor", 2026],
      ["Miami Dade College", "Associate in Arts", 2024],
    ]);
  });

  it("reads a field's own experience heading and a qualified heading as their sections", () => {
    const facts = parseResumeFacts(
      [
        "Theo Lindqvist",
        "theo@example.edu",
        "MUSEUM & COMMUNICATIONS EXPERIENCE",
        "Allen Memorial Art Museum, Oberlin, OH",
        "Communications Intern                                  Jan 2025 – May 2026",
        "• Wrote 14 exhibition blog posts read by 9,000 visitors",
        "PUBLICATIONS (selected)",
        "Lindqvist, T. Tourism posters of Lake Erie. Oberlin Review, 2025.",
        "CLINICAL EXPERIENCE",
        "Mount Carmel Health System, Columbus, OH",
        "Patient Care Technician                                 Jun 2016 – May 2018",
        "• Took vitals for 30 patients a shift",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Allen Memorial Art Museum", "Communications Intern"],
      ["Mount Carmel Health System", "Patient Care Technician"],
    ]);
  });

  it("joins a plain-text bullet's indented continuation, whatever it starts with", () => {
    const facts = parseResumeFacts(
      [
        "Danielle Okafor",
        "danielle@example.com",
        "PROJECTS",
        "Sepsis Bundle Compliance Dashboard                      Apr 2026 – May 2026",
        "• Built a Tableau dashboard from 40k encounter rows tracking",
        "  3-hour bundle compliance by unit and shift",
        "EXPERIENCE",
        "Mount Carmel Health System, Columbus, OH",
        "Patient Care Technician                                 Jun 2016 – May 2018",
        "• Took vitals for 30 patients a shift",
      ].join("\n"),
    );
    expect(facts.projects[0]?.bullets).toEqual([
      "Built a Tableau dashboard from 40k encounter rows tracking 3-hour bundle compliance by unit and shift",
    ]);
    expect(facts.experiences.map((e) => e.employer)).toEqual(["Mount Carmel Health System"]);
  });

  it("keeps a bracketed note with its role and reads an 'OTHER WORK' heading", () => {
    const facts = parseResumeFacts(
      [
        "Lan Anh Nguyen",
        "lananh@example.edu",
        "EXPERIENCE",
        "Jindal School of Management, Richardson, TX",
        "Graduate Assistant (part-time, 20 hrs/week)                  Aug 2025 – Present",
        "• Grade and hold office hours for a 90-student analytics course",
        "OTHER WORK",
        "Barista, Slow Train Cafe, Oberlin, OH                         Jan 2023 – May 2024",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Jindal School of Management", "Graduate Assistant"],
      ["Slow Train Cafe", "Barista"],
    ]);
  });
});

describe("scoreResume", () => {
  const truth = {
    name: "Jane Roe",
    education: [
      { school: "University of Michigan", degree: "B.A.", major: "Economics", grad_year: 2027 },
    ],
    experiences: [{ employer: "Evercore", role: "Summer Analyst" }],
  };

  it("compares case-insensitively with quotes and spaces normalised", () => {
    const facts = parseResumeFacts(
      "JANE ROE\nEDUCATION\nUNIVERSITY OF MICHIGAN, B.A. ECONOMICS, 2027\nEXPERIENCE\nEVERCORE | SUMMER  ANALYST | 2025",
    );
    const score = scoreResume(facts, truth);
    expect(score.misses).toEqual([]);
  });

  it("counts a wrong field and an employer the resume does not list", () => {
    const facts = parseResumeFacts(
      "Jane Roe\nEDUCATION\nUniversity of Michigan, B.A. Economics, 2026\nEXPERIENCE\nEvercore | Summer Analyst | 2025\nLazard | Analyst | 2024",
    );
    const score = scoreResume(facts, truth);
    expect(score.fields.grad_year).toEqual({ right: 0, total: 1 });
    expect(score.invented).toEqual(["Lazard"]);
  });

  it("counts an achievement read under another employer's entry", () => {
    const withBullets = {
      ...truth,
      experiences: [
        { employer: "Evercore", role: "Summer Analyst", bullets: ["Built a DCF model"] },
        { employer: "Lazard", role: "Analyst", bullets: ["Screened 40 targets"] },
      ],
    };
    const header =
      "Jane Roe\nEDUCATION\nUniversity of Michigan, B.A. Economics, 2027\nEXPERIENCE\n";
    const right = parseResumeFacts(
      `${header}Evercore | Summer Analyst | 2025\n• Built a DCF model for a tech deal\nLazard | Analyst | 2024\n• Screened 40 targets`,
    );
    expect(scoreResume(right, withBullets)).toMatchObject({
      achievementsChecked: 2,
      wrongEmployer: [],
    });
    // Lazard's header read as a bullet: its achievement lands under Evercore.
    const moved = parseResumeFacts(
      `${header}Evercore | Summer Analyst | 2025\n• Built a DCF model for a tech deal\n• Lazard | Analyst | 2024 and then some words\n• Screened 40 targets`,
    );
    expect(scoreResume(moved, withBullets).wrongEmployer).toEqual([
      '"Screened 40 targets": under Evercore, not Lazard',
    ]);
  });
});
