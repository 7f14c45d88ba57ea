import { AppError } from "../../http/errors";
import { inflatedSize } from "./inflate-bound";

/** Fonts, pages and images of a real resume decode to far less than this. */
export const MAX_DECODED_PDF_BYTES = 128 * 1024 * 1024;

export const PDF_INCOMPLETE =
  "This PDF is incomplete: it may have been cut off while saving or uploading. Please upload the whole file.";
export const PDF_HAS_SCRIPTS =
  "This PDF contains JavaScript, which Reachout does not attach to emails to recruiters. Please save or print it again as a plain PDF (without scripts or form actions) and upload that copy.";
export const PDF_TOO_LARGE =
  "This PDF unpacks to far more than any resume needs, so it was not opened. Please upload a normal copy.";

const STREAM = /stream\r?\n/g;
const HEX = /^[0-9A-Fa-f\s]{16,}/;
/** Far more streams than any resume has; inflating each costs a little CPU. */
const MAX_STREAMS = 20_000;

/** A zlib header (RFC 1950): deflate, window ≤ 32 KB, check bits valid. */
const isZlibHeader = (data: Buffer) =>
  data.length > 2 &&
  (data[0] & 0x0f) === 8 &&
  data[0] >> 4 <= 7 &&
  (data[0] * 256 + data[1]) % 31 === 0;

/**
 * A PDF ends with %%EOF (readers accept it within the last 1024 bytes). Without it the file was
 * cut short, and pdf.js would still salvage some text: the user would then send recruiters a
 * broken attachment without knowing.
 */
export function checkPdfComplete(data: Buffer): void {
  if (!data.subarray(-1024).includes("%%EOF")) throw new AppError(422, PDF_INCOMPLETE);
}

/**
 * Measures what the deflate streams of a PDF decode to before pdf.js opens it: pdf.js inflates
 * a content stream whole, so a few megabytes of crafted deflate data could make it allocate
 * gigabytes and spin for minutes. Dictionaries and /Length are attacker-written, so neither is
 * trusted: every stream whose bytes (or hex text) start with a zlib header is inflated from
 * there with a hard output bound, and counts what it produced even when it turns out corrupt.
 * (Filters other than Flate, rare in today's PDFs, are not measured.)
 */
export async function checkPdfBounds(
  data: Buffer,
  maxBytes = MAX_DECODED_PDF_BYTES,
): Promise<void> {
  let budget = maxBytes;
  let streams = 0;
  for (const match of data.toString("latin1").matchAll(STREAM)) {
    let content = data.subarray(match.index + match[0].length);
    const head = content.subarray(0, 64).toString("latin1");
    if (HEX.test(head)) {
      // ASCIIHexDecode before FlateDecode: decode the hex text first.
      const hex = content.toString("latin1", 0, content.indexOf(">") >>> 0);
      content = Buffer.from(hex.replace(/[^0-9A-Fa-f]/g, ""), "hex");
    }
    if (!isZlibHeader(content)) continue;
    if (++streams > MAX_STREAMS) throw new AppError(422, PDF_TOO_LARGE);
    // The raw inflater stops at the stream's own end: the rest of the file is never read.
    budget -= await inflatedSize(content.subarray(2), budget);
    if (budget < 0) throw new AppError(422, PDF_TOO_LARGE);
  }
}

/**
 * PDF names that make a document run code: a JavaScript action (/S /JavaScript, its /JS text)
 * or a Launch action. Compared after #xx escapes are decoded (/J#61vaScript is /JavaScript).
 */
const SCRIPT_NAMES = new Set(["JavaScript", "JS", "Launch"]);
const DELIMITERS = new Set([..."()<>[]{}/%"].map((c) => c.charCodeAt(0)));
const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;

/**
 * Finds script names in PDF syntax, reading it as a PDF parser would: text inside (string)
 * literals and comments is skipped, so a resume saying "HTML/JavaScript" is not a script. The
 * state carries over between chunks of one stream.
 */
class ScriptNameScanner {
  found = false;
  private stringDepth = 0;
  private escaped = false;
  private comment = false;
  private name: number[] | null = null;

  scan(data: Buffer, from = 0, to = data.length): void {
    for (let i = from; i < to && !this.found; i++) {
      const c = data[i];
      if (this.name) {
        if (isWhite(c) || DELIMITERS.has(c)) this.endName();
        else {
          if (this.name.length < 64) this.name.push(c);
          continue;
        }
      }
      if (this.stringDepth > 0) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x28) this.stringDepth++;
        else if (c === 0x29) this.stringDepth--;
        continue;
      }
      if (this.comment) {
        if (c === 0x0a || c === 0x0d) this.comment = false;
        continue;
      }
      if (c === 0x28) this.stringDepth = 1;
      else if (c === 0x25) this.comment = true;
      else if (c === 0x2f) this.name = [];
    }
  }

  end(): void {
    if (this.name) this.endName();
    this.stringDepth = 0;
    this.escaped = false;
    this.comment = false;
  }

  private endName() {
    const raw = Buffer.from(this.name ?? []).toString("latin1");
    this.name = null;
    const decoded = raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (SCRIPT_NAMES.has(decoded)) this.found = true;
  }
}

/**
 * Refuses a PDF that carries JavaScript (or a Launch action): resumes are attached to emails to
 * recruiters, whose readers might run it. Reads the object syntax outside streams and every
 * deflate stream decoded (object streams hide dictionaries there), bounded like checkPdfBounds
 * (which runs first). pdf.js's own view (document, page and annotation actions) is checked when
 * the text is extracted.
 */
export async function checkPdfScripts(
  data: Buffer,
  maxBytes = MAX_DECODED_PDF_BYTES,
): Promise<void> {
  const text = data.toString("latin1");
  const outside = new ScriptNameScanner();
  let budget = maxBytes;
  let position = 0;
  for (const match of text.matchAll(STREAM)) {
    const start = match.index + match[0].length;
    outside.scan(data, position, match.index);
    outside.end();
    const end = text.indexOf("endstream", start);
    position = end < 0 ? data.length : end + "endstream".length;
    let content = data.subarray(start, end < 0 ? data.length : end);
    const head = content.subarray(0, 64).toString("latin1");
    if (HEX.test(head)) {
      const hex = content.toString("latin1", 0, content.indexOf(">") >>> 0);
      content = Buffer.from(hex.replace(/[^0-9A-Fa-f]/g, ""), "hex");
    }
    const inside = new ScriptNameScanner();
    if (isZlibHeader(content)) {
      budget -= await inflatedSize(content.subarray(2), budget, (chunk) => inside.scan(chunk));
      if (budget < 0) throw new AppError(422, PDF_TOO_LARGE);
    } else {
      inside.scan(content);
    }
    inside.end();
    if (inside.found) throw new AppError(422, PDF_HAS_SCRIPTS);
  }
  outside.scan(data, position);
  outside.end();
  if (outside.found) throw new AppError(422, PDF_HAS_SCRIPTS);
}
