import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

/** Files to upload in tests: Word documents, broken and hostile files, multipart bodies. */

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** The size the archive declares (a bomb may declare anything). */
  declaredSize: number;
}

/** A stored (uncompressed) entry of this text, declaring its true size. */
export const storedEntry = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text, "utf8");
  return { name, data, method: 0, declaredSize: data.length };
};

/** A ZIP archive of these entries, written as given: a real .docx, or a hostile one. */
export function buildZipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
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

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A Word 2007+ archive around its word/document.xml entry (stored, or a bomb's deflated one). */
export function buildDocxArchive(document: ZipEntry): Buffer {
  return buildZipArchive([
    storedEntry(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    storedEntry(
      "_rels/.rels",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    document,
  ]);
}

/** A minimal Word 2007+ document with one paragraph per line. */
export function buildDocx(paragraphs: string[]): Buffer {
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
    .join("");
  return buildDocxArchive(
    storedEntry(
      "word/document.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  );
}

/** The header of a Compound File Binary (Word 97 .doc) container followed by junk. */
export function buildBrokenDoc(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from("d0cf11e0a1b11ae1", "hex").copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  return Buffer.concat([header, randomBytes(2048)]);
}

/** A Windows executable's first bytes ("MZ" and a PE header offset). */
export function buildExe(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}

/** A multipart/form-data body with one file part, after the text `fields` (name: value). */
export function multipartBody(
  field: string,
  filename: string,
  data: Buffer | string,
  type = "application/octet-stream",
  fields: Record<string, string> = {},
) {
  const boundary = `----reachout${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The columns of the own-contacts CSV the tests and bench:import upload, by contact field. */
export const OWN_CSV_MAPPING = {
  full_name: "Name",
  email: "E-mail",
  title: "Role",
  company: "Employer",
  location: "City",
  linkedin: "Profile",
};

/**
 * The body of POST /api/my-network/import: the CSV in `file` and the mapping (JSON, or a raw
 * string as a client might send it) in `mapping`; `null` sends no mapping.
 */
export function ownCsvImportBody(
  csv: string | Buffer,
  mapping: object | string | null = OWN_CSV_MAPPING,
) {
  const fields: Record<string, string> =
    mapping === null
      ? {}
      : { mapping: typeof mapping === "string" ? mapping : JSON.stringify(mapping) };
  return multipartBody("file", "contacts.csv", csv, "text/csv", fields);
}
