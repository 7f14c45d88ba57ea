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
  it("reads a resume in Spanish: its headings, month names and an ongoing range", () => {
    const facts = parseResumeFacts(
      [
        "Lucía Pérez",
        "Educación",
        "Universidad Nacional de Córdoba\tCórdoba, Argentina",
        "Lic. Ciencias de la Computación; Prom: 8.85\t2015 – 2020",
        "Experiencia",
        "• Mercado Libre\tRemoto",
        "Tech Lead\tSeptiembre 2022 - Actualidad",
        "• Facilitador: mi enfoque es la comunicación del equipo.",
        "Banco Nación\tRosario, Argentina",
        "Desarrolladora\tMarzo 2019 - Agosto 2022",
        "• Sistema de pagos en React.",
        "Proyectos",
        "• Rastreador de vuelos en Go.",
      ].join("\n"),
    );
    expect(facts.education[0]).toMatchObject({
      school: "Universidad Nacional de Córdoba",
      degree: "Lic.",
      major: "Ciencias de la Computación",
      class_year: 2020,
    });
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location])).toEqual([
      ["Mercado Libre", "Tech Lead", "Septiembre 2022 - Actualidad", "Remoto"],
      ["Banco Nación", "Desarrolladora", "Marzo 2019 - Agosto 2022", "Rosario, Argentina"],
    ]);
    expect(facts.experiences[1].bullets).toEqual(["Sistema de pagos en React."]);
  });

  it("invents no employer from a team, an advisor, a broken date column or a short sentence", () => {
    const facts = parseResumeFacts(
      [
        "Jane Roe",
        "Experience",
        "Niche\tPittsburgh, PA",
        "Staff Software Engineer, Back End\tJul 2022 - Present",
        "• Led the search API rewrite.",
        "Senior Software Engineer, Back End\tJul 2021 - Jul 2022",
        "Software Engineer, Back End\tMar 2020 - Jul 2021",
        "• Built the reviews pipeline.",
        "Cavendish Laboratory, University of Cambridge\tCambridge, UK",
        "Visiting Researcher, Advisor: Dr. Sarah Bohndiek\tJan. 2019 - Mar. 2019",
        "Student Researcher, Advisor: Prof. Daniel Elson\tJan. 2018 - Sept. 2018",
        "• Built a multispectral probe.",
        "Arizona State University, P.I. Professor Michael F. Thorpe\tTempe, AZ",
        "Graduate Research Assistant\tSeptember 2009 - August 2014",
        "Worked with Prof Sam Tilsen to build a tongue-controlled game for",
        "linguistics research.",
        "Publication submitted.",
        "SAMSUNG Electronics\tS.Korea",
        "Sep. 2013, Mar. 2011 ‑ Oct.",
        "FREELANCE PENETRATION TESTER",
        "2011",
        "• Conducted penetration testing on SAMSUNG KNOX.",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Niche", "Staff Software Engineer, Back End"],
      ["Niche", "Senior Software Engineer, Back End"],
      ["Niche", "Software Engineer, Back End"],
      ["Cavendish Laboratory, University of Cambridge", "Visiting Researcher"],
      ["Cavendish Laboratory, University of Cambridge", "Student Researcher"],
      ["Arizona State University", "Graduate Research Assistant"],
      ["SAMSUNG Electronics", "Freelance Penetration Tester"],
    ]);
    expect(facts.experiences[6]).toMatchObject({
      location: "S.Korea",
      bullets: ["Conducted penetration testing on SAMSUNG KNOX."],
    });
  });

  it("reads a Polish resume: a name with its own letters, 'sp. z o.o.' and a range whose dash was lost", () => {
    const facts = parseResumeFacts(
      [
        "Maciej Hałas",
        ".NET Developer",
        "Experience",
        "Stretto Sp. z o.o.\tŁódź, Poland",
        ".NET Developer\tDec. 2021 Mar. 2026",
        "• Architected a .NET Web API on AWS Lambda.",
        "eXant sp. z o.o.\tPoznań, Poland",
        ".NET Developer\tSep. 2019 May 2020",
        "• Designed a project management ecosystem.",
      ].join("\n"),
    );
    expect(facts.name).toBe("Maciej Hałas");
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location])).toEqual([
      ["Stretto Sp. z o.o", ".NET Developer", "Dec. 2021 Mar. 2026", "Łódź, Poland"],
      ["eXant sp. z o.o", ".NET Developer", "Sep. 2019 May 2020", "Poznań, Poland"],
    ]);
    expect(parseResumeFacts("Nasr Kasrin (PhD)\nSoftware Architect").name).toBe("Nasr Kasrin");
  });

  it("reads an organization set where the place goes as the employer, and the project name before it as no employer", () => {
    const facts = parseResumeFacts(
      [
        "Facundo Gonzalez",
        "Experiencia",
        "• TravelPaq\tSan Juan, Argentina",
        "Freelance\t2017 - 2019",
        "• Api de búsqueda de paquetes turísticos: Java 11, Maven, Hibernate, MySQL.",
        "• Sistema Integral de Seguridad\tPolicía de San Juan, Argentina",
        "Fullstack developer\t2015 - 2016",
        "• SIIS: Miembro del equipo del proyecto de desarrollo de sistema informático.",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["TravelPaq", "Freelance", "2017 - 2019"],
      ["Policía de San Juan", "Fullstack developer", "2015 - 2016"],
    ]);
  });

  it("reads a career changer's training, a city's state and a job title before its employer in plain text", () => {
    const facts = parseResumeFacts(
      [
        "Sam Ortiz",
        "EXPERIENCE",
        "Harbor Grill, Portland OR            2016 – 2025",
        "General Manager",
        "• Ran a $3M restaurant with 40 employees",
        "Line cook, Blue Fern Cafe           2013 – 2016",
        "Canvasser, Oregon Voter Project      Summer 2012",
        "EDUCATION & CERTIFICATES",
        "Designlab — UX Design Bootcamp (Career Track), 2026",
        "Meta Front-End Developer Certificate (Coursera), March 2026",
        "Portland State University, Portland OR",
        "Bachelor of Science in Economics          2012",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Designlab", "Certificate", "UX Design Bootcamp", 2026],
      ["Coursera", "Certificate", "Meta Front-End Developer Certificate", 2026],
      ["Portland State University", "Bachelor of Science", "Economics", 2012],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Harbor Grill", "General Manager"],
      ["Blue Fern Cafe", "Line cook"],
      ["Oregon Voter Project", "Canvasser"],
    ]);
  });

  it("reads a part of the school above as the same school and a school named without a school word", () => {
    const schoolsOf = (lines: string[]) =>
      parseResumeFacts(["Jane Roe", "Education", ...lines].join("\n")).education.map((e) => [
        e.school,
        e.degree,
        e.major,
        e.class_year,
      ]);
    expect(
      schoolsOf([
        "University of Pennsylvania\tPhiladelphia, PA",
        "Master of Science in Engineering in Robotics - School of Engineering and Applied Science\tAug 2014 - May 2019",
        "Bachelor of Science in Economics - Wharton School",
      ]),
    ).toEqual([
      ["University of Pennsylvania", "Master of Science in Engineering", "Robotics", 2019],
      ["University of Pennsylvania", "Bachelor of Science", "Economics", null],
    ]);
    expect(
      schoolsOf([
        "CORNELL UNIVERSITY",
        "MEng in Computer Science",
        "Expected Dec 2014 | Ithaca, NY",
        "BS in Computer Science",
        "Expected May 2014 | Ithaca, NY",
        "College of Engineering",
      ]),
    ).toEqual([
      ["Cornell University", "MEng", "Computer Science", 2014],
      ["Cornell University", "BS", "Computer Science", 2014],
    ]);
    expect(
      schoolsOf([
        "Brigham Young University Idaho, Rexburg, Idaho — Business Analytics(BS) - Expected Graduation Date: May 2024",
        "Desert Hills High, Saint George, Utah —High School Diploma - Graduation Date: 2016",
        "NSCBM College Himachal Pradesh, India",
        "Collegium Da Vinci\tPoznań, Poland",
        "Gurukul Public School Hamirpur, Himachal Pradesh",
        "Imperial College London, UK",
      ]).map((e) => e[0]),
    ).toEqual([
      "Brigham Young University Idaho",
      "Desert Hills High",
      "NSCBM College",
      "Collegium Da Vinci",
      "Gurukul Public School",
      "Imperial College London",
    ]);
  });

  it("reads two degrees earned together and degrees in capitals or with dots", () => {
    const degreesOf = (line: string) =>
      parseResumeFacts(`Jane Roe\nEducation\nUniversity of Michigan\tAnn Arbor, MI\n${line}`)
        .education[0];
    expect(
      degreesOf("PH.D. AND M.S. IN ELECTRICAL ENGINEERING: SYSTEMS\tAug 2010 - May 2015"),
    ).toMatchObject({ degree: "PH.D. AND M.S.", class_year: 2015 });
    expect(degreesOf("PH.D. IN PHYSICS (COMPUTATIONAL PHYSICS)\tDecember 2014")).toMatchObject({
      degree: "PH.D.",
      major: "Physics",
    });
    expect(degreesOf("M.Res. in Medical Robotics; Merit\tOct. 2017 – Sept. 2018")).toMatchObject({
      degree: "M.Res.",
      major: "Medical Robotics",
    });
    expect(degreesOf("B.Eng. in Mechanical Engineering\tOct. 2014 – Jun. 2017")).toMatchObject({
      degree: "B.Eng.",
      major: "Mechanical Engineering",
    });
  });

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
  it("keeps an employer's commas whole in a header set apart with pipes", () => {
    const facts = parseResumeFacts(
      [
        "Rosa Delgado",
        "EXPERIENCE",
        "Claims Paralegal | Whitcombe, Ashdown, Perry & Lund LLP | Toledo, OH | 2018 – present",
        "• Indexed 40,000 exhibits for trial",
        "Legal Assistant | Marlow & Tibbs Co., L.P.A. | Akron, OH | 2014 – 2018",
        "• Filed motions in county court",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location, e.dates])).toEqual([
      ["Claims Paralegal", "Whitcombe, Ashdown, Perry & Lund LLP", "Toledo, OH", "2018 – present"],
      ["Legal Assistant", "Marlow & Tibbs Co., L.P.A.", "Akron, OH", "2014 – 2018"],
    ]);
  });

  it("reads a title with its team before a dash and the employer after it", () => {
    const facts = parseResumeFacts(
      [
        "Ivo Brandt",
        "EXPERIENCE",
        "Machine Learning Intern, Ranking Infrastructure — Pinterest, Seattle, WA      May 2024 – Aug 2024",
        "• Shipped a feature store backfill",
      ].join("\n"),
    );
    const [experience] = facts.experiences;
    expect(experience.role).toMatch(/^Machine Learning Intern\b/);
    expect([experience.employer, experience.location, experience.dates]).toEqual([
      "Pinterest",
      "Seattle, WA",
      "May 2024 – Aug 2024",
    ]);
  });

  it("reads 'Role, Org' with its dates beside it as a role at that org, under a new heading too", () => {
    const facts = parseResumeFacts(
      [
        "Oren Katz",
        "Industry Experience",
        "Analytics Intern — Wayfair, Boston, MA             Jun 2024 – Aug 2024",
        "  • Built a returns forecast",
        "Research Experience",
        "Graduate Research Assistant, Dept. of Biostatistics          2021 – present",
        "  • Fit survival models to registry data",
        "Graduate Student Instructor, BIOS 601 / BIOS 602             2020 – 2023",
        "  • Led two discussion sections",
        "Other Experience",
        "Photographer, The Daily Orange (student newspaper)       Jan 2022 – May 2023",
        "  Shot 120 assignments for news and sports",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Analytics Intern", "Wayfair", "Jun 2024 – Aug 2024"],
      ["Graduate Research Assistant", "Dept. of Biostatistics", "2021 – present"],
      ["Graduate Student Instructor, BIOS 601 / BIOS 602", "Dept. of Biostatistics", "2020 – 2023"],
      ["Photographer", "The Daily Orange", "Jan 2022 – May 2023"],
    ]);
  });

  it("reads a store number as no date and an office as the employer after a title", () => {
    const facts = parseResumeFacts(
      [
        "Kiara Wells",
        "Work Experience",
        "Team Lead, Kroger (Store #1987), Marietta, GA — Mar 2023 to present",
        "- Trained 5 new cashiers on the self-checkout",
        "Peer Advisor, KSU Office of Career Planning — Sep 2024 to present",
        "- Reviewed 60 resumes a month",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location, e.dates])).toEqual([
      ["Team Lead", "Kroger", "Marietta, GA", "Mar 2023 to present"],
      ["Peer Advisor", "KSU Office of Career Planning", null, "Sep 2024 to present"],
    ]);
  });
  it("reads a portfolio section as projects and a certificate in it as training", () => {
    const facts = parseResumeFacts(
      [
        "Lena Moritz",
        "EXPERIENCE",
        "Landscape Designer — OLIN, Philadelphia, PA                Aug 2022 – Present",
        "- Drew planting plans for two public parks",
        "UX DESIGN WORK",
        "Interaction Design Foundation UX Certificate (IDF), completed January 2026",
        "",
        "TrailMate — hiking permit app redesign (case study, lenamoritz.site/trailmate)",
        "- Ran 6 interviews with park rangers and cut permit steps from 9 to 4",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Landscape Designer", "OLIN"],
    ]);
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      ["TrailMate", ["Ran 6 interviews with park rangers and cut permit steps from 9 to 4"]],
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["IDF", "Certificate", "Interaction Design Foundation UX Certificate", 2026],
    ]);
  });

  it("reads projects one a line as projects of their own, and a deeper line as the description", () => {
    const facts = parseResumeFacts(
      [
        "Tomas Ruiz",
        "Selected Projects",
        "  spatialreg (Python library, 85 GitHub stars) — fast spatial lag regressions",
        "  DrivenData flu shot challenge — top 3% (stacked gradient boosting)",
        "PROJECTS",
        "GradeGuard (Go, SQLite, Svelte) — senior design, Spring 2026",
        "  Flags late submissions from the LMS export — sends a digest to each TA",
        "RouteNote (Kotlin) — personal project",
        "  Offline trail notes synced over Bluetooth between hikers",
      ].join("\n"),
    );
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      ["spatialreg", ["fast spatial lag regressions"]],
      ["DrivenData flu shot challenge", ["top 3% (stacked gradient boosting)"]],
      ["GradeGuard", ["Flags late submissions from the LMS export — sends a digest to each TA"]],
      ["RouteNote", ["Offline trail notes synced over Bluetooth between hikers"]],
    ]);
  });
  it("splits a skills line into labelled groups, leaves out spoken languages and keeps a bracket whole", () => {
    const facts = parseResumeFacts(
      [
        "Mei Tanaka",
        "ADDITIONAL",
        "Languages: Japanese, Korean, English · Skills: Power BI, Alteryx, R (tidyverse, ggplot2) | Tools: Jira",
        "Languages: Go, Rust, TypeScript",
        "Bilingual: Tagalog / conversational French",
        "Figma (prototyping, auto layout), SPSS (basic), Canva",
      ].join("\n"),
    );
    expect(facts.skills).toEqual([
      "Power BI",
      "Alteryx",
      "R (tidyverse, ggplot2)",
      "Jira",
      "Go",
      "Rust",
      "TypeScript",
      "Figma (prototyping, auto layout)",
      "SPSS",
      "Canva",
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

  it("reads a nickname in brackets mid-name, and never takes the contact line's city for a name", () => {
    expect(nameOf("SOO-AH (ANNA) LIM")).toBe("Anna Lim");
    const facts = parseResumeFacts(
      ["RESUME", "Salt Lake City, UT | (801) 555-0144 | someone@example.com", "EDUCATION"].join(
        "\n",
      ),
    );
    expect(facts.name).toBeNull();
  });

  it("reads a licenses-and-certifications list as no employer, and degrees after dot leaders", () => {
    const facts = parseResumeFacts(
      [
        "Renee Castillo",
        "renee@example.com",
        "EDUCATION",
        "B.S. Nursing ............... Grand Canyon University (online), exp. Dec 2027",
        "A.A.S. Respiratory Therapy ...... Pima Community College, Tucson, AZ, May 2019",
        "EXPERIENCE",
        "Banner Health — Tucson, AZ",
        "Respiratory Therapist                                      08/2019 – present",
        " - Ran ventilator checks for 14 ICU beds a shift",
        "CERTIFICATIONS AND LICENSURE",
        "Registered Respiratory Therapist (RRT), NBRC, exp. 2028",
        "ACLS Provider (AHA), exp. 2026",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Grand Canyon University", "B.S.", "Nursing", 2027],
      ["Pima Community College", "A.A.S.", "Respiratory Therapy", 2019],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Banner Health", "Respiratory Therapist"],
    ]);
  });

  it("reads professional doctorates and a campus followed by its college", () => {
    const facts = parseResumeFacts(
      [
        "Keoni Akana",
        "keoni@example.edu",
        "EDUCATION",
        "University of Hawaii, Manoa – Shidler College of Business",
        "Bachelor of Business Administration, Finance                  Expected May 2028",
        "Gonzaga University School of Law, Spokane, WA",
        "Juris Doctor Candidate, May 2029",
        "Ohio Northern University, Ada, OH",
        "Doctor of Pharmacy, May 2026",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.class_year])).toEqual([
      ["University of Hawaii, Manoa", "Bachelor of Business Administration", 2028],
      ["Gonzaga University School of Law", "Juris Doctor", 2029],
      ["Ohio Northern University", "Doctor of Pharmacy", 2026],
    ]);
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

describe("names, entries and schools as nurses, veterans, accountants and researchers write them", () => {
  const experiencesOf = (heading: string, lines: string[]) =>
    parseResumeFacts(["Noor Haddad", heading, ...lines].join("\n")).experiences;

  it("reads a name with a credential or a status after its comma", () => {
    const nameOf = (first: string) =>
      parseResumeFacts([first, "Toledo, OH | (419) 555-0137 | someone@example.com"].join("\n"))
        .name;
    expect(nameOf("Marisol T. Ibarra, MSN Candidate")).toBe("Marisol T. Ibarra");
    expect(nameOf("Wen Zhou, PhD Candidate")).toBe("Wen Zhou");
    expect(nameOf("Abdi Hassan, EMT-B")).toBe("Abdi Hassan");
    expect(nameOf("Grace Odum, CPA")).toBe("Grace Odum");
    expect(nameOf("Lucia R. Benn, M.A.")).toBe("Lucia R. Benn");
    expect(nameOf("Tom Aske, M.S.")).toBe("Tom Aske");
  });

  it("reads a field's own projects heading in capitals, and a co-op experience heading", () => {
    const read = parseResumeFacts(
      [
        "Noor Haddad",
        "EXPERIENCE",
        "Paralegal — Birch & Vale LLP, Chicago, IL    2024 – Present",
        "• Drafted 60 discovery responses",
        "DATA & UX PROJECTS",
        "Clinic Intake Redesign (self-initiated)    2025",
        "• Interviewed 8 clinic volunteers and mapped the intake flow",
        "CO-OP EXPERIENCE",
        "Quality Engineering Co-op — Lakeshore Medical, Erie, PA    Jan 2026 – Jun 2026",
        "• Wrote 14 test protocols for a catheter line",
      ].join("\n"),
    );
    expect(read.experiences.map((e) => e.employer)).not.toContain("Data & Ux Projects");
    expect(read.projects.map((p) => p.name)).toContain("Clinic Intake Redesign");
    expect(read.experiences.map((e) => e.employer)).toContain("Lakeshore Medical");
  });

  it("reads a rank's title as the role and its unit as the employer, whichever comes first", () => {
    const experiences = experiencesOf("MILITARY EXPERIENCE", [
      "Maintenance Sergeant (SFC / E-7), Forward Support Company — 2015 — 2019",
      "• Kept 60 trucks mission-ready",
      "14th Engineer Battalion, Platoon Sergeant (SSG / E-6) — 2011 — 2015",
      "• Led 28 soldiers through two deployments",
    ]);
    expect(experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Maintenance Sergeant", "Forward Support Company", "2015 — 2019"],
      ["Platoon Sergeant", "14th Engineer Battalion", "2011 — 2015"],
    ]);
  });

  it("reads an entry's own employer after its role instead of the one above, and keeps an acronym's capitals", () => {
    const experiences = experiencesOf("EXPERIENCE", [
      "Audit Associate — BKD LLP, Dallas, TX      Jun 2024 – Aug 2024",
      "• Tested revenue controls for 3 clients",
      "Community Tax Preparer — Dallas County VITA Site      01/2024-04/2024",
      "• Filed 90 returns for low-income families",
      "Tax Intern — ERNST & YOUNG LLP, Dallas, TX      Jun 2023 – Aug 2023",
    ]);
    expect(experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Audit Associate", "BKD LLP"],
      ["Community Tax Preparer", "Dallas County VITA Site"],
      ["Tax Intern", "Ernst & Young LLP"],
    ]);
  });

  it("reads a clinical rotation or practicum as the role and the hospital as the employer", () => {
    const experiences = experiencesOf("CLINICAL ROTATIONS", [
      "Senior Practicum — Cardiac Step-Down Unit, Mercy Health Medical Center   Aug 2026 – Present",
      "• Cared for 3 telemetry patients a shift",
      "Pediatric Rotation — Nationwide Children's Hospital   Jan 2026 – Apr 2026",
      "• Gave 40 medication passes under supervision",
    ]);
    expect(experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      [
        "Senior Practicum, Cardiac Step-Down Unit",
        "Mercy Health Medical Center",
        "Aug 2026 – Present",
      ],
      ["Pediatric Rotation", "Nationwide Children's Hospital", "Jan 2026 – Apr 2026"],
    ]);
  });

  it("reads 'Employer — venue, City, ST' under a title as the employer and its place", () => {
    const experiences = experiencesOf("EXPERIENCE", [
      "Assistant Store Manager",
      "Madewell — Chelsea Market, New York, NY",
      "Mar 2024 – Present",
      "• Ran a 14-person floor team",
      "Sales Associate — Uniqlo, New York, NY      Jun 2022 – Feb 2024",
      "• Opened the store 3 days a week",
    ]);
    expect(experiences.map((e) => [e.role, e.employer, e.location, e.bullets])).toEqual([
      [
        "Assistant Store Manager",
        "Madewell",
        "Chelsea Market, New York, NY",
        ["Ran a 14-person floor team"],
      ],
      ["Sales Associate", "Uniqlo", "New York, NY", ["Opened the store 3 days a week"]],
    ]);
  });

  it("reads an advisor's line as a detail of a long research entry, and a campus after an en dash as the school's", () => {
    const experiences = experiencesOf("RESEARCH EXPERIENCE", [
      "Postdoctoral Research Fellow — University of Michigan Medical School, Department of Computational Medicine & Bioinformatics, Ann Arbor, MI",
      "2021 — Present",
      "PI: Dr. Rosa Whitfield",
      "Mapped 1,200 enhancer variants with a pooled CRISPR screen",
      "Graduate Research Assistant — University of Nebraska–Lincoln, Biochemistry Graduate Program",
      "2015 — 2021",
      "Mentor: Prof. Alan Cho",
      "Built a yeast model of copper transport",
    ]);
    expect(experiences.map((e) => [e.role, e.employer, e.dates, e.bullets])).toEqual([
      [
        "Postdoctoral Research Fellow",
        "University of Michigan Medical School, Department of Computational Medicine & Bioinformatics",
        "2021 — Present",
        ["Mapped 1,200 enhancer variants with a pooled CRISPR screen"],
      ],
      [
        "Graduate Research Assistant",
        "University of Nebraska–Lincoln, Biochemistry Graduate Program",
        "2015 — 2021",
        ["Built a yeast model of copper transport"],
      ],
    ]);
  });

  it("keeps a campus after the comma in a school's name, and a city and state after a dash as its place", () => {
    const facts = parseResumeFacts(
      [
        "Noor Haddad",
        "EDUCATION",
        "University of Massachusetts, Boston — Boston, MA",
        "Bachelor of Science in Nursing, May 2022",
        "University of Colorado, Denver – Denver, CO",
        "Associate of Science, May 2019",
        "University of Georgia — Athens, GA",
        "B.A. Psychology, May 2017",
        "EXPERIENCE",
        "Lab Assistant, University of Massachusetts, Boston — Boston, MA    2020 – 2022",
        "• Prepared reagents for 3 labs",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.location, e.class_year])).toEqual([
      ["University of Massachusetts, Boston", "Boston, MA", 2022],
      ["University of Colorado, Denver", "Denver, CO", 2019],
      ["University of Georgia", "Athens, GA", 2017],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location])).toEqual([
      ["Lab Assistant", "University of Massachusetts, Boston", "Boston, MA"],
    ]);
  });
});

