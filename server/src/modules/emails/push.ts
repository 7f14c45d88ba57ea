import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { mailboxes } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, forbidden, unauthorized } from "../../http/errors";
import { createGoogleClient } from "../../integrations/google";
import { graphClientState } from "../../integrations/microsoft-graph";
import { isSameSecret } from "../../lib/crypto";
import { enqueueReplySync } from "./reply-sync-job";

/** What Gmail publishes to the topic: the mailbox and its history id after the change. */
const GmailNotification = z.object({
  emailAddress: z.string().min(3).max(254),
  historyId: z.union([z.string(), z.number()]),
});

/** The body Pub/Sub POSTs to a push subscription's endpoint. */
export const PubSubPush = z.object({
  message: z.object({
    data: z.string().max(10_000),
    messageId: z.string().max(200).optional(),
    publishTime: z.string().max(100).optional(),
  }),
  subscription: z.string().max(500).optional(),
});
export type PubSubPush = z.infer<typeof PubSubPush>;

/**
 * POST /api/gmail/push: Gmail says a watched mailbox changed. The push's OIDC token must be
 * Google's, for our audience, from the push subscription's service account; then that
 * mailbox's reply sync is asked for (at most one waiting per mailbox: a burst of pushes runs
 * one sync, and the one in progress is followed by at most one more). An address Reachout
 * does not know is acknowledged and ignored, so Pub/Sub does not retry it.
 */
export async function receiveGmailPush(
  deps: AppDeps,
  authorization: string | undefined,
  body: PubSubPush,
): Promise<void> {
  const push = deps.config.gmailPush;
  if (!push) throw new AppError(404, "Gmail push is not configured on this server.");
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw unauthorized("A Gmail push must carry the push subscription's OIDC token.");
  try {
    await createGoogleClient(deps.config).verifyPushToken(token, {
      audience: push.audience,
      serviceAccount: push.serviceAccount,
    });
  } catch {
    throw forbidden("The push's token is not from the configured Pub/Sub push subscription.");
  }
  let notification: z.infer<typeof GmailNotification>;
  try {
    notification = GmailNotification.parse(
      JSON.parse(Buffer.from(body.message.data, "base64").toString("utf8")),
    );
  } catch {
    throw badRequest("message.data must be base64 JSON with emailAddress and historyId.");
  }
  const [account] = await deps.database.db
    .select({ userId: mailboxes.userId })
    .from(mailboxes)
    .where(
      and(
        sql`lower(${mailboxes.email}) = ${notification.emailAddress.toLowerCase()}`,
        eq(mailboxes.status, "connected"),
      ),
    );
  if (account) await enqueueReplySync(deps, account.userId);
}

/** One Graph change notification: the subscription it is for and the client state we set. */
const GraphNotification = z.looseObject({
  subscriptionId: z.string().min(1).max(200),
  clientState: z.string().max(255).nullish(),
  changeType: z.string().max(100).optional(),
  resource: z.string().max(2000).optional(),
});
/** The body Graph POSTs to a subscription's notificationUrl (several notifications at once). */
const GraphNotifications = z.object({ value: z.array(GraphNotification).max(1000) });

const microsoftPushOf = (deps: AppDeps) => {
  const push = deps.config.microsoftPush;
  if (!push) throw new AppError(404, "Microsoft push is not configured on this server.");
  return push;
};

/**
 * Graph's validation handshake: before it creates a subscription Graph POSTs
 * `notificationUrl?validationToken=…` and expects the token back, exactly, as text/plain.
 */
export function echoGraphValidation(deps: AppDeps, validationToken: string): string {
  microsoftPushOf(deps);
  return validationToken;
}

/**
 * POST /api/microsoft/notifications: Graph says new mail reached a subscribed inbox. Each
 * notification names its subscription; one Reachout holds for a connected Outlook mailbox, whose
 * clientState matches that mailbox's HMAC, asks for the mailbox's reply sync (at most one
 * waiting per mailbox, as for Gmail). Others are dropped without an error: Graph expects 202
 * for every delivery and retries (then throttles the endpoint) on anything else, so a refusal
 * would only punish genuine notifications batched with a bad one. Answers how many mailboxes
 * were asked to sync.
 */
export async function receiveGraphNotifications(deps: AppDeps, body: unknown): Promise<number> {
  microsoftPushOf(deps);
  const parsed = GraphNotifications.safeParse(body);
  if (!parsed.success) {
    throw badRequest("A Graph change notification is {value: [{subscriptionId, clientState}]}.");
  }
  const ids = [...new Set(parsed.data.value.map((n) => n.subscriptionId))];
  if (ids.length === 0) return 0;
  const subscribed = await deps.database.db
    .select({ userId: mailboxes.userId, watchId: mailboxes.watchId })
    .from(mailboxes)
    .where(
      and(
        inArray(mailboxes.watchId, ids),
        eq(mailboxes.provider, "microsoft"),
        eq(mailboxes.status, "connected"),
      ),
    );
  const notified = new Set<string>();
  for (const notification of parsed.data.value) {
    const owner = subscribed.find((row) => row.watchId === notification.subscriptionId);
    if (!owner || !notification.clientState) continue;
    // A subscription made before a JWT_SECRET rotation carries the previous secret's state
    // until its daily renewal replaces it.
    const secrets = [deps.config.jwtSecret, ...deps.config.jwtPreviousSecrets];
    const clientState = notification.clientState;
    if (
      secrets.some((jwtSecret) =>
        isSameSecret(clientState, graphClientState({ jwtSecret }, owner.userId)),
      )
    ) {
      notified.add(owner.userId);
    }
  }
  for (const userId of notified) await enqueueReplySync(deps, userId);
  return notified.size;
}
