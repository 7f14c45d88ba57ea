import { createHash } from "node:crypto";
import { z } from "zod";
import type { Config } from "../config";
import { signFor } from "../lib/crypto";
import {
  htmlToText,
  type MailboxAccountRef,
  type MailboxClientOptions,
  MailboxError,
  type MailboxMessage,
  type MailboxProvider,
} from "./mailbox";
import {
  classifyNetwork,
  DEFAULT_TIMEOUT_MS,
  forgetAccessToken,
  mailboxAccessTokens,
  requestSignal,
} from "./mailbox-token";
import { createMicrosoftIdentity, MicrosoftAuthError } from "./microsoft-identity";

const Recipient = z.object({
  emailAddress: z.object({ name: z.string().nullish(), address: z.string().nullish() }),
});
const GraphMessage = z.object({
  id: z.string(),
  conversationId: z.string().nullish(),
  internetMessageId: z.string().nullish(),
  subject: z.string().nullish(),
  receivedDateTime: z.string().nullish(),
  isDraft: z.boolean().nullish(),
  from: Recipient.nullish(),
  toRecipients: z.array(Recipient).nullish(),
  body: z.object({ contentType: z.string(), content: z.string() }).nullish(),
  internetMessageHeaders: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
});
type GraphMessage = z.infer<typeof GraphMessage>;
const MessageList = z.object({ value: z.array(GraphMessage) });
const DeltaPage = z.object({
  value: z.array(GraphMessage.partial().extend({ id: z.string() }).passthrough()),
  "@odata.nextLink": z.string().optional(),
  "@odata.deltaLink": z.string().optional(),
});
const Subscription = z.object({
  id: z.string(),
  expirationDateTime: z.string(),
  clientState: z.string().nullish(),
});
const ErrorBody = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }),
});

const MESSAGE_FIELDS = [
  "id",
  "conversationId",
  "internetMessageId",
  "subject",
  "receivedDateTime",
  "isDraft",
  "from",
  "toRecipients",
  "body",
  "internetMessageHeaders",
].join(",");
const PREFER_TEXT = 'outlook.body-content-type="text"';
/** After sendMail's 202, how long to look for the message in Sent Items before calling it unknown. */
const SENT_LOOKUPS_MS = [0, 250, 750, 1500];

/**
 * Graph keeps a subscription to Outlook messages for under 7 days (10,080 minutes; tenants on
 * the older limit refuse more than 4,230): Reachout asks for 70 hours, under both, and renews
 * daily, so two days of failed renewals still lose no notification.
 */
const SUBSCRIPTION_LIFETIME_MS = 70 * 3600_000;
/** New mail in the inbox: where replies, bounces and automatic replies land. */
export const GRAPH_SUBSCRIPTION_RESOURCE = "me/mailFolders('inbox')/messages";

/**
 * The clientState of a mailbox's Graph subscriptions: an HMAC of the user id under the app's
 * secret. Graph echoes it in every notification; one that does not carry it was not sent by
 * Graph for a subscription Reachout made.
 */
export const graphClientState = (config: Pick<Config, "jwtSecret">, userId: string) =>
  signFor(config.jwtSecret, "graph-client-state", userId);

/** By mailbox, not by grant: the stored refresh token changes on every refresh. */
const cacheKey = (account: MailboxAccountRef) =>
  createHash("sha256").update(`ms:${account.userId}:${account.email}`).digest("hex");

/** Forgets cached access tokens (a reconnect or a revoked grant). */
export function forgetMicrosoftTokens(account: MailboxAccountRef): void {
  forgetAccessToken(cacheKey(account));
}

const bracketed = (id: string) => `<${id.trim().replace(/^<|>$/g, "")}>`;
const odataString = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Message-ID header of an RFC 822 message (Reachout always writes one). */
function messageIdOf(raw: Buffer): string | null {
  const head = raw.subarray(0, Math.max(0, raw.indexOf("\r\n\r\n"))).toString("utf8");
  return /^message-id:\s*(<[^>\r\n]+>)/im.exec(head.replace(/\r\n[ \t]+/g, " "))?.[1] ?? null;
}

