/**
 * Renders the fixture resumes (resumes.ts) with four generators and two layouts into
 * server/src/modules/resumes/fixtures/: pdfkit and pdf-lib PDFs (one and two columns), DOCX
 * from the `docx` package (paragraphs, and a two-cell table for two columns) and Reachout's own
 * text PDF. Run: npx tsx scripts/resume-fixtures/make.ts (the outputs are committed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import PDFKit from "pdfkit";
import { buildTextPdf } from "../../server/src/seed/resume-pdf";
import { type FixtureResume, RESUMES } from "./resumes";

const OUT = path.join(import.meta.dirname, "../../server/src/modules/resumes/fixtures");

type Line = { text: string; kind: "name" | "contact" | "heading" | "entry" | "bullet" | "plain" };

function entryLines(r: FixtureResume, e: FixtureResume["experiences"][number]): string[] {
  switch (r.entryStyle) {
    case "A":
      return [`${e.employer} | ${e.city}`, `${e.role} | ${e.dates}`];
    case "B":
      return [`${e.employer} — ${e.role}, ${e.dates}`];
    case "C":
      return [`${e.role}, ${e.employer}`, `${e.dates} · ${e.city}`];
    case "D":
      return [e.role, `${e.employer}, ${e.city} · ${e.dates}`];
  }
}

function section(title: string, body: Line[]): Line[] {
  return [{ text: title, kind: "heading" }, ...body];
}

function experienceBlock(r: FixtureResume, items: FixtureResume["experiences"]): Line[] {
  return items.flatMap((e) => [
    ...entryLines(r, e).map((text) => ({ text, kind: "entry" as const })),
    ...e.bullets.map((text) => ({ text, kind: "bullet" as const })),
  ]);
}

/** The resume as lines: [header, sidebar, main]; a one-column layout reads them in order. */
function linesOf(r: FixtureResume): { header: Line[]; side: Line[]; main: Line[] } {
  const header: Line[] = [
    { text: r.name, kind: "name" },
    { text: [...r.contact, r.location].join(" | "), kind: "contact" },
  ];
  const education = section(
    r.headings.education,
    r.education.flatMap((e) =>
      e.lines.map((text, i) => ({ text, kind: i === 0 ? "entry" : "plain" }) as Line),
    ),
  );
  const skills = section(
    r.headings.skills,
    r.skills.map((text) => ({ text, kind: "plain" as const })),
  );
  const main = [
    ...section(r.headings.experience, experienceBlock(r, r.experiences)),
    ...(r.projects && r.headings.projects
      ? section(
          r.headings.projects,
          r.projects.flatMap((p) => [
            { text: p.title, kind: "entry" as const },
            ...p.bullets.map((text) => ({ text, kind: "bullet" as const })),
          ]),
        )
      : []),
    ...(r.leadership && r.headings.leadership
      ? section(r.headings.leadership, experienceBlock(r, r.leadership))
      : []),
  ];
  return r.layout === "two-column"
    ? { header, side: [...education, ...skills], main }
    : { header, side: [], main: [...education, ...main, ...skills] };
}

const SIZE: Record<Line["kind"], number> = {
  name: 20,
  contact: 9,
  heading: 11.5,
  entry: 10,
  bullet: 9.5,
  plain: 9.5,
};

