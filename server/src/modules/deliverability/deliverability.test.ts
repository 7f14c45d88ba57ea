import { type EmailThread, heldAddressDetail, type NetworkContact } from "@reachout/contract";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  emailRows,
  scheduleEmail,
  sendEmail,
  sentFrom,
  setMailboxRow,
} from "../../../tests/factories";
import { until, useTestApp } from "../../../tests/helpers";
import { GMAIL } from "../../../tests/mailboxes";
import { addSequence, enrollInSequence } from "../../../tests/sequence-steps";
import { addressHolds, emailMessages, suppressions, userContacts } from "../../db/schema";
import { processEmailJob } from "../emails/send-job";
import { syncMailbox } from "../emails/sync";
import { drainSystemEmail } from "../system-email";
import { bounceStats, pauseIfBouncing } from "./warmup";

const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "0",
  GMAIL_DAILY_CAP: "1000",
  GMAIL_WARMUP_START_CAP: "20",
});

type Sender = Awaited<ReturnType<typeof createSender>>;

async function shareContact(userId: string, contactId: string) {
  await t.deps.database.db.insert(userContacts).values({ userId, contactId });
}

const send = (sender: Sender, contactId: string, subject = "Internship question") =>
  sendEmail(t, sender.auth, contactId, {
    subject,
    body: "Hi, I'm a junior at Columbia and would love your advice.",
  });

async function record(sender: Sender, contactId: string): Promise<NetworkContact> {
  const response = await t.app.inject({
    url: `/api/my-network/contacts/${contactId}`,
    headers: sender.auth,
  });
  return response.json();
}

async function thread(sender: Sender, contactId: string): Promise<EmailThread> {
  const response = await t.app.inject({
    url: `/api/emails/thread/${contactId}`,
    headers: sender.auth,
  });
  return response.json();
}

/** Syncs the mailbox until an inbound message of that kind is stored. */
async function syncUntilInbound(sender: Sender, kind: string) {
  return until(`an inbound ${kind}`, async () => {
    await syncMailbox(t.deps, sender.id);
    return (await emailRows(t, sender.id)).find(
      (r) => r.direction === "inbound" && r.inboundKind === kind,
    );
  });
}

describe("bounces", () => {
  it("a hard bounce marks the address bounced for everyone and is never a reply", async () => {
    const ada = await createSender(t);
    const bob = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1, { email: "nobody@bounce.example" });
    await shareContact(bob.id, person.id);

    expect((await send(ada, person.id)).statusCode).toBe(200);
    const bounce = await syncUntilInbound(ada, "bounce");
    expect(bounce.classificationNote).toContain("5.1.1");

    const [sent] = await sentFrom(t, ada.gmail);
    expect(bounce.threadId).toBe(sent.thread_id);
    const mine = await record(ada, person.id);
    expect(mine).toMatchObject({ email_status: "bounced", status: "Contacted", replied: false });
    expect((await record(bob, person.id)).email_status).toBe("bounced");

    const conversation = await thread(ada, person.id);
    expect(conversation.email_status).toBe("bounced");
    expect(conversation.messages.map((m) => m.kind)).toEqual(["message", "bounce"]);

    const refused = await send(bob, person.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("bounced permanently");
    expect(refused.json().detail).not.toContain(ada.email);
    expect(refused.json().detail).not.toContain(ada.gmail);
  });

  it("a due scheduled email to a suppressed address fails with the reason", async () => {
    const ada = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1);
    const scheduled = await scheduleEmail(t, ada.auth, person.id, {
      subject: "Hello",
      body: "Hi there",
    });
    expect(scheduled.statusCode).toBe(201);
    await t.deps.database.db
      .insert(suppressions)
      .values({ email: person.email as string, reason: "opted_out", source: "reply" });
    const [row] = await emailRows(t, ada.id);
    await t.deps.database.db
      .update(emailMessages)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(emailMessages.id, row.id));

    await processEmailJob(t.deps, row.id);

    const [after] = await emailRows(t, ada.id);
    expect(after.status).toBe("failed");
    expect(after.error).toContain("asked not to be contacted");
    expect(await sentFrom(t, ada.gmail)).toEqual([]);
  });

  it("refuses to schedule or bulk-send to a suppressed address", async () => {
    const ada = await createSender(t);
    const [person, other] = await addNetworkContacts(t, ada.id, 2);
    await t.deps.database.db
      .insert(suppressions)
      .values({ email: person.email as string, reason: "bounced", source: "dsn" });
    const scheduled = await scheduleEmail(t, ada.auth, person.id, { subject: "Hello", body: "Hi" });
    expect(scheduled.statusCode).toBe(409);
    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/my-network/mine/bulk-email",
      headers: ada.auth,
      payload: {
        contact_ids: [person.id, other.id],
        subject: "Hello {{first_name}}",
        email_template: "Hi {{first_name}}",
      },
    });
    expect(bulk.json()).toMatchObject({ emails_sent: 1 });
    expect((await emailRows(t, ada.id)).map((r) => r.contactId)).toEqual([other.id]);
  });
});

