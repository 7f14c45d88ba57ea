/**
 * Renders resumes in the layouts real resumes use and simple readers get wrong, each with the
 * truth a person reads from it (`<name>.truth.json`, the format of `npm run eval:resumes`),
 * into server/src/modules/resumes/fixtures/layouts/: two columns read column by column, dates
 * and places right-aligned in their own column, bullets wrapped under a hanging indent, entry
 * headers opened by "•", icon-font glyphs as bullets, a page break inside a section with a
 * running footer carrying a date, an entry without bullets before the next one, and DOCX with
 * an education table, a layout table and a text box; and one column of the shapes real resumes
 * (Awesome-CV, sb2nov, Deedy) showed: several roles under one employer, a title with its team
 * under the employer's line, a description in brackets or "‑ Contract" after an employer, an
 * employer whose name opens with a verb or a digit, headers in capitals with abbreviations,
 * "Expected" dates, a sentence leading into the bullets, an accent set as a glyph of its own,
 * small capitals whose font sets a lower-case "i" ("UNiVERSiTY"), a degree spelled in capitals
 * (LaTeX) and sections that are not jobs.
 * Run: npx tsx scripts/resume-fixtures/make-layouts.ts (the outputs are committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  Document,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
  WidthType,
} from "docx";
import PDFKit from "pdfkit";

const OUT = path.join(import.meta.dirname, "../../server/src/modules/resumes/fixtures/layouts");

interface Truth {
  name: string;
  education: Array<{
    school: string;
    degree: string | null;
    major: string | null;
    grad_year: number | null;
  }>;
  /** A few snippets of each job's bullets: read under another job, they count as misplaced. */
  experiences: Array<{ employer: string; role: string | null; bullets?: string[] }>;
}

