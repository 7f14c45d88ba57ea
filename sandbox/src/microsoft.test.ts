import { createHash } from "node:crypto";
import {
  Client,
  type ClientOptions,
  type Context,
  HTTPMessageHandler,
  type Middleware,
} from "@microsoft/microsoft-graph-client";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "./free-port";
import { MicrosoftSandbox } from "./microsoft";
import { outreachMime } from "./test-mime";

const CLIENT = { clientId: "ms-client-id", clientSecret: "ms-secret" };
const SEND = "https://graph.microsoft.com/Mail.Send";
const READ = "https://graph.microsoft.com/Mail.ReadWrite";

let app: FastifyInstance;
let microsoft: MicrosoftSandbox;
let origin: string;
let base: string;
interface HookBody {
  value: Array<{
    subscriptionId: string;
    clientState: string | null;
    changeType: string;
    resource: string;
    resourceData: { id: string };
  }>;
}
const hookCalls: Array<{ behaviour: string; body: HookBody }> = [];

beforeAll(async () => {
  const port = await freePort("127.0.0.1");
  origin = `http://127.0.0.1:${port}`;
  microsoft = new MicrosoftSandbox({ appUrl: origin, ...CLIENT });
  base = microsoft.base;
  app = Fastify();
  await app.register(microsoft.plugin, { prefix: "/__sandbox/microsoft" });
  // A notification endpoint as an app writes one: it echoes Graph's validation token (or
  // not, or fails), and keeps what it is sent.
  app.post("/hook/:behaviour", async (request, reply) => {
    const { behaviour } = request.params as { behaviour: string };
    const { validationToken } = request.query as { validationToken?: string };
    if (validationToken !== undefined) {
      if (behaviour === "wrong-echo") return reply.type("text/plain").send("something else");
      return reply.type("text/plain").send(validationToken);
    }
    hookCalls.push({ behaviour, body: request.body as HookBody });
    const attempts = hookCalls.filter((c) => c.behaviour === behaviour).length;
    if (behaviour === "fail-once" && attempts === 1) return reply.code(503).send();
    return reply.code(202).send();
  });
  await app.listen({ host: "127.0.0.1", port });
});
afterAll(() => app.close());

const form = (values: Record<string, string>) => ({
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(values).toString(),
});
const s256 = (v: string) => createHash("sha256").update(v).digest("base64url");
const redirectUri = () => `${origin}/api/auth/microsoft/callback`;

/** A post to the token endpoint (the client's id and secret unless the values name others). */
const postToken = (values: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/__sandbox/microsoft/common/oauth2/v2.0/token",
    ...form({ client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, ...values }),
  });
/** The consent page's answer: the app's authorization request plus the student's choices. */
const postConsent = (values: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: "/__sandbox/microsoft/common/oauth2/v2.0/authorize",
    ...form({
      client_id: CLIENT.clientId,
      redirect_uri: redirectUri(),
      response_type: "code",
      ...values,
    }),
  });

/** An access token for an address, through the token endpoint's refresh_token grant. */
async function accessTokenFor(email: string, scopes = ["offline_access", SEND, READ]) {
  const refreshToken = microsoft.grants.grantOffline(email, "Ada Student", scopes);
  const response = await postToken({ grant_type: "refresh_token", refresh_token: refreshToken });
  return response.json().access_token as string;
}

/** The message as sendMail takes it: base64 of the RFC 822 source, a resume attached. */
const mime = (input: { to: string; subject: string; messageId: string; inReplyTo?: string }) =>
  Buffer.from(outreachMime({ from: "ada@outlook.example", withResume: true, ...input })).toString(
    "base64",
  );

/**
 * The official Graph client. It adds the bearer token itself only for https Graph hosts, so a
 * first middleware adds it for the stand-in's http address; the rest is the client's own chain.
 */
const graphClient = (token: string) => {
  let next: Middleware | undefined;
  const bearer: Middleware = {
    async execute(context: Context) {
      const headers = new Headers(context.options?.headers as HeadersInit | undefined);
      headers.set("authorization", `Bearer ${token}`);
      context.options = { ...context.options, headers: Object.fromEntries(headers) };
      await next?.execute(context);
    },
    setNext(middleware: Middleware) {
      next = middleware;
    },
  };
  return Client.initWithMiddleware({
    baseUrl: `${base}/`,
    middleware: [bearer, new HTTPMessageHandler()],
  } as ClientOptions);
};

