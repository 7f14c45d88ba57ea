import type { LiveEvent } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  emailRows,
  jobsFor,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { gmailAccounts, userContacts } from "../../db/schema";
import { subscribeEvents } from "../events/bus";
import { REPLY_SYNC_JOB, sweepReplySync } from "./reply-sync-job";
import { stripQuotedReply, syncMailbox } from "./sync";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

const reply = (threadId: string, text: string) =>
  t.app.inject({
    method: "POST",
    url: "/__sandbox/gmail/reply",
    payload: { thread_id: threadId, text },
  });

async function contactState(userId: string, contactId: string) {
  const [row] = await t.deps.database.db
    .select({ count: userContacts.messageCount, replied: userContacts.replied })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  return row;
}

async function cursorOf(userId: string) {
  const [row] = await t.deps.database.db
    .select({ historyId: gmailAccounts.historyId })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.userId, userId));
  return row.historyId;
}

describe("reply sync", () => {
  it("stores replies from the history cursor, once, and announces them", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
    const [sent] = await sentFrom(t, ada.gmail);

    await syncMailbox(t.deps, ada.id); // first run: no cursor yet, scans and starts one
    const cursor = await cursorOf(ada.id);
    expect(cursor).toBeTruthy();

    const events: LiveEvent[] = [];
    const stop = subscribeEvents(ada.id, (event) => events.push(event));
    await reply(sent.thread_id, "Thanks Ada, let's talk.");
    await syncMailbox(t.deps, ada.id);
    await syncMailbox(t.deps, ada.id);
    stop();

    const inbound = (await emailRows(t, ada.id)).filter((r) => r.direction === "inbound");
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ status: "received", body: "Thanks Ada, let's talk." });
    expect(await contactState(ada.id, grace.id)).toEqual({ count: 2, replied: true });
    expect(events).toEqual([{ type: "reply", contact_id: grace.id }]);
    expect(Number(await cursorOf(ada.id))).toBeGreaterThan(Number(cursor));
  });

  it("falls back to scanning threads when Gmail no longer knows the cursor", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
    const [sent] = await sentFrom(t, ada.gmail);
    await syncMailbox(t.deps, ada.id);
    await reply(sent.thread_id, "Sure, Tuesday?");
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/gmail/history/expire",
      payload: { email: ada.gmail },
    });
    await syncMailbox(t.deps, ada.id);
    const inbound = (await emailRows(t, ada.id)).filter((r) => r.direction === "inbound");
    expect(inbound.map((r) => r.body)).toEqual(["Sure, Tuesday?"]);
    expect((await contactState(ada.id, grace.id)).replied).toBe(true);
  });

  it("enqueues one sync per connected mailbox", async () => {
    await createSender(t);
    // The sweep's jobs, apart from the syncs a send asks for shortly after it.
    const swept = async () =>
      (await jobsFor(t, REPLY_SYNC_JOB)).filter(
        (j) => j.state === "created" && !j.singletonKey?.endsWith(":after-send"),
      );
    const count = await sweepReplySync(t.deps);
    expect(count).toBeGreaterThan(0);
    expect((await swept()).length).toBe(count);
    await sweepReplySync(t.deps);
    expect((await swept()).length).toBe(count);
  });

  it("asks for a sync shortly after each send, so bounces show within seconds", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
    const jobs = await jobsFor(t, REPLY_SYNC_JOB);
    expect(jobs.filter((j) => j.singletonKey === `${ada.id}:after-send`)).toHaveLength(1);
  });
});

describe("stripQuotedReply", () => {
  it.each([
    [
      "Sounds good!\n\nOn Tue, Mar 4, 2025 at 9:00 AM Ada <ada@gmail.example> wrote:\n> Hi",
      "Sounds good!",
    ],
    [
      "Sure.\nOn Tue, Mar 4, 2025 at 9:00 AM Ada Lovelace\n<ada@gmail.example> wrote:\n> Hi",
      "Sure.",
    ],
    ["Yes\n\n-----Original Message-----\nFrom: Ada", "Yes"],
    ["Line one\nLine two\n> quoted", "Line one\nLine two"],
  ])("keeps only the new text of %j", (input, expected) => {
    expect(stripQuotedReply(input)).toBe(expected);
  });
});