describe("entry shapes from nursing students' and veterans' resumes", () => {
  // Wide gaps stand for the tab a right-aligned date leaves in the layout text.
  const read = (lines: string[]) =>
    parseResumeFacts(["Noor Haddad", ...lines].join("\n").replace(/ {3,}/g, "\t"));

  it("joins words at an unspaced en dash, and reads a heading of leadership and service as its section", () => {
    const facts = read([
      "EXPERIENCE",
      "Math Tutor—Mathnasium, Austin, TX        2022 – 2023",
      "• Tutored 14 students a week",
      "LEADERSHIP & VOLUNTEER",
      "Pre-Health Society, UT–Austin – Outreach Coordinator        2024 – 2025",
      "• Ran 6 blood drives",
      "Campus Involvement & Service",
      "Habitat for Humanity – Build Crew Lead        2023 – 2024",
      "• Led 10 volunteers on Saturday builds",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Math Tutor", "Mathnasium"],
    ]);
    expect(facts.leadership.map((l) => [l.role, l.organization])).toEqual([
      ["Outreach Coordinator", "Pre-Health Society, UT–Austin"],
      ["Build Crew Lead", "Habitat for Humanity"],
    ]);
    const headingOnly = (heading: string) =>
      read([heading, "Red Cross Blood Services – Donor Ambassador        2024 – 2025"]);
    for (const heading of [
      "LEADERSHIP AND ACTIVITIES",
      "VOLUNTEER EXPERIENCE",
      "Service & Outreach",
    ]) {
      const facts = headingOnly(heading);
      expect(facts.experiences).toEqual([]);
      expect(facts.leadership.map((l) => [l.role, l.organization])).toEqual([
        ["Donor Ambassador", "Red Cross Blood Services"],
      ]);
    }
  });

  it("reads a rotation written course first, its site on the next line, as the course at the site", () => {
    const facts = read([
      "CLINICAL EXPERIENCE",
      "Medical–Surgical Nursing I – Telemetry                         Sep 2026 – Dec 2026",
      "Baptist Health – Lexington, Lexington, KY",
      "• Monitored cardiac rhythms for 4 patients a shift",
      "Mental Health Nursing                                          Jan 2026 – Apr 2026",
      "Eastern State Hospital, Lexington, KY",
      "• Led a coping-skills group for 8 adults",
      "Obstetrics                                                     Aug 2025 – Dec 2025",
      "UK HealthCare Kentucky Children's Hospital, Lexington, KY",
      "• Assisted with 12 newborn assessments",
      "Community Health Nursing                                       Aug 2025 – Dec 2025",
      "Lexington-Fayette County Health Department, Lexington, KY",
      "Patient Care Technician – Cardiac Step-Down Unit               May 2025 – Present",
      "Baptist Health Lexington, Lexington, KY",
      "• Drew labs for 20 patients a night",
      "Mayo Clinic                                                    2024 – 2025",
      "Student Nurse Extern, Rochester, MN",
      "• Shadowed 3 charge nurses",
      "WORK EXPERIENCE",
      "Nursing Assistant – Emergency Department                       June 2023 – May 2025",
      "Saint Joseph Hospital, Lexington, KY",
      "• Answered 200 calls a shift",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.location])).toEqual([
      [
        "Medical–Surgical Nursing I – Telemetry",
        "Baptist Health – Lexington",
        "Sep 2026 – Dec 2026",
        "Lexington, KY",
      ],
      ["Mental Health Nursing", "Eastern State Hospital", "Jan 2026 – Apr 2026", "Lexington, KY"],
      [
        "Obstetrics",
        "UK HealthCare Kentucky Children's Hospital",
        "Aug 2025 – Dec 2025",
        "Lexington, KY",
      ],
      [
        "Community Health Nursing",
        "Lexington-Fayette County Health Department",
        "Aug 2025 – Dec 2025",
        "Lexington, KY",
      ],
      [
        "Patient Care Technician – Cardiac Step-Down Unit",
        "Baptist Health Lexington",
        "May 2025 – Present",
        "Lexington, KY",
      ],
      ["Student Nurse Extern", "Mayo Clinic", "2024 – 2025", "Rochester, MN"],
      [
        "Nursing Assistant – Emergency Department",
        "Saint Joseph Hospital",
        "June 2023 – May 2025",
        "Lexington, KY",
      ],
    ]);
  });

  it("reads positions under an employer's own line as entries at that employer, and no entry for the line", () => {
    const facts = read([
      "MILITARY EXPERIENCE",
      "UNITED STATES MARINE CORPS                                              2012 – 2020",
      "Motor Transport Sergeant (3537), Staff Sergeant / E-6                  Jan 2017 – Jun 2020",
      "Combat Logistics Battalion 5, 1st Marine Logistics Group – Camp Pendleton, CA",
      "• Dispatched 140 tactical vehicles without a lost load",
      "Integrated Logistics Specialist (0411), LCpl – Sergeant / E-5          Jul 2012 – Dec 2016",
      "Transportation Support Company, 2nd Marine Logistics Group – Camp Lejeune, NC",
      "• Tracked 900 parts orders a quarter",
      "PROFESSIONAL EXPERIENCE",
      "Stripe        2018 – 2024",
      "Staff Engineer        2022 – 2024",
      "• Cut payout latency by 40%",
      "Software Engineer        2018 – 2022",
      "• Built the dispute evidence API",
      "Acme Robotics        2016 – 2018",
      "Firmware Engineer — Initech, Austin, TX        2016 – 2017",
      "• Wrote a motor controller",
      "Barista — Blue Bottle Coffee, Oakland, CA        2014 – 2016",
      "• Pulled 300 shots a day",
      "LEADERSHIP",
      "Student Veterans of America Chapter        2021 – 2023",
      "President        2022 – 2023",
      "• Ran 12 meetings",
      "Treasurer        2021 – 2022",
      "• Kept a $4,000 budget",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.bullets.length])).toEqual([
      ["Motor Transport Sergeant (3537)", "United States Marine Corps", "Jan 2017 – Jun 2020", 1],
      [
        "Integrated Logistics Specialist (0411), LCpl",
        "United States Marine Corps",
        "Jul 2012 – Dec 2016",
        1,
      ],
      ["Staff Engineer", "Stripe", "2022 – 2024", 1],
      ["Software Engineer", "Stripe", "2018 – 2022", 1],
      // An employer's line whose next title names its own employer is an entry of its own.
      [null, "Acme Robotics", "2016 – 2018", 0],
      ["Firmware Engineer", "Initech", "2016 – 2017", 1],
      ["Barista", "Blue Bottle Coffee", "2014 – 2016", 1],
    ]);
    expect(facts.leadership.map((l) => [l.role, l.organization])).toEqual([
      ["President", "Student Veterans of America Chapter"],
      ["Treasurer", "Student Veterans of America Chapter"],
    ]);
  });
});

describe("entry shapes from policy, pharmacy, help-desk and career changers' resumes", () => {
  // Wide gaps stand for the tab a right-aligned date leaves in the layout text; the leading
  // spaces of a wrapped bullet's next line stay, as a pasted resume keeps them.
  const read = (lines: string[]) =>
    parseResumeFacts(["Tomasz Wiśniewski", ...lines].join("\n").replace(/(?<=\S) {3,}/g, "\t"));

  it("takes a dash before a number and words as a bullet of its own", () => {
    const facts = read([
      "EXPERIENCE",
      "Brand Designer                                          2023 – Present",
      "Harbor Print Studio, Baltimore, MD",
      "- Screenprinted gig posters for 3 venues (runs of 50–75)",
      "- 24-page annual report for a community garden, incl. infographics",
      "- 3 logo systems for local cafés",
    ]);
    expect(facts.experiences[0].bullets).toEqual([
      "Screenprinted gig posters for 3 venues (runs of 50–75)",
      "24-page annual report for a community garden, incl. infographics",
      "3 logo systems for local cafés",
    ]);
  });

  it("joins a wrapped bullet's next line that opens with a year or a number to the bullet", () => {
    const facts = read([
      "EXPERIENCE",
      "Housing Policy Fellow                                   March 2024 – Present",
      "Lakeshore Tenants Council, Milwaukee, WI",
      "• Organized a 12-county tenant network; drafted testimony and followed 9 housing bills through the",
      "  2024 and 2025 budget sessions",
      "• Surveyed renters in 40 buildings with",
      "2023 eviction filings from two counties",
      "• Mapped rent burden by tract for the council's annual report; briefed 6 aldermen",
      "  2 weeks before the vote",
      "• Ran weekly canvass shifts",
      "  Field Organizer, Badger Voter Alliance, Madison, WI     2022 – 2023",
      "• Knocked 4,000 doors",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Housing Policy Fellow", "Lakeshore Tenants Council", "March 2024 – Present"],
      // An indented line under a bullet that is a dated title line is an entry of its own.
      ["Field Organizer", "Badger Voter Alliance", "2022 – 2023"],
    ]);
    expect(facts.experiences[0].bullets).toEqual([
      "Organized a 12-county tenant network; drafted testimony and followed 9 housing bills through the 2024 and 2025 budget sessions",
      "Surveyed renters in 40 buildings with 2023 eviction filings from two counties",
      "Mapped rent burden by tract for the council's annual report; briefed 6 aldermen 2 weeks before the vote",
      "Ran weekly canvass shifts",
    ]);
    expect(facts.experiences[1].bullets).toEqual(["Knocked 4,000 doors"]);
  });

  it("reads a dated title line opening with a participle as a title, not a bullet", () => {
    const facts = read([
      "RESEARCH EXPERIENCE",
      "Undergraduate Researcher, Okafor Lab                    09/2025 – Present",
      "Purdue University, West Lafayette, IN",
      "• Ran 40 HPLC assays a week",
      "WORK EXPERIENCE",
      "Registered Behavior Technician (weekends, ~12 hrs/wk)   06/2023 – Present",
      "Bright Path ABA Therapy, Lafayette, IN",
      "• Ran discrete-trial sessions for 5 clients ages 3–8",
      "Licensed Practical Nurse (per diem, ~2 shifts/wk)        Feb 2021 – May 2023",
      "Wabash Valley Rehab Center, Lafayette, IN",
      "• Passed medications for 22 residents a shift",
      "Presented infection-control audit results to the board       May 2022",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.bullets.length])).toEqual([
      ["Undergraduate Researcher, Okafor Lab", "Purdue University", "09/2025 – Present", 1],
      ["Registered Behavior Technician", "Bright Path ABA Therapy", "06/2023 – Present", 1],
      // A dated line opening with a participle and going on in lower case is still a sentence.
      ["Licensed Practical Nurse", "Wabash Valley Rehab Center", "Feb 2021 – May 2023", 2],
    ]);
  });

  it("reads an entry written one field a line: role, employer, place, dates, then bullets", () => {
    const facts = read([
      "EDUCATION",
      "Marquette University",
      "Milwaukee, WI",
      "Bachelor of Arts in English — Expected May 2028",
      "EXPERIENCE",
      "Peer Writing Tutor (Writing Center)",
      "Marquette Writing Studio",
      "Milwaukee, WI",
      "09/2025 – Present",
      "- Hold 12-15 one-on-one sessions per week on thesis & citation questions",
      "- Led 3 citation workshops for 60+ first-year students",
      "- Wrote 2 handouts on APA style now given out at every session",
      "- Log each session in WCOnline; 4.8/5 avg on student surveys",
      // Its place after its dates.
      "Barista",
      "Stone Creek Coffee",
      "06/2024 – 08/2025",
      "Milwaukee, WI",
      "- Opened the store 3 days a week",
    ]);
    expect(
      facts.experiences.map((e) => [e.role, e.employer, e.location, e.dates, e.bullets.length]),
    ).toEqual([
      [
        "Peer Writing Tutor (Writing Center)",
        "Marquette Writing Studio",
        "Milwaukee, WI",
        "09/2025 – Present",
        4,
      ],
      ["Barista", "Stone Creek Coffee", "Milwaukee, WI", "06/2024 – 08/2025", 1],
    ]);
    expect(facts.experiences[0].bullets[0]).toMatch(/^Hold 12-15 one-on-one sessions/);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Marquette University", "Bachelor of Arts", "English", 2028],
    ]);
  });

  it("reads a two-page resume's page header as nothing, and the section it interrupts goes on", () => {
    for (const header of [
      "Page 2",
      "Page 2 | Tomasz Wiśniewski",
      "Tomasz Wiśniewski — Page 2 of 2",
      "Tomasz Wiśniewski   |   Page 2",
      "T. Wiśniewski - page 2",
    ]) {
      const facts = read([
        "EXPERIENCE",
        "Shift Supervisor                                        2021 – 2024",
        "Riverside Grocery Co-op, Dayton, OH",
        "• Scheduled 18 staff across 3 shifts",
        "",
        header,
        "",
        "• Cut produce waste by 20% with a markdown plan",
        "Cashier                                                 2019 – 2021",
        "Dayton Public Market, Dayton, OH",
        "• Closed out 2 registers a night",
        "SKILLS",
        "Excel, Square POS",
      ]);
      expect(facts.experiences.map((e) => [e.role, e.employer, e.bullets.length])).toEqual([
        ["Shift Supervisor", "Riverside Grocery Co-op", 2],
        ["Cashier", "Dayton Public Market", 1],
      ]);
      expect(facts.leadership).toEqual([]);
      expect(facts.skills).toEqual(["Excel", "Square POS"]);
    }
    // On the first page the header's name is the resume's name.
    const first = parseResumeFacts(
      "Tomasz Wiśniewski — Page 1 of 2\nEXPERIENCE\nCashier   2019 – 2021",
    );
    expect(first.name).toBe("Tomasz Wiśniewski");
  });

  it("reads 'Organization — Role' with its dates, and a sub-heading over bullets as a group of its own", () => {
    const facts = read([
      "LEADERSHIP & ACTIVITIES",
      "Campus Solar Car Team — Battery Systems Lead           08/2024 – Present",
      "- Designing the pack's cell balancing board for the 2027 race",
      "- Taught 2 high-voltage safety sessions for 30 new members",
      "",
      "Case Competitions",
      "- Midwest Supply Chain Challenge 2025 (Indiana, Mar 2025): routing plan for a food bank — 2nd of 18 teams",
      "- Deloitte Tech Case 2026 (virtual, Jan 2026): cloud migration pitch — finalist",
      "",
      "Women in Computing, Purdue Chapter — Member            09/2024 – Present",
    ]);
    expect(facts.leadership.map((l) => [l.role, l.organization, l.bullets.length])).toEqual([
      ["Battery Systems Lead", "Campus Solar Car Team", 2],
      [null, "Case Competitions", 2],
      ["Member", "Women in Computing, Purdue Chapter", 0],
    ]);
  });
});

