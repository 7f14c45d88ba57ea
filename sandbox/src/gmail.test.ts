import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGmailSandbox } from "./gmail";
import { outreachMime } from "./test-mime";

const SEND = "https://www.googleapis.com/auth/gmail.send";
const READ = "https://www.googleapis.com/auth/gmail.readonly";
const tokens: Record<string, { email: string; name: string; scopes: string[] }> = {
  "tok-ada": { email: "ada@gmail.example", name: "Ada Student", scopes: [SEND, READ] },
  "tok-sendonly": { email: "bo@gmail.example", name: "Bo", scopes: [SEND] },
};

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  const gmail = createGmailSandbox({ google: { resolveAccessToken: (t) => tokens[t] ?? null } });
  await app.register(gmail.plugin, { prefix: "/gmail" });
});
afterAll(() => app.close());

const API = "/gmail/gmail/v1/users/me";
const auth = (token = "tok-ada") => ({ authorization: `Bearer ${token}` });

/** The message as messages.send takes it: base64url of the RFC 822 source. */
const rawMessage = (input: Omit<Parameters<typeof outreachMime>[0], "from">) =>
  Buffer.from(outreachMime({ from: "ada@gmail.example", ...input })).toString("base64url");

async function send(raw: string, threadId?: string, token = "tok-ada") {
  return app.inject({
    method: "POST",
    url: `${API}/messages/send`,
    headers: auth(token),
    payload: { raw, ...(threadId ? { threadId } : {}) },
  });
}

