import { randomBytes } from "node:crypto";
import type { GmailMailbox } from "./gmail-store";

/**
 * Cloud Pub/Sub as Gmail push uses it: one topic with a push subscription that POSTs each
 * notification to the app with an OIDC token (signed by the Google stand-in's key) naming the
 * subscription's service account. Non-2xx answers are retried with backoff, as Pub/Sub does.
 */
export interface GmailPushOptions {
  /** The one topic that exists (`projects/{project}/topics/{topic}`). */
  topicName: string;
  /** The push subscription's endpoint (the app's POST /api/gmail/push). */
  endpoint: string;
  /** The OIDC token's audience and the service account it is issued for. */
  audience: string;
  serviceAccount: string;
  /** Signs an OIDC token as Google does for a push subscription. */
  signToken: (claims: { audience: string; email: string }) => Promise<string>;
}

export const TOPIC_PATTERN =
  /^projects\/[a-z][a-z0-9-]{4,28}[a-z0-9]\/topics\/[A-Za-z][\w.~+%-]{2,254}$/;

const RETRY_DELAYS_MS = [1_000, 5_000, 20_000];

export function createPushPublisher(options: GmailPushOptions) {
  const subscription = options.topicName.replace("/topics/", "/subscriptions/");

  async function deliver(address: string, historyId: number, attempt = 0): Promise<void> {
    const data = Buffer.from(JSON.stringify({ emailAddress: address, historyId })).toString(
      "base64",
    );
    const body = {
      message: {
        data,
        messageId: randomBytes(8).readBigUInt64BE().toString(),
        publishTime: new Date().toISOString(),
      },
      subscription,
    };
    let ok = false;
    try {
      const token = await options.signToken({
        audience: options.audience,
        email: options.serviceAccount,
      });
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      ok = response.ok;
    } catch {
      ok = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!ok && delay !== undefined) {
      setTimeout(() => void deliver(address, historyId, attempt + 1), delay).unref();
    }
  }

  return {
    /** New INBOX mail in a watched mailbox: notify, after the request that added it returns. */
    onInbox(mailbox: GmailMailbox, historyId: number) {
      const watch = mailbox.watch;
      if (!watch || watch.expiresAt <= Date.now() || watch.topicName !== options.topicName) return;
      setImmediate(() => void deliver(mailbox.address, historyId));
    },
  };
}
