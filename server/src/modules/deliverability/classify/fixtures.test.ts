import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gmailPayloadFromRaw } from "@reachout/sandbox";
import { describe, expect, it } from "vitest";
import { mailboxMessageOf } from "../../../integrations/microsoft-graph";
import { classifyMailboxMessage } from "../../emails";
import { factsOfGmail, readableText } from ".";

/**
 * The classifier on messages written in the shape of each family of mail system (Postfix, Exim,
 * Sendmail, qmail, OpenSMTPD, Exchange 2003–2019 and Office 365, Gmail, Google Workspace and
 * Groups, Yahoo, Amazon SES, Zoho, GMX, Mail.ru, carriers), success reports, automatic replies
 * and people's replies: `fixtures/expected.tsv` says what each is. Each is read as the sync reads
 * it: Gmail's API resource, and Outlook's (Graph: the headers and the body text only).
 */
const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const [head, ...rows] = readFileSync(path.join(folder, "expected.tsv"), "utf8")
  .trim()
  .split("\n")
  .map((line) => line.split("\t"));
const expected = rows.map((cells) =>
  Object.fromEntries(head.map((name, i) => [name, cells[i] ?? ""])),
) as Array<Record<"file" | "kind" | "cause" | "permanent" | "status" | "recipient", string>>;

async function asGmail(file: string) {
  const raw = readFileSync(path.join(folder, file), "utf8").replace(/\r?\n/g, "\r\n");
  const payload = await gmailPayloadFromRaw(raw);
  const date = Date.parse(payload.headers.find((h) => h.name === "Date")?.value ?? "");
  return { id: file, threadId: "t", internalDate: String(date), payload };
}

async function classify(file: string, provider: "gmail" | "outlook") {
  const gmail = await asGmail(file);
  const receivedAt = new Date(Number(gmail.internalDate));
  if (provider === "gmail") return classifyMailboxMessage(gmail, receivedAt).verdict;
  const outlook = mailboxMessageOf({
    id: file,
    conversationId: "t",
    receivedDateTime: receivedAt.toISOString(),
    internetMessageHeaders: gmail.payload.headers,
    body: { contentType: "text", content: readableText(factsOfGmail(gmail)) },
  });
  return classifyMailboxMessage(outlook, receivedAt).verdict;
}

describe("messages in each mail system's shape", () => {
  it("has at least 60 of them, each file listed", () => {
    expect(expected.length).toBeGreaterThanOrEqual(60);
    const files = readdirSync(folder).filter((name) => name.endsWith(".eml"));
    expect(files.sort()).toEqual(expected.map((e) => e.file).sort());
  });

  it.each(expected.map((e) => [e.file, e] as const))("%s (Gmail)", async (file, want) => {
    const verdict = await classify(file, "gmail");
    expect(verdict.kind).toBe(want.kind);
    if (!["bounce", "delay", "delivered"].includes(want.kind)) return;
    expect({
      cause: verdict.cause ?? "",
      permanent: String(verdict.permanent),
      status: verdict.status,
      recipient: verdict.recipient,
    }).toEqual({
      cause: want.cause,
      permanent: want.permanent,
      status: want.status,
      recipient: want.recipient,
    });
    expect(verdict.note).toContain(want.status);
    expect(verdict.sentence).toBeTruthy();
  });

  it.each(expected.map((e) => [e.file, e] as const))("%s (Outlook)", async (file, want) => {
    // Graph hands over no delivery-status part: the kind must still be right from the rest.
    const verdict = await classify(file, "outlook");
    expect(verdict.kind).toBe(want.kind);
  });
});
