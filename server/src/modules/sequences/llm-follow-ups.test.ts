import { randomUUID } from "node:crypto";
import type { EnrollRequest, EnrollResponse } from "@reachout/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  addResume,
  createSender,
  createUser,
  emailRows,
  sentFrom,
} from "../../../tests/factories";
import {
  chatCompletion,
  type FakeLlm,
  OVERLOADED,
  sendJson,
  startFakeLlm,
} from "../../../tests/fake-llm";
import { createTestApp, type TestApp, until } from "../../../tests/helpers";
import {
  addSequence,
  enrollInSequence,
  runNextSequenceStep,
  sendDueEmails,
} from "../../../tests/sequence-steps";
import { sweepSequences } from "./advance";
import { WRITING_CONCURRENCY } from "./follow-ups";

/**
 * Enrolment with an LLM configured: a fake OpenAI-compatible server writes each follow-up
 * from the facts it is sent (the contact's company "Failing Co" makes it answer 500).
 */
let fake: FakeLlm;
let t: TestApp;
let calls = 0;
let inFlight = 0;
let mostInFlight = 0;
/** While set, the model holds its answers here: a test lets them go once the calls overlap. */
let held: Array<() => void> | null = null;

const MODEL_WORDS = "A quick nudge from the model";
/** A word that changes with every call: a model rarely writes the same text twice. */
const VARIANTS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];

function answerFor(prompt: string): { status: number; body?: string } {
  const facts = JSON.parse(prompt.slice(prompt.indexOf("Facts (JSON):") + 13));
  if (facts.recipient.company === "Failing Co") return { status: 500 };
  const name = facts.sender.name;
  return {
    status: 200,
    body: `Hi ${facts.recipient.first_name},\n\n${MODEL_WORDS} (${facts.follow_up.kind}, ${VARIANTS[calls % VARIANTS.length]}) on my earlier note: I would still love to hear how the team at ${facts.recipient.company} works, and even a one-line reply would mean a lot to me.\n\n${name ? `Best,\n${name}` : "Best,"}`,
  };
}

