import { randomUUID } from "node:crypto";
// The explicit file: Node ESM (the bundled server) refuses directory imports.
import MailComposer from "nodemailer/lib/mail-composer/index.js";

export interface MimeInput {
  from: { name: string | null; address: string };
  to: { name: string; address: string };
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
  attachment?: { filename: string; content: Buffer; contentType: string } | null;
}

/** A Message-ID we choose before sending, so an unconfirmed send can be found again. */
export function newMessageId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `<${randomUUID()}@${/[a-z]/i.test(host) ? host : "reachout.local"}>`;
}

/** The RFC 822 message Gmail's users.messages.send takes (as `raw`). */
export async function buildMime(input: MimeInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: input.from.name
      ? { name: input.from.name, address: input.from.address }
      : input.from.address,
    to: { name: input.to.name, address: input.to.address },
    subject: input.subject,
    text: input.text,
    messageId: input.messageId,
    ...(input.inReplyTo ? { inReplyTo: input.inReplyTo } : {}),
    ...(input.references?.length ? { references: input.references } : {}),
    attachments: input.attachment ? [input.attachment] : [],
  });
  return composer.compile().build();
}
