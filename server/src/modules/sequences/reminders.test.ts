import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  addResume,
  createUser,
  emailRows,
  enrollmentRow,
} from "../../../tests/factories";
import { until, useTestApp } from "../../../tests/helpers";
import { addSequence, enrollInSequence } from "../../../tests/sequence-steps";
import { sweepSequences } from "./advance";

// One wait minute lasts 50 ms here, so "1 minute" steps fall due within the test.
const t = useTestApp({
  GMAIL_DAILY_CAP: "1000",
  GMAIL_WARMUP_START_CAP: "100000",
  SEQUENCE_MINUTE_SECONDS: "0.05",
});

type User = Awaited<ReturnType<typeof createUser>>;
const call = (method: "GET" | "PUT" | "POST", url: string, user: User, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, payload });

async function copyModeStudentWithSequence() {
  const user = await createUser(t, { name: "Maya Chen" });
  await addResume(t, user.id);
  expect((await call("PUT", "/api/auth/mailbox/mode", user, { mode: "manual" })).statusCode).toBe(
    200,
  );
  const sequence = await addSequence(t, user.auth, { name: "Two nudges" });
  const [contact] = await addNetworkContacts(t, user.id, 1);
  return { user, sequenceId: sequence.id, contactId: contact.id };
}

const enrolCopied = (user: User, sequenceId: string, contactId: string, key = randomUUID()) =>
  enrollInSequence(t, user.auth, sequenceId, [contactId], {
    subject: "Question about analyst roles",
    body: "Hi Grace,\n\nI'm a junior at Cornell studying economics.\n\nBest,\nMaya Chen",
    copied_key: key,
  });

const enrollmentOf = (id: string) => enrollmentRow(t, id);

/** Runs the sweep until the enrolment's next step is due (a wait minute is 50 ms here). */
async function untilDue(user: User) {
  return until("a follow-up reminder to be due", async () => {
    await sweepSequences(t.deps);
    const reminders = (await call("GET", "/api/sequences/reminders", user)).json();
    return reminders.length > 0 ? reminders : null;
  });
}

describe("copy mode's follow-up reminders", () => {
  it("records the first email, reminds each step when due, and finishes after the last", async () => {
    const { user, sequenceId, contactId } = await copyModeStudentWithSequence();
    const key = randomUUID();
    const enrolled = await enrolCopied(user, sequenceId, contactId, key);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const [{ id }] = enrolled.json().enrolled;
    // The same click again answers the same enrolment, and records nothing more.
    const again = await enrolCopied(user, sequenceId, contactId, key);
    expect(again.json().enrolled[0].id).toBe(id);
    expect(await emailRows(t, user.id)).toHaveLength(1);
    expect((await enrollmentOf(id)).manual).toBe(true);

    // Nothing is due before the wait: the step can't be marked yet.
    const early = await call("POST", `/api/enrollments/${id}/steps/1/sent`, user);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe("This follow-up isn't due yet.");

    const [first] = await untilDue(user);
    expect(first).toMatchObject({ enrollment_id: id, position: 1, contact_id: contactId });
    expect(first.subject).toBe("Re: Question about analyst roles");
    expect(first.body.length).toBeGreaterThan(20);
    const marked = await call("POST", `/api/enrollments/${id}/steps/1/sent`, user);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().steps[0]).toMatchObject({ position: 1, state: "sent" });
    // Marked twice: one record.
    await call("POST", `/api/enrollments/${id}/steps/1/sent`, user);
    expect((await call("GET", "/api/sequences/reminders", user)).json()).toEqual([]);

    const [second] = await untilDue(user);
    expect(second.position).toBe(2);
    expect((await call("POST", `/api/enrollments/${id}/steps/2/sent`, user)).statusCode).toBe(200);
    await sweepSequences(t.deps);
    expect((await enrollmentOf(id)).status).toBe("finished");
    const rows = await emailRows(t, user.id);
    expect(rows.map((r) => [r.sequenceStep, r.status])).toEqual(
      expect.arrayContaining([
        [0, "sent"],
        [1, "sent"],
        [2, "sent"],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it("never reminds after a reply: the reminder disappears and marking it is refused", async () => {
    const { user, sequenceId, contactId } = await copyModeStudentWithSequence();
    const [{ id }] = (await enrolCopied(user, sequenceId, contactId)).json().enrolled;
    await untilDue(user);
    const replied = await call("POST", `/api/emails/copy/${contactId}/replied`, user, {
      text: "Thanks Maya, happy to chat on Thursday.",
      key: randomUUID(),
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect((await call("GET", "/api/sequences/reminders", user)).json()).toEqual([]);
    const refused = await call("POST", `/api/enrollments/${id}/steps/1/sent`, user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/already replied/);
    expect((await enrollmentOf(id)).status).toBe("replied");
    expect(await emailRows(t, user.id)).toHaveLength(2); // the first email and the reply
  });

  it("keeps reminders going without a mailbox, and refuses copy mode's other ways in", async () => {
    const { user, sequenceId, contactId } = await copyModeStudentWithSequence();
    const [{ id: other }] = await addNetworkContacts(t, user.id, 1);
    const plain = await enrollInSequence(t, user.auth, sequenceId, [other]);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().detail).toMatch(/In copy mode you send the first email yourself/);
    const two = await enrollInSequence(t, user.auth, sequenceId, [contactId, other], {
      copied_key: randomUUID(),
    });
    expect(two.statusCode).toBe(400);
    expect(await emailRows(t, user.id)).toHaveLength(0);

    const [{ id }] = (await enrolCopied(user, sequenceId, contactId)).json().enrolled;
    await untilDue(user);
    // No Gmail is connected: a Gmail enrolment would pause here; a reminder stays active.
    await sweepSequences(t.deps);
    expect((await enrollmentOf(id)).status).toBe("active");
    const busy = await enrolCopied(user, sequenceId, contactId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toMatch(/already in an active sequence/);
  });

  it("is copy mode's: a student sending from Gmail has nothing to mark", async () => {
    const ada = await createUser(t);
    const reminders = await call("GET", "/api/sequences/reminders", ada);
    expect(reminders.json()).toEqual([]);
    const { user, sequenceId, contactId } = await copyModeStudentWithSequence();
    await call("PUT", "/api/auth/mailbox/mode", user, { mode: "none" });
    const refused = await enrolCopied(user, sequenceId, contactId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Copy mode is off/);
  });
});
