import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { gmailAccounts } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { AppError, badRequest, forbidden, unauthorized } from "../../http/errors";
import { createGoogleClient } from "../../integrations/google";
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
    .select({ userId: gmailAccounts.userId })
    .from(gmailAccounts)
    .where(
      and(
        sql`lower(${gmailAccounts.email}) = ${notification.emailAddress.toLowerCase()}`,
        eq(gmailAccounts.status, "connected"),
      ),
    );
  if (account) await enqueueReplySync(deps, account.userId);
}
