/**
 * Reading raw RFC 822 files the way the sync reads mail: each file becomes the resource the
 * mailbox provider answers (Gmail's API payload, or with `--as outlook` a Graph message: its
 * headers and its body text only) and goes through the sync's own classifier
 * (classifyMailboxMessage). Shared by `npm run classify:mail` and `npm run eval:mail`.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gmailPayloadFromRaw } from "@reachout/sandbox";
import { mailboxMessageOf } from "../integrations/microsoft-graph";
import { factsOfGmail, type InboundVerdict, readableText } from "../modules/deliverability";
import { classifyMailboxMessage } from "../modules/emails";

export type Provider = "gmail" | "outlook";

/** Every file under the paths given (folders recursively), sorted; dotfiles skipped. */
export function mailFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (target: string) => {
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const name of readdirSync(target).sort()) {
        if (!name.startsWith(".")) walk(path.join(target, name));
      }
    } else if (stat.isFile()) {
      out.push(target);
    }
  };
  for (const target of paths) walk(fromCaller(target));
  return out;
}

/** A path as the caller typed it: npm runs the workspace script in server/, not where it was called. */
export const fromCaller = (target: string) =>
  path.resolve(process.env.INIT_CWD ?? process.cwd(), target);

/** Mailbox files often have a leading "From " line (mbox) or bare LF line ends. */
function normalise(raw: Buffer): Buffer {
  let text = raw.toString("latin1");
  if (text.startsWith("From ")) text = text.slice(text.indexOf("\n") + 1);
  text = text.replace(/\r?\n/g, "\r\n");
  return Buffer.from(text, "latin1");
}

/** Classifies one raw message as the sync would for that provider. */
export async function classifyRaw(raw: Buffer, provider: Provider): Promise<InboundVerdict> {
  const payload = await gmailPayloadFromRaw(normalise(raw));
  const date = Date.parse(
    payload.headers.find((h) => h.name.toLowerCase() === "date")?.value ?? "",
  );
  const receivedAt = new Date(Number.isFinite(date) ? date : Date.now());
  const gmail = {
    id: "file",
    threadId: "file",
    internalDate: String(receivedAt.getTime()),
    payload,
  };
  if (provider === "gmail") return classifyMailboxMessage(gmail, receivedAt).verdict;
  // Graph gives the top-level headers and the body as text (Prefer: outlook.body-content-type).
  const facts = factsOfGmail(gmail);
  const outlook = mailboxMessageOf({
    id: "file",
    conversationId: "file",
    receivedDateTime: receivedAt.toISOString(),
    subject: payload.headers.find((h) => h.name.toLowerCase() === "subject")?.value ?? "",
    internetMessageHeaders: payload.headers,
    body: { contentType: "text", content: readableText(facts) },
  });
  return classifyMailboxMessage(outlook, receivedAt).verdict;
}

export function providerArg(args: string[]): Provider {
  const index = args.indexOf("--as");
  if (index < 0) return "gmail";
  const value = args[index + 1];
  if (value !== "gmail" && value !== "outlook") {
    throw new Error(`--as takes gmail or outlook, not ${value ?? "nothing"}`);
  }
  args.splice(index, 2);
  return value;
}
