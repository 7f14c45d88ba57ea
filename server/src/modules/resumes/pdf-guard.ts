import { AppError } from "../../http/errors";
import { inflatedSize } from "./inflate-bound";

/** Fonts, pages and images of a real resume decode to far less than this. */
export const MAX_DECODED_PDF_BYTES = 128 * 1024 * 1024;

export const PDF_INCOMPLETE =
  "This PDF is incomplete: it may have been cut off while saving or uploading. Please upload the whole file.";
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