beforeAll(async () => {
  fake = await startFakeLlm((body, _request, response) => {
    calls += 1;
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const answer = answerFor(body.messages[1].content);
    const send = () => {
      inFlight -= 1;
      if (answer.body === undefined) sendJson(response, OVERLOADED, answer.status);
      else sendJson(response, chatCompletion(JSON.stringify({ body: answer.body })), answer.status);
    };
    if (held) held.push(send);
    else send();
  });
  t = await createTestApp({
    ...fake.env,
    GMAIL_MIN_SPACING_SECONDS: "0",
    GMAIL_DAILY_CAP: "1000",
    SEQUENCE_MINUTE_SECONDS: "0.05",
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  calls = 0;
  mostInFlight = 0;
  held = null;
});

type Auth = Record<string, string>;
const createSequence = (auth: Auth) =>
  addSequence(t, auth, {
    steps: [
      { wait_minutes: 1, email_format: "bump" },
      { wait_minutes: 1, email_format: "close" },
    ],
  });

async function enroll(
  auth: Auth,
  sequenceId: string,
  { contact_ids, ...options }: { contact_ids: string[] } & Partial<EnrollRequest>,
) {
  const response = await enrollInSequence(t, auth, sequenceId, contact_ids, {
    subject: "Summer analyst question",
    body: "Hi {first_name}, I built a DCF for a $1.2B healthcare acquisition.",
    ...options,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EnrollResponse;
}

async function stepsOf(auth: Auth, enrollmentId: string) {
  const response = await t.app.inject({ url: `/api/enrollments/${enrollmentId}`, headers: auth });
  return response.json().steps as Array<{ subject: string; body: string | null }>;
}

describe("follow-ups written at enrolment with an LLM configured", () => {
  it("stores the model's follow-ups, written side by side, and the offline ones where it failed", async () => {
    const ada = await createSender(t);
    const contacts = await addNetworkContacts(t, ada.id, 5);
    const [failing] = await addNetworkContacts(t, ada.id, 1, { company: "Failing Co" });
    const sequence = await createSequence(ada.auth);

    held = [];
    const enrolling = enroll(ada.auth, sequence.id, {
      contact_ids: [...contacts, failing].map((c) => c.id),
    });
    await until("the writer's calls side by side", () => inFlight >= WRITING_CONCURRENCY);
    const answers = held;
    held = null;
    for (const send of answers) send();
    const { enrolled } = await enrolling;

    expect(enrolled).toHaveLength(6);
    expect(calls).toBe(12);
    expect(mostInFlight).toBe(WRITING_CONCURRENCY);
    for (const { id, contact_id } of enrolled) {
      const [bump, close] = await stepsOf(ada.auth, id);
      expect(bump.subject).toBe("Re: Summer analyst question");
      expect(close.subject).toBe("Re: Summer analyst question");
      if (contact_id === failing.id) {
        expect(bump.body).toContain("my earlier note back to the top of your inbox");
        expect(close.body).toContain("this will be my last note");
      } else {
        const company = contacts.find((c) => c.id === contact_id)?.company;
        expect(bump.body).toContain(`${MODEL_WORDS} (bump, `);
        expect(close.body).toContain(`${MODEL_WORDS} (close, `);
        expect(bump.body).toContain(`the team at ${company} works`);
        expect(bump.body).toMatch(/Best,\nAda Lovelace$/);
      }
    }
  });

  it("asks the model nothing at enrolment for 'write when due', then writes the step with it", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const sequence = await createSequence(ada.auth);

    const { enrolled } = await enroll(ada.auth, sequence.id, {
      contact_ids: [grace.id],
      write_when_due: true,
    });
    expect(calls).toBe(0);
    const [{ id }] = enrolled;
    expect((await stepsOf(ada.auth, id)).map((s) => s.body)).toEqual([null, null]);

    await sendDueEmails(t, ada.id);
    await runNextSequenceStep(t, id);
    await sendDueEmails(t, ada.id);
    expect(calls).toBe(1);
    const [followUp, first] = await sentFrom(t, ada.gmail);
    expect(followUp.thread_id).toBe(first.thread_id);
    expect(followUp.subject).toBe("Re: Summer analyst question");
    expect(followUp.text).toContain(`${MODEL_WORDS} (bump, `);
    expect((await stepsOf(ada.auth, id))[0].body).toBe(followUp.text.trim());
  });

  it("writes a copy-mode reminder once when due: the text listed is the text recorded", async () => {
    const maya = await createUser(t, { name: "Maya Chen" });
    await addResume(t, maya.id);
    const manual = await t.app.inject({
      method: "PUT",
      url: "/api/auth/mailbox/mode",
      headers: maya.auth,
      payload: { mode: "manual" },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const [grace] = await addNetworkContacts(t, maya.id, 1);
    const sequence = await createSequence(maya.auth);
    const { enrolled } = await enroll(maya.auth, sequence.id, {
      contact_ids: [grace.id],
      write_when_due: true,
      copied_key: randomUUID(),
    });
    const [{ id }] = enrolled;
    expect(calls).toBe(0);

    const listReminders = async () =>
      (
        await t.app.inject({ url: "/api/sequences/reminders", headers: maya.auth })
      ).json() as Array<{
        body: string;
      }>;
    const [reminder] = await until("the first reminder to be due", async () => {
      await sweepSequences(t.deps);
      const reminders = await listReminders();
      return reminders.length > 0 ? reminders : null;
    });
    expect(reminder.body).toContain(`${MODEL_WORDS} (bump, `);
    expect((await listReminders())[0].body).toBe(reminder.body);
    expect(calls).toBe(1);

    const marked = await t.app.inject({
      method: "POST",
      url: `/api/enrollments/${id}/steps/1/sent`,
      headers: maya.auth,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const recorded = (await emailRows(t, maya.id)).find((row) => row.sequenceStep === 1);
    expect(recorded?.body).toBe(reminder.body);
    expect(calls).toBe(1);
  });
});
