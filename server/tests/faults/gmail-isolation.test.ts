import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../../src/db/schema";
import { processEmailJob, sweepDueEmails } from "../../src/modules/emails/send-job";
import {
  addNetworkContacts,
  ageEmail,
  connectGmail,
  createSender,
  emailRows,
  insertDueEmails,
  mailboxRow,
  queueFaults,
  sendEmail,
  sentFrom,
} from "../factories";
import { createTestApp, type TestApp } from "../helpers";
import { GMAIL } from "../mailboxes";

/**
 * One user's Gmail failing in every way Gmail fails (429, 5xx, a dropped connection that looks
 * like a timeout, a response lost after acceptance, a revoked grant) leaves every other user's
 * sends untouched, and the failing user's own emails each go out exactly once after recovery.
 */
let t: TestApp;
type Sender = Awaited<ReturnType<typeof createSender>> & { contacts: string[] };
let faulty: Sender;
let others: Sender[];
const figures = { sends: 0, faults: 0 };

/** 429 ×3 (refused), 500 (outcome unknown), 598 (dropped: a timeout), 599 (accepted, answer lost). */
const FAULTS = [429, 429, 429, 500, 598, 599];

beforeAll(async () => {
  t = await createTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });
  const make = async (): Promise<Sender> => {
    const sender = await createSender(t);
    const people = await addNetworkContacts(t, sender.id, 9);
    return { ...sender, contacts: people.map((p) => p.id) };
  };
  faulty = await make();
  others = [await make(), await make()];
});
afterAll(async () => {
  console.info(
    `gmail isolation: ${figures.sends} API sends and 9 scheduled sends while one mailbox suffered ${figures.faults} faults and a revoked grant; the other users: every send answered 200 and went out once; duplicates: 0`,
  );
  await t?.close();
});

const sendNow = (sender: Sender, contactId: string, i: number) => {
  figures.sends++;
  return sendEmail(t, sender.auth, contactId, { subject: `Hello ${i}`, body: "Hi there" });
};

async function expectEachSentOnce(sender: Sender, count: number) {
  const sent = await sentFrom(t, sender.gmail);
  const rows = await emailRows(t, sender.id);
  expect(rows.map((r) => r.status).sort()).toEqual(Array(count).fill("sent"));
  expect(sent).toHaveLength(count);
  const ids = sent.map((m) => m.message_id);
  expect(new Set(ids).size).toBe(count);
  for (const row of rows) expect(ids).toContain(row.rfc822MessageId);
}

const accountStatus = async (sender: Sender) => (await mailboxRow(t, sender.id)).status;

describe("Gmail failing for one user", () => {
  it("answers that user's sends with 429 or 202, never 5xx, while others send normally", async () => {
    await queueFaults(t, faulty.gmail, FAULTS);
    figures.faults += FAULTS.length;
    const runs = await Promise.all(
      [faulty, ...others].map(async (sender) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++)
          statuses.push((await sendNow(sender, sender.contacts[i], i)).statusCode);
        return statuses;
      }),
    );
    const [faultyStatuses, ...otherStatuses] = runs;
    for (const statuses of otherStatuses) expect(statuses).toEqual([200, 200, 200, 200]);
    for (const sender of others) await expectEachSentOnce(sender, 4);
    expect(
      faultyStatuses.every((s) => [200, 202, 429].includes(s)),
      String(faultyStatuses),
    ).toBe(true);
    expect(faultyStatuses).toContain(429);
    expect(faultyStatuses).toContain(202);
  });

  it("pauses only that user's scheduled sends when their grant is revoked", async () => {
    await GMAIL.revoke(t, faulty.gmail);
    figures.faults++;
    const due = await Promise.all(
      [faulty, ...others].map((sender) =>
        insertDueEmails(t, sender.id, sender.contacts.slice(4, 7)),
      ),
    );
    await Promise.all(due.flat().map((email) => processEmailJob(t.deps, email.id)));
    for (const sender of others) await expectEachSentOnce(sender, 7);
    for (const sender of others) expect(await accountStatus(sender)).toBe("connected");
    expect(await accountStatus(faulty)).toBe("revoked");
    const paused = await t.deps.database.db
      .select({ status: emailMessages.status })
      .from(emailMessages)
      .where(
        inArray(
          emailMessages.id,
          due[0].map((e) => e.id),
        ),
      );
    expect(paused.map((r) => r.status)).toEqual(["scheduled", "scheduled", "scheduled"]);

    const refused = await sendNow(faulty, faulty.contacts[7], 7);
    expect(refused.statusCode).toBe(409);
    const fine = await sendNow(others[0], others[0].contacts[7], 7);
    expect(fine.statusCode).toBe(200);
  });

  it("sends each of that user's emails exactly once after reconnecting", async () => {
    await connectGmail(t, faulty.id, faulty.gmail);
    // Time passes: the unconfirmed sends are old enough for Gmail to have indexed them.
    const rows = await emailRows(t, faulty.id);
    for (const row of rows) await ageEmail(t, row.id, 10);
    // The minute sweep and its jobs, each run twice as a crashed instance's retry would.
    await sweepDueEmails(t.deps);
    for (let pass = 0; pass < 2; pass++) {
      for (const row of await emailRows(t, faulty.id)) await processEmailJob(t.deps, row.id);
    }
    const after = await emailRows(t, faulty.id);
    const failed = after.filter((r) => r.status === "failed");
    // The request refused by three 429s failed and told the user so; nothing else is lost.
    expect(failed).toHaveLength(1);
    expect(after.filter((r) => ["sending", "unknown", "scheduled"].includes(r.status))).toEqual([]);
    const sent = await sentFrom(t, faulty.gmail);
    const ids = sent.map((m) => m.message_id);
    expect(new Set(ids).size).toBe(ids.length);
    const sentRows = after.filter((r) => r.status === "sent");
    expect(sent).toHaveLength(sentRows.length);
    for (const row of sentRows) expect(ids).toContain(row.rfc822MessageId);
  });
});
