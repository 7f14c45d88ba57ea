import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  addResume,
  connectGmail,
  createSender,
  createUser,
  emailRows,
  generateEmail,
  jobsFor,
  mailboxRow,
  scheduleEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { GMAIL } from "../../../tests/mailboxes";
import { emailMessages, userContacts } from "../../db/schema";
import { processEmailJob, SEND_EMAIL_JOB } from "./send-job";

const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "0",
  ADMIN_EMAILS: "boss@reachout.example",
});

const post = (url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

describe("generating an email", () => {
  it("writes both formats from the database's facts, whatever the client sends", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const original = await generateEmail(t, ada.auth, grace.id, {
      full_name: "Someone Else",
      company: "Fake Corp",
      email_format: "original",
    });
    expect(original.statusCode).toBe(200);
    expect(original.json()).toMatchObject({ format_used: "playful", writer: "offline" });
    expect(original.json().body).toContain(grace.company);
    expect(original.json().body).not.toContain("Fake Corp");

    const precision = await generateEmail(t, ada.auth, grace.id, { email_format: "precision" });
    expect(precision.json().format_used).toBe("precision_finance");
    expect(precision.json().body).not.toBe(original.json().body);
  });

  it("answers 404 for another user's contact and 409 until resume and Gmail exist", async () => {
    const ada = await createSender(t);
    const bo = await createUser(t);
    const [theirs] = await addNetworkContacts(t, bo.id, 1);
    const foreign = await generateEmail(t, ada.auth, theirs.id);
    expect(foreign.statusCode).toBe(404);

    const noResume = await generateEmail(t, bo.auth, theirs.id);
    expect(noResume.statusCode).toBe(409);
    expect(noResume.json().detail).toBe(
      "No resume found. Please upload your resume in your profile before generating emails.",
    );
    await addResume(t, bo.id);
    const noGmail = await generateEmail(t, bo.auth, theirs.id);
    expect(noGmail.statusCode).toBe(409);
    expect(noGmail.json().detail).toMatch(/Connect your Gmail/);
  });

  it("refuses a malformed request with 400 and a detail", async () => {
    const ada = await createSender(t);
    const response = await generateEmail(t, ada.auth, "nope");
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain("contact_id");
  });
});

