import { randomUUID } from "node:crypto";
import type { NetworkContact } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { suppressions, userContacts } from "../../src/db/schema";
import {
  addNetworkContacts,
  addResume,
  connectGmail,
  createSender,
  createUser,
  sendEmail,
} from "../factories";
import { useTestApp } from "../helpers";

/**
 * Issue 32, items 2 and 4: what a student reports in copy mode ("I sent it", "They replied") is
 * their word only. It never suppresses an address for everyone and never uses the address's
 * weekly cap (RECIPIENT_WEEKLY_CAP); an opt-out a student records stops that student alone.
 */
const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "0",
  GMAIL_DAILY_CAP: "1000",
  GMAIL_WARMUP_START_CAP: "1000",
});

type User = Awaited<ReturnType<typeof createUser>>;

async function copyModeStudent() {
  const user = await createUser(t, { name: "Maya Chen" });
  await addResume(t, user.id);
  const mode = await t.app.inject({
    method: "PUT",
    url: "/api/auth/mailbox/mode",
    headers: user.auth,
    payload: { mode: "manual" },
  });
  expect(mode.statusCode).toBe(200);
  return user;
}

const shareContact = (userId: string, contactId: string) =>
  t.deps.database.db.insert(userContacts).values({ userId, contactId });

const iSentIt = (user: User, contactId: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/emails/copy/${contactId}/sent`,
    headers: user.auth,
    payload: { subject: "Question", body: "Hi, I'm a junior at Cornell.", key: randomUUID() },
  });

const theyReplied = (user: User, contactId: string, text: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/emails/copy/${contactId}/replied`,
    headers: user.auth,
    payload: { text, key: randomUUID() },
  });

const send = (user: User, contactId: string) =>
  sendEmail(t, user.auth, contactId, {
    subject: "Internship question",
    body: "Hi, I'm a junior at Columbia and would love your advice.",
  });

async function record(user: User, contactId: string): Promise<NetworkContact> {
  const answer = await t.app.inject({
    url: `/api/my-network/contacts/${contactId}`,
    headers: user.auth,
  });
  return answer.json();
}

describe("copy-mode reports stay with the student who made them", () => {
  it("an opt-out pasted in copy mode suppresses nobody for the others, and stops its student", async () => {
    const attacker = await copyModeStudent();
    const [victim] = await addNetworkContacts(t, attacker.id, 1);
    // The attack of the probe: nothing is sent, then a made-up "Please remove me".
    expect((await iSentIt(attacker, victim.id)).statusCode).toBe(200);
    const optOut = await theyReplied(attacker, victim.id, "Please remove me from your list.");
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json().kind).toBe("opt_out");

    const suppressed = await t.deps.database.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.email, (victim.email as string).toLowerCase()));
    expect(suppressed).toEqual([]);
    // Another student, with a mailbox, still writes to the person; the page shows no opt-out.
    const other = await createSender(t);
    await shareContact(other.id, victim.id);
    expect((await record(other, victim.id)).email_status).toBe("ok");
    expect((await send(other, victim.id)).statusCode).toBe(200);

    // The student who recorded it is stopped: copy mode and, later, a connected mailbox alike.
    const again = await iSentIt(attacker, victim.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain("asked not to be contacted");
  });

  it("three copy-mode students use none of an address's weekly cap", async () => {
    const reporters = await Promise.all([1, 2, 3].map(() => copyModeStudent()));
    const [person] = await addNetworkContacts(t, reporters[0].id, 1);
    for (const reporter of reporters.slice(1)) await shareContact(reporter.id, person.id);
    for (const reporter of reporters) {
      expect((await iSentIt(reporter, person.id)).statusCode).toBe(200);
    }
    const senders = await Promise.all([1, 2, 3].map(() => createSender(t)));
    for (const sender of senders) await shareContact(sender.id, person.id);
    // Other students see no outreach, and RECIPIENT_WEEKLY_CAP (3) real first emails still go.
    expect((await record(senders[0], person.id)).recent_outreach_count).toBe(0);
    for (const sender of senders) expect((await send(sender, person.id)).statusCode).toBe(200);
    expect((await record(senders[0], person.id)).recent_outreach_count).toBe(3);
    // The cap still holds for mailboxes: a fourth real first email waits.
    const fourth = await createSender(t);
    await shareContact(fourth.id, person.id);
    expect((await send(fourth, person.id)).statusCode).toBe(429);
  });

  it("a copy-mode history does not let a later mailbox send skip the weekly cap", async () => {
    const switcher = await copyModeStudent();
    const [person] = await addNetworkContacts(t, switcher.id, 1);
    expect((await iSentIt(switcher, person.id)).statusCode).toBe(200);
    const senders = await Promise.all([1, 2, 3].map(() => createSender(t)));
    for (const sender of senders) await shareContact(sender.id, person.id);
    for (const sender of senders) expect((await send(sender, person.id)).statusCode).toBe(200);
    // The student connects a mailbox: their first real email is a first email, and waits.
    await connectGmail(t, switcher.id);
    const real = await send(switcher, person.id);
    expect(real.statusCode).toBe(429);
    expect(real.json().detail).toContain("first emails from Reachout students");
  });
});
