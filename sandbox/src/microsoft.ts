import { createHash, randomUUID } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { simpleParser } from "mailparser";
import { z } from "zod";
import { answerErrorsAs } from "./error-reply";
import { escapeHtml } from "./html";
import { headerFieldsOf, queueFaults, takeSendFault } from "./mail-sending";
import { answerAutomatically } from "./microsoft-automatic";
import {
  baseOf,
  identityError,
  MicrosoftIdentity,
  type MicrosoftSandboxOptions,
  objectIdFor,
  TENANT_ID,
} from "./microsoft-identity";
import {
  type GraphMailbox,
  GraphStore,
  type GraphStoredMessage,
  graphConversationId,
} from "./microsoft-store";
import { GraphFault, GraphSubscriptions } from "./microsoft-subscriptions";
import { acceptForms } from "./oauth-form";
import { randomId } from "./token-issuer";

export type { MicrosoftSandboxOptions } from "./microsoft-identity";

const GRAPH = "https://graph.microsoft.com/";
const SEND_SCOPES = ["Mail.Send"];
const READ_SCOPES = ["Mail.Read", "Mail.ReadWrite", "Mail.ReadBasic"];
const RAW_BODY_LIMIT = 50 * 1024 * 1024;

/** "Mail.Send" for both "Mail.Send" and "https://graph.microsoft.com/Mail.Send". */
const shortScope = (scope: string) =>
  scope.toLowerCase().startsWith(GRAPH) ? scope.slice(GRAPH.length) : scope;

/** A message to send, read from Graph's JSON or from MIME. */
interface OutgoingMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  fromName: string;
  internetMessageId?: string;
  references: string[];
  headers: Array<{ name: string; value: string }>;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

async function mimeMessageOf(raw: Buffer): Promise<OutgoingMessage> {
  const parsed = await simpleParser(raw);
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
    .flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ""))
    .filter(Boolean);
  const references = [
    parsed.inReplyTo,
    ...(Array.isArray(parsed.references)
      ? parsed.references
      : parsed.references
        ? [parsed.references]
        : []),
  ].filter(Boolean) as string[];
  return {
    to,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : undefined,
    fromName: parsed.from?.value[0]?.name ?? "",
    internetMessageId: parsed.messageId,
    references,
    headers: headerFieldsOf(parsed),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? "attachment",
      contentType: a.contentType,
      size: a.size,
    })),
  };
}

const GraphRecipient = z.object({
  emailAddress: z.object({ address: z.string(), name: z.string().optional() }),
});
const GraphJsonMail = z.object({
  message: z.object({
    subject: z.string().optional(),
    body: z
      .object({ contentType: z.enum(["text", "html", "Text", "HTML"]), content: z.string() })
      .optional(),
    toRecipients: z.array(GraphRecipient).optional(),
    internetMessageId: z.string().optional(),
    internetMessageHeaders: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  }),
  saveToSentItems: z.union([z.boolean(), z.string()]).optional(),
});

/** Graph's documented sendMail body: `{ message: { subject, body, toRecipients }, saveToSentItems }`. */
function jsonMessageOf(body: unknown): OutgoingMessage | { error: [string, string] } {
  const read = GraphJsonMail.safeParse(body);
  if (!read.success) {
    return { error: ["ErrorInvalidRequest", "Empty Payload. JSON content expected."] };
  }
  const { message } = read.data;
  // Graph takes only custom headers here: names starting X- or x-.
  const custom = message.internetMessageHeaders ?? [];
  const notCustom = custom.find((h) => !/^x-/i.test(h.name));
  if (notCustom) {
    return {
      error: [
        "InvalidInternetMessageHeader",
        `The internet message header name '${notCustom.name}' should start with 'x-' or 'X-'.`,
      ],
    };
  }
  const html =
    message.body && /^html$/i.test(message.body.contentType) ? message.body.content : undefined;
  const text = message.body
    ? html !== undefined
      ? html
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
      : message.body.content
    : "";
  return {
    to: (message.toRecipients ?? []).map((r) => r.emailAddress.address.toLowerCase()),
    subject: message.subject ?? "",
    text,
    html,
    fromName: "",
    internetMessageId: message.internetMessageId,
    references: [],
    headers: [...custom, { name: "Subject", value: message.subject ?? "" }],
    attachments: [],
  };
}