describe("entry shapes from public health, career changers', first-year and graduate students' resumes", () => {
  // Wide gaps stand for the tab a right-aligned date leaves in the layout text; a line's own
  // leading spaces stay, as a pasted resume keeps them.
  const read = (lines: string[]) =>
    parseResumeFacts(lines.join("\n").replace(/(?<=\S) {3,}/g, "\t"));

  it("reads a name with a degree under way written '(c)' and a certification in capitals after it", () => {
    const nameOf = (first: string) =>
      read([first, "Toledo, OH | (419) 555-0137 | someone@example.com"]).name;
    expect(nameOf("Nadia K. Farouk, MPH(c), CHES")).toBe("Nadia K. Farouk");
    expect(nameOf("OMAR HADDAD, MSW (C), LCSW-A")).toBe("Omar Haddad");
    expect(nameOf("Lena Ortiz, M.P.H.(c)")).toBe("Lena Ortiz");
    expect(nameOf("Kofi Mensah, PharmD, CPhT")).toBe("Kofi Mensah");
  });

  it("reads a field practicum as an experience at its site, and abstracts and posters as a list", () => {
    const facts = read([
      "Nadia K. Farouk, MPH(c), CHES",
      "Columbus, OH  |  nfarouk@osu.example  |  614-555-0123",
      "Education",
      "The Ohio State University College of Public Health, Columbus, OH      Expected May 2027",
      "Master of Public Health (MPH), Environmental Health   GPA: 3.74",
      "Field Practicum",
      "Franklin County Public Health, Columbus, OH",
      "Environmental Health Practicum Student, Vector Control Program      Jan 2026 - Apr 2026",
      "- Mapped 300+ mosquito trap sites in ArcGIS and flagged 12 West Nile hot spots",
      "- Wrote the weekly trap count summary for 9 township partners",
      "Work Experience",
      "Graduate Research Assistant, Dept. of Biostatistics, OSU CPH      Sep 2025 - present",
      "- Clean survey waves for a 1,200-household air quality study",
      "Pharmacy Technician, Kroger Pharmacy, Columbus, OH      Jun 2020 - Dec 2025",
      "- Filled 250+ prescriptions a shift",
      "Conference Abstracts & Posters",
      'Farouk NK, Osei B. "Trap density and West Nile positivity, 2021-2025." Poster, Ohio Public Health Combined Conference, Columbus, OH, May 2026',
      "Certifications",
      "CHES (NCHEC), 2024 | CPhT (PTCB), 2020",
    ]);
    expect(facts.name).toBe("Nadia K. Farouk");
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets.length])).toEqual([
      [
        "Franklin County Public Health",
        "Environmental Health Practicum Student, Vector Control Program",
        "Jan 2026 - Apr 2026",
        2,
      ],
      // The acronyms after a department name the school it is part of.
      ["Dept. of Biostatistics, OSU CPH", "Graduate Research Assistant", "Sep 2025 - present", 1],
      ["Kroger Pharmacy", "Pharmacy Technician", "Jun 2020 - Dec 2025", 1],
    ]);
    // Written title first, the practicum reads the same.
    const titleFirst = read([
      "Maya Ruiz",
      "Field Practicum",
      "Epidemiology Practicum Student, Immunization Unit      May 2026 - Aug 2026",
      "Lucas County Health Department, Toledo, OH",
      "- Called 400 families overdue for MMR",
    ]);
    expect(titleFirst.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Lucas County Health Department", "Epidemiology Practicum Student, Immunization Unit"],
    ]);
  });

  it("reads a training programme at its provider, a freelance title and one employer's two titles", () => {
    const facts = read([
      "Renee Castillo",
      "Denver, CO · renee.castillo@example.com · 720-555-0191",
      "Design Experience",
      "",
      "Product Design Bootcamp, Springboard (remote) -- Sep 2025 - Feb 2026",
      "9-month part-time program. 2 case studies + 1 industry project, research through hi-fi prototype in Figma",
      " * Industry project: Lakeview Tenant Union -- rebuilt their repair request form; task success went from 4/8 to 8/8",
      ' * Capstone: "Shiftly" -- scheduling app concept for restaurant staff',
      "",
      "Freelance Product Designer -- Mar 2026 - present",
      " * Redesigning the booking flow for a 2-chair barber shop",
      "",
      "Accounting Experience",
      "",
      "Marsh & Pell CPAs, Denver CO -- Senior Staff Accountant, 2021 - Aug 2025",
      "                                  Staff Accountant, Jul 2018 - 2021",
      " * Closed the books monthly for 25 small-business clients",
      " * Moved the firm from desktop QuickBooks to QBO in 2022",
      "",
      "Bookkeeper, Denver Urban Gardens (part-time) -- 2016 - 2018",
      "",
      "Education",
      "Springboard -- Product Design Bootcamp certificate, 2026",
      "Metropolitan State University of Denver -- B.S. Accounting, 2016",
    ]);
    expect(
      facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location, e.bullets.length]),
    ).toEqual([
      // The provider is the employer, the programme what was done there.
      ["Springboard", "Product Design Bootcamp", "Sep 2025 - Feb 2026", null, 2],
      // Work for oneself takes no employer from the entry above.
      ["Freelance", "Freelance Product Designer", "Mar 2026 - present", null, 1],
      // "Accounting Experience" is a heading, never an employer; the indented title is a
      // further title at the employer above.
      ["Marsh & Pell CPAs", "Senior Staff Accountant", "2021 - Aug 2025", "Denver, CO", 0],
      ["Marsh & Pell CPAs", "Staff Accountant", "Jul 2018 - 2021", null, 2],
      ["Denver Urban Gardens", "Bookkeeper", "2016 - 2018", null, 0],
    ]);
    // The programme's description line is no achievement.
    expect(facts.experiences[0].bullets).toEqual([
      "Industry project: Lakeview Tenant Union – rebuilt their repair request form; task success went from 4/8 to 8/8",
      'Capstone: "Shiftly" – scheduling app concept for restaurant staff',
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Springboard", "Certificate", "Product Design Bootcamp", 2026],
      ["Metropolitan State University of Denver", "B.S.", "Accounting", 2016],
    ]);
    // An unmarked line opening with a verb is an achievement whose mark was lost.
    const lead = read([
      "Renee Castillo",
      "Accounting Experience",
      "Marsh & Pell CPAs, Denver CO -- Staff Accountant, Jul 2018 - 2021",
      "Mid-size firm, 25 staff, mostly restaurant clients",
      "Closed the books monthly for 25 small-business clients",
      " * Moved the firm to QBO in 2022",
    ]);
    expect(lead.experiences[0].bullets).toEqual([
      "Closed the books monthly for 25 small-business clients",
      "Moved the firm to QBO in 2022",
    ]);
    // A title with no employer of its own under a programme takes none.
    const untitled = read([
      "Renee Castillo",
      "Design Experience",
      "Product Design Bootcamp, Springboard (remote) -- Sep 2025 - Feb 2026",
      " * Capstone: scheduling app concept for restaurant staff",
      "Product Designer -- Mar 2026 - present",
      " * Redesigning the booking flow for a barber shop",
    ]);
    expect(untitled.experiences.map((e) => e.employer)).toEqual(["Springboard"]);
  });

  it("reads a programme named on the degree's line as part of the school above, and a town named College as a place", () => {
    const facts = read([
      "Andre Whitfield",
      "College Station, TX | awhitfield@tamu.example | (979) 555-0110",
      "EDUCATION",
      "Texas A&M University, College Station            Aug 2026 - May 2030 (expected)",
      "B.S. Aerospace Engineering, College Station Scholars - Energy, Environment & Society",
      "Fall 2026 courses: ENGR 102 Engineering Lab I, MATH 151 Calculus I",
      "",
      "Cypress Ranch High School, Cypress, TX            Graduated May 2026",
      "GPA 4.12 weighted",
    ]);
    expect(facts.location).toBe("College Station, TX");
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Texas A&M University", "B.S.", "Aerospace Engineering", 2030],
      ["Cypress Ranch High School", null, null, 2026],
    ]);
    const honors = read([
      "Andre Whitfield",
      "EDUCATION",
      "University of Iowa            Aug 2026 - May 2030 (expected)",
      "B.A. Economics, University Honors Program",
    ]);
    expect(honors.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["University of Iowa", "B.A.", "Economics", 2030],
    ]);
  });

  it("reads a position written under a school as an experience, never a school", () => {
    const facts = read([
      "Harini Raghunathan",
      "EDUCATION",
      "Georgia Institute of Technology, Scheller College of Business — Atlanta, GA",
      "M.S. Analytics | GPA: 3.91/4.0 | Aug 2025 – May 2027",
      "Coursework: Data Mining, Simulation, Deep Learning",
      "Teaching Assistant, Scheller Business Analytics Center (Jan 2026 – present, 15 hrs/wk): office hours + Python labs for 120 students",
      "",
      "Anna University — Chennai, India",
      "B.E. in Mechanical Engineering | CGPA: 8.1/10 | 2017 – 2021",
      "PROFESSIONAL EXPERIENCE",
      "Deloitte USI — Hyderabad, India",
      "Analyst | Jul 2021 – Jun 2025",
      "• Built 30 Power BI dashboards for a pharma client",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Georgia Institute of Technology", "M.S.", "Analytics", 2027],
      ["Anna University", "B.E.", "Mechanical Engineering", 2021],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets])).toEqual([
      [
        "Deloitte USI",
        "Analyst",
        "Jul 2021 – Jun 2025",
        ["Built 30 Power BI dashboards for a pharma client"],
      ],
      [
        "Scheller Business Analytics Center",
        "Teaching Assistant",
        "Jan 2026 – present",
        ["office hours + Python labs for 120 students"],
      ],
    ]);
  });

  it("reads one-line activities with what was done after their dates, and a place with its ZIP code", () => {
    const facts = read([
      "MARCUS J. ABERNATHY",
      "Athens, GA 30602 — mabernathy@uga.example — (706) 555-0148",
      "LEADERSHIP & ACTIVITIES",
      "Student Government Association — Chief of Staff (2025–2026): ran weekly cabinet meetings, drafted 4 budget resolutions",
      "The Red & Black — Staff Writer (2024–present), 14 published features on city government",
      "Phi Alpha Theta (History Honor Society) — Member",
    ]);
    expect(facts.location).toBe("Athens, GA");
    expect(facts.leadership.map((l) => [l.organization, l.role, l.bullets])).toEqual([
      [
        "Student Government Association",
        "Chief of Staff",
        ["ran weekly cabinet meetings, drafted 4 budget resolutions"],
      ],
      ["The Red & Black", "Staff Writer", ["14 published features on city government"]],
      ["Phi Alpha Theta", "Member", []],
    ]);
    // Without the description, the next organization's line is still an entry of its own.
    const bare = read([
      "Marcus Abernathy",
      "LEADERSHIP & ACTIVITIES",
      "The Red & Black — Staff Writer (2024–present)",
      "Phi Alpha Theta (History Honor Society) — Member",
    ]);
    expect(bare.leadership.map((l) => [l.organization, l.role])).toEqual([
      ["The Red & Black", "Staff Writer"],
      ["Phi Alpha Theta", "Member"],
    ]);
  });

  it("reads a design team heading, an honours major and an expected end in a co-op student's resume", () => {
    const facts = read([
      "Aisha Rahman",
      "aisha.rahman@uwaterloo.example | 519-555-0102 | Waterloo, ON",
      "Summary of Qualifications",
      "- 2B Systems Design Engineering student seeking a 4-month co-op",
      "Work Experience",
      "Process Engineering Co-op - Magna International, Aurora, ON\tJan 2026 - Apr 2026",
      "- Cut changeover time on a stamping line by 11 minutes",
      "Design Team",
      "Waterloo Rocketry - Recovery Sub-team Member\t\tSep 2024 - Present",
      "- Packed and ground-tested 3 drogue parachutes",
      "Education",
      "University of Waterloo\t\t\tWaterloo, ON",
      "Bachelor of Applied Science, Honours Systems Design Engineering, Co-op Program\tSep 2024 - Expected 2029",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["Magna International", "Process Engineering Co-op", "Jan 2026 - Apr 2026"],
      ["Waterloo Rocketry", "Recovery Sub-team Member", "Sep 2024 - Present"],
    ]);
    expect(
      facts.education.map((e) => [e.school, e.degree, e.major, e.class_year, e.dates]),
    ).toEqual([
      [
        "University of Waterloo",
        "Bachelor of Applied Science",
        "Systems Design Engineering",
        2029,
        "Sep 2024 - Expected 2029",
      ],
    ]);
  });

  it("keeps research interests, publications and talks out of the experiences", () => {
    const facts = read([
      "Ilse Marchetti",
      "EDUCATION",
      "Northwestern University      Evanston, IL",
      "Ph.D. Candidate, Economics      Sep 2022 – Jun 2027 (expected)",
      "EXPERIENCE",
      "Federal Reserve Bank of Chicago – Dissertation Fellow      Jun 2025 – Aug 2025",
      "• Estimated a regional labor-demand model for 12 districts",
      "RESEARCH INTERESTS",
      "Labor Economics, Regional Policy, Applied Econometrics",
      "PUBLICATIONS",
      "1. Marchetti, I. and Park, S. (2026). Commuting zones and wage floors. Journal of Urban Economics, 141, 103–129.",
      "2. Marchetti, I. Minimum wages at the county border. Under review, AEJ: Applied.",
      "TALKS",
      "- Midwest Economics Association, Chicago, IL, Mar 2026",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.bullets.length])).toEqual([
      ["Federal Reserve Bank of Chicago", "Dissertation Fellow", 1],
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Northwestern University", "Ph.D.", "Economics", 2027],
    ]);
  });
});

