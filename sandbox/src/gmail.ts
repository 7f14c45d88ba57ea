import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { simpleParser } from "mailparser";
import { answerErrorsAs } from "./error-reply";
import { answerAutomatically } from "./gmail-automatic";
import { decodedHeaderValue } from "./gmail-mime";
import { createPushPublisher, type GmailPushOptions, TOPIC_PATTERN } from "./gmail-push";
import {
  type GmailMailbox,
  GmailStore,
  type GmailStoredMessage,
  gmailId,
  isGmailId,
  normalizeSubject,
  stripBrackets,
} from "./gmail-store";
import { headerFieldsOf, queueFaults, takeSendFault } from "./mail-sending";

/** What the Gmail stand-in needs from the Google stand-in: who an access token belongs to. */
export interface AccessTokenResolver {
  resolveAccessToken(token: string): { email: string; name: string; scopes: string[] } | null;
}

const SEND_SCOPES = [
  "https://www.googleapis.com/auth/gmail.send",
  "https://www.googleapis.com/auth/gmail.compose",
  "https://www.googleapis.com/auth/gmail.modify",
  "https://mail.google.com/",
];
const READ_SCOPES = [
  "https://www.googleapis.com/auth/gmail.readonly",
  "https://www.googleapis.com/auth/gmail.modify",
  "https://mail.google.com/",
];

const FORMATS = ["full", "metadata", "minimal", "raw"];

/** Gmail's limit on a raw message is 35 MB; the app's default body limit is far smaller. */
const RAW_BODY_LIMIT = 50 * 1024 * 1024;

/** Gmail's watches last 7 days unless renewed. */
const WATCH_TTL_MS = 7 * 24 * 3600_000;

/** Reasons Gmail files under the `usageLimits` domain (quota and rate refusals). */
const USAGE_LIMIT_REASONS = new Set([
  "rateLimitExceeded",
  "userRateLimitExceeded",
  "dailyLimitExceeded",
]);

function gmailError(reply: FastifyReply, code: number, reason: string, message: string) {
  const status =
    {
      400: "INVALID_ARGUMENT",
      401: "UNAUTHENTICATED",
      403: "PERMISSION_DENIED",
      404: "NOT_FOUND",
      429: "RESOURCE_EXHAUSTED",
    }[code] ?? "INTERNAL";
  return reply.code(code).send({
    error: {
      code,
      message,
      errors: [
        { message, domain: USAGE_LIMIT_REASONS.has(reason) ? "usageLimits" : "global", reason },
      ],
      status,
    },
  });
}

/** How far ahead a rate-limit refusal names its retry time (short: tests wait on it). */
const RATE_LIMIT_RETRY_MS = 1_000;

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

function headersOf(m: GmailStoredMessage) {
  if (m.headers?.length) return m.headers;
  return [
    { name: "From", value: m.from },
    { name: "To", value: m.to },
    { name: "Subject", value: m.subject },
    { name: "Date", value: new Date(m.internalDate).toUTCString() },
    { name: "Message-ID", value: m.messageId },
    ...(m.inReplyTo ? [{ name: "In-Reply-To", value: m.inReplyTo }] : []),
    ...(m.references.length ? [{ name: "References", value: m.references.join(" ") }] : []),
  ];
}

/** users.history.list's history types. */
const HISTORY_TYPES = ["messageAdded", "messageDeleted", "labelAdded", "labelRemoved"];

