import { COHORT_MIN_STUDENTS } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  at,
  connectSyncedGmail,
  createSender,
  createUser,
  enrollmentRow,
  recordInbound,
  recordSent,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { GMAIL } from "../../../tests/mailboxes";
import { addSequence, enrollInSequence, sendDueEmails } from "../../../tests/sequence-steps";
import { users } from "../../db/schema";
import { syncMailbox } from "../emails/sync";
import { advanceMailbox, sweepSequences } from "../sequences/advance";
import { recommendedFormatFor, refreshInsightRollups } from "./index";

// A sequence's "1 minute" wait lasts 10 ms here, at any hour, so a follow-up is due at once.
const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "0",
  SEQUENCE_MINUTE_SECONDS: "0.01",
  SEQUENCE_DEFAULT_WINDOW: "off",
});

async function insightsOf(auth: { authorization: string }, tz = "UTC") {
  const answer = await t.app.inject({ url: `/api/insights?tz=${tz}`, headers: auth });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe("GET /api/insights", () => {
  it("counts the funnel after sends, replies, bounces and stage moves", async () => {
    const user = await createUser(t);
    const [a, b, c] = await addNetworkContacts(t, user.id, 3);
    await recordSent(t, { userId: user.id, contactId: a.id, sentAt: at(9), format: "precision" });
    await recordSent(t, { userId: user.id, contactId: b.id, sentAt: at(9, 5), format: "original" });
    await recordSent(t, {
      userId: user.id,
      contactId: c.id,
      sentAt: at(9, 10),
      format: "original",
    });
    expect((await insightsOf(user.auth)).funnel).toEqual({
      contacted: 3,
      replied: 0,
      interviewing: 0,
      offer: 0,
    });

    await recordInbound(t, { userId: user.id, contactId: a.id, sentAt: at(12) });
    await recordInbound(t, { userId: user.id, contactId: b.id, sentAt: at(9, 6), kind: "bounce" });
    await recordInbound(t, {
      userId: user.id,
      contactId: c.id,
      sentAt: at(9, 11),
      kind: "auto_reply",
    });
    const replied = await insightsOf(user.auth);
    expect(replied.funnel).toMatchObject({ contacted: 3, replied: 1 });
    expect(replied).toMatchObject({ sent: 3, replied: 1 });

    const application = (
      await t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: user.auth,
        payload: { company: a.company, role: "Analyst", stage: "applied" },
      })
    ).json();
    const move = (stage: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/applications/${application.id}`,
        headers: user.auth,
        payload: { stage },
      });
    await move("interviewing");
    expect((await insightsOf(user.auth)).funnel).toMatchObject({ interviewing: 1, offer: 0 });
    await move("offer");
    expect((await insightsOf(user.auth)).funnel).toEqual({
      contacted: 3,
      replied: 1,
      interviewing: 1,
      offer: 1,
    });
  });

  it("breaks reply rates down by format, industry, seniority, step, weekday and hour", async () => {
    const user = await createUser(t);
    const [vp, recruiter] = await addNetworkContacts(t, user.id, 2, { industry: "Fintech" });
    const [founder] = await addNetworkContacts(t, user.id, 1, {
      industry: "software",
      title: "Co-Founder & CEO",
    });
    await t.deps.database.raw.query("update contacts set title = $1 where id = $2", [
      "Technical Recruiter",
      recruiter.id,
    ]);
    // vp: first email unanswered, follow-up 1 answered. recruiter: precision, answered.
    await recordSent(t, { userId: user.id, contactId: vp.id, sentAt: at(9), format: "original" });
    await recordSent(t, {
      userId: user.id,
      contactId: vp.id,
      sentAt: at(15),
      format: "original",
      step: 1,
    });
    await recordInbound(t, { userId: user.id, contactId: vp.id, sentAt: at(16) });
    await recordSent(t, {
      userId: user.id,
      contactId: recruiter.id,
      sentAt: at(9, 30),
      format: "precision",
    });
    await recordInbound(t, { userId: user.id, contactId: recruiter.id, sentAt: at(10) });
    await recordSent(t, { userId: user.id, contactId: founder.id, sentAt: at(15, 30) });

    const insights = await insightsOf(user.auth);
    expect(insights).toMatchObject({ sent: 4, replied: 2, reply_rate: 0.5 });
    expect(insights.by_format).toEqual(
      expect.arrayContaining([
        // The follow-up (step 1, answered) is not an "original" email: only its step counts it.
        { format: "original", sent: 1, replied: 0, reply_rate: 0 },
        { format: "precision", sent: 1, replied: 1, reply_rate: 1 },
        { format: "custom", sent: 1, replied: 0, reply_rate: 0 },
      ]),
    );
    expect(insights.by_format).toHaveLength(3);
    expect(insights.by_industry).toEqual([
      { industry: "fintech", sent: 3, replied: 2, reply_rate: 2 / 3 },
      { industry: "software", sent: 1, replied: 0, reply_rate: 0 },
    ]);
    expect(insights.by_seniority).toEqual([
      { seniority: "executive", sent: 1, replied: 0, reply_rate: 0 },
      { seniority: "director", sent: 2, replied: 1, reply_rate: 0.5 },
      { seniority: "individual", sent: 1, replied: 1, reply_rate: 1 },
    ]);
    expect(insights.by_step).toEqual([
      { step: 0, sent: 3, replied: 1, reply_rate: 1 / 3 },
      { step: 1, sent: 1, replied: 1, reply_rate: 1 },
    ]);
    expect(insights.by_weekday).toEqual([{ weekday: 2, sent: 4, replied: 2, reply_rate: 0.5 }]);
    expect(insights.by_hour).toEqual([
      { hour: 9, sent: 2, replied: 1, reply_rate: 0.5 },
      { hour: 15, sent: 2, replied: 1, reply_rate: 0.5 },
    ]);
    expect(insights.takeaways.overall).toBe("2 of your 4 emails got a reply (50%).");
    expect(insights.takeaways.format).toBe(
      "Your Precision emails earned replies (1 of 1, 100%); your emails in your own words none yet (0 of 1).",
    );
    expect(insights.takeaways.step).toBe("Follow-ups earned 1 of your 2 replies.");

    // The same emails read in New York time: 09:00 UTC is 04:00 there.
    const newYork = await insightsOf(user.auth, "America/New_York");
    expect(newYork.by_hour.map((row: { hour: number }) => row.hour)).toEqual([4, 10]);
  });

  it("sums every title of a seniority and every spelling of an industry; a reply counts once", async () => {
    const user = await createUser(t);
    const add = async (title: string | null, industry: string | null) =>
      (await addNetworkContacts(t, user.id, 1, { title, industry }))[0];
    const managerA = await add("Engineering Manager", "Fintech");
    const managerB = await add("Engineering Manager", " fintech ");
    const lead = await add("Team Lead", "software");
    const associate = await add("Senior Associate", "FINTECH");
    const untitled = await add(null, "");
    for (const contact of [managerA, managerB, lead, associate, untitled]) {
      await recordSent(t, { userId: user.id, contactId: contact.id, sentAt: at(9) });
    }
    await recordInbound(t, { userId: user.id, contactId: managerA.id, sentAt: at(11) });
    await recordInbound(t, { userId: user.id, contactId: lead.id, sentAt: at(11) });
    // The untitled contact answers the follow-up: the reply counts for it, not for the first email.
    await recordSent(t, { userId: user.id, contactId: untitled.id, sentAt: at(12), step: 1 });
    await recordInbound(t, { userId: user.id, contactId: untitled.id, sentAt: at(13) });

    const insights = await insightsOf(user.auth);
    expect(insights).toMatchObject({ sent: 6, replied: 3 });
    expect(insights.by_seniority).toEqual([
      { seniority: "manager", sent: 3, replied: 2, reply_rate: 2 / 3 },
      { seniority: "senior", sent: 1, replied: 0, reply_rate: 0 },
      { seniority: "individual", sent: 2, replied: 1, reply_rate: 0.5 },
    ]);
    expect(insights.by_industry).toEqual([
      { industry: "fintech", sent: 3, replied: 1, reply_rate: 1 / 3 },
      { industry: "unknown", sent: 2, replied: 1, reply_rate: 0.5 },
      { industry: "software", sent: 1, replied: 1, reply_rate: 1 },
    ]);
    expect(insights.by_step).toEqual([
      { step: 0, sent: 5, replied: 2, reply_rate: 0.4 },
      { step: 1, sent: 1, replied: 1, reply_rate: 1 },
    ]);
  });

  it("shows a student only their own emails, and refuses a bad time zone", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const [contact] = await addNetworkContacts(t, other.id, 1);
    await recordSent(t, { userId: other.id, contactId: contact.id, sentAt: at(9) });
    expect(await insightsOf(user.auth)).toMatchObject({ sent: 0, replied: 0, by_format: [] });
    const bad = await t.app.inject({ url: "/api/insights?tz=Mars/Olympus", headers: user.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/Unknown time zone/);
    expect((await t.app.inject({ url: "/api/insights" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/insights/benchmarks" })).statusCode).toBe(401);
  });

  it("stores the format a student sends in (the real send path)", async () => {
    const sender = await createSender(t);
    const [contact] = await addNetworkContacts(t, sender.id, 1);
    const sent = await sendEmail(t, sender.auth, contact.id, {
      subject: "Hello",
      body: "A short note.",
      email_format: "precision",
    });
    expect(sent.statusCode).toBe(200);
    const insights = await insightsOf(sender.auth);
    expect(insights.by_format).toEqual([
      { format: "precision", sent: 1, replied: 0, reply_rate: 0 },
    ]);
  });

  it("counts a sequence's follow-up under its step, never as an email format", async () => {
    const sender = await createSender(t);
    const [contact] = await addNetworkContacts(t, sender.id, 1, { industry: "Fintech" });
    const sequence = await addSequence(t, sender.auth, {
      name: "Fintech",
      steps: [{ wait_minutes: 1 }],
    });
    const enrolled = await enrollInSequence(t, sender.auth, sequence.id, [contact.id], {
      subject: "Analyst question",
      body: "Hi, I built a DCF model for a $1.2B acquisition.",
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const [{ id: enrollmentId }] = enrolled.json().enrolled;
    const sendDue = () => sendDueEmails(t, sender.id);

    await sendDue(); // the first email
    await sweepSequences(t.deps); // the follow-up falls due 10 ms after it
    const enrollment = await enrollmentRow(t, enrollmentId);
    expect(enrollment.nextStepAt).not.toBeNull();
    await advanceMailbox(t.deps, sender.id);
    await sendDue(); // the follow-up
    const sent = await sentFrom(t, sender.gmail);
    expect(sent).toHaveLength(2);
    // The contact answers the follow-up; the mailbox sync stores the reply.
    await GMAIL.reply(t, sent[0].thread_id, "Happy to chat Thursday.");
    await syncMailbox(t.deps, sender.id);

    const insights = await insightsOf(sender.auth);
    expect(insights).toMatchObject({ sent: 2, replied: 1, reply_rate: 0.5 });
    expect(insights.by_format).toEqual([{ format: "custom", sent: 1, replied: 0, reply_rate: 0 }]);
    expect(insights.by_step).toEqual([
      { step: 0, sent: 1, replied: 0, reply_rate: 0 },
      { step: 1, sent: 1, replied: 1, reply_rate: 1 },
    ]);
    expect(insights.by_industry).toEqual([
      { industry: "fintech", sent: 2, replied: 1, reply_rate: 0.5 },
    ]);
  });
});

describe("cohort benchmarks", () => {
  /**
   * `count` students with a connected, synced mailbox, each with one email in `industry` sent
   * through it: precision answered, original not.
   */
  async function addStudents(count: number, industry: string) {
    for (let i = 0; i < count; i++) {
      const student = await createUser(t);
      await connectSyncedGmail(t, student.id);
      const [first, second] = await addNetworkContacts(t, student.id, 2, { industry });
      await recordSent(t, {
        userId: student.id,
        contactId: first.id,
        sentAt: at(9),
        format: "precision",
        gmailMessageId: `gm-${student.id}-1`,
      });
      await recordInbound(t, { userId: student.id, contactId: first.id, sentAt: at(10) });
      await recordSent(t, {
        userId: student.id,
        contactId: second.id,
        sentAt: at(9),
        format: "original",
        gmailMessageId: `gm-${student.id}-2`,
      });
    }
  }

  it(`shows a figure only where ${COHORT_MIN_STUDENTS} distinct students contribute`, async () => {
    const db = t.deps.database.db;
    await db.delete(users);
    await addStudents(COHORT_MIN_STUDENTS - 1, "asset management");
    await refreshInsightRollups(db);
    const viewer = await createUser(t);
    const below = (
      await t.app.inject({ url: "/api/insights/benchmarks", headers: viewer.auth })
    ).json();
    expect(below).toMatchObject({ overall: null, by_format: [], by_industry: [], by_step: [] });
    expect(await recommendedFormatFor(db, "asset management")).toBeNull();

    await addStudents(1, "asset management");
    await refreshInsightRollups(db);
    const at20 = (
      await t.app.inject({ url: "/api/insights/benchmarks", headers: viewer.auth })
    ).json();
    expect(at20.overall).toEqual({ students: 20, reply_rate: 0.5 });
    expect(at20.by_industry).toEqual([
      { industry: "asset management", students: 20, reply_rate: 0.5 },
    ]);
    expect(at20.by_format).toEqual(
      expect.arrayContaining([
        { format: "precision", students: 20, reply_rate: 1 },
        { format: "original", students: 20, reply_rate: 0 },
      ]),
    );
    expect(at20.by_step).toEqual([{ step: 0, students: 20, reply_rate: 0.5 }]);
    expect(await recommendedFormatFor(db, "Asset Management")).toEqual({
      format: "precision",
      reply_rate: 1,
      students: 20,
    });
  });

  it("never shows a group one student could dominate below the threshold", async () => {
    const db = t.deps.database.db;
    await db.delete(users);
    await addStudents(COHORT_MIN_STUDENTS, "venture capital");
    // One student alone writes to a rare industry: that industry must not appear.
    const loner = await createUser(t);
    await connectSyncedGmail(t, loner.id);
    const [rare] = await addNetworkContacts(t, loner.id, 1, { industry: "shipping" });
    await recordSent(t, {
      userId: loner.id,
      contactId: rare.id,
      sentAt: at(9),
      format: "precision",
      gmailMessageId: "gm-loner",
    });
    await refreshInsightRollups(db);
    const answer = (
      await t.app.inject({ url: "/api/insights/benchmarks", headers: loner.auth })
    ).json();
    expect(answer.by_industry.map((row: { industry: string }) => row.industry)).toEqual([
      "venture capital",
    ]);
    expect(await recommendedFormatFor(db, "shipping")).toBeNull();
  });
});
