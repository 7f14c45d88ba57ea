import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  addressHolds,
  contacts,
  emailMessages,
  inboundRepairs,
  senderRejections,
  sequenceEnrollments,
  sequences,
  suppressions,
  userContacts,
} from "../../src/db/schema";
import { newMessageId } from "../../src/modules/emails/compose";
import { processEmailJob } from "../../src/modules/emails/send-job";
import { syncMailbox } from "../../src/modules/emails/sync";
import { BOUNCED_REASON } from "../../src/modules/sequences/control";
import { settle } from "../until";
import { createFaultSender, createFaultWorld, type FaultWorld, PROVIDERS } from "./fault-world";

/**
 * The one-time repair of issue 33 as a real process on PostgreSQL against a stand-in Gmail or
 * Outlook (Graph):
 * past bounces the old classifier got wrong (stored as the contact's reply, or suppressing the
 * recipient for everyone for a full mailbox or the student's own DMARC failure) are corrected;
 * the process is killed mid-way and run again, and each correction lands exactly once.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PER_FAMILY = 20;
const FAMILIES = ["full.example", "dmarc-reject.example", "bounce.example"] as const;
const TOTAL = PER_FAMILY * FAMILIES.length;

let world: FaultWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

function runRepair(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/scripts/repair-inbound.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return { child, exited, output: () => output };
}

describe.runIf(process.env.TEST_DATABASE_URL).each(PROVIDERS)(
  "the inbound repair job (issue 33), %s",
  (provider) => {
    it("corrects each wrong past verdict exactly once across a killed run and a rerun", async () => {
      world = await createFaultWorld({ RUN_WORKERS: "false" });
      const { deps } = world.runtime;
      const db = deps.database.db;
      const { user, gmail, people } = await createFaultSender(world, {
        prefix: "repair",
        name: "Repair Tester",
        resumeText: "Repair Tester, Analyst",
        contacts: TOTAL,
        provider,
      });
      // Each family gets PER_FAMILY people; the first half of each was stored as the contact's
      // reply by the old classifier, the second half suppressed for everyone.
      const familyOf = (i: number) => FAMILIES[Math.floor(i / PER_FAMILY)];
      const storedAsReply = (i: number) => i % PER_FAMILY < PER_FAMILY / 2;
      const addresses = people.map((_, i) => `person${i}@${familyOf(i)}`);
      for (const [i, person] of people.entries()) {
        await db.update(contacts).set({ email: addresses[i] }).where(eq(contacts.id, person.id));
      }
      const [sequence] = await db
        .insert(sequences)
        .values({ userId: user.id, name: "Repair", steps: [] })
        .returning();
      const sent = await db
        .insert(emailMessages)
        .values(
          people.map((p, i) => ({
            userId: user.id,
            contactId: p.id,
            direction: "outbound" as const,
            status: "scheduled" as const,
            toEmail: addresses[i],
            fromEmail: gmail,
            subject: `Question ${i}`,
            body: "Hi, a question about your work.",
            scheduledAt: new Date(Date.now() - 1000),
            rfc822MessageId: newMessageId("http://reachout.test"),
          })),
        )
        .returning();
      for (const row of sent) await processEmailJob(deps, row.id);
      const inbound = await settle(
        async () => {
          await syncMailbox(deps, user.id);
          return db
            .select()
            .from(emailMessages)
            .where(and(eq(emailMessages.userId, user.id), eq(emailMessages.direction, "inbound")));
        },
        (rows) => rows.length === TOTAL,
        60_000,
      );
      expect(inbound).toHaveLength(TOTAL);
      const indexOf = new Map(people.map((p, i) => [p.id, i]));
      const enrollmentIds: string[] = [];
      for (const [i, person] of people.entries()) {
        const first = sent[i];
        const [enrollment] = await db
          .insert(sequenceEnrollments)
          .values({
            userId: user.id,
            sequenceId: sequence.id,
            contactId: person.id,
            status: storedAsReply(i) ? "replied" : "bounced",
            stoppedReason: storedAsReply(i) ? null : BOUNCED_REASON,
            firstEmailId: first.id,
            currentEmailId: first.id,
          })
          .returning();
        enrollmentIds.push(enrollment.id);
      }

      // What the old classifier left: today's effects undone, its own written instead.
      await db.delete(addressHolds).where(eq(addressHolds.userId, user.id));
      await db.delete(senderRejections).where(eq(senderRejections.userId, user.id));
      await db.delete(suppressions).where(inArray(suppressions.email, addresses));
      for (const row of inbound) {
        const i = indexOf.get(row.contactId) as number;
        if (storedAsReply(i)) {
          await db
            .update(emailMessages)
            .set({ inboundKind: null, inboundCause: null, classificationNote: null })
            .where(eq(emailMessages.id, row.id));
          await db
            .update(userContacts)
            .set({ replied: true, messageCount: sql`${userContacts.messageCount} + 1` })
            .where(
              and(eq(userContacts.userId, user.id), eq(userContacts.contactId, row.contactId)),
            );
        } else {
          await db
            .update(emailMessages)
            .set({ inboundCause: null })
            .where(eq(emailMessages.id, row.id));
          await db.insert(suppressions).values({
            email: addresses[i],
            reason: "bounced",
            source: "dsn",
            detail: "5.0.0",
          });
        }
      }

      const repaired = async () =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(inboundRepairs)
            .where(eq(inboundRepairs.userId, user.id))
        )[0].n;
      const first = runRepair(world.env);
      const atKill = await settle(repaired, (n) => n >= TOTAL / 6, 60_000, 5);
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const killedAt = await repaired();
      expect(atKill).toBeGreaterThan(0);
      expect(killedAt).toBeLessThan(TOTAL);

      const second = runRepair(world.env);
      expect(await second.exited, second.output()).toBe(0);
      expect(await repaired()).toBe(TOTAL);
      // The suppressions of full mailboxes and DMARC refusals, lifted once, by the rerun.
      expect(second.output()).toContain(`suppression_lifted ${2 * (PER_FAMILY / 2)}`);
      const third = runRepair(world.env);
      expect(await third.exited, third.output()).toBe(0);
      expect(third.output()).toContain("inbound repair: 0 messages re-read");
      expect(third.output()).toContain("corrections: none");
      console.info(
        `inbound repair (${provider}): killed after ${killedAt}/${TOTAL} messages; rerun: ${second.output().trim().split("\n").at(-1)}`,
      );

      // Every message now carries today's verdict.
      const after = await db
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.userId, user.id), eq(emailMessages.direction, "inbound")));
      const causeOf: Record<(typeof FAMILIES)[number], string> = {
        "full.example": "mailbox",
        "dmarc-reject.example": "sender",
        "bounce.example": "recipient",
      };
      for (const row of after) {
        const i = indexOf.get(row.contactId) as number;
        expect(row).toMatchObject({ inboundKind: "bounce", inboundCause: causeOf[familyOf(i)] });
      }
      // Contacts: back to Contacted, the reply counted once taken back once.
      const network = await db.select().from(userContacts).where(eq(userContacts.userId, user.id));
      for (const row of network) expect(row).toMatchObject({ replied: false, messageCount: 1 });
      // One refusal recorded per DMARC report, none paused today's sending.
      expect(
        await db.select().from(senderRejections).where(eq(senderRejections.userId, user.id)),
      ).toHaveLength(PER_FAMILY);
      // Full mailboxes held for this student, never suppressed; DMARC refusals touch no recipient.
      const holds = await db.select().from(addressHolds).where(eq(addressHolds.userId, user.id));
      expect(holds.map((h) => h.email).sort()).toEqual(
        addresses.filter((_, i) => familyOf(i) === "full.example").sort(),
      );
      const suppressed = await db
        .select()
        .from(suppressions)
        .where(inArray(suppressions.email, addresses));
      expect(suppressed.map((s) => s.email).sort()).toEqual(
        addresses.filter((_, i) => familyOf(i) === "bounce.example").sort(),
      );
      // Enrolments: those wrongly ended resume; a real bounce's end as stopped by the bounce.
      const enrollments = await db
        .select()
        .from(sequenceEnrollments)
        .where(inArray(sequenceEnrollments.id, enrollmentIds));
      for (const enrollment of enrollments) {
        const i = indexOf.get(enrollment.contactId) as number;
        expect(enrollment.status).toBe(familyOf(i) === "bounce.example" ? "bounced" : "active");
      }
      // The corrections each message's row records, summed: each once.
      const rows = await db.select().from(inboundRepairs).where(eq(inboundRepairs.userId, user.id));
      const tally: Record<string, number> = {};
      for (const row of rows) for (const c of row.corrections) tally[c] = (tally[c] ?? 0) + 1;
      const half = PER_FAMILY / 2;
      expect(tally).toEqual({
        reply_reclassified: 3 * half,
        verdict_reclassified: 3 * half,
        contact_unresponded: 3 * half,
        sequence_resumed: 2 * half,
        sequence_stopped_by_bounce: half,
        address_held: PER_FAMILY,
        sender_rejection_recorded: PER_FAMILY,
        address_suppressed: PER_FAMILY,
      });
    }, 240_000);
  },
);