/** A Graph message in the common mailbox shape: its headers and its text as one part. */
export function mailboxMessageOf(message: GraphMessage): MailboxMessage {
  const headers = [...(message.internetMessageHeaders ?? [])];
  const has = (name: string) => headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
  const from = message.from?.emailAddress;
  const fromText = from?.address
    ? from.name
      ? `${from.name} <${from.address}>`
      : from.address
    : "";
  // Sent items carry no internetMessageHeaders: the fields say the same.
  if (!has("From") && fromText) headers.push({ name: "From", value: fromText });
  if (!has("To") && message.toRecipients?.length) {
    const to = message.toRecipients.map((r) => r.emailAddress.address).filter(Boolean);
    headers.push({ name: "To", value: to.join(", ") });
  }
  if (!has("Subject")) headers.push({ name: "Subject", value: message.subject ?? "" });
  if (!has("Message-ID") && message.internetMessageId) {
    headers.push({ name: "Message-ID", value: message.internetMessageId });
  }
  const body = message.body;
  const text = !body
    ? ""
    : body.contentType.toLowerCase() === "html"
      ? htmlToText(body.content)
      : body.content;
  const contentType = headers.find((h) => h.name.toLowerCase() === "content-type")?.value;
  const received = Date.parse(message.receivedDateTime ?? "");
  return {
    id: message.id,
    threadId: message.conversationId ?? message.id,
    labelIds: message.isDraft ? ["DRAFT"] : [],
    internalDate: String(Number.isFinite(received) ? received : Date.now()),
    payload: {
      mimeType: contentType?.split(";")[0]?.trim().toLowerCase() || "text/plain",
      headers,
      parts: [
        {
          mimeType: "text/plain",
          body: { size: Buffer.byteLength(text), data: Buffer.from(text).toString("base64url") },
        },
      ],
    },
  };
}

async function classifyResponse(response: Response, isSafeToRepeat: boolean) {
  const parsed = ErrorBody.safeParse(await response.json().catch(() => null));
  const code = parsed.success ? (parsed.data.error.code ?? "") : "";
  const message = `Microsoft Graph answered ${response.status}${code ? ` (${code})` : ""}`;
  const status = response.status;
  const retryAfter = Number(response.headers.get("retry-after"));
  const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (status === 429) return new MailboxError("temporary", message, wait);
  if (status === 401 || status === 403) return new MailboxError("auth_revoked", message);
  // 410: the delta token's sync state is gone (a full sync is needed).
  if (status === 404 || status === 410) return new MailboxError("not_found", message);
  if (status >= 500) {
    return new MailboxError(isSafeToRepeat ? "temporary" : "unknown", message, wait);
  }
  return new MailboxError("rejected", message);
}

/**
 * An Outlook / Microsoft 365 mailbox through Microsoft Graph, behind the mailbox provider
 * interface. Sending posts Reachout's own MIME (its Message-ID) to sendMail; the conversation
 * is Graph's conversationId (Exchange threads a reply by its In-Reply-To and References); the
 * change cursor is the inbox delta query's deltaLink.
 */
