import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auth, gmail, type gmail_v1 } from "@googleapis/gmail";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryAfterOf } from "../../src/integrations/gmail";
import { useTestApp } from "../helpers";
import { until } from "../until";

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

  it("threads as Gmail does: threadId, a reference into the thread and the Subject, all three", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    const send = async (
      subject: string,
      options: { threadId?: string; inReplyTo?: string; messageId?: string } = {},
    ) =>
      (
        await client.users.messages.send({
          userId: "me",
          requestBody: {
            raw: (
              await mime({
                from: email,
                to: "grace@firm.example",
                subject,
                text: "Hi",
                ...(options.messageId ? { messageId: options.messageId } : {}),
                ...(options.inReplyTo
                  ? { inReplyTo: options.inReplyTo, references: [options.inReplyTo] }
                  : {}),
              })
            ).toString("base64url"),
            ...(options.threadId ? { threadId: options.threadId } : {}),
          },
        })
      ).data;
    const first = await send("Coffee chat?", { messageId: `<first.${email}>` });
    const threadId = first.threadId ?? "";
    const reply = { threadId, inReplyTo: `<first.${email}>` };
    expect((await send("Re: Coffee chat?", reply)).threadId).toBe(threadId);
    expect((await send("Coffee chat?", reply)).threadId).toBe(threadId);
    // Any one missing starts a thread of its own.
    const otherSubject = await send("Something else entirely", reply);
    expect(otherSubject.threadId).toBe(otherSubject.id);
    const noReference = await send("Re: Coffee chat?", { threadId });
    expect(noReference.threadId).toBe(noReference.id);
    const noThreadId = await send("Re: Coffee chat?", { inReplyTo: `<first.${email}>` });
    expect(noThreadId.threadId).toBe(noThreadId.id);
    const thread = await client.users.threads.get({ userId: "me", id: threadId });
    expect(thread.data.messages).toHaveLength(3);
  });

  it("serves a bounce as it arrived (format=raw), decodes header words, and names the message's own type", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    const sent = await client.users.messages.send({
      userId: "me",
      requestBody: {
        raw: (
          await mime({
            from: email,
            to: "nobody@bounce.example",
            subject: "Café chat ☕",
            text: "Plain",
            html: "<p>Rich</p>",
          })
        ).toString("base64url"),
      },
    });
    const meta = await client.users.messages.get({
      userId: "me",
      id: sent.data.id ?? "",
      format: "metadata",
      metadataHeaders: ["Subject"],
    });
    expect(meta.data.payload?.mimeType).toBe("multipart/alternative");
    expect(meta.data.payload?.headers).toEqual([{ name: "Subject", value: "Café chat ☕" }]);

    const bounceId = await until("the bounce in the inbox", async () => {
      const inbox = await client.users.messages.list({ userId: "me", labelIds: ["INBOX"] });
      return inbox.data.messages?.[0]?.id;
    });
    const raw = await client.users.messages.get({ userId: "me", id: bounceId, format: "raw" });
    const text = Buffer.from(raw.data.raw ?? "", "base64url").toString("utf8");
    expect(text).toMatch(/Content-Type: multipart\/report/i);
    expect(text).toMatch(/message\/delivery-status/i);
    expect(text).toContain("nobody@bounce.example");
  });

  it("filters messages by labelIds and history by historyTypes and labelId", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    const start = (await client.users.getProfile({ userId: "me" })).data.historyId ?? "0";
    const sent = await client.users.messages.send({
      userId: "me",
      requestBody: {
        raw: (
          await mime({ from: email, to: "kai@corp.example", subject: "Hi", text: "Hi" })
        ).toString("base64url"),
      },
    });
    const sentList = await client.users.messages.list({ userId: "me", labelIds: ["SENT"] });
    expect(sentList.data.messages?.map((m) => m.id)).toEqual([sent.data.id]);
    const inbox = await client.users.messages.list({ userId: "me", labelIds: ["INBOX"] });
    expect(inbox.data.messages).toBeUndefined();

    const all = await client.users.history.list({ userId: "me", startHistoryId: start });
    expect(all.data.history?.length).toBe(1);
    const added = await client.users.history.list({
      userId: "me",
      startHistoryId: start,
      historyTypes: ["messageAdded"],
      labelId: "SENT",
    });
    expect(added.data.history?.length).toBe(1);
    const labels = await client.users.history.list({
      userId: "me",
      startHistoryId: start,
      historyTypes: ["labelAdded"],
    });
    expect(labels.data.history).toBeUndefined();
    const inboxOnly = await client.users.history.list({
      userId: "me",
      startHistoryId: start,
      labelId: "INBOX",
    });
    expect(inboxOnly.data.history).toBeUndefined();
    expect(
      (
        await statusOf(
          client.users.history.list({
            userId: "me",
            startHistoryId: start,
            historyTypes: ["everything"],
          }),
        )
      ).status,
    ).toBe(400);
  });

  it("refuses a rate-limited send in Gmail's words, with the time the app waits for", async () => {
    const { email, client } = await clientFor([SEND, READ]);
    await fetch(`${t.baseUrl}/__sandbox/gmail/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: email, responses: [429] }),
    });
    const raw = (
      await mime({ from: email, to: "g@firm.example", subject: "x", text: "x" })
    ).toString("base64url");
    let refusal: { status?: number; response?: { data?: unknown } } | undefined;
    try {
      await client.users.messages.send({ userId: "me", requestBody: { raw } });
    } catch (error) {
      refusal = error as typeof refusal;
    }
    const body = refusal?.response?.data as {
      error: { message: string; errors: Array<{ domain: string; reason: string }> };
    };
    expect(body.error.errors[0]).toMatchObject({
      domain: "usageLimits",
      reason: "rateLimitExceeded",
    });
    expect(body.error.message).toMatch(/Retry after \d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    const wait = retryAfterOf(new Response(null, { status: 429 }), body.error.message);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
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
