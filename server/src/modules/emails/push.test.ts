import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  jobsFor,
  mailboxRow,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { until, useTestApp } from "../../../tests/helpers";
import { GMAIL } from "../../../tests/mailboxes";
import { REPLY_SYNC_JOB } from "./reply-sync-job";
import { renewMailboxWatches } from "./watch-job";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

const pushConfig = () => {
  const push = t.deps.config.gmailPush;
  if (!push) throw new Error("sandbox mode configures Gmail push");
  return push;
};

const sign = (claims: { audience?: string; email?: string; expiresIn?: number } = {}) => {
  const push = pushConfig();
  const google = t.deps.sandbox?.google;
  if (!google) throw new Error("no Google stand-in");
  return google.serviceAccountToken({
    audience: claims.audience ?? push.audience,
    email: claims.email ?? push.serviceAccount,
    expiresIn: claims.expiresIn,
  });
};

const envelope = (emailAddress: string, historyId = 4242) => ({
  message: {
    data: Buffer.from(JSON.stringify({ emailAddress, historyId })).toString("base64"),
    messageId: "2070443601311540",
    publishTime: new Date().toISOString(),
  },
  subscription: "projects/reachout-sandbox/subscriptions/gmail-push",
});

const push = (token: string | null, body: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/gmail/push",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });

const queuedSyncsFor = async (userId: string) =>
  (await jobsFor(t, REPLY_SYNC_JOB)).filter((job) => job.singletonKey === userId);

describe("Gmail push", () => {
  it("watches each connected mailbox once a day, and a reply is pushed to the app's endpoint", async () => {
    const ada = await createSender(t);
    const now = new Date();
    expect(await renewMailboxWatches(t.deps, now)).toBeGreaterThanOrEqual(1);
    const account = await mailboxRow(t, ada.id);
    const days = ((account.watchExpiresAt?.getTime() ?? 0) - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(account.watchRenewAt?.getTime()).toBe(now.getTime() + 86_400_000);
    // Renewed daily, not on every sweep.
    expect(await renewMailboxWatches(t.deps, new Date(now.getTime() + 60_000))).toBe(0);

    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
    const [sent] = await sentFrom(t, ada.gmail);
    const before = (await queuedSyncsFor(ada.id)).length;
    await GMAIL.reply(t, sent.thread_id, "Happy to chat on Thursday.");
    // The stand-in's Pub/Sub pushes to POST /api/gmail/push, which asks for this mailbox's sync.
    await until("a reply sync queued by the push", async () => {
      const jobs = await queuedSyncsFor(ada.id);
      return jobs.length > before && jobs.some((job) => job.state === "created");
    });
  });

  it("a burst of pushes for one mailbox queues one sync", async () => {
    const ada = await createSender(t);
    const token = await sign();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => push(token, envelope(ada.gmail, 5000 + i))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204, 204]);
    const waiting = (await queuedSyncsFor(ada.id)).filter((job) => job.state === "created");
    expect(waiting).toHaveLength(1);
  });

  it("refuses pushes without Google's token for our subscription, and ignores unknown mailboxes", async () => {
    const ada = await createSender(t);
    const body = envelope(ada.gmail);
    const missing = await push(null, body);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().detail).toMatch(/OIDC token/);

    const wrongAudience = await push(
      await sign({ audience: "https://elsewhere.example/push" }),
      body,
    );
    expect(wrongAudience.statusCode).toBe(403);
    const wrongAccount = await push(
      await sign({ email: "attacker@evil-project.iam.gserviceaccount.com" }),
      body,
    );
    expect(wrongAccount.statusCode).toBe(403);
    const expired = await push(await sign({ expiresIn: -300 }), body);
    expect(expired.statusCode).toBe(403);

    // A well-formed token signed by a key Google never published.
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(publicKey);
    const forged = await new SignJWT({ email: pushConfig().serviceAccount, email_verified: true })
      .setProtectedHeader({ alg: "RS256", kid: String(jwk.n).slice(0, 8) })
      .setIssuer(t.deps.config.google.issuer)
      .setAudience(pushConfig().audience)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await push(forged, body)).statusCode).toBe(403);
    expect(await queuedSyncsFor(ada.id)).toHaveLength(0);

    const good = await sign();
    const garbled = await push(good, { message: { data: "not base64 json" } });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().detail).toContain("emailAddress");
    expect((await push(good, envelope("nobody@gmail.example"))).statusCode).toBe(204);
    expect(await queuedSyncsFor(ada.id)).toHaveLength(0);
  });
});