describe("what each verdict does", () => {
  it("a DMARC refusal never touches the recipient; the Account page names it; two in a day pause", async () => {
    const ada = await createSender(t);
    const [first] = await addNetworkContacts(t, ada.id, 1, { email: "one@dmarc-reject.example" });
    const [second] = await addNetworkContacts(t, ada.id, 1, { email: "two@dmarc-reject.example" });
    expect((await send(ada, first.id)).statusCode).toBe(200);
    const bounce = await syncUntilInbound(ada, "bounce");
    expect(bounce.inboundCause).toBe("sender");
    expect(bounce.classificationNote).toContain("5.7.26");

    expect((await record(ada, first.id)).email_status).toBe("ok");
    const db = t.deps.database.db;
    expect(
      await db
        .select()
        .from(suppressions)
        .where(like(suppressions.email, "%@dmarc-reject.example")),
    ).toEqual([]);
    expect(await db.select().from(addressHolds).where(eq(addressHolds.userId, ada.id))).toEqual([]);
    expect((await bounceStats(t.deps.database.db, ada.id)).bounces).toBe(0);

    const health = async () =>
      (await t.app.inject({ url: "/api/deliverability/status", headers: ada.auth })).json();
    const once = await health();
    expect(once.automated_paused).toBe(false);
    expect(once.bounces_30d).toBe(0);
    expect(once.sender_rejections).toHaveLength(1);
    expect(once.sender_rejections[0]).toMatchObject({ refused_by: "Gmail", status: "5.7.26" });
    expect(once.sender_rejections[0].notice).toMatch(/^Gmail rejected your email: .*DMARC/);

    expect((await send(ada, second.id, "Another question")).statusCode).toBe(200);
    await until("a second refusal", async () => {
      await syncMailbox(t.deps, ada.id);
      const rows = await emailRows(t, ada.id);
      return rows.filter((r) => r.inboundKind === "bounce").length === 2 || undefined;
    });
    const twice = await health();
    expect(twice.sender_rejections).toHaveLength(2);
    expect(twice.automated_paused).toBe(true);
    expect(twice.paused_notice).toContain("Gmail rejected your email");
    expect((await record(ada, second.id)).email_status).toBe("ok");
  });

  it("a full mailbox holds the address for this student's sequences for 14 days, never globally", async () => {
    const ada = await createSender(t);
    const bob = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1, { email: "busy@full.example" });
    await shareContact(bob.id, person.id);
    expect((await send(ada, person.id)).statusCode).toBe(200);
    const bounce = await syncUntilInbound(ada, "bounce");
    expect(bounce.inboundCause).toBe("mailbox");
    expect(bounce.classificationNote).toContain("5.2.2");

    const db = t.deps.database.db;
    expect(
      await db.select().from(suppressions).where(eq(suppressions.email, "busy@full.example")),
    ).toEqual([]);
    const holds = await db
      .select()
      .from(addressHolds)
      .where(eq(addressHolds.email, "busy@full.example"));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({
      userId: ada.id,
      email: "busy@full.example",
      cause: "mailbox",
    });
    const days = (holds[0].heldUntil.getTime() - Date.now()) / (24 * 3600_000);
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const mine = await record(ada, person.id);
    expect(mine.email_status).toBe("held");
    expect(mine.email_held_until).toBe(holds[0].heldUntil.toISOString());
    const theirs = await record(bob, person.id);
    expect(theirs).toMatchObject({ email_status: "ok", email_held_until: null });
    expect((await send(bob, person.id)).statusCode).toBe(200);
  });

  it("refuses to enrol a held address in this student's sequence, naming the day it clears", async () => {
    const ada = await createSender(t);
    const bob = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1, { email: "away.full@full.example" });
    await shareContact(bob.id, person.id);
    expect((await send(ada, person.id)).statusCode).toBe(200);
    await syncUntilInbound(ada, "bounce");
    const [hold] = await t.deps.database.db
      .select()
      .from(addressHolds)
      .where(eq(addressHolds.email, "away.full@full.example"));
    expect(hold.userId).toBe(ada.id);

    const sequence = await addSequence(t, ada.auth);
    const refused = await enrollInSequence(t, ada.auth, sequence.id, [person.id]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      enrolled: [],
      refused: [
        {
          contact_id: person.id,
          detail: heldAddressDetail("away.full@full.example", hold.heldUntil.toISOString()),
        },
      ],
    });
    const day = hold.heldUntil.toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    expect(refused.json().refused[0].detail).toBe(
      `Reachout holds away.full@full.example for your sequences until ${day}: its mailbox could not take mail (full, or its server unreachable). Try again after then.`,
    );
    // Another student's sequence takes the address: the hold is not a global suppression.
    const theirs = await addSequence(t, bob.auth);
    const taken = await enrollInSequence(t, bob.auth, theirs.id, [person.id]);
    expect(taken.json().enrolled).toHaveLength(1);
    expect(taken.json().refused).toEqual([]);
  });
});