describe("sending and the conversation", () => {
  it("sends from the user's Gmail with the resume attached, in one thread, and tracks the reply", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const first = await post(`/api/emails/send/${grace.id}`, ada.auth, {
      subject: "Hello Grace",
      body: "Hi Grace,\n\nI'd love to learn about your team.\n\nBest,\nAda",
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: "sent",
      message: `Sent email to ${grace.fullName} @ ${grace.company}`,
      contact_status: "Contacted",
      message_count: 1,
    });

    const [sent] = await sentFrom(t, ada.gmail);
    expect(sent).toMatchObject({
      from: ada.gmail,
      to: grace.email,
      subject: "Hello Grace",
      attachments: ["Ada_Lovelace_Resume.pdf"],
    });
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({
      status: "sent",
      gmailMessageId: sent.id,
      threadId: sent.thread_id,
      rfc822MessageId: sent.message_id,
    });

    const reply = "Hi Ada, happy to chat Friday.\n\nOn Mon, Ada wrote:\n> Hi Grace,";
    expect(await GMAIL.reply(t, sent.thread_id, reply)).toBe(201);

    const thread = await t.app.inject({ url: `/api/emails/thread/${grace.id}`, headers: ada.auth });
    expect(thread.statusCode).toBe(200);
    const conversation = thread.json();
    expect(conversation.messages.map((m: { sender: string }) => m.sender)).toEqual([
      "user",
      "contact",
    ]);
    expect(conversation.messages[1].body).toBe("Hi Ada, happy to chat Friday.");
    expect(conversation).toMatchObject({
      status: "Responded",
      replied: true,
      message_count: 2,
      subject: "Re: Hello Grace",
    });
    expect(conversation.body).toContain("Thank you so much for getting back to me");
    // The suggested reply takes up the time Grace proposed.
    expect(conversation.body).toContain("Friday works perfectly for me.");

    // Opening it again stores nothing twice.
    const again = (
      await t.app.inject({ url: `/api/emails/thread/${grace.id}`, headers: ada.auth })
    ).json();
    expect(again.messages).toHaveLength(2);
    expect(again.message_count).toBe(2);

    const followUp = await post(`/api/emails/send/${grace.id}`, ada.auth, {
      subject: "Re: Hello Grace",
      body: "Friday works, thank you!",
    });
    expect(followUp.statusCode).toBe(200);
    const [latest] = await sentFrom(t, ada.gmail);
    expect(latest.thread_id).toBe(sent.thread_id);
    const raw = await t.app.inject({
      url: `/__sandbox/gmail/gmail/v1/users/me/threads/${sent.thread_id}`,
      headers: { authorization: "Bearer x" },
    });
    expect(raw.statusCode).toBe(401); // the stand-in checks tokens like Gmail
  });

  it("suggests a first draft for a new contact and a follow-up after an unanswered email", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const fresh = (
      await t.app.inject({ url: `/api/emails/thread/${grace.id}`, headers: ada.auth })
    ).json();
    expect(fresh).toMatchObject({ messages: [], status: "Uncontacted", message_count: 0 });
    expect(fresh.body).toContain("Hi Grace,");
    expect(fresh.subject.length).toBeGreaterThan(5);

    await post(`/api/emails/send/${grace.id}`, ada.auth, { subject: "Intro", body: "Hi Grace" });
    const after = (
      await t.app.inject({ url: `/api/emails/thread/${grace.id}`, headers: ada.auth })
    ).json();
    expect(after.subject).toBe("Re: Intro");
    expect(after.body).toContain("follow up on my note");
  });

  it("refuses with clear details: blank subject 400, no email address 422, another user's 404", async () => {
    const ada = await createSender(t);
    const [noAddress] = await addNetworkContacts(t, ada.id, 1, { email: null });
    const blank = await post(`/api/emails/send/${noAddress.id}`, ada.auth, {
      subject: "  ",
      body: "x",
    });
    expect(blank.statusCode).toBe(400);
    const missing = await post(`/api/emails/send/${noAddress.id}`, ada.auth, {
      subject: "Hi",
      body: "x",
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toContain("has no email address");

    const bo = await createUser(t);
    const [theirs] = await addNetworkContacts(t, bo.id, 1);
    const foreign = await post(`/api/emails/send/${theirs.id}`, ada.auth, {
      subject: "Hi",
      body: "x",
    });
    expect(foreign.statusCode).toBe(404);
    const foreignThread = await t.app.inject({
      url: `/api/emails/thread/${theirs.id}`,
      headers: ada.auth,
    });
    expect(foreignThread.statusCode).toBe(404);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(0);
  });

  it("pauses on a revoked grant: 409, Gmail marked revoked, nothing sent", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await GMAIL.revoke(t, ada.gmail);
    const response = await post(`/api/emails/send/${grace.id}`, ada.auth, {
      subject: "Hi",
      body: "x",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/Reconnect Gmail/);
    const account = await mailboxRow(t, ada.id);
    expect(account.status).toBe("revoked");
    expect(await sentFrom(t, ada.gmail)).toHaveLength(0);

    await connectGmail(t, ada.id, ada.gmail);
    const retried = await post(`/api/emails/send/${grace.id}`, ada.auth, {
      subject: "Hi",
      body: "x",
    });
    expect(retried.statusCode).toBe(200);
  });
});

