import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { type MimeNode, Splitter, type SplitterChunk } from "@zone-eu/mailsplit";

// libmime (mailparser's own header decoder) ships no types: RFC 2047 encoded-words decoding.
const libmime = createRequire(import.meta.url)("libmime") as {
  decodeWords(value: string): string;
};

/** One part of a Gmail API `Message.payload`, as Gmail builds it from the RFC 822 source. */
export interface GmailPayloadPart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Array<{ name: string; value: string }>;
  body: { size: number; data?: string };
  parts?: GmailPayloadPart[];
}

/** A header read byte for byte: raw 8-bit UTF-8 (as many mail systems write it) read as UTF-8. */
function utf8If(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /[\u0100-\uffff]/.test(value)) return value;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(value, "latin1"));
  } catch {
    return value;
  }
}

/** A header value as Gmail's API answers it: encoded-words decoded, raw UTF-8 read as UTF-8. */
export function decodedHeaderValue(value: string): string {
  return libmime.decodeWords(utf8If(value));
}

function headersOf(node: MimeNode) {
  const headers: Array<{ name: string; value: string }> = [];
  for (const { line } of node.headers ? node.headers.getList() : []) {
    const colon = line.indexOf(":");
    // Unfolded and with encoded-words decoded, as Gmail's API answers header values.
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    headers.push({ name: line.slice(0, colon).trim(), value: decodedHeaderValue(value) });
  }
  return headers;
}

async function decode(node: MimeNode, chunks: Buffer[]): Promise<Buffer> {
  const decoder = node.getDecoder();
  const out: Buffer[] = [];
  decoder.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    decoder.on("end", resolve);
    decoder.on("error", reject);
  });
  for (const chunk of chunks) decoder.write(chunk);
  decoder.end();
  await done;
  return Buffer.concat(out);
}

/**
 * The `payload` Gmail's API answers for a message with this RFC 822 source: the MIME tree with
 * each part's headers, and each leaf's decoded content as base64url `body.data`. An embedded
 * message (message/rfc822) stays one leaf, as Gmail serves it.
 */
export async function gmailPayloadFromRaw(raw: Buffer | string): Promise<GmailPayloadPart> {
  const splitter = new Splitter({ ignoreEmbedded: true });
  const nodes: Array<{ node: MimeNode; part: GmailPayloadPart; chunks: Buffer[] }> = [];
  const byNode = new Map<MimeNode, (typeof nodes)[number]>();
  const source = Readable.from([Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8")]);
  for await (const chunk of source.pipe(splitter) as AsyncIterable<SplitterChunk>) {
    if (chunk.type === "node") {
      const parent = chunk.parentNode ? byNode.get(chunk.parentNode) : undefined;
      if (parent && !parent.part.parts) parent.part.parts = [];
      const siblings = parent?.part.parts ?? [];
      const partId = parent
        ? [parent.part.partId, String(siblings.length)].filter(Boolean).join(".")
        : "";
      const part: GmailPayloadPart = {
        partId,
        mimeType: chunk.contentType || "text/plain",
        filename: chunk.filename || "",
        headers: headersOf(chunk),
        body: { size: 0 },
      };
      siblings.push(part);
      const entry = { node: chunk, part, chunks: [] as Buffer[] };
      nodes.push(entry);
      byNode.set(chunk, entry);
    } else if (chunk.type === "body") {
      nodes.at(-1)?.chunks.push(chunk.value);
    } else if (chunk.type === "data" && nodes.length === 1) {
      // A multipart whose boundary never appears: its body is all there is, shown as text.
      nodes[0].chunks.push(chunk.value);
    }
  }
  for (const { node, part, chunks } of nodes) {
    if (node.multipart) {
      if (nodes.length === 1 && chunks.length) {
        const text = Buffer.concat(chunks);
        part.body = { size: text.length, data: text.toString("base64url") };
      }
      continue;
    }
    const content = await decode(node, chunks);
    part.body = { size: content.length, data: content.toString("base64url") };
  }
  const root = nodes[0]?.part;
  if (!root) throw new Error("empty message");
  return root;
}