async function withPdfKit(r: FixtureResume): Promise<Buffer> {
  const doc = new PDFKit({
    size: "LETTER",
    margin: 40,
    info: { Title: `${r.name} Resume`, Creator: "pdfkit" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) =>
    doc.on("end", () => resolve(Buffer.concat(chunks))),
  );
  const { header, side, main } = linesOf(r);
  const write = (line: Line, x: number, width: number) => {
    const bold = line.kind === "name" || line.kind === "heading" || line.kind === "entry";
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(SIZE[line.kind]);
    if (line.kind === "heading") doc.moveDown(0.4);
    const text = line.kind === "bullet" ? `• ${line.text}` : line.text;
    doc.text(text, x, doc.y, {
      width,
      align:
        line.kind === "name" || (line.kind === "contact" && r.layout === "one-column")
          ? "center"
          : "left",
      indent: 0,
    });
  };
  for (const line of header) write(line, 40, 532);
  const top = doc.y + 10;
  if (r.layout === "two-column") {
    doc.y = top;
    for (const line of side) write(line, 40, 150);
    doc.y = top;
    for (const line of main) write(line, 210, 362);
  } else {
    for (const line of main) write(line, 40, 532);
  }
  doc.end();
  return done;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = text.split(" ");
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

async function withPdfLib(r: FixtureResume): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${r.name} Resume`);
  pdf.setCreator("pdf-lib");
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { header, side, main } = linesOf(r);
  let y = 750;
  const write = (line: Line, x: number, width: number) => {
    const font =
      line.kind === "name" || line.kind === "heading" || line.kind === "entry" ? bold : regular;
    const size = SIZE[line.kind];
    if (line.kind === "heading") y -= 6;
    const indent = line.kind === "bullet" ? 10 : 0;
    const wrapped = wrap(line.text, font, size, width - indent);
    wrapped.forEach((text, i) => {
      if (i === 0 && line.kind === "bullet") page.drawText("•", { x, y, size, font });
      page.drawText(text, { x: x + indent, y, size, font });
      y -= size + 3;
    });
  };
  for (const line of header) write(line, 40, 532);
  const top = y - 8;
  if (r.layout === "two-column") {
    y = top;
    for (const line of side) write(line, 40, 150);
    y = top;
    for (const line of main) write(line, 210, 362);
  } else {
    y = top;
    for (const line of main) write(line, 40, 532);
  }
  return Buffer.from(await pdf.save());
}

function paragraphsOf(lines: Line[]): Paragraph[] {
  return lines.map((line) => {
    if (line.kind === "name") {
      return new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [new TextRun({ text: line.text, bold: true, size: 36 })],
      });
    }
    if (line.kind === "heading") {
      return new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [new TextRun({ text: line.text, bold: true })],
      });
    }
    if (line.kind === "bullet")
      return new Paragraph({ bullet: { level: 0 }, children: [new TextRun(line.text)] });
    return new Paragraph({
      children: [new TextRun({ text: line.text, bold: line.kind === "entry" })],
    });
  });
}

async function withDocx(r: FixtureResume): Promise<Buffer> {
  const { header, side, main } = linesOf(r);
  const body =
    r.layout === "two-column"
      ? [
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({
                children: [
                  new TableCell({
                    width: { size: 32, type: WidthType.PERCENTAGE },
                    children: paragraphsOf(side),
                  }),
                  new TableCell({
                    width: { size: 68, type: WidthType.PERCENTAGE },
                    children: paragraphsOf(main),
                  }),
                ],
              }),
            ],
          }),
        ]
      : paragraphsOf(main);
  const doc = new Document({
    creator: "docx",
    title: `${r.name} Resume`,
    sections: [{ children: [...paragraphsOf(header), ...body] }],
  });
  return Packer.toBuffer(doc);
}

function withReachoutTextPdf(r: FixtureResume): Buffer {
  const { header, side, main } = linesOf(r);
  const ascii = (text: string) => text.replace(/[–—]/g, "-").replace(/·/g, "|");
  return buildTextPdf(
    [...header, ...side, ...main].map((line) =>
      ascii(line.kind === "bullet" ? `- ${line.text}` : line.text),
    ),
  );
}

mkdirSync(OUT, { recursive: true });
for (const r of RESUMES) {
  const data =
    r.generator === "pdfkit"
      ? await withPdfKit(r)
      : r.generator === "pdf-lib"
        ? await withPdfLib(r)
        : r.generator === "docx"
          ? await withDocx(r)
          : withReachoutTextPdf(r);
  writeFileSync(path.join(OUT, r.file), data);
  console.log(`${r.file}: ${data.length} bytes`);
}
