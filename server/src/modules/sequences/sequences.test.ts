import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  createUser,
  emailRows,
  enrollmentRow,
  sentFrom,
  setMailboxRow,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { GMAIL } from "../../../tests/mailboxes";
import {
  addSequence,
  enrollInSequence,
  runNextSequenceStep,
  sendDueEmails,
} from "../../../tests/sequence-steps";
import { until } from "../../../tests/until";
import { emailMessages, sequenceEnrollments, userContacts } from "../../db/schema";
import { syncMailbox } from "../emails/sync";
import { advanceMailbox, sweepSequences } from "./advance";

// One wait minute lasts 50 ms here, so "1 minute" steps fall due within the test.
const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "0",
  GMAIL_DAILY_CAP: "1000",
  SEQUENCE_MINUTE_SECONDS: "0.05",
});

type Auth = Record<string, string>;
const api = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  auth: Auth,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: auth, payload });

const enroll = (auth: Auth, sequenceId: string, contactIds: string[], email = {}) =>
  enrollInSequence(t, auth, sequenceId, contactIds, email);

/** Enrols one contact; answers the enrolment's id. */
async function enrollOne(auth: Auth, sequenceId: string, contactId: string, email = {}) {
  const response = await enroll(auth, sequenceId, [contactId], email);
  return response.json().enrolled[0].id as string;
}

const enrollmentOf = (id: string) => enrollmentRow(t, id);

const sendDue = (userId: string) => sendDueEmails(t, userId);
const runNextStep = (enrollmentId: string) => runNextSequenceStep(t, enrollmentId);

