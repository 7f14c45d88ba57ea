import { createHash } from "node:crypto";
import { z } from "zod";
import type { Config } from "../config";
import { createGoogleClient, GoogleAuthError } from "./google";
import {
  type MailboxAccountRef,
  MailboxError,
  type MailboxErrorKind,
  type MailboxPart,
  type MailboxProvider,
} from "./mailbox";
import {
  classifyNetwork,
  DEFAULT_TIMEOUT_MS,
  forgetAccessToken,
  mailboxAccessTokens,
  requestSignal,
} from "./mailbox-token";

/** Gmail's failures are the mailbox kinds (see MailboxErrorKind). */
export type GmailErrorKind = MailboxErrorKind;
export { MailboxError as GmailError };

const Header = z.object({ name: z.string(), value: z.string() });
export type GmailPart = MailboxPart;
const Part: z.ZodType<GmailPart> = z.lazy(() =>
  z.object({
    mimeType: z.string().optional(),
    filename: z.string().optional(),
    headers: z.array(Header).optional(),
    body: z
      .object({
        size: z.number().optional(),
        data: z.string().optional(),
        attachmentId: z.string().optional(),
      })
      .optional(),
    parts: z.array(Part).optional(),
  }),
);
const MessageRef = z.object({ id: z.string(), threadId: z.string() });
export const GmailMessage = MessageRef.extend({
  labelIds: z.array(z.string()).optional(),
  internalDate: z.string().optional(),
  historyId: z.string().optional(),
  payload: Part.optional(),
});
export type GmailMessage = z.infer<typeof GmailMessage>;
const Profile = z.object({ emailAddress: z.string(), historyId: z.string() });
/** users.watch: the mailbox's historyId now and when the watch ends (ms since epoch, as a string). */
const WatchResponse = z.object({ historyId: z.string(), expiration: z.string().regex(/^\d+$/) });
const MessageList = z.object({
  messages: z.array(MessageRef).optional(),
  resultSizeEstimate: z.number().optional(),
});
const Thread = z.object({ id: z.string(), messages: z.array(GmailMessage).default([]) });
const History = z.object({
  history: z
    .array(
      z.object({
        id: z.string(),
        messagesAdded: z
          .array(
            z.object({ message: MessageRef.extend({ labelIds: z.array(z.string()).optional() }) }),
          )
          .optional(),
      }),
    )
    .optional(),
  historyId: z.string(),
  nextPageToken: z.string().optional(),
});
const ErrorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** The stored connection a client acts for. The refresh token stays sealed until used. */
export type GmailAccountRef = MailboxAccountRef;

const RATE_LIMIT_REASONS = ["rateLimitExceeded", "userRateLimitExceeded", "dailyLimitExceeded"];
const cacheKey = (account: GmailAccountRef) =>
  createHash("sha256").update(`${account.userId}:${account.refreshTokenEnc}`).digest("hex");

/**
 * How long Gmail asks us to wait, in seconds: the Retry-After header, or the time Gmail names in
 * its message ("User-rate limit exceeded.  Retry after 2026-11-24T13:05:00.000Z"), whichever is
 * later.
 */
export function retryAfterOf(response: Response, errorMessage = ""): number | undefined {
  const header = Number(response.headers.get("retry-after"));
  const fromHeader = Number.isFinite(header) && header > 0 ? header : 0;
  const named = /Retry after (\S+?Z?)(?:\s|$)/i.exec(errorMessage)?.[1];
  const at = named ? Date.parse(named) : Number.NaN;
  const fromMessage = Number.isFinite(at) ? Math.ceil((at - Date.now()) / 1000) : 0;
  const seconds = Math.max(fromHeader, fromMessage);
  return seconds > 0 ? seconds : undefined;
}

async function classifyResponse(
  response: Response,
  isSafeToRepeat: boolean,
): Promise<MailboxError> {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
  const reason = parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? "") : "";
  const message = `Gmail answered ${response.status}${reason ? ` (${reason})` : ""}`;
  const status = response.status;
  if (status === 429 || (status === 403 && RATE_LIMIT_REASONS.includes(reason))) {
    const said = parsed.success ? (parsed.data.error.message ?? "") : "";
    return new MailboxError("temporary", message, retryAfterOf(response, said));
  }
  if (status === 401 || status === 403) return new MailboxError("auth_revoked", message);
  if (status === 404) return new MailboxError("not_found", message);
  if (status >= 500) return new MailboxError(isSafeToRepeat ? "temporary" : "unknown", message);
  return new MailboxError("rejected", message);
}

/**
 * A typed Gmail API client for one connected mailbox. Access tokens come from the stored
 * refresh token and are cached until shortly before expiry. Every response is zod-parsed and
 * every failure is a GmailError saying what the caller may do.
 */
