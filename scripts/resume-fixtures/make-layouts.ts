/**
 * Renders resumes in the layouts real resumes use and simple readers get wrong, each with the
 * truth a person reads from it (`<name>.truth.json`, the format of `npm run eval:resumes`),
 * into server/src/modules/resumes/fixtures/layouts/: two columns read column by column, dates
 * and places right-aligned in their own column, bullets wrapped under a hanging indent, entry
 * headers opened by "•", icon-font glyphs as bullets, a page break inside a section with a
 * running footer carrying a date, an entry without bullets before the next one, and DOCX with
 * an education table, a layout table and a text box.
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
  experiences: Array<{ employer: string; role: string | null }>;
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
    { employer: "Evercore", role: "Summer Analyst" },
    { employer: "Michigan Economics Lab", role: "Research Assistant" },
    { employer: "Wolverine Consulting Group", role: "Associate" },
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
    { employer: "Qualcomm Inc.", role: "Software Engineering Intern" },
    { employer: "Delta Air Lines", role: "Data Engineering Intern" },
    { employer: "Georgia Tech Research Institute", role: "Undergraduate Researcher" },
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
    { employer: "Rappi", role: "Operations Intern" },
    { employer: "Bancolombia", role: "Summer Analyst" },
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
            children: [p("Ana Lucia Torres", true)],
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

mkdirSync(OUT, { recursive: true });
const outputs: Array<[string, Promise<Buffer>, Truth]> = [
  ["two-column-pdfkit.pdf", twoColumn(), TWO_COLUMN],
  ["right-column-dates-pdfkit.pdf", rightColumn(), RIGHT_COLUMN],
  ["tables-textbox.docx", docxTables(), DOCX_TABLES],
];
for (const [file, data, truth] of outputs) {
  writeFileSync(path.join(OUT, file), await data);
  writeFileSync(
    path.join(OUT, file.replace(/\.[^.]+$/, ".truth.json")),
    `${JSON.stringify(truth, null, 2)}\n`,
  );
}
console.log(`wrote ${outputs.length} resumes to ${OUT}`);
