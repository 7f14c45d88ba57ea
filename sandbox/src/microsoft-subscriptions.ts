import { randomUUID } from "node:crypto";
import type { GraphMailbox, GraphStoredMessage } from "./microsoft-store";

/**
 * Microsoft Graph change-notification subscriptions to a mailbox's messages, as Graph keeps
 * them: created only after the notification URL echoes a validation token, limited to under
 * 7 days for Outlook messages, renewed by PATCH, and notified by POSTing `{value: [...]}` with
 * the subscription's clientState, retried with backoff until the endpoint answers 2xx.
 */
export interface GraphSubscription {
  id: string;
  address: string;
  resource: string;
  /** Which folder the resource watches: the inbox, or every message of the mailbox. */
  scope: "inbox" | "all";
  changeTypes: string[];
  notificationUrl: string;
  clientState: string | null;
  expiresAt: number;
}

/** A Graph error the routes answer as `{error: {code, message}}`. */
export class GraphFault extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Graph's limit for subscriptions to Outlook messages. */
export const MAX_SUBSCRIPTION_MINUTES = 10_080;
const CHANGE_TYPES = ["created", "updated", "deleted"];
const VALIDATION_TIMEOUT_MS = 10_000;
const RETRY_DELAYS_MS = [1_000, 5_000, 20_000];
const VALIDATION_FAILED =
  "Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.";

const isLoopback = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
};