/** The Gmail `Message` resource, in the formats the API offers. */
export function messageResource(
  m: GmailStoredMessage,
  format = "full",
  metadataHeaders: string[] = [],
) {
  const resource = {
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    snippet: m.text.replace(/\s+/g, " ").trim().slice(0, 200),
    historyId: String(m.historyId),
    internalDate: String(m.internalDate),
    sizeEstimate: m.text.length + m.attachments.reduce((sum, a) => sum + a.size, 0) + 600,
  };
  if (format === "minimal") return resource;
  if (format === "raw") {
    return { ...resource, raw: (m.raw ?? Buffer.from(rawOf(m))).toString("base64url") };
  }
  if (m.payload) {
    if (format !== "metadata") return { ...resource, payload: m.payload };
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    return {
      ...resource,
      payload: {
        mimeType: m.payload.mimeType,
        headers: wanted.length
          ? m.payload.headers.filter((h) => wanted.includes(h.name.toLowerCase()))
          : m.payload.headers,
      },
    };
  }
  const headers = headersOf(m);
  if (format === "metadata") {
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    return {
      ...resource,
      payload: {
        mimeType: m.attachments.length
          ? "multipart/mixed"
          : m.html
            ? "multipart/alternative"
            : "text/plain",
        headers: wanted.length
          ? headers.filter((h) => wanted.includes(h.name.toLowerCase()))
          : headers,
      },
    };
  }
  const textPart = {
    partId: "",
    mimeType: "text/plain",
    filename: "",
    headers: [{ name: "Content-Type", value: 'text/plain; charset="UTF-8"' }],
    body: { size: Buffer.byteLength(m.text), data: base64url(m.text) },
  };
  const htmlPart = m.html
    ? {
        partId: "",
        mimeType: "text/html",
        filename: "",
        headers: [{ name: "Content-Type", value: 'text/html; charset="UTF-8"' }],
        body: { size: Buffer.byteLength(m.html), data: base64url(m.html) },
      }
    : null;
  const content = htmlPart
    ? {
        partId: "",
        mimeType: "multipart/alternative",
        filename: "",
        headers: [{ name: "Content-Type", value: "multipart/alternative" }],
        body: { size: 0 },
        parts: [
          { ...textPart, partId: "0" },
          { ...htmlPart, partId: "1" },
        ],
      }
    : textPart;
  if (m.attachments.length === 0) {
    return { ...resource, payload: { ...content, partId: "", headers } };
  }
  const numbered = (part: typeof content, id: string) => ({
    ...part,
    partId: id,
    ...("parts" in part
      ? { parts: part.parts.map((p, i) => ({ ...p, partId: `${id}.${i}` })) }
      : {}),
  });
  return {
    ...resource,
    payload: {
      partId: "",
      mimeType: "multipart/mixed",
      filename: "",
      headers,
      body: { size: 0 },
      parts: [
        numbered(content, "0"),
        ...m.attachments.map((a, i) => ({
          partId: String(i + 1),
          mimeType: a.mimeType,
          filename: a.filename,
          headers: [
            { name: "Content-Type", value: `${a.mimeType}; name="${a.filename}"` },
            { name: "Content-Disposition", value: `attachment; filename="${a.filename}"` },
          ],
          body: { size: a.size, attachmentId: attachmentIdOf(m, i) },
        })),
      ],
    },
  };
}

const attachmentIdOf = (m: GmailStoredMessage, index: number) => `ANGjd${m.id}x${index + 1}`;

/** A message the stand-in made itself (a recipient's reply): its RFC 822 text. */
function rawOf(m: GmailStoredMessage): string {
  return [
    ...headersOf(m).map((h) => `${h.name}: ${h.value}`),
    'Content-Type: text/plain; charset="UTF-8"',
    "",
    m.text,
  ].join("\r\n");
}

const addressOf = (value: unknown): string => {
  const v = value as { value?: Array<{ address?: string }> } | undefined;
  return v?.value?.[0]?.address?.toLowerCase() ?? "";
};
const asList = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

/**
 * The Gmail API subset Reachout uses, over an in-memory store: users.getProfile,
 * messages.send/get/list (q=rfc822msgid:), threads.get and history.list, plus test controls.
 */