describe("scheduling", () => {
  it("stores the row and its job together, lists, edits, sends when due and cancels", async () => {
    const ada = await createSender(t);
    const [grace, lin] = await addNetworkContacts(t, ada.id, 2);
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const created = await post(`/api/emails/schedule/${grace.id}`, ada.auth, {
      subject: "Coffee?",
      body: "Hi Grace",
      scheduled_at: inAnHour,
      contact_id: grace.id,
    });
    expect(created.statusCode).toBe(201);
    const scheduled = created.json();
    expect(scheduled).toMatchObject({
      status: "scheduled",
      subject: "Coffee?",
      contacts: { full_name: grace.fullName, company: grace.company },
    });
    const jobs = await jobsFor(t, SEND_EMAIL_JOB);
    expect(jobs.some((j) => j.data.emailId === scheduled.id)).toBe(true);

    const now = new Date().toISOString();
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/emails/scheduled/${scheduled.id}`,
      headers: ada.auth,
      payload: { subject: "Coffee next week?", scheduled_at: now },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().subject).toBe("Coffee next week?");

    await processEmailJob(t.deps, scheduled.id);
    await processEmailJob(t.deps, scheduled.id); // a second run of the same job
    const sent = await sentFrom(t, ada.gmail);
    expect(sent.map((m) => m.subject)).toEqual(["Coffee next week?"]);

    const other = (
      await post(`/api/emails/schedule/${lin.id}`, ada.auth, {
        subject: "Later",
        body: "Hi Lin",
        scheduled_at: inAnHour,
      })
    ).json();
    const cancel = (id: string) =>
      t.app.inject({
        method: "PUT",
        url: `/api/emails/scheduled/${id}`,
        headers: ada.auth,
        payload: { status: "cancelled" },
      });
    expect((await cancel(other.id)).json().status).toBe("cancelled");
    await processEmailJob(t.deps, other.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);

    const alreadySent = await cancel(scheduled.id);
    expect(alreadySent.statusCode).toBe(409);
    expect(alreadySent.json().detail).toMatch(/already sent/);

    const list = (await t.app.inject({ url: "/api/emails/scheduled", headers: ada.auth })).json();
    expect(list.scheduled_emails.map((e: { status: string }) => e.status).sort()).toEqual([
      "cancelled",
      "sent",
    ]);

    const bo = await createUser(t);
    const foreign = await t.app.inject({
      method: "PUT",
      url: `/api/emails/scheduled/${other.id}`,
      headers: bo.auth,
      payload: { status: "cancelled" },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/emails/scheduled", headers: bo.auth })).json()).toEqual(
      {
        scheduled_emails: [],
      },
    );
  });

  it("refuses a time before the current minute and an empty edit with 400", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const past = await post(`/api/emails/schedule/${grace.id}`, ada.auth, {
      subject: "x",
      body: "y",
      scheduled_at: new Date(Date.now() - 120_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toMatch(/current minute/);
    const created = (
      await scheduleEmail(t, ada.auth, grace.id, { subject: "x", body: "y" })
    ).json();
    const empty = await t.app.inject({
      method: "PUT",
      url: `/api/emails/scheduled/${created.id}`,
      headers: ada.auth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe("bulk and campaigns", () => {
  it("fills the template per contact, skips contacts without an address, and queues the rest", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 2);
    const [noAddress] = await addNetworkContacts(t, ada.id, 1, { email: null });
    const response = await post("/api/my-network/mine/bulk-email", ada.auth, {
      contact_ids: [...people.map((p) => p.id), noAddress.id],
      subject: "Hello {{first_name}}",
      email_template: "Hi {{ first_name }}, I admire {{company}}'s work in {{location}}.",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, emails_sent: 2 });

    for (const row of await emailRows(t, ada.id)) await processEmailJob(t.deps, row.id);
    const sent = await sentFrom(t, ada.gmail);
    expect(sent.map((m) => m.text.trim()).sort()).toEqual(
      people.map((p) => `Hi Grace, I admire ${p.company}'s work in New York.`).sort(),
    );

    const unknownVariable = await post("/api/my-network/mine/bulk-email", ada.auth, {
      contact_ids: [people[0].id],
      subject: "Hi",
      email_template: "Hi {{nickname}}",
    });
    expect(unknownVariable.statusCode).toBe(400);
    expect(unknownVariable.json().detail).toContain("{{nickname}}");
  });

  it("lets only admins run the student sales campaign, from their Gmail, without a resume", async () => {
    const student = await createUser(t);
    const denied = await post("/api/sales_campaign_students", student.auth);
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/sales_campaign_students" });
    expect(anonymous.statusCode).toBe(401);

    const admin = await createUser(t, { email: "boss@reachout.example", name: "Riley Admin" });
    const gmail = await connectGmail(t, admin.id);
    await addNetworkContacts(t, admin.id, 2, { isStudent: true, university: "Cornell University" });
    await addNetworkContacts(t, admin.id, 1, { isStudent: true, email: null });
    await addNetworkContacts(t, admin.id, 1, { isStudent: false });
    const run = await post("/api/sales_campaign_students", admin.auth);
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ sent: 2, failed: 1 });

    for (const row of await emailRows(t, admin.id)) await processEmailJob(t.deps, row.id);
    const sent = await sentFrom(t, gmail);
    expect(sent).toHaveLength(2);
    expect(sent[0].attachments).toEqual([]);
    expect(sent[0].text).toContain("students at Cornell University");

    // A second run does not email the same students again.
    expect((await post("/api/sales_campaign_students", admin.auth)).json()).toEqual({
      sent: 0,
      failed: 1,
    });
    const counts = await t.deps.database.db
      .select({ count: userContacts.messageCount })
      .from(userContacts)
      .where(eq(userContacts.userId, admin.id));
    expect(counts.map((c) => c.count).sort()).toEqual([0, 0, 1, 1]);
    const rows = await t.deps.database.db
      .select({ attach: emailMessages.attachResume })
      .from(emailMessages)
      .where(eq(emailMessages.userId, admin.id));
    expect(rows.every((r) => r.attach === false)).toBe(true);
  });
});