describe("entry shapes from nursing, data science, UK and IT students' resumes", () => {
  // Wide gaps stand for the tab a right-aligned date leaves in the layout text.
  const read = (lines: string[]) =>
    parseResumeFacts(lines.join("\n").replace(/(?<=\S) {3,}/g, "\t"));

  it("reads a rotation on one line, course first and site apart, as the course at the site", () => {
    const facts = read([
      "Priya N. Castellanos, CNA",
      "El Paso, Texas  •  915-555-0171  •  priya.castellanos@example.edu",
      "Clinical Experience",
      "Senior Practicum – Neuro ICU (120 hrs)          Del Sol Medical Center, El Paso, TX          Sep 2026 – Present",
      "- Monitor ICP drains and neuro checks for 2 patients per shift with an RN preceptor",
      "Adult Health II – Telemetry (90 hrs)          University Medical Center of El Paso, El Paso, TX          Jan 2026 – Apr 2026",
      "- Read rhythm strips and reported changes to the charge nurse",
      "Obstetrics (90 hrs)          Las Palmas Medical Center          Aug 2025 – Dec 2025",
      "Psychiatric Health (90 hrs)          Peak Behavioral Health, Santa Teresa, NM          Jan 2025 – May 2025",
      "",
      "Work Experience",
      "Certified Nursing Assistant / Patient Care Tech (PRN, 20 hrs/wk)",
      "Providence Memorial Hospital — Orthopedic Unit          Jun 2024 – Present",
      "- Took vital signs and glucose checks for 10 patients per shift",
    ]);
    expect(
      facts.experiences.map((e) => [e.employer, e.role, e.location, e.bullets.length]),
    ).toEqual([
      ["Del Sol Medical Center", "Senior Practicum – Neuro ICU", "El Paso, TX", 1],
      ["University Medical Center of El Paso", "Adult Health II – Telemetry", "El Paso, TX", 1],
      ["Las Palmas Medical Center", "Obstetrics", null, 0],
      ["Peak Behavioral Health", "Psychiatric Health", "Santa Teresa, NM", 0],
      ["Providence Memorial Hospital", "Certified Nursing Assistant / Patient Care Tech", null, 1],
    ]);
  });

  it("reads projects with a tech stack where a title goes as projects, under any projects heading", () => {
    const facts = read([
      "Tomasz Ekwueme",
      "Minneapolis, MN 55408 – tomasz.ekwueme@example.com",
      "ANALYTICS EXPERIENCE",
      "Clinical Data Intern – Mary & Joseph T. Okafor Children's Hospital of Greater Minneapolis, Outcomes & Research",
      "Jan 2025 – Aug 2025",
      "* Built cohort queries in SQL over 30,000 visits",
      "Transit Ridership Dashboard – Python, Plotly, Streamlit (Fall 2024)",
      "  Mapped weekday boardings across 120 bus routes for a class final",
      "ACADEMIC PROJECTS (github.com/tekwueme)",
      "Lake Clarity Forecasting – R, tidyverse, Prophet (Spring 2024)",
      "  Forecast Secchi depth for 40 lakes from 10 years of volunteer readings",
      "Data Science Projects",
      "Course Recommender – Python, scikit-learn (2023)",
      "  Suggested electives from 5 years of enrollment records",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      [
        "Mary & Joseph T. Okafor Children's Hospital of Greater Minneapolis",
        "Clinical Data Intern",
      ],
    ]);
    expect(facts.projects.map((p) => p.name).sort()).toEqual([
      "Course Recommender",
      "Lake Clarity Forecasting",
      "Transit Ridership Dashboard",
    ]);
  });

  it("reads no employer from a kind of experience named with its year and no title", () => {
    const facts = read([
      "HARRIET OYELARAN",
      "07700 900512 | harriet.oyelaran@example.ac.uk",
      "WORK EXPERIENCE",
      "Aldi – Store Assistant (part-time)                          Sep 2023 – Aug 2025",
      "Leeds",
      "- Worked 14 hours a week on tills and stock rotation",
      "Virtual Work Experience                                     2026",
      "- Goldman Sachs Operations Job Simulation (Forage); Excel skills certificate",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.bullets.length])).toEqual([
      ["Aldi", "Store Assistant (part-time)", 1],
    ]);
  });

  it("reads 'Title / Department' over 'Employer - City, ST' as the title at that employer", () => {
    const facts = read([
      "Andre K. Whitfield",
      "Toledo, OH 43604",
      "andre.whitfield@example.com",
      "EXPERIENCE",
      "Stock Associate / Appliance Department          2021 - Jun 2024",
      "Lowe's - Maumee, OH",
      "* Loaded 40+ orders a shift and kept the floor stocked",
      "Cashier (seasonal)          Nov 2020 - Jan 2021",
      "Meijer - Store 212, Toledo OH",
    ]);
    expect(
      facts.experiences.map((e) => [e.employer, e.role, e.location, e.bullets.length]),
    ).toEqual([
      ["Lowe's", "Stock Associate / Appliance Department", "Maumee, OH", 1],
      ["Meijer", "Cashier (seasonal)", "Store 212, Toledo, OH", 0],
    ]);
  });
});

describe("entry shapes from HR, design, veterans' and finance students' resumes", () => {
  it("reads a name with a credential in mixed case after its comma, and a name set in lower case", () => {
    expect(
      parseResumeFacts(
        "DESHAWN L. PRICE, aPHR\nDayton, OH 45402\n937-555-0188 | dl.price@example.com\n\nEXPERIENCE\nRecruiter\tJan 2025 – Present\nKettering Health — Dayton, OH",
      ).name,
    ).toBe("Deshawn L. Price");
    expect(
      parseResumeFacts(
        "mara lindqvist\nillustrator\nmaralindqvist.com   mara@example.com   Providence, RI\n\neducation\nRhode Island School of Design, Providence RI",
      ).name,
    ).toBe("Mara Lindqvist");
  });

  it("reads clients listed under a freelance job as its work, and a slash before the dates as no part of the title", () => {
    const facts = parseResumeFacts(
      [
        "mara lindqvist",
        "illustrator",
        "",
        "experience",
        "Saltmarsh Studio, Providence RI",
        "Illustration Intern / May – August 2026",
        "Drew spot illustrations for 3 editorial clients",
        "",
        "Freelance Illustrator",
        "2022 – present",
        "Foghorn Coffee — cup sleeves, loyalty cards and a mural sketch (2024)",
        "Narragansett Trail Runners — race poster and medal artwork for a 600-runner half (2025)",
        "Book covers and gig posters for ~8 small clients",
        "",
        "RISD Museum",
        "Student Assistant / Sept 2023 – May 2025",
        "Photographed 200+ objects for the online collection",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets.length])).toEqual([
      ["Saltmarsh Studio", "Illustration Intern", "May – August 2026", 1],
      ["Freelance", "Freelance Illustrator", "2022 – present", 3],
      ["RISD Museum", "Student Assistant", "Sept 2023 – May 2025", 1],
    ]);
  });

  it("reads a ship or unit line under a service's title line as where that position was held, and no clearance or training school as a job", () => {
    const facts = parseResumeFacts(
      [
        "RENATA P. OKONKWO",
        "Norfolk, VA · renata.okonkwo@example.com",
        "",
        "MILITARY EXPERIENCE",
        "United States Navy — Yeoman Second Class (YN2/E-5) — Jun 2019 – Jun 2023",
        "USS Gerald R. Ford (CVN 78), Administration Department, X-1 Division, Norfolk, VA — Mar 2020 – Jun 2023",
        "* Processed 900+ personnel actions a year for a 4,000-member crew with no audit findings",
        "* Trained 5 junior Sailors on correspondence and records procedures",
        'Yeoman "A" School, NTTC Meridian, MS — Jul 2019 – Oct 2019',
        "Security clearance: Secret (inactive since 2023)",
        "",
        "WORK EXPERIENCE",
        "Office Assistant — Sentara Healthcare, Norfolk, VA — Aug 2023 – Present",
        "* Schedule 40+ patient visits a day across 3 clinics",
      ].join("\n"),
    );
    expect(
      facts.experiences.map((e) => [e.employer, e.role, e.location, e.bullets.length]),
    ).toEqual([
      ["United States Navy", "Yeoman Second Class", "Norfolk, VA", 2],
      ["Sentara Healthcare", "Office Assistant", "Norfolk, VA", 1],
    ]);
  });

  it("reads summers listed as years after a title and its employer as that job's dates", () => {
    const facts = parseResumeFacts(
      [
        "Tomas Brandvold",
        "",
        "Work",
        "Lab Dishwasher, Department of Biology | Jan 2025 – Present",
        "- Washed and autoclaved glassware for 6 teaching labs",
        "Lifeguard, Lakeview Aquatic Center, Eau Claire, WI | Summers 2022 & 2023",
        "Line Cook, Kwik Trip, Eau Claire, WI | Winters 2023 and 2024",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location])).toEqual([
      ["Department of Biology", "Lab Dishwasher", "Jan 2025 – Present", null],
      ["Lakeview Aquatic Center", "Lifeguard", "Summers 2022 & 2023", "Eau Claire, WI"],
      ["Kwik Trip", "Line Cook", "Winters 2023 and 2024", "Eau Claire, WI"],
    ]);
  });

  it("reads a teaching heading after projects as a section of teaching positions", () => {
    const facts = parseResumeFacts(
      [
        "ADAOBI NWOSU",
        "",
        "PROJECTS",
        "gridsolve: open-source power-flow solver\t2025",
        "- Solved 10k-bus cases 4x faster than the baseline",
        "",
        "TEACHING",
        "Graduate Teaching Assistant, ECE 6320 Power Systems\tJan 2026 – May 2026",
        "- Ran weekly problem sessions for ~45 students",
        "",
        "Teaching & Mentoring",
        "Peer Tutor, Engineering Learning Center\tSep 2024 – May 2025",
      ].join("\n"),
    );
    expect(facts.projects.map((p) => p.name)).toEqual(["gridsolve"]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["ECE 6320 Power Systems", "Graduate Teaching Assistant"],
      ["Engineering Learning Center", "Peer Tutor"],
    ]);
  });

  it("keeps a state university's campus and reads a certifications-and-skills list as skills", () => {
    const facts = parseResumeFacts(
      [
        "Jordan T. Villanueva",
        "",
        "EDUCATION",
        "California State University, Long Beach - College of Business",
        "Bachelor of Science in Finance                                   Expected May 2028",
        "",
        "LEADERSHIP & INVOLVEMENT",
        "Finance Society at CSULB - Treasurer                               2025-present",
        "",
        "CERTIFICATIONS & SKILLS",
        "Bloomberg Market Concepts (BMC), Mar 2026 | Excel Associate Certification, Jan 2026",
        "Excel (XLOOKUP, pivot tables), Tableau, Canva",
      ].join("\n"),
    );
    expect(facts.education[0]?.school).toBe("California State University, Long Beach");
    expect(facts.leadership.map((l) => l.organization)).toEqual(["Finance Society at CSULB"]);
    expect(facts.skills).toEqual([
      "Bloomberg Market Concepts",
      "Excel Associate Certification",
      "Excel (XLOOKUP, pivot tables)",
      "Tableau",
      "Canva",
    ]);
  });

  it("reads a bullet ending on a code's capital letter as finished, so the next employer's line is no part of it", () => {
    const facts = parseResumeFacts(
      [
        "Lucia Ferrante",
        "",
        "EXPERIENCE",
        "Ohio Department of Transportation, District 6\tDelaware, OH",
        "Materials Intern\tSummer 2025",
        "• Tested asphalt cores per Supplement 1055-A",
        "• Logged compaction results against Appendix A",
        "",
        "Ohio State Department of Civil Engineering\tColumbus, OH",
        "Undergraduate Teaching Assistant, CE 2050 Statics\tJan 2025 – May 2025",
        "• Graded weekly homework for 90 students",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.bullets])).toEqual([
      [
        "Ohio Department of Transportation",
        [
          "Tested asphalt cores per Supplement 1055-A",
          "Logged compaction results against Appendix A",
        ],
      ],
      ["Ohio State Department of Civil Engineering", ["Graded weekly homework for 90 students"]],
    ]);
  });

  it("reads time spent studying or on a career break between jobs as no job", () => {
    const facts = parseResumeFacts(
      [
        "GRETCHEN A. HOLLOWAY, aPHR",
        "",
        "PROFESSIONAL EXPERIENCE",
        "Recruiting Coordinator\tFeb 2026 – Present",
        "Riverbend Health — Akron, OH",
        "- Schedule 30+ interviews a week for 5 hiring managers",
        "",
        "Full-Time Student\tAug 2025 – Feb 2026",
        "- Completed my B.S. in Business Administration",
        "",
        "Career Break\t2023 – 2025",
        "",
        "Department Manager\tMay 2017 – Jul 2023",
        "Target — Cuyahoga Falls, OH",
        "- Led a team of 18 associates",
      ].join("\n"),
    );
    expect(facts.name).toBe("Gretchen A. Holloway");
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Riverbend Health", "Recruiting Coordinator"],
      ["Target", "Department Manager"],
    ]);
  });
});

describe("entry shapes from pharmacy, architecture, supply chain and finance students' resumes", () => {
  it("reads a student pharmacist's title over the hospital, a student title over its pharmacy, and a practice experience as a rotation at its site", () => {
    const facts = parseResumeFacts(
      [
        "PRIYA RAMASWAMY",
        "",
        "PHARMACY PRACTICE EXPERIENCE",
        "Student Pharmacist – Outpatient Pharmacy                       Jun 2025 – Aug 2025",
        "Lakeshore General Hospital, Hamilton, ON",
        "• Took medication histories for 90+ clinic patients",
        "",
        "Nursing Student (part-time, ~12 hrs/week)                      09/2022 – Present",
        "Brightwell Drugs #402 – Guelph, ON",
        "• Counsel patients on inhaler technique",
        "",
        "Advanced Practice Experience 3 (APE-3) – Community             Jan 2025 – Feb 2025",
        "Maple Leaf Pharmacy, Oshawa, ON (6 weeks)",
        "",
        "Warehouse Helper (seasonal)",
        "Dunmore Lumber, Kingston, ON                                   Summers 2021, 2022",
        "- Loaded delivery trucks",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location])).toEqual([
      ["Student Pharmacist – Outpatient Pharmacy", "Lakeshore General Hospital", "Hamilton, ON"],
      ["Nursing Student", "Brightwell Drugs #402", "Guelph, ON"],
      ["Advanced Practice Experience 3 (APE-3) – Community", "Maple Leaf Pharmacy", "Oshawa, ON"],
      ["Warehouse Helper (seasonal)", "Dunmore Lumber", "Kingston, ON"],
    ]);
  });

  it("reads a thesis student at a lab with the dates below, and a bullet wrapped onto an event's name and year", () => {
    const facts = parseResumeFacts(
      [
        "Omar Haddad",
        "",
        "RESEARCH",
        "Honours Thesis Student – Chen Lab, Dept. of Chemistry, Queen's University",
        "Sept 2022 – Apr 2023",
        "• Screened 40 ligands by fluorescence assay; talk at Queen's",
        "  Chemistry Symposium 2023",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.bullets])).toEqual([
      [
        "Honours Thesis Student",
        "Chen Lab, Dept. of Chemistry, Queen's University",
        "Sept 2022 – Apr 2023",
        ["Screened 40 ligands by fluorescence assay; talk at Queen's Chemistry Symposium 2023"],
      ],
    ]);
  });

  it("reads a projects-and-competitions heading as projects, studio work as projects and awards-and-competitions as a list", () => {
    const facts = parseResumeFacts(
      [
        "Dana Whitfield",
        "",
        "EXPERIENCE",
        "Harbor Freight Logistics                                   Toledo, OH",
        "Inventory Intern                                          May 2025 – Aug 2025",
        "• Counted 2,000 SKUs",
        "",
        "Projects & Competitions",
        "Logistics Case Challenge, OSU Fisher – 3rd of 22 teams           Mar 2025",
        "• Proposed a cross-dock layout for a grocer",
        "Warehouse Layout Project, OPS 410                                Fall 2024",
        "• Modeled pick paths in Excel",
        "",
        "SELECTED STUDIO WORK",
        '2nd Year Studio — "Lakefront Boathouse" (Spring 2024)',
        "  Timber pavilion; daylight studies",
        "",
        "AWARDS & COMPETITIONS",
        "Honorable Mention, Timber Design Student Competition (2024)",
        "Regional Model Bridge Contest, 2nd Place (team of 4), April 2023",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => e.employer)).toEqual(["Harbor Freight Logistics"]);
    expect(facts.projects.map((p) => p.name)).toEqual([
      "Logistics Case Challenge",
      "Warehouse Layout Project",
      "2nd Year Studio",
    ]);
  });

  it("reads no major from a degree's stage or from a word after a note on the programme, and a Bachelor of Economics in its field", () => {
    const facts = parseResumeFacts(
      [
        "Lena Okafor",
        "",
        "EDUCATION",
        "Doctor of Pharmacy (PharmD) Candidate, Class of 2029             Sept 2025 – Present",
        "Faculty of Pharmacy, University of Manitoba, Winnipeg, MB",
        "Bachelor of Design (4-year, CIDA-accredited) SketchUp",
        "Ohio State University",
        "Expected May 2024",
        "RENMIN UNIVERSITY OF CHINA                                        Beijing, China",
        "Bachelor of Economics in Accounting; Minor in Statistics          June 2023",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.degree, e.major])).toEqual([
      ["Doctor of Pharmacy", null],
      ["Bachelor of Design", null],
      ["Bachelor of Economics", "Accounting"],
    ]);
  });

  it("reads a certificate or a minor with its school in brackets as no school, and a school's own certificate as what was earned there", () => {
    const facts = parseResumeFacts(
      [
        "Tomas Reyes",
        "",
        "Education",
        "",
        "University of Minnesota–Twin Cities",
        "B.A. Geography, Certificate in Urban Studies (Humphrey School) — expected May 2027",
        "",
        "Northeastern University Professional Studies",
        "  Certificate in Data Analytics (part-time, online) — Expected Dec 2026",
        "",
        "Berklee College of Music",
        "  Bachelor of Music, Film Scoring — May 2022",
        "  Minor (School of Liberal Arts): Psychology · Senior recital",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["University of Minnesota–Twin Cities", "B.A.", "Geography"],
      ["Northeastern University Professional Studies", "Certificate", "Data Analytics"],
      ["Berklee College of Music", "Bachelor of Music", "Film Scoring"],
    ]);
  });

  it("reads a title before its organization and campus, a year's range closing on two digits, and an 'Other:' line as skills", () => {
    const facts = parseResumeFacts(
      [
        "Sam Whitaker",
        "",
        "LEADERSHIP & INVOLVEMENT",
        "VP Finance, Nursing Students' Society (NSS), U of M                2024 – 2025",
        "- Ran a $6,000 budget",
        "Student Liaison, Canadian Nurses Association – U of M Chapter      Sept 2024 – Present",
        "Habitat Builders Club — President (2024–25), Brick by Brick coordinator (2023–24)",
        "",
        "Other: Portuguese (conversational), sketching",
      ].join("\n"),
    );
    expect(facts.leadership.map((l) => [l.role, l.organization, l.bullets])).toEqual([
      ["VP Finance", "Nursing Students' Society", ["Ran a $6,000 budget"]],
      ["Student Liaison", "Canadian Nurses Association", []],
      ["President", "Habitat Builders Club", []],
    ]);
    expect(facts.skills).toEqual(["Portuguese", "sketching"]);
  });

  it("reads an employer's line opening on a participle ('United …') as the employer, not a bullet of the job above", () => {
    const facts = parseResumeFacts(
      [
        "Dev Patel",
        "",
        "EXPERIENCE",
        "Campus IT Services — Athens, GA",
        "Help Desk Technician                                  Jan 2024 – Present",
        "- Moved 200 laptops from legacy antivirus to Microsoft Defender for Endpoint",
        "",
        "United States Marine Corps — 1st Battalion, 8th Marines, Camp Lejeune, NC",
        "Data Systems Administrator (0671), Corporal (E-4)      Jun 2017 – Jun 2021",
        "- Administered a 600-user battalion network",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.bullets.length])).toEqual([
      ["Campus IT Services", 1],
      ["United States Marine Corps", 1],
    ]);
  });

  it("reads a project's wrapped lower-case lines and the description after its name's dash", () => {
    const facts = parseResumeFacts(
      [
        "Ines Duarte",
        "",
        "SELECTED STUDIO WORK",
        '3rd Year Studio — "Harbor Market Hall" (Fall 2025)',
        "  Glulam market hall, 3 stories; daylight and stack-ventilation studies with",
        "  structures students; exhibited at the school's open house",
        "",
        "PROJECTS",
        "Metronomic (side project, 2024) — a browser metronome with polyrhythm presets; 800 weekly users",
        "  built with Svelte + Tone.js",
      ].join("\n"),
    );
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      [
        "3rd Year Studio",
        [
          "Glulam market hall, 3 stories; daylight and stack-ventilation studies with structures students; exhibited at the school's open house",
        ],
      ],
      [
        "Metronomic",
        [
          "a browser metronome with polyrhythm presets; 800 weekly users",
          "built with Svelte + Tone.js",
        ],
      ],
    ]);
  });

  it("reads a dated sentence among a job's unmarked lines as one of its bullets, not a job", () => {
    const facts = parseResumeFacts(
      [
        "Marisol Vega",
        "",
        "Research Experience",
        "",
        "Undergraduate Research Assistant, Department of Geography                  01/2025 – present",
        "Mapped 1,100 bus stops in Fresno County into a GIS layer",
        "Second author on a poster about transit deserts at the Western Regional Science meeting, Feb 2026",
        "",
        "Work",
        "",
        "Barista, Campus Coffee Co.                                                   2023 – present",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.bullets.length])).toEqual([
      ["Undergraduate Research Assistant", "Department of Geography", 2],
      ["Barista", "Campus Coffee Co.", 0],
    ]);
  });

  it("keeps a note's semicolon inside its bracket and joins a skill wrapped onto a line opening with '&'", () => {
    const facts = parseResumeFacts(
      [
        "Wei Chen",
        "",
        "SKILLS & CERTIFICATIONS",
        "Certifications: FRM Part I Candidate (May 2027); Training The Street – Corporate",
        "  & Credit Analysis (2025)",
        "Technical: Excel, Capital IQ",
        "Languages: Mandarin (native), English (fluent; IELTS 8.0)",
      ].join("\n"),
    );
    expect(facts.skills).toEqual(["FRM Part I Candidate", "Excel", "Capital IQ"]);
  });

  it("reads dates set beside an entry's first line of description as the entry's dates", () => {
    const facts = parseResumeFacts(
      [
        "Ana Lucero",
        "",
        "Experience",
        "",
        "City Youth Corps (Office of Community Service) — Crew Leader, Eastside Parks site",
        "Led a crew of 5 teens restoring trails at Riverside Park                 2023 – 2024",
        "Logged 400 volunteer hours for the city",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.bullets])).toEqual([
      [
        "Crew Leader",
        "City Youth Corps",
        "2023 – 2024",
        [
          "Led a crew of 5 teens restoring trails at Riverside Park",
          "Logged 400 volunteer hours for the city",
        ],
      ],
    ]);
  });
});

