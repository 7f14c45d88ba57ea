import type { GmailMessage, GmailPart } from "../../../integrations/gmail";
import { htmlToText } from "../../../integrations/mailbox";

/** What the classifiers read of a message: its headers and its leaf parts as text. */
export interface MailFacts {
  headers: Array<{ name: string; value: string }>;
  /**
   * Leaf parts in order (text/plain, message/delivery-status, text/rfc822-headers…). `returned`
   * marks the copy of the original email a report carries back (message/rfc822,
   * text/rfc822-headers and anything inside them): the report's own words are elsewhere.
   */
  parts: Array<{ mimeType: string; text: string; returned?: boolean }>;
  /** The top-level Content-Type, e.g. `multipart/report; report-type=delivery-status`. */
  contentType: string;
}

export function header(facts: Pick<MailFacts, "headers">, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return facts.headers.find((h) => h.name.toLowerCase() === wanted)?.value;
}

/** The first part of a type, or undefined. */
export const partText = (facts: MailFacts, mimeType: string) =>
  facts.parts.find((p) => p.mimeType.toLowerCase() === mimeType)?.text;

/** The first part of a type that is the message's own (not the returned original). */
const ownPartText = (facts: MailFacts, mimeType: string) =>
  facts.parts.find((p) => !p.returned && p.mimeType.toLowerCase() === mimeType)?.text;

/** The readable text: the first text/plain part, else text/html without its tags. */
export function readableText(facts: MailFacts): string {
  const plain = ownPartText(facts, "text/plain");
  if (plain !== undefined && plain.trim() !== "") return plain;
  // Each block on its own line: the classifiers read the text line by line.
  const html = ownPartText(facts, "text/html");
  if (html !== undefined) {
    const body = html.replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, "");
    return htmlToText(body, /<\/(p|div|tr|li|h\d|td)>/gi, "\n");
  }
  return plain ?? "";
}

/** The charset a part's Content-Type names, lowercased, or null. */
function charsetOf(headers: Array<{ name: string; value: string }> | undefined): string | null {
  const type = headers?.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "";
  return /charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase() ?? null;
}

/** A part's bytes as text in its own charset (ISO-2022-JP, KOI8-R, Windows-1252…), else UTF-8. */
function textOf(bytes: Buffer, charset: string | null): string {
  // Mislabelled mail is common (UTF-8 sent as ISO-2022-JP or Latin-1): valid UTF-8 is UTF-8.
  if (bytes.some((byte) => byte >= 0x80)) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      // Not UTF-8: the declared charset below.
    }
  }
  if (charset && !/^(utf-?8|us-ascii|ascii)$/.test(charset)) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // A charset this runtime does not know: read it as UTF-8, as before.
    }
  }
  return bytes.toString("utf8");
}

/** MailFacts of a message as Gmail's API answers it (format=full). */
export function factsOfGmail(message: GmailMessage): MailFacts {
  const parts: MailFacts["parts"] = [];
  const walk = (part: GmailPart | undefined, returned: boolean) => {
    if (!part) return;
    const inner =
      returned || /^(message\/(rfc822|global)|text\/rfc822-headers)$/i.test(part.mimeType ?? "");
    if (part.parts?.length) {
      for (const child of part.parts) walk(child, inner);
      return;
    }
    if (
      part.filename &&
      !/^(message|text)\/(delivery-status|rfc822-headers|rfc822)$/i.test(part.mimeType ?? "")
    ) {
      return; // an attachment: nothing to classify in it
    }
    const data = part.body?.data;
    // A multipart whose parts could not be split (a boundary that never appears) is its text.
    const mimeType = (part.mimeType ?? "text/plain").toLowerCase();
    parts.push({
      mimeType: mimeType.startsWith("multipart/") ? "text/plain" : mimeType,
      text: data ? textOf(Buffer.from(data, "base64url"), charsetOf(part.headers)) : "",
      ...(inner ? { returned: true } : {}),
    });
  };
  walk(message.payload, false);
  const headers = message.payload?.headers ?? [];
  const contentType =
    headers.find((h) => h.name.toLowerCase() === "content-type")?.value ??
    message.payload?.mimeType ??
    "text/plain";
  return { headers, parts, contentType };
}