/** Microsoft Graph's error body. */
function graphError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({
    error: {
      code,
      message,
      innerError: {
        date: new Date().toISOString().slice(0, 19),
        "request-id": randomUUID(),
        "client-request-id": randomUUID(),
      },
    },
  });
}

const recipient = (address: string, name = "") => ({ emailAddress: { name, address } });

/** The Graph `message` resource. */
function messageResource(m: GraphStoredMessage, preferText: boolean) {
  return {
    "@odata.etag": `W/"${createHash("sha1").update(m.id).digest("base64").slice(0, 20)}"`,
    id: m.id,
    createdDateTime: `${new Date(m.receivedAt).toISOString().slice(0, 19)}Z`,
    receivedDateTime: `${new Date(m.receivedAt).toISOString().slice(0, 19)}Z`,
    sentDateTime: `${new Date(m.receivedAt).toISOString().slice(0, 19)}Z`,
    hasAttachments: m.attachments.length > 0,
    internetMessageId: m.internetMessageId,
    subject: m.subject,
    bodyPreview: m.text.replace(/\s+/g, " ").trim().slice(0, 255),
    parentFolderId: m.folder === "inbox" ? "AQMkAGInbox" : "AQMkAGSentItems",
    conversationId: m.conversationId,
    isRead: m.folder === "sentitems",
    isDraft: false,
    body: preferText
      ? { contentType: "text", content: m.text }
      : {
          contentType: "html",
          // The HTML part as it was sent; a text-only message is wrapped as Exchange does.
          content:
            m.html ?? `<html><body>${escapeHtml(m.text).replace(/\n/g, "<br>")}</body></html>`,
        },
    from: recipient(m.from.address, m.from.name),
    sender: recipient(m.from.address, m.from.name),
    toRecipients: m.to.map((address) => recipient(address)),
    internetMessageHeaders: m.headers,
  };
}

/** Picks the fields a `$select` names (id always comes). */
function selected(resource: Record<string, unknown>, select: string | undefined) {
  if (!select) {
    const { internetMessageHeaders: _headers, ...rest } = resource;
    return rest;
  }
  const wanted = new Set(["id", "@odata.etag", ...select.split(",").map((s) => s.trim())]);
  return Object.fromEntries(Object.entries(resource).filter(([key]) => wanted.has(key)));
}

/**
 * Microsoft identity platform (OAuth 2.0 authorization code with PKCE, refresh tokens) and the
 * Microsoft Graph mail subset Reachout uses: sendMail with MIME, messages by internetMessageId
 * or conversationId, one message, and the inbox delta query. Mounted under /__sandbox/microsoft.
 */
/**
 * The Microsoft stand-in: Graph v1.0's mail subset (sendMail, messages, delta, change
 * subscriptions) over the identity platform of microsoft-identity.ts, and the controls tests use.
 */
export class MicrosoftSandbox {
  /** Sign-in, tokens and their grants (tests grant offline access and revoke it there). */
  readonly identity: MicrosoftIdentity;
  /** Change-notification subscriptions; every message added to a mailbox is offered to them. */
  readonly subscriptions: GraphSubscriptions;
  readonly store = new GraphStore((mailbox, message) =>
    this.subscriptions.notify(mailbox, message),
  );
  readonly base: string;

  constructor(options: MicrosoftSandboxOptions) {
    this.identity = new MicrosoftIdentity(options);
    this.base = this.identity.base;
    this.subscriptions = new GraphSubscriptions({
      applicationId: options.clientId,
      tenantId: TENANT_ID,
      objectIdFor,
    });
  }

  /** Codes, refresh and access tokens of the identity platform. */
  get grants() {
    return this.identity.grants;
  }