describe("Gmail stand-in", () => {
  it("refuses calls without a valid token (401) or without the needed scope (403)", async () => {
    const none = await app.inject({ url: `${API}/profile` });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.status).toBe("UNAUTHENTICATED");
    const sendOnly = await app.inject({
      url: `${API}/messages?q=x`,
      headers: auth("tok-sendonly"),
    });
    expect(sendOnly.statusCode).toBe(403);
    expect(sendOnly.json().error.errors[0].reason).toBe("insufficientPermissions");
  });

  it("sends a MIME message with its attachment and lists it in sent.json", async () => {
    const response = await send(
      rawMessage({
        to: "Grace Recruiter <grace@bank.example>",
        subject: "Hello from Ada",
        text: "Hi Grace,\nI'd love to talk.",
        messageId: "<m1@reachout.example>",
        withResume: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    const { id, threadId, labelIds } = response.json();
    expect(threadId).toBe(id);
    expect(labelIds).toEqual(["SENT"]);

    const sent = (await app.inject({ url: "/gmail/sent.json?from=ADA@gmail.example" })).json();
    expect(sent[0]).toMatchObject({
      id,
      thread_id: threadId,
      message_id: "<m1@reachout.example>",
      from: "ada@gmail.example",
      to: "grace@bank.example",
      subject: "Hello from Ada",
      attachments: ["Ada_Resume.pdf"],
    });
    expect(sent[0].text).toContain("I'd love to talk.");

    const full = (await app.inject({ url: `${API}/messages/${id}`, headers: auth() })).json();
    expect(full.payload.mimeType).toBe("multipart/mixed");
    expect(full.payload.parts[1].filename).toBe("Ada_Resume.pdf");
    const text = Buffer.from(full.payload.parts[0].body.data, "base64url").toString();
    expect(text).toContain("Hi Grace");
  });

  it("finds a message by rfc822msgid and answers an empty search without a messages key", async () => {
    const found = await app.inject({
      url: `${API}/messages?q=${encodeURIComponent("rfc822msgid:<m1@reachout.example>")}`,
      headers: auth(),
    });
    expect(found.json().messages).toHaveLength(1);
    const missing = await app.inject({
      url: `${API}/messages?q=${encodeURIComponent("rfc822msgid:nope@reachout.example")}`,
      headers: auth(),
    });
    expect(missing.json()).toEqual({ resultSizeEstimate: 0 });
  });

  it("threads a follow-up by threadId, refuses an unknown threadId with 404", async () => {
    const first = (
      await send(
        rawMessage({
          to: "lin@fund.example",
          subject: "Intro",
          text: "One",
          messageId: "<t1@r.example>",
        }),
      )
    ).json();
    const second = await send(
      rawMessage({
        to: "lin@fund.example",
        subject: "Re: Intro",
        text: "Two",
        messageId: "<t2@r.example>",
        inReplyTo: "<t1@r.example>",
      }),
      first.threadId,
    );
    expect(second.json().threadId).toBe(first.threadId);
    const unknown = await send(
      rawMessage({ to: "lin@fund.example", subject: "x", text: "x", messageId: "<t3@r.example>" }),
      "ffffffffffffffff",
    );
    expect(unknown.statusCode).toBe(404);

    const thread = (
      await app.inject({ url: `${API}/threads/${first.threadId}`, headers: auth() })
    ).json();
    expect(thread.messages.map((m: { id: string }) => m.id)).toEqual([first.id, second.json().id]);
  });

  it("delivers a recipient's reply into the thread and the history", async () => {
    const profile = (await app.inject({ url: `${API}/profile`, headers: auth() })).json();
    const sent = (
      await send(
        rawMessage({
          to: "kai@corp.example",
          subject: "Coffee?",
          text: "Hi Kai",
          messageId: "<r1@r.example>",
        }),
      )
    ).json();
    const reply = await app.inject({
      method: "POST",
      url: "/gmail/reply",
      payload: { thread_id: sent.threadId, text: "Happy to chat on Friday." },
    });
    expect(reply.statusCode).toBe(201);

    const thread = (
      await app.inject({ url: `${API}/threads/${sent.threadId}`, headers: auth() })
    ).json();
    const last = thread.messages.at(-1);
    expect(last.labelIds).toContain("INBOX");
    const header = (name: string) =>
      last.payload.headers.find((h: { name: string }) => h.name === name)?.value;
    expect(header("From")).toBe("kai@corp.example");
    expect(header("Subject")).toBe("Re: Coffee?");
    expect(header("In-Reply-To")).toBe("<r1@r.example>");

    const history = (
      await app.inject({
        url: `${API}/history?startHistoryId=${profile.historyId}`,
        headers: auth(),
      })
    ).json();
    const added = history.history.map(
      (h: { messagesAdded: Array<{ message: { id: string } }> }) => h.messagesAdded[0].message.id,
    );
    expect(added).toEqual([sent.id, reply.json().id]);
    const none = (
      await app.inject({
        url: `${API}/history?startHistoryId=${history.historyId}`,
        headers: auth(),
      })
    ).json();
    expect(none.history).toBeUndefined();

    await app.inject({
      method: "POST",
      url: "/gmail/history/expire",
      payload: { email: "ada@gmail.example" },
    });
    const expired = await app.inject({
      url: `${API}/history?startHistoryId=${profile.historyId}`,
      headers: auth(),
    });
    expect(expired.statusCode).toBe(404);
  });

  it("answers queued faults first: 429 and 500 store nothing, 599 stores then answers 500", async () => {
    const before = (await app.inject({ url: "/gmail/sent.json?from=ada@gmail.example" })).json()
      .length;
    await app.inject({
      method: "POST",
      url: "/gmail/faults",
      payload: { from: "ada@gmail.example", responses: [429, 403, 500, 599] },
    });
    const raw = rawMessage({
      to: "z@x.example",
      subject: "F",
      text: "F",
      messageId: "<f1@r.example>",
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(raw)).statusCode);
    expect(statuses).toEqual([429, 403, 500, 500, 200]);
    const after = (await app.inject({ url: "/gmail/sent.json?from=ada@gmail.example" })).json();
    // The 599 (accepted, answer lost) and the final 200 are both in the mailbox.
    expect(after.length - before).toBe(2);
  });
});
