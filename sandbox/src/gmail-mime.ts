import { Readable } from "node:stream";
import { Splitter } from "@zone-eu/mailsplit";
import libmime from "libmime";

/** One part of a Gmail API `Message.payload`, as Gmail builds it from the RFC 822 source. */
export interface GmailPayloadPart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Array<{ name: string; value: string }>;
  body: { size: number; data?: string };
  parts?: GmailPayloadPart[];
}

type SplitNode = {
  type: "node";
  root: boolean;
  parentNode: SplitNode | false;
  multipart: string | false;
  contentType: string | false;
  filename: string | false;
  headers: {
    getList(): Array<{ key: string; line: string }>;
    };
  getDecoder(): NodeJS.ReadWriteStream;
};
type SplitChunk = SplitNode | { type: "data" | "body"; value: Buffer };

function headersOf(node: SplitNode) {
  const headers: Array<{ name: string; value: string }> = [];
  for (const { line } of node.headers.getList()) {
    const colon = line.indexOf(":");
    // Unfolded and with encoded-words decoded, as Gmail's API answers header values.
    const value = line.slice(colon + 1).replace(/\r?\n[ \t]+/g, " ").trim();
    headers.push({ name: line.slice(0, colon).trim(), value: libmime.decodeWords(value) });
  }
  return headers;
}

async function decode(node: SplitNode, chunks: Buffer[]): Promise<Buffer> {
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
  const nodes: Array<{ node: SplitNode; part: GmailPayloadPart; chunks: Buffer[] }> = [];
  const byNode = new Map<SplitNode, (typeof nodes)[number]>();
  await new Promise<void>((resolve, reject) => {
    splitter.on("data", (chunk: SplitChunk) => {
      if (chunk.type === "node") {
        const parent = chunk.parentNode ? byNode.get(chunk.parentNode) : undefined;
        const siblings = parent ? (parent.part.parts ??= []) : [];
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
        const entry = { node: chunk, part, chunks: [] };
        nodes.push(entry);
        byNode.set(chunk, entry);
      } else if (chunk.type === "body") {
        nodes.at(-1)?.chunks.push(chunk.value);
      }
    });
    splitter.on("end", resolve);
    splitter.on("error", reject);
    Readable.from([Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8")]).pipe(splitter);
  });
  for (const { node, part, chunks } of nodes) {
    if (node.multipart) continue;
    const content = await decode(node, chunks);
    part.body = { size: content.length, data: content.toString("base64url") };
  }
  const root = nodes[0]?.part;
  if (!root) throw new Error("empty message");
  return root;
}