/** Graph's ISO 8601 with seven fractional digits and Z. */
const graphTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 23)}0000Z`;

export class GraphSubscriptions {
  private readonly byId = new Map<string, GraphSubscription>();

  constructor(
    private readonly options: {
      applicationId: string;
      tenantId: string;
      objectIdFor: (address: string) => string;
    },
  ) {}

  /** The subscription resource as Graph answers it. */
  resource(s: GraphSubscription, base: string) {
    return {
      "@odata.context": `${base}/v1.0/$metadata#subscriptions/$entity`,
      id: s.id,
      resource: s.resource,
      applicationId: this.options.applicationId,
      changeType: s.changeTypes.join(","),
      clientState: s.clientState,
      notificationUrl: s.notificationUrl,
      notificationQueryOptions: null,
      lifecycleNotificationUrl: null,
      expirationDateTime: graphTime(s.expiresAt),
      creatorId: this.options.objectIdFor(s.address),
      includeResourceData: null,
      latestSupportedTlsVersion: "v1_2",
      encryptionCertificate: null,
      encryptionCertificateId: null,
      notificationUrlAppId: null,
    };
  }

  /** The mailbox's live subscriptions (expired ones are gone, as Graph deletes them). */
  list(address: string): GraphSubscription[] {
    return [...this.byId.values()].filter((s) => s.address === address && this.isLive(s));
  }

  /** One of the mailbox's live subscriptions; another mailbox's answers 404 like a missing one. */
  get(address: string, id: string): GraphSubscription {
    const found = this.byId.get(id);
    if (!found || found.address !== address || !this.isLive(found)) {
      throw new GraphFault(404, "ResourceNotFound", "The object was not found.");
    }
    return found;
  }

  async create(address: string, body: unknown): Promise<GraphSubscription> {
    const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    for (const field of ["changeType", "notificationUrl", "resource", "expirationDateTime"]) {
      if (typeof input[field] !== "string" || !(input[field] as string).trim()) {
        throw new GraphFault(
          400,
          "InvalidRequest",
          `${field} is a required property for subscription creation.`,
        );
      }
    }
    const changeTypes = String(input.changeType)
      .split(",")
      .map((c) => c.trim());
    if (changeTypes.some((c) => !CHANGE_TYPES.includes(c))) {
      throw new GraphFault(
        400,
        "InvalidRequest",
        `Invalid 'changeType' attribute: '${String(input.changeType)}'.`,
      );
    }
    const scope = this.scopeOf(address, String(input.resource));
    const clientState = input.clientState ?? null;
    if (clientState !== null && (typeof clientState !== "string" || clientState.length > 128)) {
      throw new GraphFault(
        400,
        "InvalidRequest",
        "clientState must be a string of at most 128 characters.",
      );
    }
    const expiresAt = this.checkExpiration(input.expirationDateTime);
    const notificationUrl = this.checkNotificationUrl(input.notificationUrl);
    await this.validate(notificationUrl);
    const subscription: GraphSubscription = {
      id: randomUUID(),
      address,
      resource: String(input.resource),
      scope,
      changeTypes,
      notificationUrl,
      clientState,
      expiresAt,
    };
    this.byId.set(subscription.id, subscription);
    return subscription;
  }

  /** PATCH: a new expiry (renewal) and, validated again, a new notification URL. */
  async update(address: string, id: string, body: unknown): Promise<GraphSubscription> {
    const subscription = this.get(address, id);
    const input = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    const expiresAt =
      input.expirationDateTime === undefined
        ? subscription.expiresAt
        : this.checkExpiration(input.expirationDateTime);
    let notificationUrl = subscription.notificationUrl;
    if (input.notificationUrl !== undefined) {
      notificationUrl = this.checkNotificationUrl(input.notificationUrl);
      await this.validate(notificationUrl);
    }
    subscription.expiresAt = expiresAt;
    subscription.notificationUrl = notificationUrl;
    return subscription;
  }

  remove(address: string, id: string): void {
    this.byId.delete(this.get(address, id).id);
  }

  /** A message reached a mailbox: every live subscription watching it is notified. */
  notify(mailbox: GraphMailbox, message: GraphStoredMessage): void {
    for (const subscription of this.list(mailbox.address)) {
      if (!subscription.changeTypes.includes("created")) continue;
      if (subscription.scope === "inbox" && message.folder !== "inbox") continue;
      // After the request that added the message has answered, as Graph's delivery lags.
      setImmediate(() => void this.deliver(subscription, message));
    }
  }

  private isLive(s: GraphSubscription): boolean {
    if (s.expiresAt > Date.now()) return true;
    this.byId.delete(s.id);
    return false;
  }

  /** Which messages a resource watches (`me/…` or `users/{id or address}/…`). */
  private scopeOf(address: string, resource: string): "inbox" | "all" {
    const path = resource.trim().replace(/^\//, "").toLowerCase();
    const owners = ["me", `users/${address}`, `users/${this.options.objectIdFor(address)}`];
    for (const owner of owners) {
      if (path === `${owner}/messages`) return "all";
      if (
        path === `${owner}/mailfolders('inbox')/messages` ||
        path === `${owner}/mailfolders/inbox/messages`
      ) {
        return "inbox";
      }
    }
    throw new GraphFault(
      400,
      "ExtensionError",
      `Operation: Create; Exception: [Status Code: BadRequest; Reason: The resource '${resource}' is not supported.]`,
    );
  }

  private checkExpiration(value: unknown): number {
    const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
    if (!Number.isFinite(at)) {
      throw new GraphFault(400, "InvalidRequest", "expirationDateTime is not a valid DateTime.");
    }
    if (at <= Date.now()) {
      throw new GraphFault(
        400,
        "ExtensionError",
        "Subscription expiration can only be in the future.",
      );
    }
    if (at > Date.now() + MAX_SUBSCRIPTION_MINUTES * 60_000) {
      throw new GraphFault(
        400,
        "ExtensionError",
        `Subscription expiration can only be ${MAX_SUBSCRIPTION_MINUTES} minutes in the future.`,
      );
    }
    return at;
  }

  /** Graph calls only https endpoints; the stand-in also reaches the app on this machine. */
  private checkNotificationUrl(value: unknown): string {
    let url: URL;
    try {
      url = new URL(String(value));
    } catch {
      throw new GraphFault(400, "ValidationError", "The notificationUrl is not a valid URL.");
    }
    const isAllowed =
      url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname));
    if (!isAllowed) {
      throw new GraphFault(
        400,
        "ValidationError",
        `The Uri scheme '${url.protocol.replace(":", "")}' is not supported. NotificationUrl must use https.`,
      );
    }
    return url.toString();
  }

  /** The handshake: the endpoint must answer 200 with the token, exactly, within 10 seconds. */
  private async validate(notificationUrl: string): Promise<void> {
    const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
    const url = new URL(notificationUrl);
    url.searchParams.set("validationToken", token);
    let isEchoed = false;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=utf-8" },
        signal: AbortSignal.timeout(VALIDATION_TIMEOUT_MS),
      });
      isEchoed = response.status === 200 && (await response.text()) === token;
    } catch {
      isEchoed = false;
    }
    if (!isEchoed) throw new GraphFault(400, "InvalidRequest", VALIDATION_FAILED);
  }

  private async deliver(
    subscription: GraphSubscription,
    message: GraphStoredMessage,
    attempt = 0,
  ): Promise<void> {
    if (!this.isLive(subscription) || this.byId.get(subscription.id) !== subscription) return;
    const oid = this.options.objectIdFor(subscription.address);
    const resource = `Users/${oid}/Messages/${message.id}`;
    const body = {
      value: [
        {
          subscriptionId: subscription.id,
          subscriptionExpirationDateTime: graphTime(subscription.expiresAt),
          changeType: "created",
          resource,
          resourceData: {
            "@odata.type": "#Microsoft.Graph.Message",
            "@odata.id": resource,
            id: message.id,
          },
          clientState: subscription.clientState,
          tenantId: this.options.tenantId,
        },
      ],
    };
    let isDelivered = false;
    try {
      const response = await fetch(subscription.notificationUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel();
      isDelivered = response.ok;
    } catch {
      isDelivered = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!isDelivered && delay !== undefined) {
      setTimeout(() => void this.deliver(subscription, message, attempt + 1), delay).unref();
    }
  }
}