describe("a degree's expected date beside a column of tools", () => {
  it("takes the expected year over a tool's version read earlier in the entry", () => {
    const facts = parseResumeFacts(
      [
        "DANA OKOYE",
        "",
        "EDUCATION                                          TOOLS",
        "Rhode Island School of Design,                     SketchUp 2024",
        "Providence                                         Lumion",
        "Bachelor of Architecture (5-year)                  AutoCAD",
        "Expected May 2029 | GPA 3.52                       Bluebeam",
      ].join("\n"),
    );
    expect(facts.education[0]?.class_year).toBe(2029);
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

describe("entry shapes from nursing, accounting, MBA and consulting students' resumes", () => {
  // Plain pasted text: runs of spaces stay as they were typed.
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));
  // Two columns pasted as text: the left padded to 40 characters, the right beside it.
  const columns = (rows: [string, string][]) =>
    rows.map(([left, right]) => (right ? `${left.padEnd(40)}${right}` : left));

  it("reads a two-column resume pasted as text column by column", () => {
    const facts = read([
      "MARISOL QUINTERO-BLAKE",
      "Student Nurse – Associate Degree in Nursing",
      "",
      ...columns([
        ["CONTACT", "PROFESSIONAL SUMMARY"],
        ["(319) 555-0142", "Nursing student finishing an Associate Degree in"],
        ["marisol.qb@example.com", "Nursing in May 2028, with 2 years of patient care."],
        ["Cedar Falls, IA 50613", ""],
        ["", "EDUCATION"],
        ["SKILLS", "Hawkeye Community College – Waterloo Campus"],
        ["Epic charting", "Associate Degree in Nursing (ADN)     Expected May 2028"],
        ["Vital signs", "GPA 3.61 | Phi Theta Kappa"],
        ["Bilingual English/Spanish", ""],
        ["", "CLINICAL ROTATIONS"],
        ["", "Adult Health I – Covenant Medical Center, Waterloo Campus"],
        ["", "Fall 2027 | 90 hrs | 3-patient assignment under an RN; admissions,"],
        ["", "discharge teaching and post-op checks"],
        ["", "Pediatrics – Northeast Iowa Children's Clinic | Spring 2027 | 40 hrs"],
        ["", ""],
        ["", "WORK EXPERIENCE"],
        ["", "Patient Care Technician, Covenant Medical Center – Waterloo, IA"],
        ["", "05/2025 – Present"],
        ["", "• Cared for up to 10 patients a shift on a surgical unit"],
        ["", ""],
        ["", "Certified Nursing Assistant, Prairie View Senior Living – Waterloo, IA"],
        ["", "06/2023 – 05/2025"],
        ["", "• Helped 12 residents a shift with daily living"],
        ["", ""],
        ["", "Cashier, Fareway – Cedar Falls, IA        2021 – 2023"],
        ["", ""],
        ["", "VOLUNTEER"],
        ["", "Medical interpreter, Cedar Valley Free Clinic, 2024 – Present"],
      ]),
    ]);
    expect(facts.education.map((e) => [e.degree, e.major, e.class_year])).toEqual([
      ["Associate Degree", "Nursing", 2028],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates, e.bullets.length])).toEqual([
      ["Adult Health I", "Covenant Medical Center, Waterloo Campus", "Fall 2027", 1],
      ["Pediatrics", "Northeast Iowa Children's Clinic", "Spring 2027", 0],
      ["Patient Care Technician", "Covenant Medical Center", "05/2025 – Present", 1],
      ["Certified Nursing Assistant", "Prairie View Senior Living", "06/2023 – 05/2025", 1],
      ["Cashier", "Fareway", "2021 – 2023", 0],
    ]);
    expect(facts.experiences[0].bullets[0]).toBe(
      "3-patient assignment under an RN; admissions, discharge teaching and post-op checks",
    );
    expect(facts.leadership.map((l) => l.organization)).toEqual(["Cedar Valley Free Clinic"]);
    expect(facts.skills).toContain("Epic charting");
  });

  it("leaves one column with right-aligned dates and places as it is", () => {
    const lines = [
      "Tobias Wren",
      "EXPERIENCE",
      "Northgate Analytics                                              Denver, CO",
      "Data Analyst                                                     Jun 2025 – Aug 2025",
      "• Built a churn model on 2M rows of billing data",
      "Carver Foods                                                     Boulder, CO",
      "Operations Intern                                                Jun 2024 – Aug 2024",
      "• Cut pallet waste by 12% with a new count sheet",
      "Front Range Bank                                                 Golden, CO",
      "Teller                                                           2022 – 2024",
      "• Balanced a drawer of $20K daily",
      "Peak Tutoring                                                    Remote",
      "Math Tutor                                                       2021 – 2022",
    ];
    expect(read(lines).experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Data Analyst", "Northgate Analytics", "Jun 2025 – Aug 2025"],
      ["Operations Intern", "Carver Foods", "Jun 2024 – Aug 2024"],
      ["Teller", "Front Range Bank", "2022 – 2024"],
      ["Math Tutor", "Peak Tutoring", "2021 – 2022"],
    ]);
  });

  it("ends a project at a VOLUNTEER heading in capitals", () => {
    const facts = read([
      "Ines Vardy",
      "PROJECTS",
      "Freight Cost Forecast — gradient boosting on 2 years of lane data (ISYE 6501)",
      "",
      "VOLUNTEER",
      "Treasurer, Riverside Tenants Association, 2023–Present",
    ]);
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      ["Freight Cost Forecast", ["gradient boosting on 2 years of lane data (ISYE 6501)"]],
    ]);
    expect(facts.leadership.map((l) => [l.role, l.organization])).toEqual([
      ["Treasurer", "Riverside Tenants Association"],
    ]);
  });

  it("reads a concentration after the MBA's comma without its label", () => {
    const facts = read([
      "Rafael T. Osei",
      "EDUCATION",
      "EMORY UNIVERSITY, GOIZUETA BUSINESS SCHOOL                                   Atlanta, GA",
      "Master of Business Administration, Concentrations: Finance and Analytics          May 2028",
    ]);
    expect(facts.education.map((e) => [e.degree, e.major, e.class_year])).toEqual([
      ["Master of Business Administration", "Finance and Analytics", 2028],
    ]);
  });

  it("reads an honors college under the university as part of it", () => {
    const facts = read([
      "Lena Ortiz",
      "Education",
      "University of Cincinnati, College of Arts & Sciences            Cincinnati, OH",
      "B.S. Biology, Minor in Chemistry                                   May 2027",
      "Hartley Honors College  ·  GPA 3.77  ·  Dean's List",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.gpa])).toEqual([
      ["University of Cincinnati", "B.S.", "Biology", "3.77"],
    ]);
  });

  it("keeps a labelled detail under a school in its entry, so the next school is read", () => {
    const facts = read([
      "Leif P. Halvorsen",
      "EDUCATION",
      "Boston College Law School, Newton, Massachusetts",
      "J.D. Candidate, May 2028",
      "Honors:      Dean's Scholarship",
      "Activities:  Moot Court Board, 2026 Regional Competition (Semifinalist)",
      "             Environmental Law Society, Member",
      "",
      "University of Vermont, Burlington, Vermont",
      "B.A., History, cum laude, May 2024",
      "EXPERIENCE",
      "Hale & Wick LLP, Boston, Massachusetts",
      "Summer Associate, May 2026 – July 2026",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Boston College Law School", "J.D.", null, 2028],
      ["University of Vermont", "B.A.", "History", 2024],
    ]);
  });

  it("reads a co-op student's and a scribe's titles", () => {
    const facts = read([
      "Maya Lindqvist",
      "EXPERIENCE",
      "Tax Co-op Student (2 work terms)                  Jan 2022 – Apr 2022; Sept 2022 – Dec 2022",
      "Baker Tilly LLP — Calgary, AB",
      "- Prepared 30 corporate returns",
      "",
      "ScribeCorp — Emergency Scribe, St. Clare Hospital Emergency Department             2023–2024",
      "Documented 1,500 patient encounters in real time for attending physicians",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Tax Co-op Student (2 work terms)", "Baker Tilly LLP"],
      ["Emergency Scribe", "ScribeCorp"],
    ]);
  });

  it("keeps every work term of a co-op written on one line", () => {
    const facts = read([
      "Maya Lindqvist",
      "EXPERIENCE",
      "Tax Co-op Student (2 work terms)                  Jan 2022 – Apr 2022; Sept 2022 – Dec 2022",
      "Baker Tilly LLP — Calgary, AB",
      "- Prepared 30 corporate returns",
    ]);
    expect(facts.experiences.map((e) => e.dates)).toEqual([
      "Jan 2022 – Apr 2022; Sept 2022 – Dec 2022",
    ]);
  });

  it("keeps 'As <earlier title> (dates), did …' in the entry's description", () => {
    const facts = read([
      "Nadia Brooks",
      "Experience",
      "Campus Consulting Group, Ohio Branch — Project Lead (prev. Analyst)               2024–Present",
      "Lead a team of 4 on a pro bono project for a food bank: redesigned the intake form",
      "As Analyst (2023–2024), built a volunteer-retention model in Excel for a shelter and",
      "presented it to the board",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.bullets.length])).toEqual([
      ["Project Lead (prev. Analyst)", "Campus Consulting Group, Ohio Branch", 2],
    ]);
  });

  it("reads a competition's placing as its role and the case after it as its bullet", () => {
    const facts = read([
      "Nadia Brooks",
      "Leadership & Activities",
      "Ohio Business Case Challenge — 3rd place of 20 teams (Mar 2026), retail pricing case sponsored by a grocer",
      "Finance Club — Treasurer (2025–Present); ran a $4K budget",
    ]);
    expect(facts.leadership.map((l) => [l.organization, l.role, l.bullets])).toEqual([
      [
        "Ohio Business Case Challenge",
        "3rd place of 20 teams",
        ["retail pricing case sponsored by a grocer"],
      ],
      ["Finance Club", "Treasurer", ["ran a $4K budget"]],
    ]);
  });

  it("goes on with a project's description broken after a semicolon at the margin", () => {
    const facts = read([
      "Ines Vardy",
      "PROJECTS",
      "Payroll Outlier Finder — k-means clustering on 3 years of payroll runs (anonymized);",
      "flagged duplicate payments; GitHub: ivardy/payroll",
      "Ferry Demand Forecast — ARIMA on city open data",
    ]);
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      [
        "Payroll Outlier Finder",
        [
          "k-means clustering on 3 years of payroll runs (anonymized); flagged duplicate payments; GitHub: ivardy/payroll",
        ],
      ],
      ["Ferry Demand Forecast", ["ARIMA on city open data"]],
    ]);
  });

  it("reads undated one-line memberships one after another as entries of their own", () => {
    const facts = read([
      "Kofi Adeyemi",
      "ACTIVITIES",
      "SHPE (Society of Hispanic Professional Engineers) – UVA Chapter, Member",
      "ASME – Student Member",
    ]);
    expect(facts.leadership.map((l) => [l.organization, l.role])).toEqual([
      ["SHPE", "Member"],
      ["ASME", "Student Member"],
    ]);
  });

  it("reads a month with an apostrophe's two-digit year, and a promotion's later title", () => {
    const facts = read([
      "Ravi Menon",
      "EDUCATION",
      "Purdue University       Aug’25 – May’27",
      "Master of Science in Business Analytics",
      "EXPERIENCE",
      "Fractal Analytics – Senior Analyst (Jul’23 – Jun’25), Analyst (Jul '21 – Jun '23)      Pune, India",
      "▪ Built weekly sales forecasts for a grocery client across 600 stores",
    ]);
    expect(facts.education[0].class_year).toBe(2027);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["Fractal Analytics", "Senior Analyst", "Jul 2023 – Jun 2025"],
    ]);
  });

  it("reads a heading in spaced-out capitals as the word it spells", () => {
    const facts = read([
      "E D U C AT I O N",
      "Weber State University, Ogden, UT                                  May 2025",
      "B.S. Marketing | GPA 3.4",
      "W O R K  E X P E R I E N C E",
      "Server | Olive Garden | Ogden, UT                          Aug 2025 – Present",
      "• Serve 40 tables a shift and train new servers",
      "Copy Desk Chief (2024-25), Copy Editor (2022-24) | The Signpost, Weber State  Aug. 2022 – May 2025",
      "• Edited every story before print on deadline",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.class_year])).toEqual([
      ["Weber State University", "B.S.", 2025],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["Olive Garden", "Server", "Aug 2025 – Present"],
      ["The Signpost, Weber State", "Copy Desk Chief", "2024-25"],
    ]);
  });

  it("reads a range broken down a left column of dates, a lab skills heading, and a scribe placed at a hospital", () => {
    const facts = read([
      "Research Experience",
      "Feb 2024 –          Undergraduate Research Assistant",
      "present             Vance Lab, Dept. of Microbiology, University of Iowa (PI: Tom Vance, PhD)",
      "                    • Ran growth curves for 30 bacterial strains a week",
      "Lab Skills",
      "Molecular: PCR, gel electrophoresis, cloning",
      "Clinical Experience",
      "Jan 2023 – Jan 2024  Medical Scribe, PhysAssist – Mercy Iowa City Hospital (Urgent Care)",
      "                     • Charted patient visits in Epic beside the physicians",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location])).toEqual([
      [
        "Vance Lab, Dept. of Microbiology, University of Iowa",
        "Undergraduate Research Assistant",
        "Feb 2024 – present",
        null,
      ],
      ["PhysAssist", "Medical Scribe", "Jan 2023 – Jan 2024", "Mercy Iowa City Hospital"],
    ]);
    expect(facts.skills).toEqual(["PCR", "gel electrophoresis", "cloning"]);
  });

  it("reads a plain-text resume in two columns whose headings stand side by side", () => {
    // The right column wanders a few places right of its heading, and the page break that
    // ends the text is kept (plain text printed from a PDF).
    const row = (left: string, right = "", shift = 0) =>
      `${left.padEnd(34 + shift)}${right}`.trimEnd();
    const facts = parseResumeFacts(
      [
        "                                  DANA OKAFOR",
        "  dana.okafor@gt.edu  |  (404) 555-0110",
        "",
        row("EDUCATION", "EXPERIENCE"),
        row("Georgia Tech", "Honeywell Aerospace                May 2026 – Aug 2026", 1),
        row("Atlanta, GA", "Avionics Software Intern                 Phoenix, AZ", 1),
        row("B.S. Computer Engineering", "• Wrote a CAN bus logger in C for flight test rigs", 2),
        row("Expected May 2027", "   and cut log review time by half", 3),
        row("GPA: 3.61/4.00", "• Ran hardware-in-the-loop tests on two releases", 2),
        "",
        row("RELEVANT COURSEWORK", "Georgia Tech, School of ECE        Jan 2025 – May 2026", 2),
        row("Computer Architecture", "Teaching Assistant – Circuits I", 2),
        row("Operating Systems", "• Held weekly office hours for 40 students", 3),
        "",
        row("SKILLS", "PROJECTS"),
        row("C, Python, Verilog", "Line-Following Rover", 1),
        row("KiCad, Git", "• Built a PID-tuned rover on an RP2040", 3),
        "\f",
      ].join("\n"),
    );
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year, e.gpa])).toEqual([
      ["Georgia Tech", "B.S.", "Computer Engineering", 2027, "3.61/4.00"],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets])).toEqual([
      [
        "Honeywell Aerospace",
        "Avionics Software Intern",
        "May 2026 – Aug 2026",
        [
          "Wrote a CAN bus logger in C for flight test rigs and cut log review time by half",
          "Ran hardware-in-the-loop tests on two releases",
        ],
      ],
      [
        "Georgia Tech, School of ECE",
        "Teaching Assistant – Circuits I",
        "Jan 2025 – May 2026",
        ["Held weekly office hours for 40 students"],
      ],
    ]);
    expect(facts.projects.map((p) => p.name)).toEqual(["Line-Following Rover"]);
  });

  it("leaves a column of dates left of the titles in one column when the text ends in a page break", () => {
    const facts = parseResumeFacts(
      [
        "Lena Fischer",
        "Experience",
        "Mar 2024 –            Undergraduate Research Assistant",
        "present               Holt Lab, Dept. of Chemistry, Rice University",
        "                      • Ran NMR on 20 samples a week for two projects",
        "                      • Kept the lab's solvent inventory in Quartzy",
        "Jun – Aug 2023        Summer Research Intern",
        "                      Baylor College of Medicine, Houston, TX",
        "                      • Ran Western blots for a kinase study",
        "Sep 2022 – May 2023   Chemistry Tutor, Rice Learning Center",
        "                      • Tutored 10 students a week in organic chemistry",
        "\f",
      ].join("\n"),
    );
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      [
        "Holt Lab, Dept. of Chemistry, Rice University",
        "Undergraduate Research Assistant",
        "Mar 2024 – present",
      ],
      ["Baylor College of Medicine", "Summer Research Intern", "Jun – Aug 2023"],
      ["Rice Learning Center", "Chemistry Tutor", "Sep 2022 – May 2023"],
    ]);
  });

  it("reads a project's dated line under its name as a detail without its dates", () => {
    const facts = read([
      "PROJECTS",
      "Capstone: Greenhouse Climate Controller",
      "  Sep 2026 – Apr 2027 | Team of 4 | Sponsor: Iowa Center for",
      "  Urban Farming",
      "  • Designed the sensor board around an ESP32",
    ]);
    expect(facts.projects.map((p) => [p.name, p.bullets])).toEqual([
      [
        "Capstone",
        [
          "Team of 4 | Sponsor: Iowa Center for Urban Farming",
          "Designed the sensor board around an ESP32",
        ],
      ],
    ]);
  });

  it("reads labels alone on their lines under a skills heading as labels of the items under them", () => {
    const facts = read([
      "TECHNICAL SKILLS",
      "Languages",
      "Rust, Go,",
      "Lua",
      "Hardware",
      "Arduino, Raspberry Pi",
      "LANGUAGES",
      "Portuguese (fluent)",
    ]);
    expect(facts.skills).toEqual(["Rust", "Go", "Lua", "Arduino", "Raspberry Pi"]);
  });
});

