import { eq, sql } from "drizzle-orm";
import { emailMessages, sequenceEnrollments } from "../../src/db/schema";
import type { MailboxProviderName } from "../../src/integrations/mailbox";
import { enrollContacts } from "../../src/modules/sequences/enroll";
import { createSequence } from "../../src/modules/sequences/sequences";
import { createFaultSender, type FaultWorld, sentMessages } from "./fault-world";

export interface Enrolled {
  userId: string;
  gmail: string;
  enrollmentIds: string[];
}

/**
 * Students with a resume and a mailbox (Gmail unless `provider` says), each with `perSender`
 * contacts enrolled (through the app's own enrolment) in a sequence of `steps` follow-ups of
 * 1 minute each.
 */
export async function enrollSenders(
  world: FaultWorld,
  senders: number,
  perSender: number,
  steps: number,
  provider: MailboxProviderName = "gmail",
): Promise<Enrolled[]> {
  const { deps } = world.runtime;
  const db = deps.database.db;
  const made: Enrolled[] = [];
  for (let s = 0; s < senders; s++) {
    const { user, gmail, people } = await createFaultSender(world, {
      prefix: "seq",
      name: "Sequence Tester",
      resumeText: "Sequence Tester, Analyst\n• Built a DCF model for a $1B acquisition",
      contacts: perSender,
      provider,
    });
    const sequence = await createSequence(db, user.id, {
      name: "Fault run",
      steps: Array.from({ length: steps }, () => ({ wait_minutes: 1 })),
    });
    const { enrolled } = await enrollContacts(deps, user.id, sequence.id, {
      contact_ids: people.map((p) => p.id),
      subject: "A question about your work",
      body: "Hi, may I ask how you started?",
    });
    made.push({ userId: user.id, gmail, enrollmentIds: enrolled.map((e) => e.id) });
  }
  return made;
}

/** The contact answers the student's first email, in its thread (Gmail) or conversation. */
export async function replyToFirstEmail(
  world: FaultWorld,
  provider: MailboxProviderName,
  sender: Enrolled,
  text: string,
): Promise<number> {
  const post = (path: string, body: object) =>
    fetch(`${world.sandbox.url}/__sandbox/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const isFirst = (m: { subject: string }) => !/^re:/i.test(m.subject);
  if (provider === "gmail") {
    const sent = (await (
      await fetch(`${world.sandbox.url}/__sandbox/gmail/sent.json?from=${sender.gmail}`)
    ).json()) as { thread_id: string; from: string; subject: string }[];
    const first = sent.find((m) => m.from === sender.gmail && isFirst(m));
    return (await post("gmail/reply", { thread_id: first?.thread_id, text })).status;
  }
  const sent = (await (
    await fetch(`${world.sandbox.url}/__sandbox/microsoft/sent.json?from=${sender.gmail}`)
  ).json()) as { conversation_id: string; subject: string }[];
  const first = sent.find(isFirst);
  return (await post("microsoft/reply", { conversation_id: first?.conversation_id, text })).status;
}

export async function enrollmentStatuses(world: FaultWorld): Promise<Record<string, number>> {
  const rows = await world.runtime.deps.database.db
    .select({ status: sequenceEnrollments.status, n: sql<number>`count(*)::int` })
    .from(sequenceEnrollments)
    .groupBy(sequenceEnrollments.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * What a sequence run left: per enrolment and step the rows sent, and at Gmail each Message-ID
 * how many times. A step sent twice, or a message at Gmail twice, is a duplicate.
 */
export async function sequenceReport(world: FaultWorld) {
  const rows = await world.runtime.deps.database.db
    .select({
      enrollmentId: emailMessages.enrollmentId,
      step: emailMessages.sequenceStep,
      status: emailMessages.status,
      messageId: emailMessages.rfc822MessageId,
    })
    .from(emailMessages)
    .where(sql`${emailMessages.enrollmentId} is not null`);
  const sent = await sentMessages(world);
  const atGmail = new Map<string, number>();
  for (const m of sent) atGmail.set(m.message_id, (atGmail.get(m.message_id) ?? 0) + 1);
  const perStep = new Map<string, number>();
  for (const r of rows.filter((r) => r.status === "sent")) {
    const key = `${r.enrollmentId}:${r.step}`;
    perStep.set(key, (perStep.get(key) ?? 0) + 1);
  }
  return {
    sentRows: rows.filter((r) => r.status === "sent").length,
    stuck: rows.filter((r) => ["sending", "unknown", "scheduled"].includes(r.status)).length,
    failed: rows.filter((r) => r.status === "failed").length,
    messagesAtGmail: sent.length,
    duplicateSteps: [...perStep.values()].filter((n) => n > 1).length,
    duplicateMessages: [...atGmail.values()].filter((n) => n > 1).length,
    missingAtGmail: rows.filter((r) => r.status === "sent" && !atGmail.has(r.messageId ?? ""))
      .length,
  };
}

export async function stepsOf(world: FaultWorld, enrollmentId: string) {
  return world.runtime.deps.database.db
    .select({ step: emailMessages.sequenceStep, status: emailMessages.status })
    .from(emailMessages)
    .where(eq(emailMessages.enrollmentId, enrollmentId));
}
