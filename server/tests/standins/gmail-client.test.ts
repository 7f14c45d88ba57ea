import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auth, gmail, type gmail_v1 } from "@googleapis/gmail";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../helpers";

/**
 * The Gmail stand-in driven by Google's own client (@googleapis/gmail): it keeps the whole MIME
 * message and serves it back (format=raw and full, attachments), threads as Gmail does, and
 * refuses what Gmail refuses (malformed ids 400, missing scopes 403, unknown ids 404).
 */
const t = useTestApp();

/**
 * Google's clients take a host, not a path: this forwarder gives the stand-in (mounted under
 * /__sandbox/gmail) an origin of its own, as gmail.googleapis.com is.
 */
let gmailOrigin = "";
let forwarder: Server | undefined;
beforeAll(async () => {
  forwarder = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "content-length") {
          headers.set(name, value);
        }
      }
      const answer = await fetch(`${t.baseUrl}/__sandbox/gmail${request.url}`, {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => forwarder?.listen(0, "127.0.0.1", resolve));
  gmailOrigin = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  forwarder?.closeAllConnections();
  await new Promise((resolve) => forwarder?.close(resolve));
});

const SEND = "https://www.googleapis.com/auth/gmail.send";
const READ = "https://www.googleapis.com/auth/gmail.readonly";