describe("entry shapes from design, international, veterans' and engineering students' resumes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));
  // A sidebar 36 characters wide, the main column beside it.
  const sidebar = (rows: [string, string][]) =>
    rows.map(([left, right]) => (right ? `${left.padEnd(36)}${right}` : left).trimEnd());

  it("reads a sidebar layout under a centred name, its main column's headings letter-spaced", () => {
    const facts = read([
      "                                           TOMAS ABERNATHY-KHOURY",
      "                                           Interaction & Motion Designer",
      "",
      "",
      ...sidebar([
        ["CONTACT", "PROFILE"],
        [
          "Providence, RI 02903",
          "Industrial design student who prototypes in cardboard before pixels. Seeking",
        ],
        ["(401) 555-0139", "a Product Design role from Summer 2028."],
        ["tomas.ak@gmail.com", ""],
        ["", ""],
        ["PORTFOLIO", "E D U C A T I O N"],
        [
          "tomasak.studio",
          "Rhode Island School of Design (RISD)                       Providence, RI",
        ],
        [
          "vimeo.com/tomasak",
          "B.F.A. Industrial Design (ID) Studies, Minor in Film       Expected May 2028",
        ],
        ["linkedin.com/in/tomas-abernathy-", "GPA 3.74 • Presidential Scholarship"],
        ["khoury", ""],
        ["", ""],
        ["S K I L L S", "E X P E R I E N C E"],
        [
          "Sketching & storyboards",
          "Product Design Intern — Etsy (Depop)                      June – Aug 2027",
        ],
        ["Rapid prototyping", "Brooklyn, NY (hybrid)"],
        [
          "Motion studies",
          "- Prototyped the seller onboarding flow and tested it with 12 shop owners",
        ],
        ["Type & layout", "- Cut setup time in testing from 9 minutes to 4"],
        ["", ""],
        [
          "T O O L S",
          "Exhibit Designer — RISD Museum (student staff)             Oct 2025 – Present",
        ],
        ["Figma", "Providence, RI"],
        ["Rhino 8", "- Designed wall graphics for 3 exhibitions"],
        ["Blender", ""],
        [
          "Cinema 4D, KeyShot",
          "Freelance Motion Designer                                    2024 – Current",
        ],
        ["", "- Animated 9 product launch films for local makers"],
        ["LANGUAGES", ""],
        ["Arabic (native)", "S E L E C T E D   P R O J E C T S"],
        [
          "French (intermediate)",
          "Tidewell — Tide-aware kayak rental kiosk                   Spring 2027",
        ],
        ["", "- Studio of 6; ran 25 intercepts at the harbor and built the kiosk mock-up"],
        ["", ""],
        ["", "L E A D E R S H I P"],
        ["", "IDSA RISD Student Chapter — Treasurer                       2026 – 2027"],
        ["", "- Ran the chapter's budget for 6 studio visits"],
      ]),
    ]);
    expect(facts.name).toBe("Tomas Abernathy-Khoury");
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year, e.gpa])).toEqual([
      ["Rhode Island School of Design", "B.F.A.", "Industrial Design (ID) Studies", 2028, "3.74"],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["Etsy", "Product Design Intern", "June – Aug 2027"],
      ["RISD Museum", "Exhibit Designer", "Oct 2025 – Present"],
      ["Freelance", "Freelance Motion Designer", "2024 – Current"],
    ]);
    expect(facts.projects.map((p) => p.name)).toEqual(["Tidewell"]);
    expect(facts.leadership.map((l) => [l.organization, l.role])).toEqual([
      ["IDSA RISD Student Chapter", "Treasurer"],
    ]);
    expect(facts.skills).toEqual([
      "Sketching & storyboards",
      "Rapid prototyping",
      "Motion studies",
      "Type & layout",
      "Figma",
      "Rhino 8",
      "Blender",
      "Cinema 4D",
      "KeyShot",
    ]);
  });

  it("reads year.month dates, a course's code beside its name, a long company name ending in its legal form", () => {
    const facts = read([
      "                              Min-jun (Kevin) Park",
      "             Seattle, WA 98105 | +1 (206) 555-0172 | mjpark@uw.edu",
      "",
      "EDUCATION",
      "University of Washington, Foster School of Business                         Seattle, WA",
      "Bachelor of Arts in Business Administration, Concentration in Accounting     2023.09 - 2027.06 (Expected)",
      " • GPA: 3.71/4.00; Dean's List (Autumn 2023, Winter 2024)",
      " • Relevant Courses: Managerial Accounting (ACCTG 225), Matrix Algebra (MA 308), Statistics (STAT 311),",
      "   Business Law (BE 300)",
      "",
      "Daewon Foreign Language High School                                             Seoul, Korea",
      "A-Level: Economics A*, Mathematics A*, Chemistry A                             2020.03 - 2023.02",
      "",
      "PROFESSIONAL EXPERIENCE",
      "Samil PricewaterhouseCoopers | Assurance, Financial Services                       Seoul, Korea",
      "Audit Intern                                                                  2026.06 - 2026.08",
      " • Tested revenue controls for 3 insurance clients and documented 40+ walkthroughs",
      "",
      "Busan Haeundae Marine Logistics Holdings Investment Co., Ltd.                      Busan, Korea",
      "Finance Intern (part-time, remote)                                            2025.12 - 2026.02",
      " • Reconciled 6 months of vendor payments across 2 ledgers",
      "",
      "LEADERSHIP & ACTIVITIES",
      "Husky Accounting Society                                                      2025.01",
      " • Placed 3rd of 18 teams in the society's audit case night",
      "",
      "SKILLS & ADDITIONAL INFORMATION",
      " • Technical: Excel (pivot tables, XLOOKUP), Tableau, NetSuite (Oracle NetSuite ERP",
      "   basics), Power BI, SQL (basic)",
      " • Languages: Korean (Native), English (Fluent)",
    ]);
    expect(
      facts.education.map((e) => [e.school, e.degree, e.major, e.class_year, e.dates]),
    ).toEqual([
      [
        "University of Washington",
        "Bachelor of Arts",
        "Business Administration",
        2027,
        "Sep 2023 - Jun 2027",
      ],
      ["Daewon Foreign Language High School", null, null, 2023, "Mar 2020 - Feb 2023"],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.location])).toEqual([
      ["Samil PricewaterhouseCoopers", "Audit Intern", "Jun 2026 - Aug 2026", "Seoul, Korea"],
      [
        "Busan Haeundae Marine Logistics Holdings Investment Co., Ltd.",
        "Finance Intern",
        "Dec 2025 - Feb 2026",
        "Busan, Korea",
      ],
    ]);
    expect(facts.leadership.map((l) => l.organization)).toEqual(["Husky Accounting Society"]);
    expect(facts.skills).toEqual([
      "Excel (pivot tables, XLOOKUP)",
      "Tableau",
      "NetSuite",
      "Power BI",
      "SQL",
    ]);
  });

  it("reads positions in a military service as jobs there, the unit no employer, and a degree's club no degree", () => {
    const facts = read([
      "                                          DARNELL K. OSEI",
      "          18 Peachtree Pl, Atlanta, GA 30309 | (404) 555-0117 | dosei@emory.edu",
      "",
      "EDUCATION",
      "",
      "EMORY UNIVERSITY, GOIZUETA BUSINESS SCHOOL                                               Atlanta, GA",
      "Master of Business Administration, Concentrations: Strategy & Analytics                     May 2027",
      "    •  Member: Consulting Club, Healthcare Club, MBA Ambassadors (Admissions lead)",
      "",
      "FLORIDA A&M UNIVERSITY                                                                 Tallahassee, FL",
      "Bachelor of Science, Supply Chain Management                                              May 2019",
      "    •  GPA: 3.41/4.00; Army ROTC (Cadet Battalion Commander)",
      "",
      "PROFESSIONAL EXPERIENCE",
      "",
      "UNITED STATES ARMY                                                        Fort Liberty, NC & Germany",
      "Company Commander, 3rd Infantry Division Support Brigade (Captain)                Jul 2023 – Jun 2025",
      "    •  Led a 120-soldier supply company and $22M of equipment",
      "",
      "Battalion S4 (Logistics Officer), 307th Brigade Support Battalion                 Feb 2022 – Jun 2023",
      "    •  Managed a $9M annual sustainment budget",
      "",
      "Platoon Leader, Bravo Company, 307th Brigade Support Battalion                     Jun 2019 – Jan 2022",
      "    •  Led 30 soldiers on 150 convoy missions",
      "",
      "ADDITIONAL INFORMATION",
      "",
      "    •  Awards: Bronze Star Medal (2024), Army Achievement Medal (4)",
      "    •  Skills: SQL (basic), Power BI, Excel (Power Query)",
      "    •  Clearance: Secret (active)",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Emory University", "Master of Business Administration", "Strategy & Analytics", 2027],
      ["Florida A&M University", "Bachelor of Science", "Supply Chain Management", 2019],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      ["United States Army", "Company Commander", "Jul 2023 – Jun 2025"],
      ["United States Army", "Battalion S4 (Logistics Officer)", "Feb 2022 – Jun 2023"],
      ["United States Army", "Platoon Leader", "Jun 2019 – Jan 2022"],
    ]);
    expect(facts.skills).toEqual(["SQL", "Power BI", "Excel"]);
  });

  it("reads a service's place at home and deployed ('City, ST & Country') as its location", () => {
    const facts = read([
      "EXPERIENCE",
      "UNITED STATES ARMY                                                        Fort Liberty, NC & Germany",
      "Company Commander, 3rd Infantry Division Support Brigade (Captain)                Jul 2023 – Jun 2025",
      "    •  Led a 120-soldier supply company and $22M of equipment",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.location])).toEqual([
      ["United States Army", "Company Commander", "Fort Liberty, NC & Germany"],
    ]);
  });

  it("reads a Word template: a BSE and its major, bullets whose glyph was lost, a skills table of two pairs a row", () => {
    const facts = read([
      "PRIYA S. VENKATARAMAN",
      "West Lafayette, IN 47906 ♦ (765) 555-0148 ♦ psvenkat@purdue.edu",
      "",
      "EDUCATION",
      "Purdue University – College of Engineering                                         West Lafayette, IN",
      "Bachelor of Science in Engineering, Aeronautical Engineering                          Expected May 2028",
      "GPA: 3.62/4.00",
      "",
      "ENGINEERING EXPERIENCE",
      "Aerodynamics Lead                                                                   Aug. 2025 – Present",
      "Purdue Electric Racing, Purdue University",
      " Primary designer of the front wing and undertray for the PER-26 car; raised downforce 14%",
      "  at equal drag in CFD",
      " Wind tunnel correlation on a 40% model over 6 test days; matched CFD within 5%",
      "",
      "Test Engineering Intern                                                             May 2025 – Aug. 2025",
      "Rolls-Royce – Indianapolis Plant, Indianapolis, IN",
      " Rebuilt the data logging for 2 compressor test cells in LabVIEW, cutting setup from 3 hours",
      "  to 40 minutes",
      "",
      "TECHNICAL SKILLS",
      "CAD / CFD            CATIA V5, Star-CCM+,                    Test / Data        LabVIEW, NI DAQ, strain",
      "                     Fluent, SolidWorks                                         gauges, Python (SciPy)",
      "Programming          MATLAB, C++,                            Manufacturing      Composite layup, CNC,",
      "                     Python                                                     waterjet",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["Purdue University", "Bachelor of Science in Engineering", "Aeronautical Engineering", 2028],
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets.length])).toEqual([
      ["Purdue Electric Racing, Purdue University", "Aerodynamics Lead", "Aug. 2025 – Present", 2],
      ["Rolls-Royce", "Test Engineering Intern", "May 2025 – Aug. 2025", 1],
    ]);
    expect(facts.experiences[0].bullets[0]).toBe(
      "Primary designer of the front wing and undertray for the PER-26 car; raised downforce 14% at equal drag in CFD",
    );
    expect(facts.skills).toEqual([
      "CATIA V5",
      "Star-CCM+",
      "Fluent",
      "SolidWorks",
      "LabVIEW",
      "NI DAQ",
      "strain gauges",
      "Python",
      "MATLAB",
      "C++",
      "Composite layup",
      "CNC",
      "waterjet",
    ]);
  });

  it("reads 'PROFESSIONAL SERVICE & LEADERSHIP' as a heading of activities, not skills", () => {
    const facts = read([
      "TECHNICAL SKILLS",
      "Instruments:      GPC, DSC, rheometry",
      "",
      "PROFESSIONAL SERVICE & LEADERSHIP",
      "2024 – present    Co-organizer, Graduate Chemists Career Night, UC Davis",
      "2023 – present    President, Society of Polymer Students",
    ]);
    expect(facts.skills).toEqual(["GPC", "DSC", "rheometry"]);
    expect(facts.leadership.map((l) => [l.organization, l.role])).toEqual([
      ["Graduate Chemists Career Night", "Co-organizer"],
      ["Society of Polymer Students", "President"],
    ]);
  });
});

