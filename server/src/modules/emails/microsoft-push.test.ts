import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createMicrosoftSender,
  jobsFor,
  mailboxRow,
  microsoftSentFrom,
  sendEmail,
  setMailboxRow,
} from "../../../tests/factories";
import { until, useTestApp } from "../../../tests/helpers";
import { OUTLOOK } from "../../../tests/mailboxes";
import { userContacts } from "../../db/schema";
import { graphClientState, microsoftProvider } from "../../integrations/microsoft-graph";
import { REPLY_SYNC_JOB } from "./reply-sync-job";
import { syncMailbox } from "./sync";
import { renewMailboxWatches } from "./watch-job";

/**
 * Outlook replies in seconds: the watch sweep keeps a Graph change-notification subscription
 * per Outlook mailbox, the stand-in's Graph notifies the app when mail arrives, and the
 * notification asks for that mailbox's reply sync, as Gmail's push does.
 */
const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

const HOUR_MS = 3600_000;

const accountOf = (userId: string) => mailboxRow(t, userId);

interface SandboxSubscription {
  id: string;
  resource: string;
  change_type: string;
  notification_url: string;
  expires_at: string;
}
const subscriptionsOf = async (address: string): Promise<SandboxSubscription[]> =>
  (
    await t.app.inject({
      url: `/__sandbox/microsoft/subscriptions.json?address=${encodeURIComponent(address)}`,
    })
  ).json();

/** A Microsoft sender whose mailbox the sweep has subscribed; answers its subscription id. */
async function subscribedSender() {
  const ada = await createMicrosoftSender(t);
  await renewMailboxWatches(t.deps);
  const { watchId } = await accountOf(ada.id);
  if (!watchId) throw new Error("the sweep did not subscribe the mailbox");
  return { ...ada, subscriptionId: watchId };
}

