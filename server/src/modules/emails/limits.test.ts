import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  emailRows,
  insertOutboundEmail,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { processEmailJob, SEND_EMAIL_JOB } from "./send-job";

const t = useTestApp({ GMAIL_DAILY_CAP: "2", GMAIL_MIN_SPACING_SECONDS: "60" });

async function waitingJobs(emailId: string) {
  const { rows } = await t.deps.database.raw.query<{ start_after: string }>(
    "select start_after from pgboss.job where name = $1 and state = 'created' and data->>'emailId' = $2",
    [SEND_EMAIL_JOB, emailId],
  );
  return rows.map((r) => new Date(r.start_after));
}

const dueEmail = (userId: string, contactId: string, dueMsAgo = 1000) =>
  insertOutboundEmail(t, { userId, contactId, scheduledAt: new Date(Date.now() - dueMsAgo) });

describe("per-mailbox sending limits", () => {
  it("answers 429 with Retry-After once the daily cap is reached, sending nothing more", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 3);
    const send = (id: string) => sendEmail(t, ada.auth, id, { subject: "Hi", body: "Hello" });
    expect((await send(people[0].id)).statusCode).toBe(200);
    expect((await send(people[1].id)).statusCode).toBe(200);
    const third = await send(people[2].id);
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/limit of 2 emails per day/);
    const retryAfter = Number(third.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);

    // A scheduled email that comes due now waits for the window instead of failing.
    const due = await dueEmail(ada.id, people[2].id);
    await processEmailJob(t.deps, due.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
    const [row] = (await emailRows(t, ada.id)).filter((r) => r.id === due.id);
    expect(row.status).toBe("scheduled");
    const [later] = await waitingJobs(due.id);
    expect(later.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });

  it("spaces automated sends of one mailbox by the minimum interval", async () => {
    const ada = await createSender(t);
    const [grace, lin] = await addNetworkContacts(t, ada.id, 2);
    const first = await dueEmail(ada.id, grace.id);
    const second = await dueEmail(ada.id, lin.id);
    await processEmailJob(t.deps, first.id);
    await processEmailJob(t.deps, second.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    const [next] = await waitingJobs(second.id);
    expect(next.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(next.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
  });

  it("gives each waiting email of a mailbox its own turn, one pace apart, in due order", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 4);
    const emails = [];
    for (const [i, person] of people.entries()) {
      emails.push(await dueEmail(ada.id, person.id, 4000 - i * 1000));
    }
    await processEmailJob(t.deps, emails[0].id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    // Processed out of order: each still takes the turn of its due time.
    for (const email of [emails[3], emails[1], emails[2]]) {
      await processEmailJob(t.deps, email.id);
    }
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    const turns = await Promise.all(emails.slice(1).map(async (e) => (await waitingJobs(e.id))[0]));
    const now = Date.now();
    expect(turns[0].getTime()).toBeGreaterThan(now + 50_000);
    expect(turns[0].getTime()).toBeLessThanOrEqual(now + 61_000);
    // One spacing (60 s here) and a margin of a tenth of it, at most 2 s.
    expect(turns[1].getTime() - turns[0].getTime()).toBe(61_000);
    expect(turns[2].getTime() - turns[1].getTime()).toBe(61_000);
  });
});