export function createGmailSandbox(options: {
  google: AccessTokenResolver;
  /** Gmail push through Cloud Pub/Sub; without it users.watch answers that no topic exists. */
  push?: GmailPushOptions;
}) {
  const publisher = options.push ? createPushPublisher(options.push) : null;
  const store = new GmailStore(publisher ? publisher.onInbox : undefined);

  /** The mailbox of the bearer token, or an error answered (401, or 403 for a missing scope). */
  function authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    scopes: string[],
  ): GmailMailbox | null {
    const header = request.headers.authorization ?? "";
    const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : "";
    const identity = token ? options.google.resolveAccessToken(token) : null;
    if (!identity) {
      gmailError(
        reply,
        401,
        "authError",
        "Request had invalid authentication credentials. Expected OAuth 2 access token.",
      );
      return null;
    }
    const { userId } = request.params as { userId: string };
    if (userId !== "me" && userId.toLowerCase() !== identity.email.toLowerCase()) {
      gmailError(reply, 403, "forbidden", `Delegation denied for ${identity.email}`);
      return null;
    }
    if (!identity.scopes.some((s) => scopes.includes(s))) {
      gmailError(
        reply,
        403,
        "insufficientPermissions",
        "Request had insufficient authentication scopes.",
      );
      return null;
    }
    return store.mailbox(identity.email);
  }

  async function send(request: FastifyRequest, reply: FastifyReply) {
    const mailbox = authorize(request, reply, SEND_SCOPES);
    if (!mailbox) return reply;
    const body = (request.body ?? {}) as { raw?: unknown; threadId?: unknown };
    if (typeof body.raw !== "string" || body.raw.length === 0) {
      return gmailError(
        reply,
        400,
        "invalidArgument",
        "'raw' RFC822 payload message string or uploading message via /upload/* URL required",
      );
    }
    const fault = takeSendFault(mailbox, reply, (status) => {
      // Gmail names the moment the mailbox may send again: "Retry after 2026-11-28T10:00:01Z".
      const retryAfter = new Date(Date.now() + RATE_LIMIT_RETRY_MS).toISOString();
      if (status === 429) {
        return gmailError(
          reply,
          429,
          "rateLimitExceeded",
          `User-rate limit exceeded.  Retry after ${retryAfter}`,
        );
      }
      if (status === 403) {
        return gmailError(
          reply,
          403,
          "userRateLimitExceeded",
          `User-rate limit exceeded.  Retry after ${retryAfter}`,
        );
      }
      return gmailError(reply, status, "backendError", "Backend Error");
    });
    if (fault.refused) return fault.answer;
    const raw = Buffer.from(body.raw, "base64url");
    const parsed = await simpleParser(raw);
    const to = addressOf(parsed.to);
    if (!to) return gmailError(reply, 400, "invalidArgument", "Invalid To header");
    const subject = parsed.subject ?? "";
    const references = asList(parsed.references);
    let threadId: string | undefined;
    if (typeof body.threadId === "string" && body.threadId) {
      if (!isGmailId(body.threadId)) {
        return gmailError(reply, 400, "invalidArgument", "Invalid thread_id value");
      }
      const thread = mailbox.thread(body.threadId);
      if (thread.length === 0) {
        return gmailError(reply, 404, "notFound", "Requested entity was not found.");
      }
      // Gmail's rule: the message joins the thread only when the threadId is given, its
      // In-Reply-To or References name a message of that thread, and the Subject matches (the
      // same, or "Re: " the same). Short of any one, it starts a thread of its own.
      const inThread = new Set(thread.map((m) => stripBrackets(m.messageId)));
      const refersToThread = [parsed.inReplyTo, ...references]
        .filter((ref): ref is string => Boolean(ref))
        .some((ref) => inThread.has(stripBrackets(ref)));
      if (refersToThread && normalizeSubject(thread[0].subject) === normalizeSubject(subject)) {
        threadId = body.threadId;
      }
    }
    const id = gmailId();
    const stored = mailbox.add({
      id,
      threadId: threadId ?? id,
      labelIds: ["SENT"],
      // Gmail sends from the authenticated account whatever From the client wrote.
      from:
        addressOf(parsed.from) === mailbox.address ? (parsed.from?.text ?? "") : mailbox.address,
      to,
      subject,
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : undefined,
      // Header values as Gmail's API answers them: "=?UTF-8?Q?…?=" decoded.
      headers: headerFieldsOf(parsed).map((h) => ({ ...h, value: decodedHeaderValue(h.value) })),
      raw,
      messageId: parsed.messageId ?? `<${gmailId()}@mail.gmail.example>`,
      inReplyTo: parsed.inReplyTo,
      references,
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename ?? "attachment",
        mimeType: a.contentType,
        size: a.size,
        data: a.content,
      })),
      rawHeaders: raw.subarray(0, Math.max(0, raw.indexOf("\r\n\r\n"))).toString("utf8"),
    });
    answerAutomatically(mailbox, stored);
    if (fault.failAfterStoring) return gmailError(reply, 500, "backendError", "Backend Error");
    return { id: stored.id, threadId: stored.threadId, labelIds: stored.labelIds };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // Malformed input (bad JSON, a NUL refused before every route) answers Google's 400.
    answerErrorsAs(app, (reply, status, message) =>
      gmailError(reply, status, status === 400 ? "invalidArgument" : "backendError", message),
    );
    app.get("/gmail/v1/users/:userId/profile", async (request, reply) => {
      const mailbox = authorize(request, reply, [...READ_SCOPES, ...SEND_SCOPES]);
      if (!mailbox) return reply;
      return {
        emailAddress: mailbox.address,
        messagesTotal: mailbox.messages.length,
        threadsTotal: new Set(mailbox.messages.map((m) => m.threadId)).size,
        historyId: String(mailbox.historyId),
      };
    });

    app.post("/gmail/v1/users/:userId/messages/send", { bodyLimit: RAW_BODY_LIMIT }, send);

    app.get("/gmail/v1/users/:userId/messages", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const { q = "", labelIds } = request.query as { q?: string; labelIds?: string | string[] };
      // labelIds: only messages that carry every label named.
      const labels = asList(labelIds);
      let found = [...mailbox.messages]
        .reverse()
        .filter((m) => labels.every((label) => m.labelIds.includes(label)));
      if (q.trim()) {
        const match = /^rfc822msgid:(\S+)$/i.exec(q.trim());
        if (!match) {
          return gmailError(
            reply,
            400,
            "invalidArgument",
            "The sandbox supports only q=rfc822msgid:<id>",
          );
        }
        const wanted = stripBrackets(match[1]);
        found = found.filter((m) => stripBrackets(m.messageId) === wanted);
      }
      if (found.length === 0) return { resultSizeEstimate: 0 };
      return {
        messages: found.slice(0, 100).map((m) => ({ id: m.id, threadId: m.threadId })),
        resultSizeEstimate: found.length,
      };
    });

    app.get("/gmail/v1/users/:userId/messages/:id", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const { id } = request.params as { id: string };
      const { format, metadataHeaders } = request.query as {
        format?: string;
        metadataHeaders?: string | string[];
      };
      if (!isGmailId(id)) return gmailError(reply, 400, "invalidArgument", "Invalid id value");
      if (format !== undefined && !FORMATS.includes(format)) {
        return gmailError(reply, 400, "invalidArgument", `Invalid value at 'format' (${format})`);
      }
      const message = mailbox.messages.find((m) => m.id === id);
      if (!message) return gmailError(reply, 404, "notFound", "Requested entity was not found.");
      return messageResource(message, format, asList(metadataHeaders));
    });

    app.get(
      "/gmail/v1/users/:userId/messages/:messageId/attachments/:id",
      async (request, reply) => {
        const mailbox = authorize(request, reply, READ_SCOPES);
        if (!mailbox) return reply;
        const { messageId, id } = request.params as { messageId: string; id: string };
        if (!isGmailId(messageId)) {
          return gmailError(reply, 400, "invalidArgument", "Invalid id value");
        }
        const message = mailbox.messages.find((m) => m.id === messageId);
        const index = message?.attachments.findIndex((_a, i) => attachmentIdOf(message, i) === id);
        const attachment =
          index !== undefined && index >= 0 ? message?.attachments[index] : undefined;
        if (!attachment?.data) {
          return gmailError(reply, 404, "notFound", "Requested entity was not found.");
        }
        return { size: attachment.size, data: attachment.data.toString("base64url") };
      },
    );

    app.get("/gmail/v1/users/:userId/threads/:id", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const { id } = request.params as { id: string };
      const { format } = request.query as { format?: string };
      if (!isGmailId(id)) return gmailError(reply, 400, "invalidArgument", "Invalid id value");
      if (format !== undefined && !["full", "metadata", "minimal"].includes(format)) {
        return gmailError(reply, 400, "invalidArgument", `Invalid value at 'format' (${format})`);
      }
      const messages = mailbox.thread(id);
      if (messages.length === 0) {
        return gmailError(reply, 404, "notFound", "Requested entity was not found.");
      }
      return {
        id,
        historyId: String(Math.max(...messages.map((m) => m.historyId))),
        messages: messages.map((m) => messageResource(m, format)),
      };
    });

    // users.watch: push notifications of new INBOX mail to a Pub/Sub topic, for 7 days.
    app.post("/gmail/v1/users/:userId/watch", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const { topicName } = (request.body ?? {}) as { topicName?: unknown };
      if (typeof topicName !== "string" || !TOPIC_PATTERN.test(topicName)) {
        return gmailError(
          reply,
          400,
          "invalidArgument",
          "Invalid topicName does not match projects/SOME-ANDROID-PROJECT/topics/*",
        );
      }
      if (topicName !== options.push?.topicName) {
        return gmailError(
          reply,
          404,
          "notFound",
          `Resource not found (resource=${topicName.split("/").at(-1)}).`,
        );
      }
      const expiresAt = Date.now() + WATCH_TTL_MS;
      mailbox.watch = { topicName, expiresAt };
      return { historyId: String(mailbox.historyId), expiration: String(expiresAt) };
    });

    app.post("/gmail/v1/users/:userId/stop", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      mailbox.watch = null;
      return reply.code(204).send();
    });

    app.get("/gmail/v1/users/:userId/history", async (request, reply) => {
      const mailbox = authorize(request, reply, READ_SCOPES);
      if (!mailbox) return reply;
      const query = request.query as {
        startHistoryId?: string;
        maxResults?: string;
        pageToken?: string;
        historyTypes?: string | string[];
        labelId?: string;
      };
      const types = asList(query.historyTypes);
      const unknownType = types.find((type) => !HISTORY_TYPES.includes(type));
      if (unknownType) {
        return gmailError(
          reply,
          400,
          "invalidArgument",
          `Invalid value at 'history_types' (${unknownType})`,
        );
      }
      const start = Number(query.pageToken ?? query.startHistoryId);
      if (!Number.isInteger(start) || start < 0) {
        return gmailError(reply, 400, "invalidArgument", "Invalid startHistoryId");
      }
      if (start < mailbox.oldestValidHistoryId) {
        return gmailError(reply, 404, "notFound", "Requested entity was not found.");
      }
      const max = Math.min(Math.max(Number(query.maxResults) || 100, 1), 500);
      // The stand-in records message additions only: asked for other kinds alone, it has none.
      // labelId keeps the records of messages that carry that label.
      const records = mailbox
        .historySince(start)
        .filter(() => types.length === 0 || types.includes("messageAdded"))
        .filter((h) => !query.labelId || h.message.labelIds.includes(query.labelId));
      const page = records.slice(0, max);
      const answer: Record<string, unknown> = { historyId: String(mailbox.historyId) };
      if (page.length > 0) {
        answer.history = page.map((h) => ({
          id: String(h.id),
          messages: [{ id: h.message.id, threadId: h.message.threadId }],
          messagesAdded: [
            {
              message: {
                id: h.message.id,
                threadId: h.message.threadId,
                labelIds: h.message.labelIds,
              },
            },
          ],
        }));
      }
      if (records.length > max) answer.nextPageToken = String(page[page.length - 1].id);
      return answer;
    });

    // ---- Controls for tests and demos (not part of Gmail) ----

    app.get("/sent.json", async (request) => {
      const { from } = request.query as { from?: string };
      const wanted = from?.trim().toLowerCase();
      return store
        .all()
        .filter((mailbox) => !wanted || mailbox.address === wanted)
        .flatMap((mailbox) =>
          mailbox.messages
            .filter((m) => m.labelIds.includes("SENT"))
            .map((m) => ({
              id: m.id,
              thread_id: m.threadId,
              message_id: m.messageId,
              from: mailbox.address,
              to: m.to,
              subject: m.subject,
              text: m.text,
              attachments: m.attachments.map((a) => a.filename),
              raw_headers: m.rawHeaders ?? null,
              sent_at: new Date(m.internalDate).toISOString(),
            })),
        )
        .sort((a, b) => b.sent_at.localeCompare(a.sent_at));
    });

    app.post("/reply", async (request, reply) => {
      const { thread_id: threadId, text } = (request.body ?? {}) as {
        thread_id?: string;
        text?: string;
      };
      if (typeof threadId !== "string" || typeof text !== "string" || !text.trim()) {
        return reply.code(400).send({ detail: "thread_id and text are required" });
      }
      const found = store.findThread(threadId);
      const last = found?.messages.filter((m) => m.labelIds.includes("SENT")).at(-1);
      if (!found || !last)
        return reply.code(404).send({ detail: "No sent message in that thread" });
      const previous = found.messages.at(-1) ?? last;
      const stored = found.mailbox.add({
        threadId,
        labelIds: ["INBOX", "UNREAD"],
        from: last.to,
        to: found.mailbox.address,
        subject: /^re:/i.test(last.subject) ? last.subject : `Re: ${last.subject}`,
        text,
        messageId: `<${gmailId()}@mail.recipient.example>`,
        inReplyTo: previous.messageId,
        references: [...previous.references, previous.messageId],
        attachments: [],
      });
      return reply
        .code(201)
        .send({ id: stored.id, thread_id: threadId, message_id: stored.messageId });
    });

    // Test control: whether a mailbox is watched (users.watch) and until when.
    app.get("/watch.json", async (request, reply) => {
      const { address } = request.query as { address?: string };
      if (!address) return reply.code(400).send({ detail: "address is required" });
      const watch = store.mailbox(address).watch;
      return {
        address: address.toLowerCase(),
        watching: Boolean(watch && watch.expiresAt > Date.now()),
        topic_name: watch?.topicName ?? null,
        expires_at: watch ? new Date(watch.expiresAt).toISOString() : null,
      };
    });

    app.post(
      "/faults",
      queueFaults((from) => store.mailbox(from)),
    );

    /** Makes every history id so far too old, as Gmail does after about a week. */
    app.post("/history/expire", async (request, reply) => {
      const { email } = (request.body ?? {}) as { email?: string };
      if (typeof email !== "string" || !email.includes("@")) {
        return reply.code(400).send({ detail: "email is required" });
      }
      const mailbox = store.mailbox(email);
      mailbox.oldestValidHistoryId = mailbox.historyId;
      return { email: mailbox.address, oldest_valid_history_id: String(mailbox.historyId) };
    });
  };

  return { store, plugin };
}
