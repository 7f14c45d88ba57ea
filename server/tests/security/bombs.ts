import { constants, crc32, deflateRawSync } from "node:zlib";

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

interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** The size the archive declares (a bomb may declare anything). */
  declaredSize: number;
}

export function buildZipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const crc = entry.method === 0 ? crc32(entry.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, method: 0, declaredSize: data.length };
};

/** A .docx whose word/document.xml is a deflate bomb declaring a harmless 10 KB. */
export function buildDocxBomb(segments: number): Buffer {
  const document = deflateBomb(
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
    segments,
  );
  return buildZipArchive([
    stored(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    stored(
      "_rels/.rels",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    { name: "word/document.xml", data: document, method: 8, declaredSize: 10_240 },
  ]);
}

/** A one-page PDF whose content stream is a deflate bomb (zlib-wrapped, as /FlateDecode). */
export function buildPdfBomb(segments: number): Buffer {
  const stream = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    deflateBomb("BT /F1 11 Tf 56 760 Td (Bomb) Tj ET\n", segments, " "),
    Buffer.alloc(4),
  ]);
  const objects = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      stream,
      Buffer.from("\nendstream"),
    ]),
    Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"),
  ];
  const parts = [Buffer.from("%PDF-1.4\n")];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      object,
      Buffer.from("\nendobj\n"),
    ]);
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
