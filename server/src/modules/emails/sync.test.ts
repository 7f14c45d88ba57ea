import type { LiveEvent } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  contactState,
  createSender,
  emailRows,
  insertDueEmails,
  jobsFor,
  mailboxRow,
  sendEmail,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { MAILBOXES, type TestMailbox } from "../../../tests/mailboxes";
import type { MailboxProviderName } from "../../integrations/mailbox";
import { subscribeEvents } from "../events/bus";
import { REPLY_SYNC_JOB, sweepReplySync } from "./reply-sync-job";
import { processEmailJob } from "./send-job";
import { stripQuotedReply, syncMailbox } from "./sync";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

const cursorOf = async (userId: string) => (await mailboxRow(t, userId)).historyId;

/** Each provider's sync cursor: Gmail's history id, which only grows; Graph's delta link. */
const CURSORS: Record<
  MailboxProviderName,
  { format: RegExp; movedOn: (before: string, after: string) => boolean }
> = {
  gmail: { format: /^\d+$/, movedOn: (before, after) => Number(after) > Number(before) },
  microsoft: {
    format: /\/v1\.0\/me\/mailFolders\/inbox\/messages\/delta\?\$deltatoken=/,
    movedOn: (before, after) => after !== before,
  },
};

/** A sender who has emailed one contact; answers the sender, the contact and the sent message. */
async function afterOneEmail(mailbox: TestMailbox) {
  const ada = await mailbox.createSender(t);
  const [grace] = await addNetworkContacts(t, ada.id, 1);
  await sendEmail(t, ada.auth, grace.id, { subject: "Hello", body: "Hi Grace" });
  const [sent] = await mailbox.sent(t, ada.gmail);
  return { ada, grace, sent };
}

const inboundOf = async (userId: string) =>
  (await emailRows(t, userId)).filter((r) => r.direction === "inbound");

describe.each(MAILBOXES)("reply sync from a $label mailbox", (mailbox) => {
  it("stores a reply found from the sync cursor, once, turns the contact Responded and announces it", async () => {
    const { ada, grace, sent } = await afterOneEmail(mailbox);

    await syncMailbox(t.deps, ada.id); // first run: no cursor yet, scans and starts one
    const cursor = (await cursorOf(ada.id)) ?? "";
    expect(cursor).toMatch(CURSORS[mailbox.provider].format);
    expect((await contactState(t, ada.id, grace.id)).replied).toBe(false);

    const events: LiveEvent[] = [];
    const stop = subscribeEvents(ada.id, (event) => events.push(event));
    expect(await mailbox.reply(t, sent.threadId, "Thanks Ada, let's talk.")).toBe(201);
    await syncMailbox(t.deps, ada.id);
    await syncMailbox(t.deps, ada.id);
    stop();

    const inbound = await inboundOf(ada.id);
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      status: "received",
      body: "Thanks Ada, let's talk.",
      threadId: sent.threadId,
      inboundKind: null,
    });
    expect(await contactState(t, ada.id, grace.id)).toEqual({ count: 2, replied: true });
    expect(events).toEqual([{ type: "reply", contact_id: grace.id }]);
    const after = (await cursorOf(ada.id)) ?? "";
    expect(CURSORS[mailbox.provider].movedOn(cursor, after), `${cursor} -> ${after}`).toBe(true);
  });

  it("falls back to scanning the known threads when the provider no longer knows the cursor", async () => {
    const { ada, grace, sent } = await afterOneEmail(mailbox);
    await syncMailbox(t.deps, ada.id);
    await mailbox.reply(t, sent.threadId, "Sure, Tuesday?");
    await mailbox.expireCursor(t, ada.gmail);
    await syncMailbox(t.deps, ada.id);
    expect((await inboundOf(ada.id)).map((r) => r.body)).toEqual(["Sure, Tuesday?"]);
    expect((await contactState(t, ada.id, grace.id)).replied).toBe(true);
  });
});

describe("reply sync", () => {
  it("enqueues one sync per connected mailbox", async () => {
    await createSender(t);
    // The sweep's jobs, apart from the syncs a send asks for shortly after it.
    const swept = async () =>
      (await jobsFor(t, REPLY_SYNC_JOB)).filter(
        (j) => j.state === "created" && !/:after-(send|automated)$/.test(j.singletonKey ?? ""),
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

  it("asks for one sync within a minute of a mailbox's automated sends, not one per email", async () => {
    const ada = await createSender(t);
    const contacts = await addNetworkContacts(t, ada.id, 3);
    const due = await insertDueEmails(
      t,
      ada.id,
      contacts.map((c) => c.id),
    );
    for (const email of due) await processEmailJob(t.deps, email.id);
    expect((await emailRows(t, ada.id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    const { rows } = await t.deps.database.raw.query<{ key: string; wait: number }>(
      `select singleton_key as key, extract(epoch from start_after - created_on)::float as wait
       from pgboss.job where name = $1 and state = 'created' and singleton_key like $2`,
      [REPLY_SYNC_JOB, `${ada.id}:after-%`],
    );
    expect(rows.map((r) => r.key)).toEqual([`${ada.id}:after-automated`]);
    expect(rows[0].wait).toBeGreaterThan(50);
    expect(rows[0].wait).toBeLessThanOrEqual(61);
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
