import { expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  createUser,
  emailRows,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { suppressions } from "../../db/schema";
import { processEmailJob } from "./send-job";

// A short spacing, and a first warm-up day that allows three sends.
const t = useTestApp({
  GMAIL_MIN_SPACING_SECONDS: "1",
  GMAIL_WARMUP_START_CAP: "3",
  GMAIL_WARMUP_DAILY_INCREASE: "10",
});

const post = (url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: auth, payload });

const emailTo = (contactId: string, i: number) => ({
  contact_id: contactId,
  subject: `Question ${i}`,
  body: `Hi, this is email ${i}.`,
  email_format: "precision",
});

it("queues bulk emails on the mailbox's line: spaced, within the warm-up cap, with their format", async () => {
  const ada = await createSender(t);
  const people = await addNetworkContacts(t, ada.id, 5);
  const [bounced] = await addNetworkContacts(t, ada.id, 1);
  await t.deps.database.db
    .insert(suppressions)
    .values({ email: (bounced.email as string).toLowerCase(), reason: "bounced", source: "test" });

  const before = Date.now();
  const response = await post("/api/emails/bulk", ada.auth, {
    emails: [...people, bounced].map((p, i) => emailTo(p.id, i)),
  });
  expect(response.statusCode).toBe(200);
  const answer = response.json();
  expect(answer.refused).toEqual([
    { contact_id: bounced.id, detail: expect.stringContaining("bounced permanently") },
  ]);
  expect(answer.queued).toHaveLength(5);
  expect(answer.spacing_seconds).toBe(1);
  expect(answer.message).toContain("one every 1 seconds");
  // Planned: the first now, then one spacing (and its margin) apart; the two past the first
  // day's cap of 3 wait for the cap.
  const leaves: Array<string | null> = answer.queued.map(
    (q: { leaves_at: string | null }) => q.leaves_at,
  );
  expect(leaves.filter((at) => at === null)).toHaveLength(2);
  const planned = leaves
    .filter((at): at is string => at !== null)
    .map((at) => new Date(at).getTime())
    .sort((a, b) => a - b);
  expect(planned[0]).toBeGreaterThanOrEqual(before - 1000);
  expect(planned[0]).toBeLessThanOrEqual(Date.now());
  expect(planned[1] - planned[0]).toBeGreaterThanOrEqual(1000);
  expect(planned[2] - planned[1]).toBeGreaterThanOrEqual(1000);

  // Nothing went at once: every row waits on the line as `scheduled`.
  const rows = await emailRows(t, ada.id);
  expect(rows.map((r) => r.status)).toEqual(Array(5).fill("scheduled"));
  expect(new Set(rows.map((r) => r.emailFormat))).toEqual(new Set(["precision"]));

  // The send jobs, run back to back as a worker would: three go, a spacing apart; the cap
  // holds the other two.
  const inLine = [...answer.queued].sort(
    (a: { leaves_at: string | null }, b: { leaves_at: string | null }) =>
      (a.leaves_at ?? "~").localeCompare(b.leaves_at ?? "~"),
  );
  for (const q of inLine) await processEmailJob(t.deps, q.email_id);
  const sent = (await sentFrom(t, ada.gmail))
    .map((m) => new Date(m.sent_at).getTime())
    .sort((a, b) => a - b);
  expect(sent).toHaveLength(3);
  for (let i = 1; i < sent.length; i++) expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(1000);
  const after = await emailRows(t, ada.id);
  expect(after.filter((r) => r.status === "sent")).toHaveLength(3);
  expect(after.filter((r) => r.status === "scheduled")).toHaveLength(2);
  expect(new Set(after.map((r) => r.emailFormat))).toEqual(new Set(["precision"]));
});

it("refuses a contact outside the network, a repeated contact and a student with no mailbox, queuing nothing", async () => {
  const ada = await createSender(t);
  const [grace] = await addNetworkContacts(t, ada.id, 1);
  const stranger = await createUser(t);
  const [theirs] = await addNetworkContacts(t, stranger.id, 1);

  const outside = await post("/api/emails/bulk", ada.auth, {
    emails: [emailTo(grace.id, 0), emailTo(theirs.id, 1)],
  });
  expect(outside.statusCode).toBe(404);
  expect(outside.json().detail).toContain("Contact not found in your network");

  const twice = await post("/api/emails/bulk", ada.auth, {
    emails: [emailTo(grace.id, 0), emailTo(grace.id, 1)],
  });
  expect(twice.statusCode).toBe(400);

  const past = await post("/api/emails/bulk", ada.auth, {
    emails: [emailTo(grace.id, 0)],
    scheduled_at: new Date(Date.now() - 3600_000).toISOString(),
  });
  expect(past.statusCode).toBe(400);

  const noMailbox = await post("/api/emails/bulk", stranger.auth, {
    emails: [emailTo(theirs.id, 0)],
  });
  expect(noMailbox.statusCode).toBe(409);
  expect(await emailRows(t, ada.id)).toHaveLength(0);
  expect(await emailRows(t, stranger.id)).toHaveLength(0);
});

it("plans a scheduled batch from its time, one pace apart", async () => {
  const ada = await createSender(t);
  const people = await addNetworkContacts(t, ada.id, 2);
  const at = new Date(Date.now() + 3600_000);
  const response = await post("/api/emails/bulk", ada.auth, {
    emails: people.map((p, i) => emailTo(p.id, i)),
    scheduled_at: at.toISOString(),
  });
  expect(response.statusCode).toBe(200);
  const [first, second] = response.json().queued;
  expect(new Date(first.leaves_at).getTime()).toBe(at.getTime());
  expect(new Date(second.leaves_at).getTime() - at.getTime()).toBeGreaterThanOrEqual(1000);
  const rows = await emailRows(t, ada.id);
  expect(rows.map((r) => r.scheduledAt?.getTime())).toEqual([at.getTime(), at.getTime()]);
});

it("keeps the writer format of a first email sent with follow-ups", async () => {
  const ada = await createSender(t);
  const [grace] = await addNetworkContacts(t, ada.id, 1);
  const created = await post("/api/sequences", ada.auth, {
    name: "Two steps",
    steps: [{ wait_minutes: 60 }],
  });
  expect(created.statusCode).toBe(201);
  const enrolled = await post(`/api/sequences/${created.json().id}/enroll`, ada.auth, {
    contact_ids: [grace.id],
    subject: "A question",
    body: "Hi Grace, may I ask about your team?",
    email_format: "referral",
    write_when_due: true,
  });
  expect(enrolled.statusCode).toBe(200);
  const [first] = await emailRows(t, ada.id);
  expect(first).toMatchObject({ sequenceStep: 0, emailFormat: "referral" });
});
