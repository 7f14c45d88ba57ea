import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
import WordExtractor from "word-extractor";
import { AppError } from "../../http/errors";
import { layoutDocxHtml } from "./docx-layout";
import type { ResumeKind } from "./file-kind";
import { checkPdfBounds, checkPdfComplete, checkPdfScripts, PDF_HAS_SCRIPTS } from "./pdf-guard";
import { layoutPdfPages, type PdfPageText } from "./pdf-layout";
import { checkZipBounds } from "./zip-guard";

/** Enough for any real resume; bounds what the email writer is given. */
const MAX_TEXT_CHARS = 50_000;

export const UNREADABLE_RESUME =
  "We could not read this file. It may be damaged or password-protected. Please upload another copy.";

async function readPdf(data: Buffer): Promise<string> {
  // unpdf resolves its bundled pdf.js once and reuses it: one copy per process.
  const pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  try {
    // pdf.js's view of the scripts: document-level (open action, named scripts) and per page.
    let scripted = Boolean(await pdf.getJSActions());
    for (let number = 1; number <= pdf.numPages && !scripted; number++) {
      const page = await pdf.getPage(number);
      scripted = Boolean(await page.getJSActions());
    }
    if (scripted) throw new AppError(422, PDF_HAS_SCRIPTS);
    const pages: PdfPageText[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      const items = [];
      for (const item of content.items) {
        // Empty items stay: an icon font's glyph that maps to no character comes through as one.
        if (!("str" in item)) continue;
        const [a, b, , , x, y] = item.transform as number[];
        items.push({
          str: item.str,
          x,
          y,
          width: item.width,
          size: Math.hypot(a, b) || item.height,
          font: item.fontName,
        });
      }
      pages.push({ width, height, items });
    }
    return layoutPdfPages(pages);
  } finally {
    await pdf.destroy();
  }
}

async function readDocx(data: Buffer): Promise<string> {
  const { value } = await mammoth.convertToHtml({ buffer: data });
  return layoutDocxHtml(value);
}

async function readDoc(data: Buffer): Promise<string> {
  const document = await new WordExtractor().extract(data);
  return document.getBody();
}

const READERS: Record<ResumeKind, (data: Buffer) => Promise<string>> = {
  pdf: readPdf,
  docx: readDocx,
  doc: readDoc,
};

/**
 * The resume's text in the layout format (layout-text.ts): one visual line a line, bullets
 * marked, a line's far-apart pieces tab-separated, pages form-fed. The email writer reads it as
 * plain text; facts.ts reads its structure. A file the parser rejects answers 422.
 */
export async function extractResumeText(kind: ResumeKind, data: Buffer): Promise<string> {
  if (kind === "docx") await checkZipBounds(data);
  if (kind === "pdf") {
    checkPdfComplete(data);
    await checkPdfBounds(data);
    await checkPdfScripts(data);
  }
  let text: string;
  try {
    text = await READERS[kind](data);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, UNREADABLE_RESUME);
  }
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \v]+/g, " ")
    .replace(/ *\t[\t ]*/g, "\t")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}