export function createGmailClient(
  config: Config,
  account: GmailAccountRef,
  options: { timeoutMs?: number; deadline?: AbortSignal } = {},
) {
  const google = createGoogleClient(config);
  const base = `${config.google.gmailApiUrl.replace(/\/$/, "")}/gmail/v1/users/me`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const tokens = mailboxAccessTokens({
    key: cacheKey(account),
    refreshTokenEnc: account.refreshTokenEnc,
    tokenEncryptionKey: config.tokenEncryptionKey,
    refresh: (refreshToken) => google.refreshAccessToken(refreshToken),
    deadline: options.deadline,
    AuthError: GoogleAuthError,
    texts: {
      unreadable: "The stored Gmail grant cannot be read",
      revoked: "Google says the Gmail grant was revoked",
      unreachable: "Google's token endpoint could not be reached",
    },
  });

  async function call<S extends z.ZodType>(
    schema: S,
    path: string,
    init: { method?: string; body?: unknown; isSafeToRepeat?: boolean } = {},
  ): Promise<z.infer<S>> {
    const isSafeToRepeat = init.isSafeToRepeat ?? (init.method ?? "GET") === "GET";
    const response = await tokens.authorized(async (token) => {
      try {
        return await fetch(`${base}${path}`, {
          method: init.method ?? "GET",
          headers: {
            authorization: `Bearer ${token}`,
            ...(init.body ? { "content-type": "application/json" } : {}),
          },
          body: init.body ? JSON.stringify(init.body) : undefined,
          signal: requestSignal(timeoutMs, options.deadline),
        });
      } catch (error) {
        throw classifyNetwork(error, isSafeToRepeat, "Gmail");
      }
    });
    if (!response.ok) throw await classifyResponse(response, isSafeToRepeat);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new MailboxError(
        isSafeToRepeat ? "temporary" : "unknown",
        "Gmail answered unexpectedly",
      );
    }
    return parsed.data;
  }

  const query = (params: Record<string, string | string[] | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      for (const v of Array.isArray(value) ? value : value ? [value] : []) search.append(name, v);
    }
    const text = search.toString();
    return text ? `?${text}` : "";
  };

  return {
    email: account.email,

    getProfile: () => call(Profile, "/profile"),

    /** users.messages.send. Not idempotent: see GmailErrorKind for what a failure allows. */
    sendMessage: (raw: Buffer, threadId?: string | null) =>
      call(MessageRef, "/messages/send", {
        method: "POST",
        body: { raw: raw.toString("base64url"), ...(threadId ? { threadId } : {}) },
        isSafeToRepeat: false,
      }),

    getMessage: (id: string, format: "full" | "metadata" = "full", headers: string[] = []) =>
      call(
        GmailMessage,
        `/messages/${encodeURIComponent(id)}${query({ format, metadataHeaders: headers })}`,
      ),

    /** The messages carrying an RFC 822 Message-ID (reconciles sends whose outcome is unknown). */
    async findByMessageId(messageId: string) {
      const id = messageId.replace(/^<|>$/g, "");
      const list = await call(MessageList, `/messages${query({ q: `rfc822msgid:${id}` })}`);
      return list.messages ?? [];
    },

    getThread: (id: string) =>
      call(Thread, `/threads/${encodeURIComponent(id)}${query({ format: "full" })}`),

    /** users.watch: new INBOX mail is pushed to the Pub/Sub topic (for 7 days). */
    watch: (topicName: string) =>
      call(WatchResponse, "/watch", {
        method: "POST",
        body: { topicName, labelIds: ["INBOX"], labelFilterBehavior: "INCLUDE" },
        isSafeToRepeat: true,
      }),

    listHistory: (startHistoryId: string, pageToken?: string) =>
      call(
        History,
        `/history${query({ startHistoryId, pageToken, historyTypes: "messageAdded", maxResults: "500" })}`,
      ),
  };
}

export type GmailClient = ReturnType<typeof createGmailClient>;

/** Forgets cached access tokens (a reconnect or a revoked grant). */
export function forgetGmailTokens(account: GmailAccountRef): void {
  forgetAccessToken(cacheKey(account));
}

export { headerOf, textOf } from "./mailbox";

/**
 * Gmail behind the mailbox provider interface: the client's calls, unchanged. The change
 * cursor is Gmail's historyId; watch is users.watch on the configured Pub/Sub topic (without
 * one, null: the poll syncs).
 */
export function gmailProvider(
  config: Config,
  account: GmailAccountRef,
  options: { timeoutMs?: number; deadline?: AbortSignal } = {},
): MailboxProvider {
  const client = createGmailClient(config, account, options);
  return {
    provider: "gmail",
    email: account.email,
    sendMime: (raw, threadId) => client.sendMessage(raw, threadId),
    findByMessageId: (messageId) => client.findByMessageId(messageId),
    getMessage: (id, format = "full", headers = []) => client.getMessage(id, format, headers),
    getThread: (id) => client.getThread(id),
    currentCursor: async () => (await client.getProfile()).historyId,
    async listChanges(cursor, pageToken) {
      const page = await client.listHistory(cursor, pageToken);
      const added = (page.history ?? []).flatMap((record) =>
        (record.messagesAdded ?? []).map(({ message }) => ({
          id: message.id,
          threadId: message.threadId,
        })),
      );
      return { added, cursor: page.historyId, nextPageToken: page.nextPageToken };
    },
    async watch() {
      if (!config.gmailPush) return null;
      const { expiration } = await client.watch(config.gmailPush.topicName);
      return { expiresAt: new Date(Number(expiration)) };
    },
  };
}
