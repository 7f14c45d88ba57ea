import { randomUUID } from "node:crypto";
import { COHORT_MIN_STUDENTS } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages, users } from "../../src/db/schema";
import { syncMailbox } from "../../src/modules/emails/sync";
import { refreshInsightRollups } from "../../src/modules/insights";
import {
  addNetworkContacts,
  addResume,
  at,
  connectSyncedGmail,
  createSender,
  createUser,
  mailboxRow,
  recordInbound,
  recordSent,
  sendEmail,
  sentFrom,
} from "../factories";
import { useTestApp } from "../helpers";
import { GMAIL } from "../mailboxes";

/**
 * Issue 32, item 3: the cohort benchmarks must not give away one student's figures to someone
 * who knows everyone else's. The probe made COHORT_MIN_STUDENTS - 1 copy-mode accounts, each
 * "sending" one email, so one real student completed the cohort of 20; the published counts
 * less the attacker's own were that student's (2 sent, 1 replied).
 */
const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_WARMUP_START_CAP: "1000" });

type Figures = { students: number; sent?: number; replied?: number; reply_rate: number };

async function benchmarks(auth: Record<string, string>) {
  const answer = await t.app.inject({ url: "/api/insights/benchmarks", headers: auth });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { overall: Figures | null; refreshed_at: string | null };
}

/**
 * The attack: the published overall figure less what the attacker's own accounts put in. Null
 * when nothing can be recovered (no figure, or no counts to subtract from).
 */
function differenceOut(overall: Figures | null, own: { sent: number; replied: number }) {
  if (!overall || overall.sent === undefined || overall.replied === undefined) return null;
  return { sent: overall.sent - own.sent, replied: overall.replied - own.replied };
}

/** The victim: a real mailbox, two emails sent through it, one answer synced from it. */
async function victimWithRealMail() {
  const victim = await createSender(t);
  const [first, second] = await addNetworkContacts(t, victim.id, 2, { industry: "fintech" });
  for (const contact of [first, second]) {
    const sent = await sendEmail(t, victim.auth, contact.id, {
      subject: "Internship question",
      body: "Hi, I'm a junior at Columbia and would love your advice.",
      email_format: "precision",
    });
    expect(sent.statusCode).toBe(200);
  }
  const [latest] = await sentFrom(t, victim.gmail);
  expect(await GMAIL.reply(t, latest.thread_id, "Happy to chat Thursday.")).toBeLessThan(300);
  await syncMailbox(t.deps, victim.id);
  // The victim is a student the cohort counts: a connected mailbox that sent and synced.
  expect((await mailboxRow(t, victim.id))?.lastSyncedAt).toBeInstanceOf(Date);
  return victim;
}

describe("cohort benchmarks against made-up and colluding students", () => {
  it("19 copy-mode accounts neither complete the cohort nor reveal the 20th student", async () => {
    await t.deps.database.db.delete(users);
    await victimWithRealMail();
    const attackers = [];
    for (let i = 0; i < COHORT_MIN_STUDENTS - 1; i++) {
      const attacker = await createUser(t);
      await addResume(t, attacker.id);
      await t.app.inject({
        method: "PUT",
        url: "/api/auth/mailbox/mode",
        headers: attacker.auth,
        payload: { mode: "manual" },
      });
      const [contact] = await addNetworkContacts(t, attacker.id, 1, { industry: "fintech" });
      const recorded = await t.app.inject({
        method: "POST",
        url: `/api/emails/copy/${contact.id}/sent`,
        headers: attacker.auth,
        payload: { subject: "Hi", body: "Hello", email_format: "precision", key: randomUUID() },
      });
      expect(recorded.statusCode).toBe(200);
      attackers.push(attacker);
    }
    await refreshInsightRollups(t.deps.database.db);

    const seen = await benchmarks(attackers[0].auth);
    expect(differenceOut(seen.overall, { sent: COHORT_MIN_STUDENTS - 1, replied: 0 })).toBeNull();
    // Made-up students do not count toward the threshold at all.
    expect(seen.overall).toBeNull();
  });

  it("with 19 real colluders, the published figures are the same whatever the 20th replied", async () => {
    const db = t.deps.database.db;
    await db.delete(users);
    // Nineteen students with synced mailboxes, 10 emails sent and 2 answered each.
    for (let i = 0; i < COHORT_MIN_STUDENTS - 1; i++) {
      const student = await createUser(t);
      await connectSyncedGmail(t, student.id);
      const contacts = await addNetworkContacts(t, student.id, 10, { industry: "fintech" });
      for (const [n, contact] of contacts.entries()) {
        await recordSent(t, {
          userId: student.id,
          contactId: contact.id,
          sentAt: at(9),
          format: "precision",
          gmailMessageId: `gm-${student.id}-${n}`,
        });
        if (n < 2)
          await recordInbound(t, { userId: student.id, contactId: contact.id, sentAt: at(10) });
      }
    }
    const victim = await createUser(t);
    await connectSyncedGmail(t, victim.id);
    const mine = await addNetworkContacts(t, victim.id, 2, { industry: "fintech" });
    for (const [n, contact] of mine.entries()) {
      await recordSent(t, {
        userId: victim.id,
        contactId: contact.id,
        sentAt: at(9),
        format: "precision",
        gmailMessageId: `gm-victim-${n}`,
      });
    }

    // The same cohort, the victim's answers 0, 1 or 2 of 2: what each world publishes.
    const published: string[] = [];
    for (const replies of [0, 1, 2]) {
      await db
        .delete(emailMessages)
        .where(and(eq(emailMessages.userId, victim.id), eq(emailMessages.direction, "inbound")));
      for (const contact of mine.slice(0, replies)) {
        await recordInbound(t, { userId: victim.id, contactId: contact.id, sentAt: at(10) });
      }
      await refreshInsightRollups(db);
      const { refreshed_at: _, ...figures } = await benchmarks(victim.auth);
      expect(figures.overall?.students).toBe(COHORT_MIN_STUDENTS);
      expect(differenceOut(figures.overall, { sent: 190, replied: 38 })).toBeNull();
      published.push(JSON.stringify(figures));
    }
    // 38 of 192, 39 of 192, 40 of 192: all 20 % once rounded to 5 points.
    expect(new Set(published).size).toBe(1);
    expect(JSON.parse(published[0]).overall).toEqual({ students: 20, reply_rate: 0.2 });
  });
});