describe("automatic replies", () => {
  it("an out-of-office answer is shown as automatic and the contact stays Contacted", async () => {
    const ada = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1, { email: "jane@ooo.example" });
    expect((await send(ada, person.id)).statusCode).toBe(200);

    const auto = await syncUntilInbound(ada, "auto_reply");
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(auto.returnsAt?.toISOString().slice(0, 10)).toBe(inThreeDays);

    expect(await record(ada, person.id)).toMatchObject({
      status: "Contacted",
      replied: false,
      email_status: "ok",
    });
    const conversation = await thread(ada, person.id);
    const last = conversation.messages.at(-1);
    expect(last).toMatchObject({ kind: "auto_reply", sender: "contact" });
    expect(last?.note).toContain("Automatic reply");
  });
});

describe("opt-outs", () => {
  it('a reply "Please remove me from your list" opts the address out for everyone', async () => {
    const ada = await createSender(t);
    const bob = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1);
    await shareContact(bob.id, person.id);
    expect((await send(ada, person.id)).statusCode).toBe(200);
    const [sent] = await sentFrom(t, ada.gmail);
    await GMAIL.reply(t, sent.thread_id, "Please remove me from your list.");

    const optOut = await syncUntilInbound(ada, "opt_out");
    expect(optOut.classificationNote).toContain("Please remove me from your list.");
    expect(await record(ada, person.id)).toMatchObject({
      email_status: "opted_out",
      // An opt-out is not a reply (insights count none): Contacted, with the Opted out badge.
      status: "Contacted",
    });
    const refused = await send(bob, person.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain("asked not to be contacted");
  });

  it("the public opt-out page: 202 for any address, a link by email, then suppressed", async () => {
    const ada = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1);
    const address = person.email as string;
    for (const email of [address, "never-seen@unknown.example"]) {
      const asked = await t.app.inject({ method: "POST", url: "/api/opt-out", payload: { email } });
      expect(asked.statusCode).toBe(202);
    }
    expect((await record(ada, person.id)).email_status).toBe("ok");

    await drainSystemEmail(t.deps);
    const mail = await t.app.inject({ url: `/__sandbox/mail.json?to=${address}` });
    const [confirmation] = mail.json() as Array<{ text: string }>;
    const token = /token=([A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1] as string;
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/opt-out/confirm",
      payload: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(bad.statusCode).toBe(400);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/opt-out/confirm",
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await record(ada, person.id)).email_status).toBe("opted_out");
    expect((await send(ada, person.id)).statusCode).toBe(409);
  });
});

describe("recipient weekly cap", () => {
  it("the fourth student's first email in a week gets 429 saying when; follow-ups still go", async () => {
    const students = await Promise.all([1, 2, 3, 4].map(() => createSender(t)));
    const [person] = await addNetworkContacts(t, students[0].id, 1);
    for (const student of students.slice(1)) await shareContact(student.id, person.id);

    for (const student of students.slice(0, 3)) {
      expect((await send(student, person.id)).statusCode).toBe(200);
    }
    expect((await record(students[3], person.id)).recent_outreach_count).toBe(3);
    const fourth = await send(students[3], person.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toContain("You can write to them from");
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(6 * 24 * 3600);

    const followUp = await send(students[0], person.id, "Re: Internship question");
    expect(followUp.statusCode).toBe(200);
    expect((await record(students[3], person.id)).recent_outreach_count).toBe(3);
  });

  it("20 students writing to one address at once: exactly 3 sends", async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => createSender(t)));
    const [person] = await addNetworkContacts(t, students[0].id, 1);
    for (const student of students.slice(1)) await shareContact(student.id, person.id);

    const answers = await Promise.all(students.map((student) => send(student, person.id)));

    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    const delivered = (
      await Promise.all(students.map((student) => sentFrom(t, student.gmail)))
    ).flat();
    expect(delivered.filter((m) => m.to === person.email)).toHaveLength(3);
  });
});

