import { constants, deflateRawSync } from "node:zlib";
import { writePdf } from "../../src/lib/text-pdf";
import { buildDocxArchive } from "../files";

const SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * Raw deflate data that inflates to `prefix` + `segments` × 16 MB of one repeated byte, made
 * without ever holding the expanded bytes: one fully flushed segment repeated (deflate's
 * ~1000:1 ratio, so 300 segments, 5 GB, take about 4.7 MB).
 */
export function deflateBomb(prefix: string, segments: number, filler = "A"): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const segment = deflateRawSync(Buffer.alloc(SEGMENT_BYTES, filler), flush);
  return Buffer.concat([
    deflateRawSync(Buffer.from(prefix), flush),
    ...Array.from({ length: segments }, () => segment),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}

/** A .docx whose word/document.xml is a deflate bomb declaring a harmless 10 KB. */
export function buildDocxBomb(segments: number): Buffer {
  const document = deflateBomb(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
    segments,
  );
  return buildDocxArchive({
    name: "word/document.xml",
    data: document,
    method: 8,
    declaredSize: 10_240,
  });
}

/** A one-page PDF whose content stream is a deflate bomb (zlib-wrapped, as /FlateDecode). */
export function buildPdfBomb(segments: number): Buffer {
  const stream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    deflateBomb("BT /F1 11 Tf 56 760 Td (Bomb) Tj ET\n", segments, " "),
    Buffer.alloc(4),
  ]);
  // latin1 carries each byte of the compressed stream through the string unchanged.
  return writePdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n${stream.toString("latin1")}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}