const notify = (body: unknown, query = "") =>
  t.app.inject({
    method: "POST",
    url: `/api/microsoft/notifications${query}`,
    headers: { "content-type": "application/json; charset=utf-8" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

const notification = (subscriptionId: string, clientState: string | null) => ({
  subscriptionId,
  subscriptionExpirationDateTime: new Date(Date.now() + 60 * HOUR_MS).toISOString(),
  changeType: "created",
  resource: "Users/0f1e2d3c-0000-4000-8000-000000000001/Messages/AAMkAGI2",
  resourceData: { "@odata.type": "#Microsoft.Graph.Message", id: "AAMkAGI2" },
  clientState,
  tenantId: "9188040d-6c67-4c5b-b112-36a304b66dad",
});

const waitingSyncsFor = async (userId: string) =>
  (await jobsFor(t, REPLY_SYNC_JOB)).filter(
    (job) => job.singletonKey === userId && job.state === "created",
  );

describe("Outlook push (Graph change notifications)", () => {
  it("subscribes a new Outlook mailbox, renews the subscription daily in place, and a pushed reply turns the contact Responded with no poll", async () => {
    const ada = await createMicrosoftSender(t);
    const now = new Date();
    expect(await renewMailboxWatches(t.deps, now)).toBeGreaterThanOrEqual(1);
    const subscribed = await accountOf(ada.id);
    const [subscription] = await subscriptionsOf(ada.gmail);
    expect(subscription).toMatchObject({
      id: subscribed.watchId,
      resource: "me/mailFolders('inbox')/messages",
      change_type: "created",
      notification_url: `${t.baseUrl}/api/microsoft/notifications`,
    });
    const hours = ((subscribed.watchExpiresAt?.getTime() ?? 0) - now.getTime()) / HOUR_MS;
    expect(hours).toBeGreaterThan(69);
    expect(hours).toBeLessThan(7 * 24);
    expect(subscribed.watchRenewAt?.getTime()).toBe(now.getTime() + 24 * HOUR_MS);
    // Renewed daily, not on every sweep.
    expect(await renewMailboxWatches(t.deps, new Date(now.getTime() + 60_000))).toBe(0);

    // A day later the same subscription is extended (PATCH), not replaced.
    const dayLater = new Date(now.getTime() + 24 * HOUR_MS + 60_000);
    expect(await renewMailboxWatches(t.deps, dayLater)).toBeGreaterThanOrEqual(1);
    const renewed = await accountOf(ada.id);
    expect(renewed.watchId).toBe(subscribed.watchId);
    expect(renewed.watchExpiresAt?.getTime()).toBeGreaterThanOrEqual(
      subscribed.watchExpiresAt?.getTime() ?? Infinity,
    );
    expect(renewed.watchRenewAt?.getTime()).toBe(dayLater.getTime() + 24 * HOUR_MS);
    expect(await subscriptionsOf(ada.gmail)).toHaveLength(1);

    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sent = await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
    expect(sent.statusCode).toBe(200);
    const [message] = await microsoftSentFrom(t, ada.gmail);
    expect(await OUTLOOK.reply(t, message.conversation_id, "Happy to chat on Thursday.")).toBe(201);

    // The stand-in's Graph POSTs to /api/microsoft/notifications, which queues this mailbox's sync.
    await until(
      "a reply sync queued by the notification",
      async () => (await waitingSyncsFor(ada.id)).length === 1,
    );
    // Workers are off in tests: run the queued job itself (no sweep, no poll).
    const jobs = await t.deps.boss.fetch<{ userId: string }>(REPLY_SYNC_JOB, { batchSize: 50 });
    const job = jobs.find((j) => j.data.userId === ada.id);
    expect(job).toBeDefined();
    await syncMailbox(t.deps, ada.id);
    await t.deps.boss.complete(
      REPLY_SYNC_JOB,
      jobs.map((j) => j.id),
    );
    const [state] = await t.deps.database.db
      .select({ replied: userContacts.replied })
      .from(userContacts)
      .where(and(eq(userContacts.userId, ada.id), eq(userContacts.contactId, grace.id)));
    expect(state.replied).toBe(true);
  });

  it("a burst of notifications for one mailbox queues one sync", async () => {
    const ada = await subscribedSender();
    const state = graphClientState(t.deps.config, ada.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => notify({ value: [notification(ada.subscriptionId, state)] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(await waitingSyncsFor(ada.id)).toHaveLength(1);
  });

  it("drops notifications with a forged or missing clientState, or for an unknown subscription, and still answers 202", async () => {
    const ada = await subscribedSender();
    const grace = await subscribedSender();
    const forged = [
      notification(ada.subscriptionId, "forged-client-state"),
      notification(ada.subscriptionId, null),
      // Another mailbox's genuine client state does not open this one's subscription.
      notification(ada.subscriptionId, graphClientState(t.deps.config, grace.id)),
      notification("7f105c7d-2dc5-4530-97cd-4e7ae6534c07", graphClientState(t.deps.config, ada.id)),
    ];
    for (const item of forged) {
      expect((await notify({ value: [item] })).statusCode).toBe(202);
    }
    expect(await waitingSyncsFor(ada.id)).toHaveLength(0);

    // A batch mixing a forged item with a genuine one still syncs the genuine mailbox only.
    const mixed = await notify({
      value: [
        notification(ada.subscriptionId, "forged-client-state"),
        notification(grace.subscriptionId, graphClientState(t.deps.config, grace.id)),
      ],
    });
    expect(mixed.statusCode).toBe(202);
    expect(await waitingSyncsFor(ada.id)).toHaveLength(0);
    expect(await waitingSyncsFor(grace.id)).toHaveLength(1);
  });

  it("echoes Graph's validation token exactly as text/plain, and refuses a garbled body with 400", async () => {
    const token =
      "Validation: Testing client application reachability for subscription Request-Id: 3b3f9821-ce3f-4b92-a7d0-2b2d4d6c2f7c & <b>+</b>";
    const handshake = await t.app.inject({
      method: "POST",
      url: `/api/microsoft/notifications?validationToken=${encodeURIComponent(token)}`,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    expect(handshake.statusCode).toBe(200);
    expect(handshake.headers["content-type"]).toMatch(/^text\/plain/);
    expect(handshake.body).toBe(token);

    const garbled = await notify("{value: [not json");
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().detail).toEqual(expect.any(String));
    const misshapen = await notify({ value: [{ changeType: "created" }] });
    expect(misshapen.statusCode).toBe(400);
    expect(misshapen.json().detail).toContain("subscriptionId");
  });

  it("replaces at renewal a subscription made under a rotated secret, whose notifications would all be dropped", async () => {
    const ada = await createMicrosoftSender(t);
    const before = await accountOf(ada.id);
    const rotated = { ...t.deps.config, jwtSecret: new TextEncoder().encode("x".repeat(48)) };
    const stale = await microsoftProvider(rotated, before).watch();
    await setMailboxRow(t, ada.id, { watchId: stale?.id, watchRenewAt: null });

    await renewMailboxWatches(t.deps);
    const { watchId } = await accountOf(ada.id);
    expect(watchId).not.toBe(stale?.id);
    expect((await subscriptionsOf(ada.gmail)).map((s) => s.id)).toEqual([watchId]);
    const answer = await notify({
      value: [notification(String(watchId), graphClientState(t.deps.config, ada.id))],
    });
    expect(answer.statusCode).toBe(202);
    expect(await waitingSyncsFor(ada.id)).toHaveLength(1);
  });

  it("a subscription Graph refuses is tried again an hour later, the poll covering meanwhile", async () => {
    const ada = await createMicrosoftSender(t);
    await OUTLOOK.revoke(t, ada.gmail);
    const now = new Date();
    await renewMailboxWatches(t.deps, now);
    const account = await accountOf(ada.id);
    expect(account.watchId).toBeNull();
    expect(account.watchRenewAt?.getTime()).toBe(now.getTime() + HOUR_MS);
    expect(await subscriptionsOf(ada.gmail)).toHaveLength(0);
  });
});