describe("entry shapes from co-op, returning adults', bootcamp and LaTeX-template resumes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads a capstone heading in capitals as projects and a field's skills heading as skills, bullets whose glyph was lost wrapping three in", () => {
    const facts = read([
      "SENIOR CAPSTONE DESIGN PROJECT",
      "Stormwater Retrofit of the Elm Creek Watershed – Team of 4                  Sep 2026 – May 2027",
      "Client sponsor: Marion County Public Works",
      " Comparing bioretention cells, permeable pavement and a detention basin in SWMM over a",
      "   25-year storm",
      " Sizing the outlet structure and writing the drainage report for county engineers",
      "",
      "SOFTWARE / TECHNICAL SKILLS",
      "Design: Civil 3D, MicroStation, HydroCAD",
      "Analysis: Excel (advanced), Python, EPA SWMM",
    ]);
    expect(facts.experiences).toEqual([]);
    expect(facts.projects.map((p) => [p.name, p.bullets.length])).toEqual([
      ["Stormwater Retrofit of the Elm Creek Watershed", 3],
    ]);
    expect(facts.projects[0].bullets[1]).toBe(
      "Comparing bioretention cells, permeable pavement and a detention basin in SWMM over a 25-year storm",
    );
    expect(facts.skills).toEqual([
      "Civil 3D",
      "MicroStation",
      "HydroCAD",
      "Excel",
      "Python",
      "EPA SWMM",
    ]);
  });

  it("reads a co-op's later terms, each a title and the term's work, as positions at the employer above", () => {
    const facts = read([
      "CO-OP EXPERIENCE",
      "Indiana Department of Transportation (INDOT), Crawfordsville District                Crawfordsville, IN",
      "Transportation Co-op – Roadway Design (3rd rotation)                                 Jan 2026 – May 2026",
      " Drew plan and profile sheets for a 1.4-mile added travel lane on US-231 in OpenRoads",
      "",
      "Transportation Co-op – Bridge Inspection (2nd rotation)                              May 2025 – Aug 2025",
      " Logged deck and bearing condition ratings for 31 county bridges in the inspection database",
      "",
      "Transportation Co-op – Materials Testing (1st term)                                  Aug 2024 – Dec 2024",
      " Ran gradation and moisture tests on aggregate samples from 5 paving contracts",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates, e.bullets.length])).toEqual([
      ["Indiana Department of Transportation", "Transportation Co-op", "Jan 2026 – May 2026", 1],
      ["Indiana Department of Transportation", "Transportation Co-op", "May 2025 – Aug 2025", 1],
      ["Indiana Department of Transportation", "Transportation Co-op", "Aug 2024 – Dec 2024", 1],
    ]);
  });

  it("reads a returning adult's jobs: an office named after the employer is no employer, a career break no job", () => {
    const facts = read([
      "IT EXPERIENCE",
      "Help Desk Associate (Part-time)                                                 Mar 2025 – Present",
      "Riverside County Boys & Girls Club – Business Office                                 Riverside, CA",
      "   ●   Resolve about 30 tickets a week for 55 staff in Zendesk; image and deploy new laptops",
      "",
      "CAREER BREAK – Family Caregiver                                                       2021 – 2024",
      "   ●   Cared for a grandparent after surgery; kept the household's bills and appointments",
      "",
      "RETAIL MANAGEMENT EXPERIENCE",
      "Store Manager                                                                      2014 – 2021",
      "Hobby Lobby Stores                                                                Riverside, CA",
      "   ●   Ran a store of $3.9M annual sales with 25 team members",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.dates])).toEqual([
      [
        "Riverside County Boys & Girls Club",
        "Help Desk Associate (Part-time)",
        "Mar 2025 – Present",
      ],
      ["Hobby Lobby Stores", "Store Manager", "2014 – 2021"],
    ]);
  });

  it("reads a home lab of bullets only and an awards heading under projects as no projects", () => {
    const facts = read([
      "HOME LAB & PROJECTS",
      "   ●   Built a home lab on a used HP EliteDesk running Hyper-V: a Windows Server 2019 domain",
      "       controller (AD DS, DNS, DHCP) and two Windows 11 clients",
      "   ●   Practiced onboarding users and mapping drives by Group Policy",
      "",
      "AWARDS & RECOGNITION",
      "   ●   Hobby Lobby Regional Manager of the Year – 2019",
    ]);
    expect(facts.projects).toEqual([]);
  });

  it("reads an educator, an attendant and a laborer as titles, not employers", () => {
    const facts = read([
      "EXPERIENCE",
      "Museum Educator                                                    Oct 2019 – Feb 2021",
      "Ohio History Connection – Ohio Village                                     Columbus, OH",
      "• Led 250+ school programs on pioneer life for grades 3–8",
      "",
      "Visitor Services Attendant (part-time)                            05/2017 – 06/2019",
      "Wexner Center for the Arts, Ohio State University                          Columbus, OH",
      "• Answered visitor questions and counted daily attendance",
      "",
      "Laborer (seasonal) – Hollis Stone & Garden, Dublin, OH                        Summers 2016-2018",
      "• Set paver walkways and stacked retaining walls",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role, e.location])).toEqual([
      ["Ohio History Connection", "Museum Educator", "Columbus, OH"],
      [
        "Wexner Center for the Arts, Ohio State University",
        "Visitor Services Attendant (part-time)",
        "Columbus, OH",
      ],
      ["Hollis Stone & Garden", "Laborer (seasonal)", "Dublin, OH"],
    ]);
  });

  it("reads a provider and its programme one a line over a bare 'Certificate' as that training", () => {
    const facts = read([
      "EDUCATION",
      "TripleTen",
      "Business Intelligence Analyst Track",
      "Certificate, March 2026",
      "500+ hours, weekly code reviews",
      "",
      "Portland State University",
      "B.A., Anthropology",
      "June 2018 | GPA 3.52",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.class_year])).toEqual([
      ["TripleTen", "Certificate", "Business Intelligence Analyst Track", 2026],
      ["Portland State University", "B.A.", "Anthropology", 2018],
    ]);
  });

  it("reads a degree's detail bullets and their wrapped lines as no school ('University Honors', a course's college)", () => {
    const facts = read([
      "Education",
      "     Rice University                                                                       Houston, TX",
      "     Bachelor of Arts in Sociology, Minor in Data Science                    Aug. 2023 – May 2027",
      "         • GPA: 3.81/4.00; University Honors (Fall 2023, Spring 2024)",
      "         • Relevant Coursework: Social Statistics, Urban Sociology, Demography, Survey Methods,",
      "           Data Visualization, Qualitative Methods, Program Evaluation, Public Policy Analysis,",
      "           Human-Computer Interaction (School of Engineering), Network Analysis",
      "",
      "Experience",
      "     Research Intern                                                       May 2026 – Aug. 2026",
      "     Kinder Institute for Urban Research                                             Houston, TX",
      "         • Geocoded 40K eviction filings in Python for a county housing report",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.gpa, e.class_year])).toEqual([
      ["Rice University", "Bachelor of Arts", "Sociology", "3.81/4.00", 2027],
    ]);
  });

  it("reads a high-school research project over the school, with no title, as a project", () => {
    const facts = read([
      "Research & Science Experience",
      "Independent Research Project - AP Research Seminar                                Sept 2024 - Apr 2025",
      "Cary Academy, mentor: Mr. D. Ferreira (Chemistry teacher)                                   Cary, NC",
      "   - Measured how water hardness changes soap foam height across 5 brands (4 trials each)",
      "",
      "Work Experience",
      "Cashier                                                                       Nov. 2024 - Aug. 2026",
      "Food Lion                                                                                   Cary, NC",
      "   - Checked out 35+ customers per hour with accurate cash handling",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([["Food Lion", "Cashier"]]);
    expect(facts.projects.map((p) => [p.name, p.bullets.length])).toEqual([
      ["Independent Research Project", 1],
    ]);
  });

  it("reads a programme's participant as the role, the camp after the university no role", () => {
    const facts = read([
      "Research & Science Experience",
      "Summer Research Program Participant                                                   June 2025",
      "Duke University - Marine Biology Summer Camp (2 weeks)                           Beaufort, NC",
      "   - Sampled plankton at 4 estuary sites and counted species under a dissecting microscope",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Duke University", "Summer Research Program Participant"],
    ]);
  });

  it("reads skills one a line whose items close their brackets as separate items", () => {
    const facts = read([
      "SKILLS",
      "Data: R (tidyverse, data.table)",
      "Python (polars, NumPy,",
      "scikit-learn)",
      "Sheets (pivot tables,",
      "QUERY, Apps Script)",
      "cohort analysis, forecasting",
    ]);
    expect(facts.skills).toEqual([
      "R (tidyverse, data.table)",
      "Python (polars, NumPy, scikit-learn)",
      "Sheets (pivot tables, QUERY, Apps Script)",
      "cohort analysis",
      "forecasting",
    ]);
  });

  it("reads a degree's own initials in brackets as no major", () => {
    const facts = read([
      "EDUCATION",
      "UNIVERSITY OF ALABAMA, Culverhouse College of Business                     Tuscaloosa, AL",
      "Master of Accountancy (MAcc), Tax track                                          May 2027",
      "   GPA: 3.91/4.00",
    ]);
    expect(facts.education.map((e) => [e.degree, e.major])).toEqual([
      ["Master of Accountancy", "Tax track"],
    ]);
  });
});

describe("headings in the left margin, and a heading's items on its line", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads headings set beside their entries, a long one wrapped over lines, as sections", () => {
    const facts = read([
      "                                        JORDAN MILLER",
      "                      Normal, IL | jmiller@ilstu.edu | (309) 555-0142",
      "",
      "EDUCATION           Illinois State University, Normal, IL                              May 2026",
      "                    Bachelor of Science in Elementary Education, Minor in Technology",
      "                    GPA: 3.7/4.0",
      "",
      "RELATED             Peer Tutor, Julia N. Visor Academic Center, Illinois State     08/2024 – 05/2026",
      "EXPERIENCE          • Tutored 40+ first-year students in writing and study skills each semester",
      "                    • Created a 6-module online orientation in Canvas used by 300 students",
      "",
      "ADDITIONAL          Server, Avanti's Italian Restaurant, Bloomington, IL          06/2022 – Present",
      "WORK                • Served 60+ guests per shift on sold-out Saturday nights",
      "EXPERIENCE",
      "",
      "SKILLS              Articulate Storyline, Canvas, Google Workspace, Canva, Camtasia",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["Illinois State University", "Bachelor of Science", "Elementary Education"],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.source?.line])).toEqual([
      ["Peer Tutor", "Julia N. Visor Academic Center", 8],
      ["Server", "Avanti's Italian Restaurant", 12],
    ]);
    expect(facts.experiences[0].bullets[0]).toMatch(/^Tutored 40\+/);
    expect(facts.skills).toEqual([
      "Articulate Storyline",
      "Canvas",
      "Google Workspace",
      "Canva",
      "Camtasia",
    ]);
  });

  it("keeps a capitalised employer at a line's start an employer, not a margin heading", () => {
    const facts = read([
      "EXPERIENCE",
      "IBM            Software Engineering Intern                             Jun 2025 – Aug 2025",
      "               • Built a test harness for the billing service",
      "ACME CORP      Data Intern                                             Jun 2024 – Aug 2024",
      "               • Cleaned 2 years of sales data in Python",
    ]);
    expect(facts.experiences.map((e) => e.employer)).toContain("IBM");
  });

  it("reads 'Hackathons & Activities: …' as a list, not a project", () => {
    const facts = read([
      "PROJECTS",
      "TerpTrails | React, Node.js, PostgreSQL                                          Feb 2026",
      "• Built a campus trail map with 2,000 monthly users",
      "",
      "Hackathons & Activities: Bitcamp 2026 (Best Use of Data), HackUMBC 2025, Technica 2025",
    ]);
    expect(facts.projects.map((p) => p.name)).toEqual(["TerpTrails"]);
  });
});

describe("round 27's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("joins small capitals split after their first letter, in headings and employers", () => {
    const facts = read([
      "Priya Raman",
      "",
      "E ducation",
      "M.S. in Applied Statistics                                                     Durham, NC",
      "B rookfield U niversity                                                Aug. 2025 - May 2027",
      "",
      "E xperience",
      "Claims Analyst                                                                Charlotte, NC",
      "T rident M utual I nsurance G roup                                     Jun. 2023 - Jul. 2025",
      " • Built a severity model in R for 40,000 auto claims",
      "",
      "S kills",
      "R, Python, SQL",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["Brookfield University", "M.S.", "Applied Statistics"],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Claims Analyst", "Trident Mutual Insurance Group"],
    ]);
    expect(facts.skills).toEqual(["R", "Python", "SQL"]);
  });

  it("reads detail lines whose bullet glyph was lost as bullets, a wrapped line with the one before", () => {
    const facts = read([
      "EXPERIENCE",
      "Pruitt Lab, Dept. of Cell Biology, Undergraduate Research Assistant",
      "FEBRUARY 2025 – PRESENT",
      "   Maintain mouse colonies and genotype litters by PCR for a wound-healing project; presented a poster at",
      "   Harlow Undergraduate Research Day (Apr 2026)",
      "   Trained 4 new undergraduates on lab safety",
      "Northside Urgent Care, Medical Scribe",
      "JUNE 2024 – PRESENT",
      "   Document histories and exams in Epic in real time for two physicians per shift (avg. 30",
      "   patients per shift)",
      "   Flag pending orders for providers",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.bullets.length])).toEqual([
      ["Undergraduate Research Assistant", "Pruitt Lab, Dept. of Cell Biology", 2],
      ["Medical Scribe", "Northside Urgent Care", 2],
    ]);
    expect(facts.experiences[0].bullets[0]).toMatch(
      /at Harlow Undergraduate Research Day \(Apr 2026\)$/,
    );
  });

  it("moves dates set in a left column to their entries", () => {
    const facts = read([
      "EXPERIENCE",
      "Jan 2026 –     Corliss Pumps, Inc. – Dayton, OH",
      "Aug 2026       Mechanical Engineering Co-op",
      "                 Redesigned a pump housing in SolidWorks; cut machining time 10%",
      "Sept 2024 –          Baja SAE Team",
      "present              Drivetrain Lead",
      "                       Designed a CVT mount machined on a 3-axis mill",
      "SKILLS",
      "CAD/CAE              SolidWorks, Fusion 360, ANSYS",
      "Programming          MATLAB, Python",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Mechanical Engineering Co-op", "Corliss Pumps, Inc.", "Jan 2026 – Aug 2026"],
      ["Drivetrain Lead", "Baja SAE Team", "Sept 2024 – present"],
    ]);
    expect(facts.skills).toEqual(["SolidWorks", "Fusion 360", "ANSYS", "MATLAB", "Python"]);
  });

  it("reads a distribution centre's DC as no place, a lab monitor as a title, a dashed list as items", () => {
    const facts = read([
      "EXPERIENCE",
      "Prairie Freight – Topeka DC                                           Jan. 2025 – Present",
      "Inventory Associate",
      "• Receive and put away inbound pallets",
      "Makerspace Monitor                                                         2024 — present",
      "Harlan School of Design",
      "• Run the laser cutters for 50 students a week",
      "SKILLS",
      "AP Style – WordPress – Canva – Semrush –",
      "HubSpot – basic HTML",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location])).toEqual([
      ["Inventory Associate", "Prairie Freight", null],
      ["Makerspace Monitor", "Harlan School of Design", null],
    ]);
    expect(facts.skills).toEqual([
      "AP Style",
      "WordPress",
      "Canva",
      "Semrush",
      "HubSpot",
      "basic HTML",
    ]);
  });
});

describe("round 28's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads a title beside its place with a note of small words in brackets as the title", () => {
    const facts = read([
      "Experience",
      " Brightwater Sensors                                                                           Jun. 2025 – Dec. 2025",
      " Embedded Firmware Intern (co-op, extended through fall)                                             Madison, WI",
      "  • Developed C firmware on STM32 for a flow sensor",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.location])).toEqual([
      ["Embedded Firmware Intern", "Brightwater Sensors", "Madison, WI"],
    ]);
  });

  it("reads an education table whose cells wrap, and a range broken at its dash", () => {
    const facts = read([
      "EDUCATION",
      " Mesa Verde State           Bachelor of Arts in Sociology                             Aug 2023 –",
      " University                  Certificate in Nonprofit Management (Lowell               May 2027",
      " Tucson, AZ                  School of Public Service)",
      "                             GPA 3.48 | Honors College",
      " Pima Valley Community       Dual enrollment – General Education coursework           2021 – 2023",
      " College",
      "Relevant courses: Social Statistics, Program Evaluation, Grant Writing, Community Organizing",
      "",
      "EXPERIENCE",
      "Program Intern, Desert Bloom Food Bank – Tucson, AZ May 2026 –",
      "August 2026",
      "▪ Scheduled 120 volunteers a week in Galaxy Digital",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major, e.dates])).toEqual([
      ["Mesa Verde State University", "Bachelor of Arts", "Sociology", "Aug 2023 – May 2027"],
      [
        "Lowell School of Public Service",
        "Certificate",
        "Certificate in Nonprofit Management",
        null,
      ],
      ["Pima Valley Community College", null, null, "2021 – 2023"],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Program Intern", "Desert Bloom Food Bank", "May 2026 – August 2026"],
    ]);
  });

  it("reads a Europass CV: dates right-aligned in a column at the left, the languages spoken no skills", () => {
    const facts = read([
      "EDUCATION AND TRAINING",
      "              08/2025 – 05/2027     Master of Science in Business Analytics",
      "                     (expected)     Harlan College of Business, Bellmont State University, Dayton, OH, USA",
      "WORK EXPERIENCE",
      "              09/2021 – 08/2023     Cedarline Bank Plc, Accra, Nigeria",
      "                                    Operations Analyst, Card Services",
      "                                     – Reconciled daily ATM settlement files using SQL and Excel",
      "         08/2025 – present      Bellmont State University, Dayton, OH",
      "                                Graduate Assistant (20 hrs/week)",
      "                                 – Graded lab sessions for 90 students",
      "PERSONAL SKILLS",
      "          Mother tongue(s)      Twi",
      "         Other language(s)      English — C2 (Proficient user) | Ga — C1 |",
      "                                French — A2 (Basic user)",
      "               Digital skills   SQL (PostgreSQL), Python (pandas), Power BI, Tableau",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.dates])).toEqual([
      ["Operations Analyst, Card Services", "Cedarline Bank Plc", "09/2021 – 08/2023"],
      ["Graduate Assistant", "Bellmont State University", "08/2025 – present"],
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["Bellmont State University", "Master of Science", "Business Analytics"],
    ]);
    expect(facts.skills).toEqual(["SQL", "Python", "Power BI", "Tableau"]);
  });

  it("reads a functional resume's themes of sentences as no skills", () => {
    const facts = read([
      "RELEVANT SKILLS",
      "Technical Support & Troubleshooting",
      "   Diagnosed and fixed POS terminal, KDS and printer failures; cut downtime from hours to",
      "   under 30 minutes",
      "   Home lab: Windows Server 2022, Active Directory, Group Policy, DNS/DHCP",
      "Networking & Security",
      "  Set up separate guest Wi-Fi and POS VLANs with the ISP and a UniFi gateway, after a PCI",
      "  compliance scan flagged the flat network",
      "  Coursework labs: Cisco Packet Tracer, Wireshark, Linux",
    ]);
    expect(facts.skills).toEqual([
      "Windows Server 2022",
      "Active Directory",
      "Group Policy",
      "DNS/DHCP",
      "Cisco Packet Tracer",
      "Wireshark",
      "Linux",
    ]);
  });

  it("reads a sidebar whose headings end in a colon, its entries' lost bullets two places in", () => {
    const facts = read([
      "JORDAN ELLISON-PARK",
      "",
      "About Me:                            Experience:",
      "                                     Front Desk Assistant",
      "Bilingual (English/Korean)",
      "                                     Eastside Family Clinic — Tacoma, WA | Aug 2025 – Present",
      "Public health junior focused on",
      "maternal health and access to          Check in 40+ patients a day and schedule follow-up visits",
      "care. Looking for a Summer 2027        in the state immunization system",
      "internship.                            Translate intake forms for Korean-speaking families",
      "Education:                             Reduced no-shows with a text reminder workflow",
      "",
      "Cascade State University             Community Health Volunteer",
      "B.S.P.H., Health Policy &            Pierce County Health Department — Tacoma, WA | Jan 2025 – Present",
      "Management",
      "Expected May 2028                      Staff flu vaccine clinics (registration and line flow)",
      "                                       Helped plan 3 outreach events reaching ~250 residents",
      "Skills:                                Translated flyers on lead screening into Korean",
      "✓ Korean (fluent)",
      "✓ Qualtrics                          Research Assistant",
      "✓ Excel                              Tacoma Food Access Survey | Feb 2026 – Present",
      "                                       Conducted 60+ surveys on food insecurity",
      "                                       Cleaned survey data in Excel and R",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["Cascade State University", "B.S.P.H.", "Health Policy & Management"],
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer, e.bullets.length])).toEqual([
      ["Front Desk Assistant", "Eastside Family Clinic", 3],
      ["Community Health Volunteer", "Pierce County Health Department", 3],
      ["Research Assistant", "Tacoma Food Access Survey", 2],
    ]);
  });
});