function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFKit({ size: "LETTER", margin: 40, info: { Creator: "pdfkit" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  draw(doc);
  doc.end();
  return done;
}

/** Text at a point: left-aligned at x, or right-aligned so it ends at `right`. */
function at(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  options: { size?: number; bold?: boolean; right?: number; font?: string } = {},
) {
  doc.font(options.font ?? (options.bold ? "Helvetica-Bold" : "Helvetica"));
  doc.fontSize(options.size ?? 10);
  const left = options.right !== undefined ? options.right - doc.widthOfString(text) : x;
  doc.text(text, left, y, { lineBreak: false });
}

/** A bullet whose words wrap under a hanging indent; answers the y after it. */
function bullet(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  glyph: { text: string; font?: string } = { text: "•" },
): number {
  at(doc, glyph.text, x, y, { font: glyph.font });
  doc.font("Helvetica").fontSize(10);
  doc.text(text, x + 12, y, { width: width - 12 });
  return doc.y + 2;
}

const TWO_COLUMN: Truth = {
  name: "Priya Raman",
  education: [
    { school: "University of Michigan", degree: "B.A.", major: "Economics", grad_year: 2027 },
  ],
  experiences: [
    {
      employer: "Evercore",
      role: "Summer Analyst",
      bullets: [
        "Built a merger model for a $1.2B industrials deal",
        "Drafted 12 pages of a sell-side pitch book",
      ],
    },
    { employer: "Michigan Economics Lab", role: "Research Assistant" },
    {
      employer: "Wolverine Consulting Group",
      role: "Associate",
      bullets: ["Led a 4-person team that cut a nonprofit's donor churn"],
    },
  ],
};

/** Deedy-style: a narrow left column (education, skills) beside the experience column. */
function twoColumn(): Promise<Buffer> {
  return pdf((doc) => {
    at(doc, "Priya Raman", 230, 40, { size: 22, bold: true });
    at(doc, "priya.raman@umich.example | 734-555-0142 | Ann Arbor, MI", 170, 70, { size: 9 });
    let y = 100;
    const down = (dy: number): number => {
      y += dy;
      return y;
    };
    at(doc, "EDUCATION", 40, y, { bold: true, size: 11 });
    at(doc, "University of Michigan", 40, down(18), { bold: true });
    at(doc, "B.A. in Economics", 40, down(13));
    at(doc, "Class of 2027 | Ann Arbor, MI", 40, down(13));
    at(doc, "GPA: 3.8 / 4.0", 40, down(13));
    at(doc, "SKILLS", 40, down(30), { bold: true, size: 11 });
    for (const skill of ["Excel, Python, Stata", "Financial modeling", "Spanish (fluent)"]) {
      at(doc, skill, 40, down(14));
    }
    at(doc, "INTERESTS", 40, down(30), { bold: true, size: 11 });
    at(doc, "Chess, long-distance running", 40, down(14));
    const x = 240;
    const width = 330;
    y = 100;
    at(doc, "EXPERIENCE", x, y, { bold: true, size: 11 });
    at(doc, "EVERCORE | SUMMER ANALYST", x, down(18), { bold: true });
    at(doc, "Jun 2025 – Aug 2025 | New York, NY", x, down(13), { size: 9 });
    y = bullet(
      doc,
      "Built a merger model for a $1.2B industrials deal with Salesforce, Snowflake, and Amazon S3 data feeds cleaned for the deal team",
      x,
      y + 14,
      width,
    );
    y = bullet(
      doc,
      "Drafted 12 pages of a sell-side pitch book for a consumer client",
      x,
      y,
      width,
    );
    at(doc, "MICHIGAN ECONOMICS LAB | RESEARCH ASSISTANT", x, down(10), { bold: true });
    at(doc, "Sep 2024 – May 2025 | Ann Arbor, MI", x, down(13), { size: 9 });
    at(doc, "WOLVERINE CONSULTING GROUP | ASSOCIATE", x, down(22), { bold: true });
    at(doc, "Jan 2024 – Dec 2024 | Ann Arbor, MI", x, down(13), { size: 9 });
    bullet(
      doc,
      "Led a 4-person team that cut a nonprofit's donor churn by 15% with a new outreach plan",
      x,
      y + 14,
      width,
    );
  });
}

const RIGHT_COLUMN: Truth = {
  name: "Marcus Webb",
  education: [
    {
      school: "Georgia Institute of Technology",
      degree: "B.S.",
      major: "Computer Science",
      grad_year: 2026,
    },
  ],
  experiences: [
    {
      employer: "Qualcomm Inc.",
      role: "Software Engineering Intern",
      bullets: ["Wrote a C++ driver test harness", "Profiled boot time and removed 300 ms"],
    },
    { employer: "Delta Air Lines", role: "Data Engineering Intern" },
    {
      employer: "Georgia Tech Research Institute",
      role: "Undergraduate Researcher",
      bullets: ["Trained a radar-signal classifier in PyTorch"],
    },
  ],
};

/**
 * One column with the places and dates right-aligned, wrapped bullets, "•" entry headers with
 * icon-font bullets under them, an entry without bullets, a page break inside the experience
 * section and a running footer with the date on every page.
 */
function rightColumn(): Promise<Buffer> {
  return pdf((doc) => {
    const right = 572;
    const footer = () =>
      at(doc, "Marcus Webb · Résumé · Updated March 3, 2025", 200, 760, { size: 8 });
    at(doc, "Marcus Webb", 40, 40, { size: 20, bold: true });
    at(doc, "marcus.webb@gatech.example · (404) 555-0117 · Atlanta, GA", 40, 66, { size: 9 });
    let y = 96;
    const down = (dy: number): number => {
      y += dy;
      return y;
    };
    at(doc, "Education", 40, y, { bold: true, size: 12 });
    at(doc, "• Georgia Institute of Technology", 40, down(18), { bold: true });
    at(doc, "Atlanta, GA", 0, y, { right });
    at(doc, "B.S. in Computer Science; GPA: 3.7", 52, down(13));
    at(doc, "Aug 2022 – May 2026", 0, y, { right });
    at(doc, "Experience", 40, down(28), { bold: true, size: 12 });
    at(doc, "• Qualcomm Inc.", 40, down(18), { bold: true });
    at(doc, "San Diego, CA", 0, y, { right });
    at(doc, "Software Engineering Intern", 52, down(13));
    at(doc, "May 2025 – Aug 2025", 0, y, { right });
    y = bullet(
      doc,
      "Wrote a C++ driver test harness that caught 14 regressions before release and is now run on every nightly build of the modem firmware",
      52,
      y + 15,
      500,
      { text: "4", font: "ZapfDingbats" },
    );
    y = bullet(doc, "Profiled boot time and removed 300 ms of start-up work", 52, y, 500, {
      text: "4",
      font: "ZapfDingbats",
    });
    at(doc, "• Delta Air Lines", 40, down(8), { bold: true });
    at(doc, "Atlanta, GA", 0, y, { right });
    at(doc, "Data Engineering Intern", 52, down(13));
    at(doc, "May 2024 – Aug 2024", 0, y, { right });
    footer();
    doc.addPage();
    y = 50;
    at(doc, "• Georgia Tech Research Institute", 40, y, { bold: true });
    at(doc, "Atlanta, GA", 0, y, { right });
    at(doc, "Undergraduate Researcher", 52, down(13));
    at(doc, "Jan 2023 – Present", 0, y, { right });
    y = bullet(
      doc,
      "Trained a radar-signal classifier in PyTorch reaching 94% accuracy on field recordings from two test sites",
      52,
      y + 15,
      500,
      { text: "4", font: "ZapfDingbats" },
    );
    at(doc, "Skills", 40, down(16), { bold: true, size: 12 });
    at(doc, "Languages: C++, Python, Go, SQL", 40, down(18));
    footer();
  });
}

const DOCX_TABLES: Truth = {
  name: "Ana Lucia Torres",
  education: [
    {
      school: "Universidad de los Andes",
      degree: "B.S.",
      major: "Industrial Engineering",
      grad_year: 2026,
    },
    { school: "Colegio San Carlos", degree: null, major: null, grad_year: 2021 },
  ],
  experiences: [
    {
      employer: "Rappi",
      role: "Operations Intern",
      bullets: ["Rebuilt the courier shift planner", "Ran 3 pricing experiments"],
    },
    {
      employer: "Bancolombia",
      role: "Summer Analyst",
      bullets: ["Automated a weekly credit-risk report"],
    },
  ],
};

/** DOCX: the name in a text box, an education grid table and a two-cell layout table. */
function docxTables(): Promise<Buffer> {
  const p = (text: string, bold = false) =>
    new Paragraph({ children: [new TextRun({ text, bold })] });
  const li = (text: string) => new Paragraph({ text, bullet: { level: 0 } });
  const cell = (children: Paragraph[], width: number) =>
    new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children });
  const grid = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      ["Degree", "Institution", "Year", "Score"],
      ["B.S. Industrial Engineering", "Universidad de los Andes", "2026", "4.3/5.0"],
      ["High school diploma", "Colegio San Carlos, Bogotá", "2021", "96%"],
    ].map((row, i) => new TableRow({ children: row.map((text) => cell([p(text, i === 0)], 25)) })),
  });
  const layout = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        children: [
          cell([p("Rappi", true), p("Operations Intern"), p("Jun 2025 – Aug 2025")], 30),
          cell(
            [
              li("Rebuilt the courier shift planner and cut unfilled shifts by 22% in Bogotá"),
              li("Ran 3 pricing experiments with the growth team"),
            ],
            70,
          ),
        ],
      }),
      new TableRow({
        children: [
          cell([p("Bancolombia", true), p("Summer Analyst"), p("Jun 2024 – Aug 2024")], 30),
          cell([li("Automated a weekly credit-risk report that took analysts 6 hours")], 70),
        ],
      }),
    ],
  });
  const doc = new Document({
    creator: "docx",
    sections: [
      {
        children: [
          new Textbox({
            alignment: "center",
            style: { width: "400pt", height: "40pt" },
            // Word keeps a soft hyphen the writer typed, invisible, before the name.
            children: [p("\u00adAna Lucia Torres", true)],
          }),
          p("ana.torres@uniandes.example | +57 300 555 0199 | Bogotá, Colombia"),
          p("EDUCATION", true),
          grid,
          p("EXPERIENCE", true),
          layout,
          p("SKILLS", true),
          p("Python, SQL, Excel, Power BI"),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

const MULTI_ROLE: Truth = {
  name: "Nora Lindqvist",
  education: [
    {
      school: "University of Maryland",
      degree: "Bachelor of Science",
      major: "Computer Engineering",
      grad_year: 2020,
    },
  ],
  experiences: [
    {
      employer: "3M Company, Corporate Research Systems Lab",
      role: "Software Research Manager",
      bullets: ["Supervise and mentor 15 full stack developers"],
    },
    {
      employer: "3M Company, Corporate Research Systems Lab",
      role: "Data Scientist",
      bullets: ["Deployed anti-counterfeiting algorithms"],
    },
    {
      employer: "Built Robotics",
      role: "Software Engineer, UI/Infrastructure",
      bullets: ["Wrapped the operator app with Electron"],
    },
    {
      employer: "Built Robotics",
      role: "Software Engineering Intern - Field Operations",
      bullets: ["Mapped 12 job sites"],
    },
    {
      employer: "DataRobot",
      role: "Customer Facing Data Scientist",
      bullets: ["Delivered 20 AI use cases across 10 clients"],
    },
    {
      employer: "Everest Engineering",
      role: "Senior DevOps Engineer",
      bullets: ["Built a serverless ETL system"],
    },
    {
      employer: "Hacker Fellows",
      role: "Software Engineering Intern",
      bullets: ["1 of 10 computer scientists hired"],
    },
    {
      employer: "School of Engineering & Applied Sci.",
      role: "Teaching Assistant",
      bullets: ["Taught Software Development Methods"],
    },
    {
      employer: "University of Maryland",
      role: "Undergraduate Research Intern",
      bullets: ["Designed auditory MEG experiments"],
    },
    {
      employer: "Universidad de Málaga",
      role: "Visiting Research Intern",
      bullets: ["Ported the lab's signal pipeline to Python"],
    },
  ],
};

/**
 * Awesome-CV and sb2nov's one column: employer and place on one line, the title and dates
 * under it, several titles under one employer, then Deedy's capitals ("SCHOOL OF … SCI. |
 * TEACHING ASSISTANT") and sections that are not jobs (activities, involvements, talks).
 */
function multiRole(): Promise<Buffer> {
  return pdf((doc) => {
    const right = 572;
    let y = 40;
    const down = (dy: number): number => {
      y += dy;
      return y;
    };
    const entry = (left: string, place: string, title: string, dates: string) => {
      at(doc, left, 40, down(15), { bold: true });
      at(doc, place, 0, y, { right });
      at(doc, title, 40, down(13));
      at(doc, dates, 0, y, { right });
      down(15);
    };
    const item = (text: string) => {
      y = bullet(doc, text, 40, y, 530);
    };
    at(doc, "Nora Lindqvist", 40, y, { size: 20, bold: true });
    at(doc, "nora.lindqvist@umd.example | (301) 555-0199 | St. Paul, MN", 40, down(26), {
      size: 9,
    });
    at(doc, "Education", 40, down(24), { bold: true, size: 12 });
    entry(
      "UNiVERSiTY OF MARYLAND",
      "College Park, MD",
      "BACHELOR OF SCiENCE iN COMPUTER ENGiNEERING",
      "Aug 2016 – May 2020",
    );
    at(doc, "Industry Experience", 40, down(6), { bold: true, size: 12 });
    entry(
      "3M Company, Corporate Research Systems Lab",
      "Maplewood, MN",
      "SOFTWARE RESEARCH MANAGER",
      "Feb 2023 – Present",
    );
    item("Supervise and mentor 15 full stack developers across two labs");
    at(doc, "DATA SCIENTIST", 40, down(4));
    at(doc, "Aug 2020 – Jan 2023", 0, y, { right });
    down(15);
    item("Deployed anti-counterfeiting algorithms using image processing on 3 product lines");
    entry(
      "Built Robotics",
      "San Francisco, CA",
      "Software Engineer, UI/Infrastructure",
      "Jul 2019 – Apr 2020",
    );
    item("Wrapped the operator app with Electron to send keyboard controls to the robot");
    // A further title at the employer above, with its team, on a line without a place.
    at(doc, "Software Engineering Intern - Field Operations", 40, down(2));
    at(doc, "May 2018 – Aug 2018", 0, y, { right });
    down(15);
    item("Mapped 12 job sites with the survey drone team");
    entry(
      "DataRobot (AutoML Platform)",
      "Boston, MA",
      "Customer Facing Data Scientist",
      "Nov 2018 – Jun 2019",
    );
    item("Delivered 20 AI use cases across 10 clients in banking and retail");
    entry(
      "Everest Engineering – Contract",
      "Melbourne, Australia",
      "Senior DevOps Engineer",
      "Jan 2018 – Oct 2018",
    );
    at(doc, "Engagements include:", 40, y);
    down(14);
    item("Built a serverless ETL system to process customer data for analysts");
    entry(
      "HACKER FELLOWS | SOFTWARE ENGINEERING INTERN",
      "",
      "Expected June 2017 – August 2017 | Detroit, MI",
      "",
    );
    item("1 of 10 computer scientists hired for early-stage tech companies");
    entry(
      "SCHOOL OF ENGINEERING & APPLIED SCI. | TEACHING ASSISTANT",
      "",
      "January 2017 – May 2017 | College Park, MD",
      "",
    );
    item("Taught Software Development Methods to 300 students in weekly labs");
    at(doc, "Academic Experience", 40, down(6), { bold: true, size: 12 });
    entry(
      "University of Maryland",
      "College Park, MD",
      "UNDERGRADUATE RESEARCH INTERN",
      "June 2016 – May 2017",
    );
    item("Designed auditory MEG experiments exploring neural responses to low tones");
    // LaTeX's older fonts: the accent is a glyph of its own, set just before its letter.
    at(doc, "Universidad de M", 40, down(4), { bold: true });
    doc.font("Helvetica-Bold").fontSize(10);
    const letterX = 40 + doc.widthOfString("Universidad de M");
    at(doc, "´", letterX + 1, y - 1, { bold: true });
    at(doc, "alaga", letterX, y, { bold: true });
    at(doc, "Spain", 0, y, { right });
    at(doc, "VISITING RESEARCH INTERN", 40, down(13));
    at(doc, "June 2015 – Aug 2015", 0, y, { right });
    down(15);
    item("Ported the lab's signal pipeline to Python");
    at(doc, "Extracurricular Activity", 40, down(6), { bold: true, size: 12 });
    entry(
      "PLUS (Laboratory for UNIX Security)",
      "College Park, MD",
      "MEMBER",
      "Sep 2016 – Oct 2017",
    );
    item("Took part in several hacking competitions");
    at(doc, "Involvements", 40, down(6), { bold: true, size: 12 });
    at(doc, "2017-2018 Pearl Hacks", 40, down(16));
    at(doc, "Chapel Hill, NC", 0, y, { right });
    at(doc, "Conference Presentations", 40, down(24), { bold: true, size: 12 });
    down(16);
    item("PostgreSQL to MySQL: A DBA Perspective - Percona Live 2019");
  });
}

mkdirSync(OUT, { recursive: true });
const outputs: Array<[string, Promise<Buffer>, Truth]> = [
  ["two-column-pdfkit.pdf", twoColumn(), TWO_COLUMN],
  ["right-column-dates-pdfkit.pdf", rightColumn(), RIGHT_COLUMN],
  ["tables-textbox.docx", docxTables(), DOCX_TABLES],
  ["multi-role-pdfkit.pdf", multiRole(), MULTI_ROLE],
];
for (const [file, data, truth] of outputs) {
  writeFileSync(path.join(OUT, file), await data);
  writeFileSync(
    path.join(OUT, file.replace(/\.[^.]+$/, ".truth.json")),
    `${JSON.stringify(truth, null, 2)}\n`,
  );
}
console.log(`wrote ${outputs.length} resumes to ${OUT}`);
