import type { GmailMessage, GmailPart } from "../../../integrations/gmail";
import { htmlToText } from "../../../integrations/mailbox";

/** What the classifiers read of a message: its headers and its leaf parts as text. */
export interface MailFacts {
  headers: Array<{ name: string; value: string }>;
  /** Leaf parts in order (text/plain, message/delivery-status, text/rfc822-headers…). */
  parts: Array<{ mimeType: string; text: string }>;
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

/** The readable text: the first text/plain part, else text/html without its tags. */
export function readableText(facts: MailFacts): string {
  const plain = partText(facts, "text/plain");
  if (plain !== undefined) return plain;
  // Each block on its own line: the classifiers read the text line by line.
  return htmlToText(partText(facts, "text/html") ?? "", /<\/(p|div|tr)>/gi, "\n");
}

/** MailFacts of a message as Gmail's API answers it (format=full). */
export function factsOfGmail(message: GmailMessage): MailFacts {
  const parts: MailFacts["parts"] = [];
  const walk = (part: GmailPart | undefined) => {
    if (!part) return;
    if (part.parts?.length) {
      for (const child of part.parts) walk(child);
      return;
    }
    if (
      part.filename &&
      !/^(message|text)\/(delivery-status|rfc822-headers|rfc822)$/i.test(part.mimeType ?? "")
    ) {
      return; // an attachment: nothing to classify in it
    }
    const data = part.body?.data;
    parts.push({
      mimeType: (part.mimeType ?? "text/plain").toLowerCase(),
      text: data ? Buffer.from(data, "base64url").toString("utf8") : "",
    });
  };
  walk(message.payload);
  const headers = message.payload?.headers ?? [];
  const contentType =
    headers.find((h) => h.name.toLowerCase() === "content-type")?.value ??
    message.payload?.mimeType ??
    "text/plain";
  return { headers, parts, contentType };
}