describe("round 29's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads a table of clinical rotations under its header row as rotations, its total as none", () => {
    const facts = read([
      "Clinical Rotations",
      "Unit                                              Facility                                         Hours",
      "Medical-Surgical (Adult Med-Surg II)              Bayside General Hospital, Tacoma                    135",
      "Obstetrics – Labor & Delivery / Mother-Baby       Harbor Women's Center                                90",
      "Total rotation hours (excl. capstone)                                                                 225",
      "Work Experience",
      "Front Desk Associate, Valley Urgent Care, Elk Grove, CA                                        2021 – 2023",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Medical-Surgical rotation", "Bayside General Hospital, Tacoma"],
      ["Obstetrics rotation", "Harbor Women's Center"],
      ["Front Desk Associate", "Valley Urgent Care"],
    ]);
  });

  it("reads headings in small letters in the left margin, '»' bullets, an undotted AAS", () => {
    const facts = read([
      "Rowan Ames",
      "",
      "experience               Design Intern, Copperleaf Studio                                                    2026",
      "                         Packaging and identity for regional food brands.",
      "                         Print Lab Assistant, Alder Street College                                      2024—2025",
      "                         Riso, large-format and letterpress; helped students prep files.",
      "",
      "education                BFA Graphic Design, Alder Street College of Art & Design                       2023—2027",
      "",
      "tools                    Figma, Illustrator, InDesign",
    ]);
    expect(facts.experiences.map((e) => [e.role, e.employer])).toEqual([
      ["Design Intern", "Copperleaf Studio"],
      ["Print Lab Assistant", "Alder Street College"],
    ]);
    expect(facts.education.map((e) => [e.degree, e.major])).toEqual([["BFA", "Graphic Design"]]);
    const security = read([
      "EXPERIENCE",
      "Store Manager, Sunbelt Outfitters #0417, Mesa, AZ                                   Mar 2022 – Present",
      "» Run a $6.8M/yr store w/ 28 associates",
      "EDUCATION",
      "AAS, Cybersecurity & Information Assurance — Saguaro Valley Community College, Mesa, AZ     Exp. May 2027",
      "GPA 3.91 · Plan to transfer into a B.A.S. in Cybersecurity, Fall 2027",
    ]);
    expect(security.experiences[0].bullets).toEqual(["Run a $6.8M/yr store w/ 28 associates"]);
    expect(security.education.map((e) => [e.degree, e.major])).toEqual([
      ["AAS", "Cybersecurity & Information Assurance"],
    ]);
  });

  it("reads a course of a degree's and a service's training list as neither a degree nor jobs", () => {
    const facts = read([
      "Education",
      "Lakeshore University, B.A. in Economics, minor in Statistics (May 2027)",
      "   Graduate coursework: Econometrics I (PhD sequence), Labor Economics (ECON 480), Causal",
      "   Inference",
      "London School of Economics, General Course (visiting student) (Michaelmas term, Sept – Dec 2024)",
      "CIVILIAN EXPERIENCE",
      "Line Service Technician, Gem City Aviation FBO, Vandalia, OH                     NOV 2022 - JUL 2024",
      " – Fueled and towed business jets",
      "Military Training: Aircraft Maintenance Apprentice Course (Sheppard AFB, 2019);",
      "Airman Leadership School (2021, Distinguished Graduate); Hazmat handling;",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree])).toEqual([
      ["Lakeshore University", "B.A."],
      ["London School of Economics", null],
    ]);
    expect(facts.experiences.map((e) => e.role)).toEqual(["Line Service Technician"]);
  });
});

describe("round 30's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads headings behind a template's icons, the columns beside them kept", () => {
    const facts = read([
      "TESSA MOREAU                                                                    📧 tessa@iu.edu",
      "",
      "💼 EXPERIENCE                                                                   🎓 EDUCATION",
      "Content Marketing Intern                                                        Purdue University",
      "Brightleaf Tea Co. | Chicago, IL | May 2026 – Aug 2026                          B.S. in Marketing",
      "✓ Grew the brand's Instagram from 8K to 14K followers in one summer             Expected May 2027",
      "✓ Wrote 20 product emails in Klaviyo with a 38% average open rate",
      "                                                                                🛠️ SKILLS",
      "🚀 PROJECTS & LEADERSHIP                                                        Canva",
      "President, Purdue Marketing Club                                                 Sprout Social",
      "➤ Lead a 9-person board and doubled event attendance to 120",
    ]);
    expect(facts.education[0]).toMatchObject({ school: "Purdue University", class_year: 2027 });
    expect(facts.experiences).toEqual([
      expect.objectContaining({
        employer: "Brightleaf Tea Co.",
        role: "Content Marketing Intern",
        bullets: [
          "Grew the brand's Instagram from 8K to 14K followers in one summer",
          "Wrote 20 product emails in Klaviyo with a 38% average open rate",
        ],
      }),
    ]);
    expect(facts.leadership.map((l) => l.organization)).toEqual(["Purdue Marketing Club"]);
    expect(facts.skills).toContain("Canva");
  });

  it("reads a state wrapped alone as the place's end, no Master of Arts", () => {
    const facts = read([
      "EDUCATION",
      "Northeastern University, Khoury College of Computer Sciences, Boston, Sep 2025 – May 2027 (Expected)",
      "MA",
      "Master of Science in Computer Science — GPA: 3.87/4.00",
      "Osmania University, Hyderabad, India                                          Aug 2019 – Jun 2023",
      "Bachelor of Engineering in Computer Science",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.major])).toEqual([
      ["Northeastern University", "Master of Science", "Computer Science"],
      ["Osmania University", "Bachelor of Engineering", "Computer Science"],
    ]);
  });

  it("reads a services firm's client engagements as work for the firm", () => {
    const facts = read([
      "WORK EXPERIENCE",
      "Tessaract Infotech Ltd. — Pune, India                                          Jul 2022 – Jul 2025",
      "Software Engineer",
      "  Client: Harbor Mutual Insurance (USA) — Claims Modernization                 Mar 2023 – Jul 2025",
      "   Environment: Java 17, Spring Boot, Kafka, PostgreSQL",
      "      Split a claims monolith into 5 Spring Boot services used by 3 client apps",
      "  Client: Keystone Bank (USA) — Reporting Pipeline                             Aug 2022 – Feb 2023",
      "   Environment: Java 11, Spring Batch, Oracle 19c",
      "      Cut the nightly batch window from 6 hours to 2.5 hours by tuning Oracle SQL",
    ]);
    expect(facts.experiences.map((e) => e.employer)).toEqual(["Tessaract Infotech Ltd."]);
    expect(facts.experiences[0].bullets).toEqual(
      expect.arrayContaining([
        "Split a claims monolith into 5 Spring Boot services used by 3 client apps",
        "Cut the nightly batch window from 6 hours to 2.5 hours by tuning Oracle SQL",
      ]),
    );
  });

  it("reads a banker's 'Skills, Activities & Interests' by its labels, wrapped lines joined", () => {
    const facts = read([
      "LEADERSHIP EXPERIENCE",
      "STERN INVESTMENT CLUB — New York, NY                                                   Sep 2024 – Present",
      "Vice President",
      "    Led 8 analysts pitching consumer stocks; 3 pitches were added to the $250K student fund",
      "SKILLS, ACTIVITIES & INTERESTS",
      "Technical: Advanced Excel (financial modeling, VBA macros), PowerPoint, Capital IQ, PitchBook, Bloomberg",
      "Terminal (BMC certified), Wall Street Prep Financial Modeling",
      "Activities: Women in Business (mentor), Delta Gamma (Philanthropy Chair; raised $12K), Peer",
      "Tutor for ACCT 200",
      "Interests: long-distance running (NYC Half 2026), Italian cooking, mystery novels, chess and",
      "pickleball",
    ]);
    expect(facts.leadership.map((l) => l.organization)).toEqual(["Stern Investment Club"]);
    expect(facts.skills).toEqual([
      "Advanced Excel (financial modeling, VBA macros)",
      "PowerPoint",
      "Capital IQ",
      "PitchBook",
      "Bloomberg Terminal",
      "Wall Street Prep Financial Modeling",
    ]);
    expect(facts.interests).toContain("chess and pickleball");
  });

  it("reads a sidebar whose spaced-out headings kern a pair, the main column's bullets set in", () => {
    const facts = read([
      "Dana                                     S U M M A RY",
      "Whitlow                                  Researcher with five years of teaching behind me.",
      "C O N TA C T                             Looking for a UX Researcher role.",
      "✉ dana@example.com",
      "                                         R E L E VA N T E X P E R I E N C E",
      "RESEARCH SKILLS                          UX Research Fellow",
      "▸ Usability testing                      Lakeview Credit Union · Madison, WI                    Jun 2026 – Oct 2026",
      "▸ Survey design                            Ran moderated usability tests with 12 members on the bill-pay flow",
      "▸ Card sorting                             Found 9 usability issues; the top 3 were fixed in the next release",
      "E D U C AT I O N",
      "M.Ed., English Education                 TEACHING EXPERIENCE",
      "University of Iowa                       English Teacher",
      "2016 – 2018                              Jefferson High School · Madison, WI                   Aug 2018 – Jun 2026",
      "B.A., English                              Taught 5 sections of English 9 and 10 in a Title I school",
      "Grinnell College                           Raised the AP pass rate from 40% to 58% over four years",
      "2012 – 2016",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Lakeview Credit Union", "UX Research Fellow"],
      ["Jefferson High School", "English Teacher"],
    ]);
    expect(facts.experiences[1].bullets).toEqual([
      "Taught 5 sections of English 9 and 10 in a Title I school",
      "Raised the AP pass rate from 40% to 58% over four years",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree])).toEqual([
      ["University of Iowa", "M.Ed."],
      ["Grinnell College", "B.A."],
    ]);
  });

  it("reads an academic CV: a numbered paper's wrapped lines, a place cut by its line, a group at its company", () => {
    const facts = read([
      "EDUCATION",
      "Ph.D., Biological Sciences, University of California San                              2022–2027",
      "Diego                                                                               (expected May)",
      "RESEARCH EXPERIENCE",
      "Research Associate I, Protein Science Group, Halvard Therapeutics, Boston, MA (2020–2022)",
      "      Ran cell-based potency assays supporting two small-molecule immunology programs",
      "PUBLICATIONS",
      "   1. Ames OM, Patel SK, Whitcombe DR. (2026). A genome-wide CRISPR screen",
      "      identifies transporters as gatekeepers of STING activation. Cell Reports 45(9):114872.",
      "   2. Huang J, Ames OM. (2025). Lysosomal degradation of STING is tuned by",
      "      adaptor proteins. Journal of Immunology 214(6):1102–1115.",
    ]);
    expect(facts.education[0]).toMatchObject({
      school: "University of California San Diego",
      degree: "Ph.D.",
    });
    expect(facts.experiences[0]).toMatchObject({
      employer: "Halvard Therapeutics",
      role: "Research Associate I",
    });
    expect(facts.publications).toEqual([
      "Ames OM, Patel SK, Whitcombe DR. (2026). A genome-wide CRISPR screen identifies transporters as gatekeepers of STING activation. Cell Reports 45(9):114872.",
      "Huang J, Ames OM. (2025). Lysosomal degradation of STING is tuned by adaptor proteins. Journal of Immunology 214(6):1102–1115.",
    ]);
  });
});

describe("round 31's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads a name in spaced capitals by the address that spells it, and an MBA to come", () => {
    const facts = read([
      "                                      R O HA N ME HTA",
      "      12 Elm Street, Evanston, IL 60201 | (312) 555-0110 | rohan.mehta@kellogg.example.edu",
      "EDUCATION",
      "KELLOGG SCHOOL OF MANAGEMENT, NORTHWESTERN UNIVERSITY                               Evanston, IL",
      "Candidate for Master of Business Administration, May 2028",
    ]);
    expect(facts.name).toBe("Rohan Mehta");
    expect(facts.education[0]).toMatchObject({
      degree: "Master of Business Administration",
      major: null,
      class_year: 2028,
    });
  });

  it("reads the name in a main column after a sidebar's country, a school cut by its column", () => {
    const facts = read([
      "Details",
      "Atlanta, GA 30313",
      "                                    Leila Farouk",
      "United States                       BIOMEDICAL ENGINEERING STUDENT",
      "leila.farouk@gatech.example.edu",
      "                                    Education",
      "                                    Bachelor of Science, Biomedical Engineering, Georgia Institute of",
      "                                    Expected May 2027",
      "                                    Research at Georgia Institute of Technology since 2024.",
    ]);
    expect(facts.name).toBe("Leila Farouk");
    expect(facts.education[0]?.school).toBe("Georgia Institute of Technology");
  });

  it("parts a date run into the school beside it", () => {
    const facts = read([
      "EDUCATION",
      "Aug 2024 – May 2028University of Illinois Urbana-Champaign                          Champaign, IL",
      "Bachelor of Science in Economics; GPA: 3.86/4.00",
      "Sep 2021 – Jun 2024Shanghai Nanyang Model High School                                  Shanghai, China",
    ]);
    expect(facts.education[0]).toMatchObject({
      school: "University of Illinois Urbana-Champaign",
      class_year: 2028,
    });
  });
});

describe("round 32's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("reads a name and headings in small capitals spaced out, a contact line parted by '◦'", () => {
    const facts = read([
      "                                          M aya T. O kafor",
      "                Ann Arbor, MI ◦ (734) 555-0163 ◦ mayato@umich.example.edu",
      "",
      "                                                     E d u c at i o n",
      "University of Michigan, Ann Arbor, MI — B.S. in Psychology | GPA: 3.78 |                      May 2027",
    ]);
    expect(facts.name).toBe("Maya T. Okafor");
    expect(facts.location).toBe("Ann Arbor, MI");
    expect(facts.education[0]).toMatchObject({
      school: "University of Michigan",
      class_year: 2027,
    });
  });

  it("reads a university's school named after the degree as the university's", () => {
    const facts = read([
      "EDUCATION",
      "Arizona State University",
      "B.S. Computer Information Systems",
      "W. P. Carey School of Business",
      "Aug 2023 – May 2027 (expected)",
      "GPA 3.48",
    ]);
    expect(facts.education.map((e) => [e.school, e.degree, e.class_year])).toEqual([
      ["Arizona State University", "B.S.", 2027],
    ]);
  });

  it("joins a bullet's line that opens on a figure's mark", () => {
    const facts = read([
      "EXPERIENCE",
      "Security Operations Center Intern                                   May 2026 – Aug 2026",
      "Sonoran Mutual Insurance · Phoenix, AZ",
      "  Triaged 60+ Tier-1 alerts per shift in Splunk ES and CrowdStrike Falcon across",
      "  ~4,500 endpoints, escalating 22 confirmed incidents to Tier 2",
      "  Drafted the phishing triage playbook adopted by the 11-person SOC team",
    ]);
    expect(facts.experiences[0]?.bullets).toEqual([
      "Triaged 60+ Tier-1 alerts per shift in Splunk ES and CrowdStrike Falcon across ~4,500 endpoints, escalating 22 confirmed incidents to Tier 2",
      "Drafted the phishing triage playbook adopted by the 11-person SOC team",
    ]);
  });
});

describe("round 33's shapes", () => {
  const read = (lines: string[]) => parseResumeFacts(lines.join("\n"));

  it("keeps 'Inc.' with its company, a preceptor out of the place, an unusual experience heading", () => {
    const facts = read([
      "A R T S A D M I N I S T R AT I O N E X P E R I E N C E",
      "Halvorsen Axle & Driveline, Inc.                                                        Columbus, IN",
      "Manufacturing Engineering Co-op (Rotation 2)                                  May 2026 – August 2026",
      "• Led a Green Belt DMAIC project that cut scrap on the axle line by 18%",
      "Epidemiology Practicum Student                                                May 2026 – Aug. 2026",
      "Hennepin County Public Health, Surveillance Unit, Minneapolis, MN — Preceptor: Rachel",
      "Tomczak, MPH",
      "• Analyzed timeliness of 3,140 electronic lab reports for notifiable enteric diseases",
    ]);
    expect(facts.experiences.map((e) => [e.employer, e.role])).toEqual([
      ["Halvorsen Axle & Driveline, Inc.", "Manufacturing Engineering Co-op (Rotation 2)"],
      ["Hennepin County Public Health, Surveillance Unit", "Epidemiology Practicum Student"],
    ]);
  });

  it("finds a name in a main column by the personal site that spells it", () => {
    const facts = read([
      "C O N TA C T",
      "Cincinnati, OH 45219",
      "(513) 555-0163                     ELEANOR LINDQVIST",
      "elin.clarinet@example.com          Arts Administration · Development",
      "eleanorlindqvistmusic.com",
    ]);
    expect(facts.name).toBe("Eleanor Lindqvist");
  });
});
