import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  addResume,
  connectGmail,
  createUser,
  emailRows,
} from "../../../tests/factories";
import { connectStart, startFlow } from "../../../tests/google-flow";
import { useTestApp } from "../../../tests/helpers";
import { suppressions } from "../../db/schema";

const t = useTestApp({ GMAIL_DAILY_CAP: "2", GMAIL_WARMUP_START_CAP: "100000" });

type User = Awaited<ReturnType<typeof createUser>>;

const call = (method: "GET" | "PUT" | "POST", url: string, user: User, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, payload });

async function copyModeStudent() {
  const user = await createUser(t, { name: "Maya Chen" });
  await addResume(t, user.id);
  const mode = await call("PUT", "/api/auth/mailbox/mode", user, { mode: "manual" });
  expect(mode.statusCode).toBe(200);
  return user;
}

const markSent = (user: User, contactId: string, key = randomUUID()) =>
  call("POST", `/api/emails/copy/${contactId}/sent`, user, {
    subject: "Question about analyst roles",
    body: "Hi Grace,\n\nI'm a junior at Cornell.\n\nBest,\nMaya Chen",
    email_format: "original",
    key,
  });

describe("the mailbox status", () => {
  it("answers null, then manual in copy mode, then gmail once Gmail connects", async () => {
    const user = await createUser(t);
    const none = await call("GET", "/api/auth/mailbox/status", user);
    expect(none.json()).toEqual({
      provider: null,
      connected: false,
      address: null,
      unfinished_connection: false,
      unfinished_provider: null,
    });
    await call("PUT", "/api/auth/mailbox/mode", user, { mode: "manual" });
    const manual = await call("GET", "/api/auth/mailbox/status", user);
    expect(manual.json()).toMatchObject({ provider: "manual", connected: false });
    const status = await call("GET", "/api/user/profile_status", user);
    expect(status.json()).toMatchObject({ gmail_connected: false, copy_mode: true });
    // The checklist's mailbox step is done: copy mode is a way of sending.
    const onboarding = await call("GET", "/api/user/onboarding", user);
    expect(onboarding.json()).toMatchObject({ gmail_connected: true });

    const address = await connectGmail(t, user.id);
    const gmail = await call("GET", "/api/auth/mailbox/status", user);
    expect(gmail.json()).toMatchObject({ provider: "gmail", connected: true, address });
    const refused = await call("PUT", "/api/auth/mailbox/mode", user, { mode: "manual" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Gmail is connected/);
    const bad = await call("PUT", "/api/auth/mailbox/mode", user, { mode: "carrier-pigeon" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain("mode");
  });

  it("a Gmail connection started and never returned from is unfinished until answered", async () => {
    const user = await createUser(t, { email: `maya-${randomUUID().slice(0, 8)}@blocked.example` });
    const start = await startFlow(t, connectStart(user.token));
    expect(start.statusCode).toBe(200);
    // Google's own page stops the student: an administrator's block never redirects back.
    const consent = await t.app.inject({
      url: String(start.location).replace(t.deps.config.publicUrl, ""),
    });
    expect(consent.statusCode).toBe(400);
    expect(consent.body).toContain("Error 400: admin_policy_enforced");
    expect(consent.headers.location).toBeUndefined();

    const status = await call("GET", "/api/auth/mailbox/status", user);
    expect(status.json()).toMatchObject({
      provider: null,
      unfinished_connection: true,
      unfinished_provider: "gmail",
    });
    await call("PUT", "/api/auth/mailbox/mode", user, { mode: "manual" });
    const after = await call("GET", "/api/auth/mailbox/status", user);
    expect(after.json()).toMatchObject({ provider: "manual", unfinished_connection: false });
  });

  it("an Outlook connection never returned from says it was Outlook", async () => {
    const user = await createUser(t, { email: `omar-${randomUUID().slice(0, 8)}@uni.example` });
    const start = await startFlow(t, connectStart(user.token, { provider: "microsoft" }));
    expect(start.statusCode).toBe(200);
    const status = await call("GET", "/api/auth/mailbox/status", user);
    expect(status.json()).toMatchObject({
      provider: null,
      unfinished_connection: true,
      unfinished_provider: "microsoft",
    });
  });
});

describe("copy mode", () => {
  it("writes without Gmail, and 'I sent it' records one message however often it is clicked", async () => {
    const maya = await copyModeStudent();
    const [grace] = await addNetworkContacts(t, maya.id, 1);
    const written = await call("POST", "/api/emails/generate", maya, {
      contact_id: grace.id,
      email_format: "original",
    });
    expect(written.statusCode).toBe(200);
    expect(written.json().body).toContain("Maya Chen");

    const key = randomUUID();
    const [first, second] = await Promise.all([
      markSent(maya, grace.id, key),
      markSent(maya, grace.id, key),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: "sent",
      contact_status: "Contacted",
      message_count: 1,
    });
    expect(second.json().id).toBe(first.json().id);
    expect(await emailRows(t, maya.id)).toHaveLength(1);

    const record = await call("GET", `/api/my-network/contacts/${grace.id}`, maya);
    expect(record.json().status).toBe("Contacted");
  });

  it("keeps the daily cap and refuses a suppressed address, recording nothing", async () => {
    const maya = await copyModeStudent();
    const people = await addNetworkContacts(t, maya.id, 4);
    await t.deps.database.db
      .insert(suppressions)
      .values({ email: people[3].email as string, reason: "opted_out", source: "reply" });
    const suppressed = await markSent(maya, people[3].id);
    expect(suppressed.statusCode).toBe(409);
    expect((await markSent(maya, people[0].id)).statusCode).toBe(200);
    expect((await markSent(maya, people[1].id)).statusCode).toBe(200);
    const capped = await markSent(maya, people[2].id);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toMatch(/limit of 2 emails per day from your mailbox/);
    expect(await emailRows(t, maya.id)).toHaveLength(2);
  });

  it("refuses when copy mode is off, for another student's contact and with a bad key", async () => {
    const maya = await copyModeStudent();
    const bo = await createUser(t);
    const [theirs] = await addNetworkContacts(t, bo.id, 1);
    expect((await markSent(maya, theirs.id)).statusCode).toBe(404);
    const [mine] = await addNetworkContacts(t, bo.id, 1);
    const off = await markSent(bo, mine.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().detail).toMatch(/Copy mode is off/);
    const badKey = await call("POST", `/api/emails/copy/${mine.id}/sent`, bo, {
      subject: "Hi",
      body: "Hello",
      key: "twice",
    });
    expect(badKey.statusCode).toBe(400);
    expect(await emailRows(t, bo.id)).toHaveLength(0);
  });

  it("'They replied' makes the contact Responded; a pasted opt-out stops this student only", async () => {
    const maya = await copyModeStudent();
    const [grace, henry] = await addNetworkContacts(t, maya.id, 2);
    const early = await call("POST", `/api/emails/copy/${grace.id}/replied`, maya, {
      key: randomUUID(),
    });
    expect(early.statusCode).toBe(409);

    await markSent(maya, grace.id);
    const key = randomUUID();
    const replied = await call("POST", `/api/emails/copy/${grace.id}/replied`, maya, {
      text: "Happy to chat! Does Thursday at 2pm work?",
      key,
    });
    expect(replied.json()).toEqual({ kind: "reply", note: null, contact_status: "Responded" });
    await call("POST", `/api/emails/copy/${grace.id}/replied`, maya, { key });
    const record = await call("GET", `/api/my-network/contacts/${grace.id}`, maya);
    expect(record.json()).toMatchObject({ status: "Responded", message_count: 2 });

    await markSent(maya, henry.id);
    const optOut = await call("POST", `/api/emails/copy/${henry.id}/replied`, maya, {
      text: "Please remove me from your list.",
      key: randomUUID(),
    });
    expect(optOut.json().kind).toBe("opt_out");
    // An opt-out is not a reply: Contacted, as insights count it. The student's word suppresses
    // nobody for the others (issue 32); it stops this student
    // (tests/security/self-reported.test.ts: their next send to the person is refused).
    expect(optOut.json().contact_status).toBe("Contacted");
    const optedOut = await call("GET", `/api/my-network/contacts/${henry.id}`, maya);
    expect(optedOut.json()).toMatchObject({ status: "Contacted" });
    const rows = await t.deps.database.db
      .select()
      .from(suppressions)
      .where(eq(suppressions.email, (henry.email as string).toLowerCase()));
    expect(rows).toEqual([]);
  });
});