let mailboxCount = 0;
async function clientFor(scopes: string[]) {
  const email = `standin.${Date.now()}.${mailboxCount++}@gmail.example`;
  const google = (
    t.deps.sandbox as unknown as { google: import("@reachout/sandbox").GoogleSandbox }
  ).google;
  const refreshToken = google.grants.grantOffline(email, "Ada Lovelace", [
    "openid",
    "email",
    ...scopes,
  ]);
  const { clientId, clientSecret } = t.deps.config.google;
  const response = await fetch(`${t.baseUrl}/__sandbox/google/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const { access_token: accessToken } = (await response.json()) as { access_token: string };
  const oauth = new auth.OAuth2();
  oauth.setCredentials({ access_token: accessToken });
  const client = gmail({ version: "v1", auth: oauth, rootUrl: gmailOrigin });
  return { email, client };
}

async function mime(options: Record<string, unknown>): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

/** The HTTP status of a failed client call. */
async function statusOf(call: Promise<unknown>): Promise<{ status: number; reason?: string }> {
  try {
    await call;
  } catch (error) {
    const e = error as { status?: number; response?: { status?: number; data?: unknown } };
    const data = e.response?.data as { error?: { errors?: Array<{ reason?: string }> } };
    return {
      status: e.status ?? e.response?.status ?? 0,
      reason: data?.error?.errors?.[0]?.reason,
    };
  }
  throw new Error("the call succeeded");
}

function findPart(
  part: gmail_v1.Schema$MessagePart | undefined,
  mimeType: string,
): gmail_v1.Schema$MessagePart | undefined {
  if (!part) return undefined;
  if (part.mimeType === mimeType) return part;
  for (const child of part.parts ?? []) {
    const found: gmail_v1.Schema$MessagePart | undefined = findPart(child, mimeType);
    if (found) return found;
  }
  return undefined;
}

describe("the Gmail stand-in through @googleapis/gmail", () => {
  it("keeps the whole MIME message: raw bytes, every header, the HTML part and attachments", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    const pdf = Buffer.from("%PDF-1.4 a resume\n%%EOF\n");
    const raw = await mime({
      from: email,
      to: "grace@firm.example",
      subject: "Coffee chat?",
      text: "Hi Grace, plain text.",
      html: "<p>Hi Grace, <b>HTML</b>.</p>",
      headers: { "X-Reachout-Test": "kept" },
      attachments: [{ filename: "Ada_Resume.pdf", content: pdf, contentType: "application/pdf" }],
    });
    const sent = await client.users.messages.send({
      userId: "me",
      requestBody: { raw: raw.toString("base64url") },
    });
    const id = sent.data.id ?? "";
    expect(id).toMatch(/^[0-9a-f]+$/);

    const asRaw = await client.users.messages.get({ userId: "me", id, format: "raw" });
    expect(Buffer.from(asRaw.data.raw ?? "", "base64url").equals(raw)).toBe(true);

    const full = await client.users.messages.get({ userId: "me", id, format: "full" });
    const headers = full.data.payload?.headers ?? [];
    expect(headers.find((h) => h.name === "X-Reachout-Test")?.value).toBe("kept");
    expect(headers.find((h) => h.name === "Subject")?.value).toBe("Coffee chat?");
    const html = findPart(full.data.payload, "text/html");
    expect(Buffer.from(html?.body?.data ?? "", "base64url").toString()).toBe(
      "<p>Hi Grace, <b>HTML</b>.</p>",
    );
    const attachmentPart = findPart(full.data.payload, "application/pdf");
    expect(attachmentPart?.filename).toBe("Ada_Resume.pdf");
    const attachment = await client.users.messages.attachments.get({
      userId: "me",
      messageId: id,
      id: attachmentPart?.body?.attachmentId ?? "",
    });
    expect(Buffer.from(attachment.data.data ?? "", "base64url").equals(pdf)).toBe(true);
  });

  it("keeps a thread for the same Subject or Re: it, and starts a new one for another", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    const send = async (subject: string, threadId?: string) =>
      (
        await client.users.messages.send({
          userId: "me",
          requestBody: {
            raw: (
              await mime({ from: email, to: "grace@firm.example", subject, text: "Hi" })
            ).toString("base64url"),
            ...(threadId ? { threadId } : {}),
          },
        })
      ).data;
    const first = await send("Coffee chat?");
    expect((await send("Re: Coffee chat?", first.threadId ?? "")).threadId).toBe(first.threadId);
    expect((await send("Coffee chat?", first.threadId ?? "")).threadId).toBe(first.threadId);
    const other = await send("Something else entirely", first.threadId ?? "");
    expect(other.threadId).not.toBe(first.threadId);
    expect(other.threadId).toBe(other.id);
    const thread = await client.users.threads.get({ userId: "me", id: first.threadId ?? "" });
    expect(thread.data.messages).toHaveLength(3);
  });

  it("answers 400 for malformed ids and 404 for unknown well-formed ones", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    expect(await statusOf(client.users.messages.get({ userId: "me", id: "not an id!" }))).toEqual({
      status: 400,
      reason: "invalidArgument",
    });
    expect((await statusOf(client.users.threads.get({ userId: "me", id: "ZZ-top" }))).status).toBe(
      400,
    );
    const raw = (
      await mime({ from: email, to: "g@firm.example", subject: "x", text: "x" })
    ).toString("base64url");
    expect(
      (
        await statusOf(
          client.users.messages.send({ userId: "me", requestBody: { raw, threadId: "t-1" } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await statusOf(client.users.messages.get({ userId: "me", id: "0123456789abcdef" }))).status,
    ).toBe(404);
    expect(
      (
        await statusOf(
          client.users.messages.get({ userId: "me", id: "0123456789abcdef", format: "html" }),
        )
      ).status,
    ).toBe(400);
  });

  it("answers 403 for a scope the token lacks", async () => {
    const sendOnly = await clientFor([SEND]);
    expect(await statusOf(sendOnly.client.users.messages.list({ userId: "me" }))).toEqual({
      status: 403,
      reason: "insufficientPermissions",
    });
    const readOnly = await clientFor([READ]);
    const raw = (
      await mime({ from: readOnly.email, to: "g@firm.example", subject: "x", text: "x" })
    ).toString("base64url");
    expect(
      await statusOf(readOnly.client.users.messages.send({ userId: "me", requestBody: { raw } })),
    ).toEqual({ status: 403, reason: "insufficientPermissions" });
  });
});