describe("sending health", () => {
  it("shows the warm-up cap of a new mailbox and pauses automated sending on bounces", async () => {
    const ada = await createSender(t);
    const status = await t.app.inject({ url: "/api/deliverability/status", headers: ada.auth });
    expect(status.json()).toMatchObject({
      daily_cap: 20,
      full_daily_cap: 1000,
      warmup_day: 1,
      is_warming_up: true,
      automated_paused: false,
    });

    await setMailboxRow(t, ada.id, {
      automatedPausedAt: new Date(),
      automatedPausedReason: "paused",
    });
    const [person] = await addNetworkContacts(t, ada.id, 1);
    await t.app.inject({
      method: "POST",
      url: "/api/my-network/mine/bulk-email",
      headers: ada.auth,
      payload: { contact_ids: [person.id], subject: "Hello", email_template: "Hi" },
    });
    const [queued] = await emailRows(t, ada.id);
    await processEmailJob(t.deps, queued.id);
    expect((await emailRows(t, ada.id))[0].status).toBe("scheduled");

    const resumed = await t.app.inject({
      method: "POST",
      url: "/api/deliverability/resume",
      headers: ada.auth,
    });
    expect(resumed.json()).toMatchObject({ automated_paused: false, paused_notice: null });
    await processEmailJob(t.deps, queued.id);
    expect((await emailRows(t, ada.id))[0].status).toBe("sent");
  });
});

describe("bounce-rate pause", () => {
  async function history(userId: string, contactId: string, sends: number, bounces: number) {
    const now = new Date();
    const row = (direction: "outbound" | "inbound", i: number) => ({
      userId,
      contactId,
      direction,
      status: direction === "outbound" ? ("sent" as const) : ("received" as const),
      subject: "s",
      body: "b",
      sentAt: new Date(now.getTime() - (i + 1) * 60_000),
      inboundKind: direction === "inbound" ? ("bounce" as const) : null,
    });
    await t.deps.database.db
      .insert(emailMessages)
      .values([
        ...Array.from({ length: sends }, (_, i) => row("outbound", i)),
        ...Array.from({ length: bounces }, (_, i) => row("inbound", i)),
      ]);
  }

  it("pauses automated sending above 5% bounces over at least 20 sends, until resumed", async () => {
    const few = await createSender(t);
    const [a] = await addNetworkContacts(t, few.id, 1);
    await history(few.id, a.id, 19, 5);
    expect(await pauseIfBouncing(t.deps.database.db, few.id)).toBe(false);

    const ada = await createSender(t);
    const [b] = await addNetworkContacts(t, ada.id, 1);
    await history(ada.id, b.id, 20, 1);
    expect(await pauseIfBouncing(t.deps.database.db, ada.id)).toBe(false); // exactly 5%
    await history(ada.id, b.id, 0, 1);
    expect(await pauseIfBouncing(t.deps.database.db, ada.id)).toBe(true);

    const status = await t.app.inject({ url: "/api/deliverability/status", headers: ada.auth });
    expect(status.json()).toMatchObject({
      sends_30d: 20,
      bounces_30d: 2,
      bounce_rate_30d: 0.1,
      automated_paused: true,
    });
    expect(status.json().paused_notice).toContain("more than 5% of your emails");
    await t.app.inject({ method: "POST", url: "/api/deliverability/resume", headers: ada.auth });
    // Resumed: the same history does not pause again until a new bounce arrives.
    expect(await pauseIfBouncing(t.deps.database.db, ada.id, new Date())).toBe(false);
  });
});

describe("sequences", () => {
  it("a bounce stops the sequence writing to the address, and a new enrolment is refused", async () => {
    const ada = await createSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1, { email: "gone@bounce.example" });
    const sequence = await addSequence(t, ada.auth, {
      name: "Recruiters",
      steps: [{ wait_minutes: 60 * 24 * 3 }],
    });
    const enroll = (contactId: string) =>
      enrollInSequence(t, ada.auth, sequence.id, [contactId], { body: "Hi there" });
    const enrolled = await enroll(person.id);
    expect(enrolled.json().enrolled).toHaveLength(1);
    const [first] = await emailRows(t, ada.id);
    await processEmailJob(t.deps, first.id);
    expect((await emailRows(t, ada.id)).find((r) => r.id === first.id)?.status).toBe("sent");

    await syncUntilInbound(ada, "bounce");
    const detail = await t.app.inject({
      url: `/api/enrollments/${enrolled.json().enrolled[0].id}`,
      headers: ada.auth,
    });
    expect(detail.json().status).toBe("bounced");

    const refused = await enroll(person.id);
    expect(refused.json().refused[0].detail).toContain("bounced permanently");
  });
});