export function microsoftProvider(
  config: Config,
  account: MailboxAccountRef,
  options: MailboxClientOptions = {},
): MailboxProvider {
  const identity = createMicrosoftIdentity(config);
  const graph = `${config.microsoft.graphUrl}/v1.0`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const tokens = mailboxAccessTokens({
    key: cacheKey(account),
    refreshTokenEnc: account.refreshTokenEnc,
    tokenEncryptionKey: config.tokenEncryptionKey,
    refresh: (refreshToken) => identity.refreshAccessToken(refreshToken),
    onNewRefreshToken: options.onNewRefreshToken,
    deadline: options.deadline,
    AuthError: MicrosoftAuthError,
    texts: {
      unreadable: "The stored Microsoft grant cannot be read",
      revoked: "Microsoft says the mailbox grant was revoked",
      unreachable: "Microsoft's token endpoint could not be reached",
    },
  });

  /** One Graph request; a URL Graph gave us (nextLink, deltaLink) must be on Graph's host. */
  async function request(
    url: string,
    init: { method?: string; body?: string; contentType?: string; isSafeToRepeat?: boolean } = {},
  ): Promise<Response> {
    if (!url.startsWith(`${graph}/`)) {
      throw new MailboxError("rejected", "The change cursor is not a Microsoft Graph link");
    }
    const method = init.method ?? "GET";
    const isSafeToRepeat = init.isSafeToRepeat ?? method === "GET";
    const response = await tokens.authorized(async (token) => {
      try {
        return await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            prefer: `${PREFER_TEXT}, odata.maxpagesize=100`,
            ...(init.contentType ? { "content-type": init.contentType } : {}),
          },
          body: init.body,
          signal: requestSignal(timeoutMs, options.deadline),
        });
      } catch (error) {
        throw classifyNetwork(error, isSafeToRepeat, "Microsoft Graph");
      }
    });
    if (!response.ok) throw await classifyResponse(response, isSafeToRepeat);
    return response;
  }

  async function json<S extends z.ZodType>(
    schema: S,
    url: string,
    init?: Parameters<typeof request>[1],
  ): Promise<z.infer<S>> {
    const response = await request(url, init);
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new MailboxError("temporary", "Microsoft Graph answered unexpectedly");
    return parsed.data;
  }

  async function findByMessageId(messageId: string) {
    const filter = encodeURIComponent(`internetMessageId eq ${odataString(bracketed(messageId))}`);
    const list = await json(
      MessageList,
      `${graph}/me/messages?$filter=${filter}&$select=id,conversationId,internetMessageId`,
    );
    return list.value.map((m) => ({ id: m.id, threadId: m.conversationId ?? m.id }));
  }

  return {
    provider: "microsoft",
    email: account.email,

    async sendMime(raw) {
      await request(`${graph}/me/sendMail`, {
        method: "POST",
        body: raw.toString("base64"),
        contentType: "text/plain",
        isSafeToRepeat: false,
      });
      // 202: accepted. Its ids are those of the copy in Sent Items, found by our Message-ID.
      const messageId = messageIdOf(raw);
      if (messageId) {
        for (const wait of SENT_LOOKUPS_MS) {
          if (wait) await sleep(wait);
          const [found] = await findByMessageId(messageId).catch(() => []);
          if (found) return found;
        }
      }
      throw new MailboxError(
        "unknown",
        "Microsoft accepted the email but it is not in Sent Items yet",
      );
    },

    findByMessageId,

    async getMessage(id) {
      return mailboxMessageOf(
        await json(
          GraphMessage,
          `${graph}/me/messages/${encodeURIComponent(id)}?$select=${MESSAGE_FIELDS}`,
        ),
      );
    },

    async getThread(id) {
      const filter = encodeURIComponent(`conversationId eq ${odataString(id)}`);
      const list = await json(
        MessageList,
        `${graph}/me/messages?$filter=${filter}&$select=${MESSAGE_FIELDS}&$top=100`,
      );
      const messages = list.value.map(mailboxMessageOf);
      messages.sort((a, b) => Number(a.internalDate) - Number(b.internalDate));
      return { id, messages };
    },

    async currentCursor() {
      let url = `${graph}/me/mailFolders/inbox/messages/delta?$select=id,conversationId`;
      for (;;) {
        const page = await json(DeltaPage, url);
        if (page["@odata.deltaLink"]) return page["@odata.deltaLink"];
        if (!page["@odata.nextLink"]) {
          throw new MailboxError("temporary", "Microsoft Graph's delta query gave no link");
        }
        url = page["@odata.nextLink"];
      }
    },

    async listChanges(cursor, pageToken) {
      const page = await json(DeltaPage, pageToken ?? cursor);
      const added = page.value
        .filter((m) => !("@removed" in m))
        .map((m) => ({ id: m.id, threadId: m.conversationId ?? m.id }));
      return {
        added,
        cursor: page["@odata.deltaLink"] ?? cursor,
        nextPageToken: page["@odata.nextLink"],
      };
    },

    /**
     * A Graph change-notification subscription to new inbox mail: the current one extended
     * (PATCH), or a new one when it is gone (expired, deleted, another mailbox's). Graph
     * validates the notification URL before answering 201.
     */
    async watch(current) {
      const push = config.microsoftPush;
      if (!push) return null;
      const expirationDateTime = new Date(Date.now() + SUBSCRIPTION_LIFETIME_MS).toISOString();
      const asWatch = (s: z.infer<typeof Subscription>) => ({
        id: s.id,
        expiresAt: new Date(s.expirationDateTime),
      });
      const clientState = graphClientState(config, account.userId);
      if (current?.id) {
        const url = `${graph}/subscriptions/${encodeURIComponent(current.id)}`;
        try {
          const renewed = await json(Subscription, url, {
            method: "PATCH",
            body: JSON.stringify({ expirationDateTime }),
            contentType: "application/json",
            isSafeToRepeat: true,
          });
          if (!renewed.clientState || renewed.clientState === clientState) return asWatch(renewed);
          // Made under a secret since rotated: its notifications would all be dropped.
          await request(url, { method: "DELETE", isSafeToRepeat: true })
            .then((response) => response.body?.cancel())
            .catch(() => {});
        } catch (error) {
          const isGone =
            error instanceof MailboxError &&
            ["not_found", "rejected", "auth_revoked"].includes(error.kind);
          if (!isGone) throw error;
        }
      }
      return asWatch(
        await json(Subscription, `${graph}/subscriptions`, {
          method: "POST",
          body: JSON.stringify({
            changeType: "created",
            notificationUrl: push.notificationUrl,
            resource: GRAPH_SUBSCRIPTION_RESOURCE,
            expirationDateTime,
            clientState,
          }),
          contentType: "application/json",
          // A lost answer at worst leaves a second subscription: one more idempotent sync.
          isSafeToRepeat: true,
        }),
      );
    },
  };
}
