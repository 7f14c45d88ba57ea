import type { NetworkContact } from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addNetworkContacts, createSender, emailRows, sendEmail } from "../../../tests/factories";
import { until, useTestApp } from "../../../tests/helpers";
import {
  addressHolds,
  emailMessages,
  senderRejections,
  sequenceEnrollments,
  sequences,
  suppressions,
  userContacts,
} from "../../db/schema";
import { BOUNCED_REASON } from "../sequences/control";
import { repairInboundVerdicts } from "./repair-inbound";
import { syncMailbox } from "./sync";

/**
 * The repair job of issue 33 in one process (the killed-process run on PostgreSQL is
 * tests/faults/inbound-repair.test.ts): what the old verdicts caused, corrected once.
 */
const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });

type Sender = Awaited<ReturnType<typeof createSender>>;

async function record(sender: Sender, contactId: string): Promise<NetworkContact> {
  const response = await t.app.inject({
    url: `/api/my-network/contacts/${contactId}`,
    headers: sender.auth,
  });
  return response.json();
}

async function bounceOf(sender: Sender, contactId: string) {
  return until("the bounce", async () => {
    await syncMailbox(t.deps, sender.id);
    return (await emailRows(t, sender.id)).find(
      (r) => r.direction === "inbound" && r.contactId === contactId,
    );
  });
}

/** What the old classifier did with a report: the contact's reply, Responded, sequence ended. */
async function storeAsReply(sender: Sender, messageId: string, contactId: string) {
  const db = t.deps.database.db;
  await db
    .update(emailMessages)
    .set({ inboundKind: null, inboundCause: null, classificationNote: null })
    .where(eq(emailMessages.id, messageId));
  await db
    .update(userContacts)
    .set({ replied: true, messageCount: sql`${userContacts.messageCount} + 1` })
    .where(and(eq(userContacts.userId, sender.id), eq(userContacts.contactId, contactId)));
}

async function enrol(sender: Sender, contactId: string, status: "replied" | "bounced") {
  const db = t.deps.database.db;
  const [first] = (await emailRows(t, sender.id)).filter(
    (r) => r.direction === "outbound" && r.contactId === contactId,
  );
  const [sequence] = await db
    .insert(sequences)
    .values({ userId: sender.id, name: "Bankers", steps: [] })
    .returning();
  const [row] = await db
    .insert(sequenceEnrollments)
    .values({
      userId: sender.id,
      sequenceId: sequence.id,
      contactId,
      status,
      stoppedReason: status === "bounced" ? BOUNCED_REASON : null,
      firstEmailId: first.id,
      currentEmailId: first.id,
    })
    .returning();
  return row.id;
}

async function enrollmentStatus(id: string) {
  const [row] = await t.deps.database.db
    .select({ status: sequenceEnrollments.status })
    .from(sequenceEnrollments)
    .where(eq(sequenceEnrollments.id, id));
  return row.status;
}

describe("the inbound repair job", () => {
  it("corrects bounces stored as replies and suppressions today's rules do not support, once", async () => {
    const ada = await createSender(t);
    const db = t.deps.database.db;
    const [full] = await addNetworkContacts(t, ada.id, 1, { email: "sam@full.example" });
    const [answered] = await addNetworkContacts(t, ada.id, 1, { email: "kim@full.example" });
    const [dmarc] = await addNetworkContacts(t, ada.id, 1, { email: "lee@dmarc-reject.example" });
    for (const person of [full, answered, dmarc]) {
      const sent = await sendEmail(t, ada.auth, person.id, { subject: "Hello", body: "Hi there" });
      expect(sent.statusCode).toBe(200);
    }
    const fullBounce = await bounceOf(ada, full.id);
    const answeredBounce = await bounceOf(ada, answered.id);
    const dmarcBounce = await bounceOf(ada, dmarc.id);

    // The old verdicts: two reports read as replies, a DMARC refusal suppressing the recipient.
    await db.delete(addressHolds).where(eq(addressHolds.userId, ada.id));
    await db.delete(senderRejections).where(eq(senderRejections.userId, ada.id));
    await storeAsReply(ada, fullBounce.id, full.id);
    await storeAsReply(ada, answeredBounce.id, answered.id);
    await db
      .insert(suppressions)
      .values({ email: "lee@dmarc-reject.example", reason: "bounced", source: "dsn" });
    await db
      .update(emailMessages)
      .set({ inboundCause: "recipient" })
      .where(eq(emailMessages.id, dmarcBounce.id));
    const fullEnrollment = await enrol(ada, full.id, "replied");
    const answeredEnrollment = await enrol(ada, answered.id, "replied");
    const dmarcEnrollment = await enrol(ada, dmarc.id, "bounced");
    // Kim really answered too: the student recorded it ("They replied", no mailbox id).
    await db.insert(emailMessages).values({
      userId: ada.id,
      contactId: answered.id,
      direction: "inbound",
      status: "received",
      subject: "Re: Hello",
      body: "Happy to chat next week.",
      sentAt: new Date(Date.now() + 1000),
    });
    expect(await record(ada, full.id)).toMatchObject({ replied: true, status: "Responded" });
    expect((await record(ada, dmarc.id)).email_status).toBe("bounced");

    const first = await repairInboundVerdicts(t.deps);
    expect(first).toMatchObject({ examined: 3, unchanged: 0, gone: 0, skipped: 0 });
    expect(first.corrections).toEqual({
      reply_reclassified: 2,
      contact_unresponded: 1,
      sequence_resumed: 1,
      address_held: 2,
      verdict_reclassified: 1,
      sender_rejection_recorded: 1,
      suppression_lifted: 1,
    });
    expect(await record(ada, full.id)).toMatchObject({
      replied: false,
      status: "Contacted",
      email_status: "held",
    });
    expect(await enrollmentStatus(fullEnrollment)).toBe("active");
    // The answer the student recorded stands: still Responded, the sequence still ended.
    expect(await record(ada, answered.id)).toMatchObject({ replied: true, status: "Responded" });
    expect(await enrollmentStatus(answeredEnrollment)).toBe("replied");
    // The DMARC refusal: the recipient is free again, the student's sending health names it.
    expect(await record(ada, dmarc.id)).toMatchObject({ email_status: "ok" });
    expect(await enrollmentStatus(dmarcEnrollment)).toBe("active");
    const health = (
      await t.app.inject({ url: "/api/deliverability/status", headers: ada.auth })
    ).json();
    expect(health.sender_rejections).toHaveLength(1);
    expect(health.automated_paused).toBe(false);
    const kinds = (await emailRows(t, ada.id))
      .filter((r) => r.direction === "inbound" && r.gmailMessageId)
      .map((r) => `${r.inboundKind}/${r.inboundCause}`)
      .sort();
    expect(kinds).toEqual(["bounce/mailbox", "bounce/mailbox", "bounce/sender"]);

    const second = await repairInboundVerdicts(t.deps);
    expect(second).toEqual({ examined: 0, unchanged: 0, gone: 0, skipped: 0, corrections: {} });
    expect(
      await db.select().from(senderRejections).where(eq(senderRejections.userId, ada.id)),
    ).toHaveLength(1);
    expect((await record(ada, full.id)).message_count).toBe(1);
  });
});