/** A link Graph answered, as the client's path (it takes full URLs only on https Graph hosts). */
const graphPath = (link: string) => link.slice(`${base}/v1.0`.length);

/** The control endpoint's list of what a mailbox sent, newest first. */
const sentFrom = async (address: string) =>
  (await app.inject({ url: `/__sandbox/microsoft/sent.json?from=${address}` })).json() as Array<{
    internet_message_id: string;
    conversation_id: string;
    [field: string]: unknown;
  }>;

/** sendMail with MIME through the official client. */
const sendMail = (client: ReturnType<typeof graphClient>, message: Parameters<typeof mime>[0]) =>
  client.api("/me/sendMail").header("Content-Type", "text/plain").post(mime(message));

describe("Microsoft identity platform stand-in", () => {
  it("shows Microsoft's error page for an unknown client or a foreign redirect URI", async () => {
    const unknown = await app.inject({
      url: `/__sandbox/microsoft/common/oauth2/v2.0/authorize?client_id=other&redirect_uri=${encodeURIComponent(redirectUri())}&response_type=code&scope=openid`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("AADSTS700016");
    const foreign = await app.inject({
      url: `/__sandbox/microsoft/common/oauth2/v2.0/authorize?client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent("https://evil.example/cb")}&response_type=code&scope=openid`,
    });
    expect(foreign.body).toContain("AADSTS50011");
  });

  it("exchanges a code only with its PKCE verifier, once, and refreshes with a new refresh token", async () => {
    const verifier = "v".repeat(43);
    const accept = (email: string) =>
      postConsent({
        scope: `openid email offline_access ${SEND} ${READ}`,
        state: "s1",
        code_challenge: s256(verifier),
        code_challenge_method: "S256",
        nonce: "n1",
        email,
        name: "Ada Student",
        decision: "accept",
      });
    const consent = await accept("Ada@Outlook.example");
    expect(consent.statusCode).toBe(302);
    const back = new URL(String(consent.headers.location));
    expect(back.searchParams.get("state")).toBe("s1");
    let code = back.searchParams.get("code") as string;
    const exchange = (codeVerifier: string) =>
      postToken({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri(),
        code_verifier: codeVerifier,
      });
    const wrong = await exchange("w".repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_grant", error_codes: [501481] });
    // The failed attempt used the code up, as Microsoft does: a second try is AADSTS54005.
    const again = await exchange(verifier);
    expect(again.json()).toMatchObject({ error: "invalid_grant", error_codes: [54005] });

    const second = await accept("ada@outlook.example");
    code = new URL(String(second.headers.location)).searchParams.get("code") as string;
    const granted = await exchange(verifier);
    expect(granted.statusCode).toBe(200);
    const tokens = granted.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", scope: expect.stringContaining(SEND) });
    const claims = JSON.parse(Buffer.from(tokens.id_token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({
      aud: CLIENT.clientId,
      nonce: "n1",
      email: "ada@outlook.example",
    });
    const refreshed = await postToken({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.json().refresh_token).toMatch(/^M\./);
    expect(refreshed.json().refresh_token).not.toBe(tokens.refresh_token);
  });

  it("answers a redeemed code's replay with AADSTS54005, and serves the OpenID discovery document", async () => {
    const consent = await postConsent({
      scope: `openid email offline_access ${SEND}`,
      state: "s2",
      email: "replay@outlook.example",
      name: "Ada Student",
      decision: "accept",
    });
    const code = new URL(String(consent.headers.location)).searchParams.get("code") as string;
    const redeem = () =>
      postToken({ grant_type: "authorization_code", code, redirect_uri: redirectUri() });
    expect((await redeem()).statusCode).toBe(200);
    const replay = await redeem();
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "invalid_grant", error_codes: [54005] });
    expect(replay.json().error_description).toMatch(
      /^AADSTS54005: OAuth2 Authorization code was already redeemed/,
    );

    for (const tenant of ["common", "9188040d-6c67-4c5b-b112-36a304b66dad"]) {
      const document = (
        await app.inject({
          url: `/__sandbox/microsoft/${tenant}/v2.0/.well-known/openid-configuration`,
          headers: { host: new URL(origin).host },
        })
      ).json();
      expect(document).toMatchObject({
        authorization_endpoint: `${base}/common/oauth2/v2.0/authorize`,
        token_endpoint: `${base}/common/oauth2/v2.0/token`,
        jwks_uri: `${base}/common/discovery/v2.0/keys`,
        issuer: `${base}/{tenantid}/v2.0`,
      });
      const keys = (await app.inject({ url: new URL(document.jwks_uri).pathname })).json();
      expect(keys.keys[0]).toMatchObject({ kty: "RSA" });
    }
  });

  it("answers access_denied to the app when the student cancels", async () => {
    const consent = await postConsent({ scope: "openid", state: "s2", decision: "cancel" });
    const back = new URL(String(consent.headers.location));
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("error_description")).toMatch(/^AADSTS65004/);
  });

  it("refuses a revoked refresh token with invalid_grant and a wrong secret with invalid_client", async () => {
    const refreshToken = microsoft.grants.grantOffline("gone@outlook.example", "Gone", [
      "offline_access",
    ]);
    microsoft.grants.revokeEmail("gone@outlook.example");
    const revoked = await postToken({ grant_type: "refresh_token", refresh_token: refreshToken });
    expect(revoked.statusCode).toBe(400);
    expect(revoked.json()).toMatchObject({ error: "invalid_grant", error_codes: [50173] });
    const badSecret = await postToken({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_secret: "nope",
    });
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json().error).toBe("invalid_client");
  });
});

describe("Microsoft Graph stand-in", () => {
  it("answers Graph's error shape: 401 InvalidAuthenticationToken, 403 without the scope", async () => {
    const none = await app.inject({ url: "/__sandbox/microsoft/v1.0/me/messages" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("InvalidAuthenticationToken");
    const sendOnly = await accessTokenFor("sendonly@outlook.example", ["offline_access", SEND]);
    const read = await app.inject({
      url: "/__sandbox/microsoft/v1.0/me/messages",
      headers: { authorization: `Bearer ${sendOnly}` },
    });
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe("ErrorAccessDenied");
  });

  it("takes sendMail with MIME from the official Graph client, keeps its Message-ID and threads a reply", async () => {
    const client = graphClient(await accessTokenFor("ada@outlook.example"));
    await sendMail(client, {
      to: "grace@bank.example",
      subject: "Hello",
      messageId: "<m1@reachout.example>",
    });
    const sent = await sentFrom("ADA@outlook.example");
    expect(sent[0]).toMatchObject({
      internet_message_id: "<m1@reachout.example>",
      from: "ada@outlook.example",
      to: "grace@bank.example",
      subject: "Hello",
      attachments: ["Ada_Resume.pdf"],
    });
    expect(sent[0].text).toContain("I'd love to talk");

    const found = await client
      .api("/me/messages")
      .filter("internetMessageId eq '<m1@reachout.example>'")
      .select("id,conversationId")
      .get();
    expect(found.value).toHaveLength(1);
    expect(found.value[0].conversationId).toBe(sent[0].conversation_id);

    // A follow-up answering it lands in the same conversation.
    await sendMail(client, {
      to: "grace@bank.example",
      subject: "Re: Hello",
      messageId: "<m2@reachout.example>",
      inReplyTo: "<m1@reachout.example>",
    });
    const conversation = await client
      .api("/me/messages")
      .filter(`conversationId eq '${sent[0].conversation_id}'`)
      .get();
    expect(
      conversation.value.map((m: { internetMessageId: string }) => m.internetMessageId),
    ).toEqual(["<m1@reachout.example>", "<m2@reachout.example>"]);
  });

  it("takes Graph's JSON sendMail from the official client, and serves a sent HTML part as sent", async () => {
    const client = graphClient(await accessTokenFor("json@outlook.example"));
    await client.api("/me/sendMail").post({
      message: {
        subject: "Coffee chat?",
        body: { contentType: "HTML", content: "<p>Hi <b>Grace</b>, coffee?</p>" },
        toRecipients: [{ emailAddress: { address: "Grace@Bank.example" } }],
        internetMessageHeaders: [{ name: "X-Reachout-Test", value: "kept" }],
      },
      saveToSentItems: true,
    });
    const [sent] = await sentFrom("json@outlook.example");
    expect(sent).toMatchObject({ to: "grace@bank.example", subject: "Coffee chat?" });
    const found = await client
      .api("/me/messages")
      .filter(`conversationId eq '${sent.conversation_id}'`)
      .get();
    const read = await client.api(`/me/messages/${found.value[0].id}`).get();
    expect(read.body).toEqual({ contentType: "html", content: "<p>Hi <b>Grace</b>, coffee?</p>" });
    // Graph takes only custom headers (X-) in JSON, and a recipient.
    await expect(
      client.api("/me/sendMail").post({
        message: {
          subject: "x",
          toRecipients: [{ emailAddress: { address: "g@bank.example" } }],
          internetMessageHeaders: [{ name: "Subject", value: "forged" }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "InvalidInternetMessageHeader" });
    await expect(
      client.api("/me/sendMail").post({ message: { subject: "nobody", toRecipients: [] } }),
    ).rejects.toMatchObject({ statusCode: 400, code: "ErrorInvalidRecipients" });

    // MIME with an HTML alternative: Graph serves that HTML, not a rebuilt text.
    await client
      .api("/me/sendMail")
      .header("Content-Type", "text/plain")
      .post(
        Buffer.from(
          [
            "From: json@outlook.example",
            "To: grace@bank.example",
            "Subject: Rich",
            "Message-ID: <rich1@reachout.example>",
            "MIME-Version: 1.0",
            'Content-Type: multipart/alternative; boundary="b"',
            "",
            "--b",
            "Content-Type: text/plain; charset=utf-8",
            "",
            "Plain words",
            "--b",
            "Content-Type: text/html; charset=utf-8",
            "",
            "<p>Rich <i>words</i></p>",
            "--b--",
            "",
          ].join("\r\n"),
        ).toString("base64"),
      );
    const rich = await client
      .api("/me/messages")
      .filter("internetMessageId eq '<rich1@reachout.example>'")
      .get();
    expect(rich.value[0].body.content).toBe("<p>Rich <i>words</i></p>");
  });

  it("writes paging links on the base the request came in on", async () => {
    const token = await accessTokenFor("pager@outlook.example");
    const answer = await app.inject({
      url: "/__sandbox/microsoft/v1.0/me/mailFolders/inbox/messages/delta",
      headers: { authorization: `Bearer ${token}`, host: "graph.mirror.example:8443" },
    });
    expect(answer.json()["@odata.deltaLink"]).toMatch(
      /^http:\/\/graph\.mirror\.example:8443\/__sandbox\/microsoft\/v1\.0\/me\/mailFolders\/inbox\/messages\/delta\?\$deltatoken=/,
    );
  });

  it("lists inbox changes through the delta query: a reply after the deltaLink, then nothing", async () => {
    const token = await accessTokenFor("bo@outlook.example");
    const client = graphClient(token);
    await sendMail(client, {
      to: "sam@fund.example",
      subject: "Hi Sam",
      messageId: "<b1@reachout.example>",
    });
    const first = await client.api("/me/mailFolders/inbox/messages/delta").get();
    expect(first.value).toEqual([]);
    const deltaLink = first["@odata.deltaLink"] as string;
    expect(deltaLink).toContain("$deltatoken=");

    const [sent] = await sentFrom("bo@outlook.example");
    const reply = await app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/reply",
      payload: { conversation_id: sent.conversation_id, text: "Happy to chat on Friday." },
    });
    expect(reply.statusCode).toBe(201);

    const changes = await client
      .api(graphPath(deltaLink))
      .header("Prefer", 'outlook.body-content-type="text"')
      .get();
    expect(changes.value).toHaveLength(1);
    expect(changes.value[0]).toMatchObject({
      conversationId: sent.conversation_id,
      body: { contentType: "text", content: "Happy to chat on Friday." },
    });
    const none = await client.api(graphPath(changes["@odata.deltaLink"])).get();
    expect(none.value).toEqual([]);

    // A lost sync state answers 410 SyncStateNotFound.
    await app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/delta/expire",
      payload: { email: "bo@outlook.example" },
    });
    const gone = await app.inject({
      url:
        new URL(changes["@odata.deltaLink"]).pathname + new URL(changes["@odata.deltaLink"]).search,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.code).toBe("SyncStateNotFound");
  });

  it("plays the fault queue: 429 with Retry-After sends nothing, 599 sends and answers 500", async () => {
    const token = await accessTokenFor("cy@outlook.example");
    await app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/faults",
      payload: { from: "cy@outlook.example", responses: [429, 599] },
    });
    const send = (id: string) =>
      app.inject({
        method: "POST",
        url: "/__sandbox/microsoft/v1.0/me/sendMail",
        headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
        payload: mime({
          to: "dee@bank.example",
          subject: "Hi",
          messageId: `<${id}@reachout.example>`,
        }),
      });
    const throttled = await send("c1");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers["retry-after"]).toBe("2");
    expect(throttled.json().error.code).toBe("ApplicationThrottled");
    const lost = await send("c2");
    expect(lost.statusCode).toBe(500);
    const ok = await send("c3");
    expect(ok.statusCode).toBe(202);
    const sent = await sentFrom("cy@outlook.example");
    expect(sent.map((m: { internet_message_id: string }) => m.internet_message_id).sort()).toEqual([
      "<c2@reachout.example>",
      "<c3@reachout.example>",
    ]);
    const bad = await app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/v1.0/me/sendMail",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
      payload: "not base64 at all!",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("ErrorMimeContentInvalidBase64String");
  });
});

describe("Microsoft Graph change notifications stand-in", () => {
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const subscription = (overrides: Record<string, unknown> = {}) => ({
    changeType: "created",
    notificationUrl: `${origin}/hook/echo`,
    resource: "me/mailFolders('inbox')/messages",
    expirationDateTime: inMinutes(3 * 24 * 60),
    clientState: "secret-client-state",
    ...overrides,
  });
  /** The Graph error the official client throws, as {statusCode, code, message}. */
  const refusal = async (call: Promise<unknown>) => {
    const error = (await call.then(
      () => null,
      (e: unknown) => e,
    )) as { statusCode: number; code: string; message: string } | null;
    if (!error) throw new Error("Graph accepted what it should refuse");
    return { statusCode: error.statusCode, code: error.code, message: error.message };
  };
  const sendTo = async (client: ReturnType<typeof graphClient>, id: string) => {
    await sendMail(client, {
      to: "grace@bank.example",
      subject: "Hi",
      messageId: `<${id}@reachout.example>`,
    });
    const sent = await sentFrom("dee@outlook.example");
    return sent.find((m) => m.internet_message_id === `<${id}@reachout.example>`);
  };

  it("creates a subscription after the validation handshake and notifies it when a reply arrives", async () => {
    const client = graphClient(await accessTokenFor("dee@outlook.example"));
    const created = await client.api("/subscriptions").post(subscription());
    expect(created).toMatchObject({
      id: expect.any(String),
      changeType: "created",
      resource: "me/mailFolders('inbox')/messages",
      clientState: "secret-client-state",
      applicationId: CLIENT.clientId,
      notificationUrl: `${origin}/hook/echo`,
    });
    expect(Date.parse(created.expirationDateTime)).toBeGreaterThan(Date.now());

    // Sending puts a message in Sent Items: not the inbox, so no notification.
    const sent = await sendTo(client, "d1");
    const reply = await app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/reply",
      payload: { conversation_id: sent?.conversation_id, text: "Sounds good." },
    });
    expect(reply.statusCode).toBe(201);
    await vi.waitFor(() => expect(hookCalls.filter((c) => c.behaviour === "echo")).toHaveLength(1));
    const [{ body }] = hookCalls.filter((c) => c.behaviour === "echo");
    expect(body.value).toEqual([
      expect.objectContaining({
        subscriptionId: created.id,
        clientState: "secret-client-state",
        changeType: "created",
        resource: expect.stringMatching(/^Users\/[0-9a-f-]{36}\/Messages\//),
        resourceData: expect.objectContaining({ id: reply.json().id }),
      }),
    ]);
    const listed = await client.api("/subscriptions").get();
    expect(listed.value.map((s: { id: string }) => s.id)).toContain(created.id);
    await client.api(`/subscriptions/${created.id}`).delete();
  });

  it("refuses a subscription whose endpoint does not echo the validation token", async () => {
    const client = graphClient(await accessTokenFor("eve@outlook.example"));
    const refused = await refusal(
      client
        .api("/subscriptions")
        .post(subscription({ notificationUrl: `${origin}/hook/wrong-echo` })),
    );
    expect(refused).toEqual({
      statusCode: 400,
      code: "InvalidRequest",
      message:
        "Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.",
    });
    const unreachable = await refusal(
      client.api("/subscriptions").post(subscription({ notificationUrl: `${origin}/nowhere` })),
    );
    expect(unreachable.code).toBe("InvalidRequest");
    expect((await client.api("/subscriptions").get()).value).toEqual([]);
  });

  it("refuses an expiry in the past or beyond 10080 minutes, an http endpoint off this machine, and a missing field", async () => {
    const client = graphClient(await accessTokenFor("fay@outlook.example"));
    const tooFar = await refusal(
      client.api("/subscriptions").post(subscription({ expirationDateTime: inMinutes(10_081) })),
    );
    expect(tooFar).toMatchObject({ statusCode: 400, code: "ExtensionError" });
    expect(tooFar.message).toContain("10080 minutes");
    const past = await refusal(
      client.api("/subscriptions").post(subscription({ expirationDateTime: inMinutes(-5) })),
    );
    expect(past).toMatchObject({ statusCode: 400, code: "ExtensionError" });
    const plainHttp = await refusal(
      client
        .api("/subscriptions")
        .post(
          subscription({ notificationUrl: "http://reachout.example/api/microsoft/notifications" }),
        ),
    );
    expect(plainHttp).toMatchObject({ statusCode: 400, code: "ValidationError" });
    const missing = await refusal(
      client.api("/subscriptions").post(subscription({ expirationDateTime: undefined })),
    );
    expect(missing).toMatchObject({ statusCode: 400, code: "InvalidRequest" });
    expect(missing.message).toContain("expirationDateTime");
  });

  it("renews by PATCH within the limit, deletes, and answers 404 for a deleted or another mailbox's subscription", async () => {
    const client = graphClient(await accessTokenFor("gil@outlook.example"));
    const created = await client.api("/subscriptions").post(subscription());
    const later = inMinutes(6 * 24 * 60);
    const renewed = await client
      .api(`/subscriptions/${created.id}`)
      .patch({ expirationDateTime: later });
    expect(renewed.id).toBe(created.id);
    expect(Date.parse(renewed.expirationDateTime)).toBe(Date.parse(later));
    const tooFar = await refusal(
      client.api(`/subscriptions/${created.id}`).patch({ expirationDateTime: inMinutes(20_000) }),
    );
    expect(tooFar.code).toBe("ExtensionError");

    const stranger = graphClient(await accessTokenFor("hal@outlook.example"));
    const foreign = await refusal(
      stranger.api(`/subscriptions/${created.id}`).patch({ expirationDateTime: later }),
    );
    expect(foreign).toMatchObject({ statusCode: 404, code: "ResourceNotFound" });

    await client.api(`/subscriptions/${created.id}`).delete();
    const gone = await refusal(
      client.api(`/subscriptions/${created.id}`).patch({ expirationDateTime: later }),
    );
    expect(gone).toMatchObject({ statusCode: 404, code: "ResourceNotFound" });
  });

  it("retries a notification the endpoint failed to take", async () => {
    const client = graphClient(await accessTokenFor("ivy@outlook.example"));
    await client
      .api("/subscriptions")
      .post(subscription({ notificationUrl: `${origin}/hook/fail-once`, resource: "me/messages" }));
    // "me/messages" watches every folder: the sent copy is notified too.
    await sendMail(client, {
      to: "jo@bank.example",
      subject: "Hi",
      messageId: "<i1@reachout.example>",
    });
    await vi.waitFor(
      () => expect(hookCalls.filter((c) => c.behaviour === "fail-once")).toHaveLength(2),
      { timeout: 5_000, interval: 100 },
    );
    const [first, again] = hookCalls.filter((c) => c.behaviour === "fail-once");
    expect(again.body.value[0].resourceData.id).toBe(first.body.value[0].resourceData.id);
  });
});