describe("sequences API", () => {
  it("creates a sequence with default kinds of text and lists it with per-step figures", async () => {
    const ada = await createUser(t);
    const created = await addSequence(t, ada.auth, {
      steps: [{ wait_minutes: 4320 }, { wait_minutes: 5760 }, { wait_minutes: 2880 }],
    });
    expect(created.steps.map((s) => s.email_format)).toEqual(["bump", "new_angle", "close"]);
    const list = (await api("GET", "/api/sequences", ada.auth)).json();
    expect(list).toHaveLength(1);
    expect(list[0].stats.map((s: { sent: number }) => s.sent)).toEqual([0, 0, 0, 0]);
  });

  it("refuses a wait under 1 minute, more than 10 steps and a bad window with a detail", async () => {
    const ada = await createUser(t);
    const cases = [
      { name: "x", steps: [{ wait_minutes: 0 }] },
      { name: "x", steps: Array.from({ length: 11 }, () => ({ wait_minutes: 10 })) },
      { name: "x", steps: [{ wait_minutes: 10 }], window_start: "18:00", window_end: "08:00" },
      { name: "x", steps: [{ wait_minutes: 10 }], time_zone: "Mars/Olympus" },
    ];
    for (const payload of cases) {
      const response = await api("POST", "/api/sequences", ada.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await api("GET", "/api/sequences", ada.auth)).json()).toEqual([]);
  });

  it("enrols nobody when one contact is unknown or another user's", async () => {
    const ada = await createSender(t);
    const bob = await createSender(t);
    const [mine] = await addNetworkContacts(t, ada.id, 1);
    const [theirs] = await addNetworkContacts(t, bob.id, 1);
    const sequence = await addSequence(t, ada.auth);
    for (const stranger of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await enroll(ada.auth, sequence.id, [mine.id, stranger], {
        body: "Hi there",
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toContain("Contact not found");
    }
    expect(await emailRows(t, ada.id)).toEqual([]);
    expect(
      (await api("GET", `/api/sequences/${sequence.id}/enrollments`, ada.auth)).json(),
    ).toEqual([]);
    // Another user's sequence is not found either.
    const foreign = await enroll(bob.auth, sequence.id, [theirs.id]);
    expect(foreign.statusCode).toBe(404);
  });

  it("keeps a contact in one active sequence and refuses one without an address", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const [silent] = await addNetworkContacts(t, ada.id, 1, { email: null });
    const one = await addSequence(t, ada.auth);
    const two = await addSequence(t, ada.auth);
    const first = (await enroll(ada.auth, one.id, [grace.id, silent.id])).json();
    expect(first.enrolled).toHaveLength(1);
    expect(first.refused).toEqual([
      { contact_id: silent.id, detail: expect.stringContaining("no email") },
    ]);
    const again = (await enroll(ada.auth, two.id, [grace.id])).json();
    expect(again).toEqual({
      enrolled: [],
      refused: [
        { contact_id: grace.id, detail: expect.stringContaining("already in an active sequence") },
      ],
    });
    const del = await api("DELETE", `/api/sequences/${one.id}`, ada.auth);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toContain("Stop them first");
  });

  it("sends the follow-ups in the first email's thread and stops for good on a reply", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sequence = await addSequence(t, ada.auth);
    const enrolled = await enroll(ada.auth, sequence.id, [grace.id], {
      subject: "Summer analyst question",
      body: "Hi Grace, I built a DCF for a $1.2B healthcare acquisition.",
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const [{ id }] = enrolled.json().enrolled;

    // Each follow-up was written at enrolment, readable and editable before it goes.
    const detail = (await api("GET", `/api/enrollments/${id}`, ada.auth)).json();
    expect(detail.steps).toHaveLength(2);
    expect(detail.steps[0]).toMatchObject({
      state: "planned",
      subject: "Re: Summer analyst question",
    });
    expect(detail.steps[0].body).toContain("Hi Grace");
    expect(detail.steps[0].body).not.toContain("healthcare acquisition");
    const edited = await api("PUT", `/api/enrollments/${id}/steps/1`, ada.auth, {
      body: "Hi Grace, just bumping this up. Ada",
    });
    expect(edited.statusCode, edited.body).toBe(200);

    await sendDue(ada.id);
    await runNextStep(id);
    await sendDue(ada.id);
    const sent = await sentFrom(t, ada.gmail);
    expect(sent).toHaveLength(2);
    const [followUp, first] = sent; // newest first
    expect(followUp.thread_id).toBe(first.thread_id);
    expect(followUp.subject).toBe("Re: Summer analyst question");
    expect(followUp.text.trim()).toBe("Hi Grace, just bumping this up. Ada");
    expect(first.attachments).toEqual(["Ada_Lovelace_Resume.pdf"]);
    expect(followUp.attachments).toEqual([]);
    const rows = await emailRows(t, ada.id);
    expect(rows.map((r) => r.sequenceStep).sort()).toEqual([0, 1]);

    // The contact answers (not synced yet); the next follow-up is queued, and its send reads
    // the thread at Gmail right before the claim: it is cancelled and the sequence stops.
    await GMAIL.reply(t, first.thread_id, "Happy to chat Thursday.");
    await runNextStep(id);
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
    await sweepSequences(t.deps);
    expect((await enrollmentOf(id)).status).toBe("replied");
    const [saved] = await t.deps.database.db
      .select({ replied: userContacts.replied })
      .from(userContacts)
      .where(eq(userContacts.contactId, grace.id));
    expect(saved.replied).toBe(true);
    const [figures] = (await api("GET", "/api/sequences", ada.auth)).json();
    expect(figures.stats.slice(0, 2)).toMatchObject([
      { position: 0, sent: 1, replied: 0 },
      { position: 1, sent: 1, replied: 1, reply_rate: 1 },
    ]);
    const list = (await api("GET", `/api/sequences/${sequence.id}/enrollments`, ada.auth)).json();
    expect(list).toEqual([
      expect.objectContaining({
        id,
        contact_id: grace.id,
        status: "replied",
        steps_sent: 1,
        next_step_at: null,
      }),
    ]);
  });

  it("is not stopped by an out-of-office answer: the next step waits past the return date", async () => {
    const ada = await createSender(t);
    const [jane] = await addNetworkContacts(t, ada.id, 1, { email: "jane@ooo.example" });
    const sequence = await addSequence(t, ada.auth);
    const id = await enrollOne(ada.auth, sequence.id, jane.id, {
      subject: "Analyst role",
      body: "Hi Jane, may I ask about the analyst role?",
    });
    await sendDue(ada.id);

    // The stand-in answers automatically (RFC 3834) a moment later; the sync stores it as such.
    await until("the automatic reply", async () => {
      await syncMailbox(t.deps, ada.id);
      const rows = await emailRows(t, ada.id);
      return rows.some((r) => r.direction === "inbound" && r.inboundKind === "auto_reply");
    });

    await sweepSequences(t.deps);
    const enrollment = await enrollmentOf(id);
    expect(enrollment.status).toBe("active");
    const twoDaysAhead = Date.now() + 2 * 24 * 3600_000;
    expect(enrollment.nextStepAt?.getTime()).toBeGreaterThan(twoDaysAhead);
    // Once due, the follow-up's own check at Gmail does not read the automatic answer as a
    // reply either: it goes.
    await t.deps.database.db
      .update(sequenceEnrollments)
      .set({ nextStepAt: new Date() })
      .where(eq(sequenceEnrollments.id, id));
    await advanceMailbox(t.deps, ada.id);
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
    await sweepSequences(t.deps);
    expect((await enrollmentOf(id)).status).not.toBe("replied");
  });

  it("cancels a queued follow-up when a reply is found right before it is claimed", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sequence = await addSequence(t, ada.auth, { steps: [{ wait_minutes: 1 }] });
    const id = await enrollOne(ada.auth, sequence.id, grace.id);
    await sendDue(ada.id);
    await runNextStep(id); // the follow-up is queued, not yet sent
    const [first] = await sentFrom(t, ada.gmail);
    await GMAIL.reply(t, first.thread_id, "Thanks!");
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    const followUp = (await emailRows(t, ada.id)).find((r) => r.sequenceStep === 1);
    expect(followUp?.status).toBe("cancelled");
    await sweepSequences(t.deps);
    expect((await enrollmentOf(id)).status).toBe("replied");
  });

  it("pauses, resumes and stops; a paused enrolment sends nothing", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sequence = await addSequence(t, ada.auth);
    const id = await enrollOne(ada.auth, sequence.id, grace.id);
    await sendDue(ada.id);
    await runNextStep(id); // follow-up 1 queued
    const paused = await api("POST", `/api/enrollments/${id}/pause`, ada.auth);
    expect(paused.json()).toMatchObject({
      status: "paused",
      steps: [{ state: "planned" }, { state: "planned" }],
    });
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    expect((await api("POST", `/api/enrollments/${id}/resume`, ada.auth)).json().status).toBe(
      "active",
    );
    await runNextStep(id);
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
    const stopped = await api("POST", `/api/enrollments/${id}/stop`, ada.auth);
    expect(stopped.json().status).toBe("stopped");
    await runNextStep(id);
    await sendDue(ada.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
    expect((await api("POST", `/api/enrollments/${id}/resume`, ada.auth)).statusCode).toBe(409);
    expect((await api("DELETE", `/api/sequences/${sequence.id}`, ada.auth)).statusCode).toBe(204);
  });

  it("finishes after the last step and pauses everything when Gmail is disconnected", async () => {
    const ada = await createSender(t);
    const [grace, alan] = await addNetworkContacts(t, ada.id, 2);
    const sequence = await addSequence(t, ada.auth, { steps: [{ wait_minutes: 1 }] });
    const email = { subject: "Hello {{first_name}}", body: "Hi {{first_name}}" };
    const { enrolled } = (await enroll(ada.auth, sequence.id, [grace.id], email)).json();
    await sendDue(ada.id);
    await runNextStep(enrolled[0].id);
    await sendDue(ada.id);
    await sweepSequences(t.deps);
    expect((await enrollmentOf(enrolled[0].id)).status).toBe("finished");
    // A second enrolment, still active, when Gmail goes away.
    const [second] = (await enroll(ada.auth, sequence.id, [alan.id], email)).json().enrolled;
    await setMailboxRow(t, ada.id, { status: "revoked" });
    await sweepSequences(t.deps);
    expect(await enrollmentOf(second.id)).toMatchObject({
      status: "paused",
      stoppedReason: "Gmail was disconnected. Reconnect it, then resume.",
    });
    // The first email by when it was made: a table's rows come back in no promised order (on
    // PostgreSQL the follow-up's row came first once the first row had been updated).
    const [firstRow] = await t.deps.database.db
      .select({ subject: emailMessages.subject })
      .from(emailMessages)
      .where(eq(emailMessages.contactId, grace.id))
      .orderBy(asc(emailMessages.createdAt));
    expect(firstRow.subject).toBe("Hello Grace");
  });
});