  /** Lifetime of the access tokens the identity platform issues from now on. */
  get accessTokenTtlSeconds(): number {
    return this.identity.accessTokenTtlSeconds;
  }
  set accessTokenTtlSeconds(seconds: number) {
    this.identity.accessTokenTtlSeconds = seconds;
  }

  /** The mailbox of the bearer token, or the Graph error answered (401, or 403 for a scope). */
  private authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    scopes: string[],
  ): GraphMailbox | null {
    const header = request.headers.authorization ?? "";
    const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
    if (!token) {
      graphError(reply, 401, "InvalidAuthenticationToken", "Access token is empty.");
      return null;
    }
    const grant = this.grants.resolveAccessToken(token);
    if (!grant) {
      graphError(
        reply,
        401,
        "InvalidAuthenticationToken",
        "Lifetime validation failed, the token is expired.",
      );
      return null;
    }
    const granted = grant.scopes.map((s) => shortScope(s).toLowerCase());
    if (!scopes.some((s) => granted.includes(s.toLowerCase()))) {
      graphError(
        reply,
        403,
        "ErrorAccessDenied",
        "Access is denied. Check credentials and try again.",
      );
      return null;
    }
    return this.store.mailbox(grant.email);
  }

  private async sendMail(request: FastifyRequest, reply: FastifyReply) {
    const mailbox = this.authorize(request, reply, SEND_SCOPES);
    if (!mailbox) return reply;
    const type = String(request.headers["content-type"] ?? "");
    // Graph takes the message as JSON (its documented form) or as base64 MIME in text/plain.
    const asJson = type.startsWith("application/json");
    if (!asJson && !type.startsWith("text/plain")) {
      return graphError(
        reply,
        400,
        "ErrorInvalidRequest",
        "Your request can't be completed. A MIME message must be sent base64-encoded with Content-Type text/plain.",
      );
    }
    let message: OutgoingMessage;
    if (asJson) {
      const read = jsonMessageOf(request.body);
      if ("error" in read) return graphError(reply, 400, read.error[0], read.error[1]);
      message = read;
    } else {
      const text = typeof request.body === "string" ? request.body.replace(/\s+/g, "") : "";
      if (!text || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
        return graphError(
          reply,
          400,
          "ErrorMimeContentInvalidBase64String",
          "Invalid base64 string for MIME content.",
        );
      }
      message = await mimeMessageOf(Buffer.from(text, "base64"));
    }
    const fault = takeSendFault(mailbox, reply, (status) => {
      if (status === 429) {
        reply.header("retry-after", "2");
        return graphError(
          reply,
          429,
          "ApplicationThrottled",
          "Application is over its MailboxConcurrency limit.",
        );
      }
      if (status === 401) {
        return graphError(
          reply,
          401,
          "InvalidAuthenticationToken",
          "Access token has expired or is not yet valid.",
        );
      }
      return graphError(reply, status, status === 503 ? "ServiceUnavailable" : "UnknownError", "");
    });
    if (fault.refused) return fault.answer;
    if (message.to.length === 0) {
      return graphError(
        reply,
        400,
        "ErrorInvalidRecipients",
        "At least one recipient isn't valid., Recipient is not valid.",
      );
    }
    // Exchange keeps a reply in the conversation of the message it answers.
    const earlier = message.references.map((ref) => mailbox.byInternetMessageId(ref)).find(Boolean);
    const stored = mailbox.add({
      conversationId: earlier?.conversationId ?? graphConversationId(),
      internetMessageId: message.internetMessageId ?? `<${randomId(12)}@outlook.example>`,
      folder: "sentitems",
      // Exchange sends from the signed-in mailbox whatever From the message names.
      from: { name: message.fromName, address: mailbox.address },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      attachments: message.attachments,
    });
    answerAutomatically(mailbox, stored);
    if (fault.failAfterStoring) return graphError(reply, 500, "UnknownError", "");
    return reply.code(202).send();
  }

  /** The delta link or next link's state, or null when the token is not one of ours. */
  private readToken(value: string): { a: string; s: number; o?: number; t?: number } | null {
    try {
      const state = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
      return typeof state?.a === "string" && Number.isInteger(state?.s) ? state : null;
    } catch {
      return null;
    }
  }

  private delta(request: FastifyRequest, reply: FastifyReply) {
    const mailbox = this.authorize(request, reply, READ_SCOPES);
    if (!mailbox) return reply;
    const query = request.query as Record<string, string | undefined>;
    const link = query.$deltatoken ?? query.$skiptoken;
    let since = 0;
    let offset = 0;
    let target = mailbox.seq;
    if (link !== undefined) {
      const state = this.readToken(link);
      if (!state || state.a !== mailbox.address) {
        return graphError(reply, 400, "ErrorInvalidUrlQuery", "The delta token is not valid.");
      }
      if (state.s < mailbox.oldestValidSeq) {
        return graphError(
          reply,
          410,
          "SyncStateNotFound",
          "The sync state generation is not found. Perform a full sync to get a new delta token.",
        );
      }
      since = state.s;
      offset = state.o ?? 0;
      target = state.t ?? mailbox.seq;
    }
    const prefer = String(request.headers.prefer ?? "");
    const size = Math.min(
      Math.max(Number(/odata\.maxpagesize=(\d+)/.exec(prefer)?.[1]) || 10, 1),
      1000,
    );
    const preferText = /outlook\.body-content-type="?text/.test(prefer);
    const changed = mailbox.messages.filter(
      (m) => m.folder === "inbox" && m.seq > since && m.seq <= target,
    );
    const pageItems = changed.slice(offset, offset + size);
    // Paging links follow the base the request came in on, as Graph's do.
    const url = `${baseOf(request)}/v1.0/me/mailFolders/inbox/messages/delta`;
    const token = (state: object) => Buffer.from(JSON.stringify(state)).toString("base64url");
    const more = offset + size < changed.length;
    return {
      "@odata.context": `${this.base}/v1.0/$metadata#Collection(message)`,
      value: pageItems.map((m) => selected(messageResource(m, preferText), query.$select)),
      ...(more
        ? {
            "@odata.nextLink": `${url}?$skiptoken=${token({ a: mailbox.address, s: since, o: offset + size, t: target })}`,
          }
        : { "@odata.deltaLink": `${url}?$deltatoken=${token({ a: mailbox.address, s: target })}` }),
    };
  }

  /** Mounted under /__sandbox/microsoft. */
  readonly plugin: FastifyPluginAsync = async (app) => {
    const formOf = acceptForms(app);
    // Malformed input answers in the shape of the endpoint's service: the identity platform's
    // AADSTS body (900144: a malformed request) or Graph's BadRequest, never a 500.
    answerErrorsAs(app, (reply, status, message, url) => {
      if (url.includes("/oauth2/")) {
        const isServer = status >= 500;
        return reply
          .code(status)
          .send(
            identityError(
              isServer ? "server_error" : "invalid_request",
              isServer ? 90033 : 900144,
              message,
            ),
          );
      }
      return graphError(
        reply,
        status,
        status >= 500
          ? "InternalServerError"
          : status === 400
            ? "BadRequest"
            : "ErrorInvalidRequest",
        message,
      );
    });
    // Graph's sendMail takes the MIME message as base64 text.
    app.addContentTypeParser(
      "text/plain",
      { parseAs: "string", bodyLimit: RAW_BODY_LIMIT },
      (_request, body, done) => done(null, String(body)),
    );

    this.identity.routes(app, formOf);

    // ---- Microsoft Graph v1.0 (the mail subset) ----
    app.get("/v1.0/me", async (request, reply) => {
      const mailbox = this.authorize(request, reply, ["User.Read"]);
      if (!mailbox) return reply;
      return {
        "@odata.context": `${this.base}/v1.0/$metadata#users/$entity`,
        id: objectIdFor(mailbox.address),
        mail: mailbox.address,
        userPrincipalName: mailbox.address,
      };
    });

    app.post("/v1.0/me/sendMail", (request, reply) => this.sendMail(request, reply));

    app.get("/v1.0/me/messages", async (request, reply) => {
      const mailbox = this.authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const query = request.query as Record<string, string | undefined>;
      const filter = (query.$filter ?? "").trim();
      let found = [...mailbox.messages];
      if (filter) {
        const match = /^(internetMessageId|conversationId) eq '((?:[^']|'')*)'$/.exec(filter);
        if (!match) {
          return graphError(
            reply,
            400,
            "ErrorInvalidUrlQueryFilter",
            "The sandbox supports only $filter=internetMessageId eq '…' or conversationId eq '…'.",
          );
        }
        const value = match[2].replace(/''/g, "'");
        found =
          match[1] === "internetMessageId"
            ? found.filter((m) => m.internetMessageId === value)
            : found.filter((m) => m.conversationId === value);
      }
      const preferText = /outlook\.body-content-type="?text/.test(
        String(request.headers.prefer ?? ""),
      );
      const top = Math.min(Math.max(Number(query.$top) || 10, 1), 1000);
      return {
        "@odata.context": `${this.base}/v1.0/$metadata#users('me')/messages`,
        value: found
          .sort((a, b) => a.receivedAt - b.receivedAt)
          .slice(0, top)
          .map((m) => selected(messageResource(m, preferText), query.$select)),
      };
    });

    app.get("/v1.0/me/messages/:id", async (request, reply) => {
      const mailbox = this.authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const { id } = request.params as { id: string };
      const message = mailbox.messages.find((m) => m.id === id);
      if (!message) {
        return graphError(
          reply,
          404,
          "ErrorItemNotFound",
          "The specified object was not found in the store.",
        );
      }
      const preferText = /outlook\.body-content-type="?text/.test(
        String(request.headers.prefer ?? ""),
      );
      const { $select } = request.query as { $select?: string };
      return selected(messageResource(message, preferText), $select);
    });

    app.get("/v1.0/me/mailFolders/inbox/messages/delta", async (request, reply) =>
      this.delta(request, reply),
    );

    // Change notifications: subscriptions to the signed-in mailbox's messages.
    const subscriptionCall =
      (act: (mailbox: GraphMailbox, request: FastifyRequest, reply: FastifyReply) => unknown) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const mailbox = this.authorize(request, reply, READ_SCOPES);
        if (!mailbox) return reply;
        try {
          return await act(mailbox, request, reply);
        } catch (error) {
          if (!(error instanceof GraphFault)) throw error;
          return graphError(reply, error.status, error.code, error.message);
        }
      };
    const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
    app.post(
      "/v1.0/subscriptions",
      subscriptionCall(async (mailbox, request, reply) => {
        const created = await this.subscriptions.create(mailbox.address, request.body);
        return reply.code(201).send(this.subscriptions.resource(created, this.base));
      }),
    );
    app.get(
      "/v1.0/subscriptions",
      subscriptionCall((mailbox) => ({
        "@odata.context": `${this.base}/v1.0/$metadata#subscriptions`,
        value: this.subscriptions
          .list(mailbox.address)
          .map((s) => this.subscriptions.resource(s, this.base)),
      })),
    );
    app.get(
      "/v1.0/subscriptions/:id",
      subscriptionCall((mailbox, request) =>
        this.subscriptions.resource(
          this.subscriptions.get(mailbox.address, idOf(request)),
          this.base,
        ),
      ),
    );
    app.patch(
      "/v1.0/subscriptions/:id",
      subscriptionCall(async (mailbox, request) =>
        this.subscriptions.resource(
          await this.subscriptions.update(mailbox.address, idOf(request), request.body),
          this.base,
        ),
      ),
    );
    app.delete(
      "/v1.0/subscriptions/:id",
      subscriptionCall((mailbox, request, reply) => {
        this.subscriptions.remove(mailbox.address, idOf(request));
        return reply.code(204).send();
      }),
    );

    // ---- Controls for tests and demos (not part of Microsoft's services) ----

    /** A mailbox's live change-notification subscriptions. */
    app.get("/subscriptions.json", async (request, reply) => {
      const { address } = request.query as { address?: string };
      if (!address?.includes("@")) return reply.code(400).send({ detail: "address is required" });
      return this.subscriptions.list(address.trim().toLowerCase()).map((s) => ({
        id: s.id,
        resource: s.resource,
        change_type: s.changeTypes.join(","),
        notification_url: s.notificationUrl,
        expires_at: new Date(s.expiresAt).toISOString(),
      }));
    });

    app.get("/sent.json", async (request) => {
      const { from } = request.query as { from?: string };
      const wanted = from?.trim().toLowerCase();
      return this.store
        .all()
        .filter((mailbox) => !wanted || mailbox.address === wanted)
        .flatMap((mailbox) =>
          mailbox.messages
            .filter((m) => m.folder === "sentitems")
            .map((m) => ({
              id: m.id,
              conversation_id: m.conversationId,
              internet_message_id: m.internetMessageId,
              from: mailbox.address,
              to: m.to.join(", "),
              subject: m.subject,
              text: m.text,
              attachments: m.attachments.map((a) => a.filename),
              sent_at: new Date(m.receivedAt).toISOString(),
            })),
        )
        .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
    });

    app.post("/reply", async (request, reply) => {
      const { conversation_id: conversationId, text } = (request.body ?? {}) as {
        conversation_id?: unknown;
        text?: unknown;
      };
      if (typeof conversationId !== "string" || typeof text !== "string" || !text.trim()) {
        return reply.code(400).send({ detail: "conversation_id and text are required" });
      }
      const found = this.store.findConversation(conversationId);
      const last = found?.messages.filter((m) => m.folder === "sentitems").at(-1);
      if (!found || !last) {
        return reply.code(404).send({ detail: "No sent message in that conversation" });
      }
      const previous = found.messages.at(-1) ?? last;
      const messageId = `<${randomId(16)}@mail.recipient.example>`;
      const subject = /^re:/i.test(last.subject) ? last.subject : `RE: ${last.subject}`;
      const from = last.to[0] ?? "";
      const stored = found.mailbox.add({
        conversationId,
        internetMessageId: messageId,
        folder: "inbox",
        from: { name: "", address: from },
        to: [found.mailbox.address],
        subject,
        text,
        headers: [
          { name: "From", value: from },
          { name: "To", value: found.mailbox.address },
          { name: "Subject", value: subject },
          { name: "Message-ID", value: messageId },
          { name: "In-Reply-To", value: previous.internetMessageId },
          { name: "References", value: previous.internetMessageId },
          { name: "Content-Type", value: 'text/plain; charset="utf-8"' },
        ],
        attachments: [],
      });
      return reply.code(201).send({
        id: stored.id,
        conversation_id: conversationId,
        internet_message_id: stored.internetMessageId,
      });
    });

    app.post(
      "/faults",
      queueFaults((from) => this.store.mailbox(from)),
    );

    app.post("/revoke", async (request, reply) => {
      const { email } = (request.body ?? {}) as { email?: unknown };
      if (typeof email !== "string" || !email.includes("@")) {
        return reply.code(400).send({ detail: "email is required" });
      }
      this.grants.revokeEmail(email);
      return { revoked: email.toLowerCase() };
    });

    /** Ends the life of current access tokens (all, or one address's): the next call refreshes. */
    app.post("/expire", async (request) => {
      const { email } = (request.body ?? {}) as { email?: unknown };
      this.grants.expireAccessTokens(typeof email === "string" ? email : undefined);
      return { expired: typeof email === "string" ? email.toLowerCase() : "all" };
    });

    /** Makes every delta token so far too old (410 SyncStateNotFound), as after a long pause. */
    app.post("/delta/expire", async (request, reply) => {
      const { email } = (request.body ?? {}) as { email?: unknown };
      if (typeof email !== "string" || !email.includes("@")) {
        return reply.code(400).send({ detail: "email is required" });
      }
      const mailbox = this.store.mailbox(email);
      mailbox.oldestValidSeq = mailbox.seq + 1;
      return { email: mailbox.address };
    });
  };
}
