import { afterEach, describe, expect, it } from "vitest";
import { settle } from "../until";
import { createFaultWorld, type FaultWorld, PROVIDERS, sentMessages } from "./fault-world";
import {
  enrollmentStatuses,
  enrollSenders,
  replyToFirstEmail,
  sequenceReport,
  stepsOf,
} from "./sequence-world";

/**
 * Follow-up sequences across real worker processes (src/main.ts) on PostgreSQL, with Gmail as
 * a separate stand-in server. One minute of a sequence lasts half a second here and due steps
 * are looked for every half second, so whole sequences run within a test; leases are short so
 * recovery after a kill shows too.
 */
const FAST = {
  SEQUENCE_MINUTE_SECONDS: "0.5",
  SEQUENCE_SWEEP_SECONDS: "0.5",
  GMAIL_SENDING_LEASE_SECONDS: "2",
  GMAIL_UNCONFIRMED_GRACE_SECONDS: "1",
  // Claims are held at least the send's deadline + 5 s (claimHoldMs): 10 s.
  MAILBOX_SEND_TIMEOUT_SECONDS: "5",
  GMAIL_RETRY_BASE_SECONDS: "0.5",
};

let world: FaultWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Every sequence email sent once: none stuck, failed, doubled or missing at Gmail. */
const CLEAN = (total: number) => ({
  sentRows: total,
  stuck: 0,
  failed: 0,
  messagesAtGmail: total,
  duplicateSteps: 0,
  duplicateMessages: 0,
  missingAtGmail: 0,
});
const finishedAll = (total: number) => (s: Record<string, number>) => (s.finished ?? 0) === total;

describe.runIf(process.env.TEST_DATABASE_URL)(
  "sequences with worker processes on PostgreSQL",
  () => {
    it.each(PROVIDERS)(
      "%s: sends at most the follow-up in flight when a reply arrives during its send, and none after",
      async (provider) => {
        world = await createFaultWorld(FAST);
        const replying = await enrollSenders(world, 3, 1, 3, provider);
        // A contact who never replies: once their three follow-ups are out, every later step of
        // the others would have been due too.
        const [control] = await enrollSenders(world, 1, 1, 3, provider);
        const worker = await world.startWorker();
        // Every first email out, then Gmail slows down: the first follow-ups hang in flight.
        await settle(
          () => sentMessages(world as FaultWorld),
          (m) => m.length >= 4,
          60_000,
          50,
        );
        world.sandbox.setSendLatency(3000);
        await settle(
          async () => (world as FaultWorld).sandbox.sendsInFlight(),
          (n) => n >= 1,
          60_000,
          20,
        );
        const inFlightAtReply = world.sandbox.sendsInFlight();
        for (const sender of replying) {
          expect(await replyToFirstEmail(world, provider, sender, "Yes, let's talk.")).toBe(201);
        }
        world.sandbox.setSendLatency(0);
        const statuses = await settle(
          () => enrollmentStatuses(world as FaultWorld),
          (s) => s.replied === 3 && s.finished === 1,
          90_000,
        );
        const report = await sequenceReport(world);
        const perContact = await Promise.all(
          replying.map(
            async (s) =>
              (await stepsOf(world as FaultWorld, s.enrollmentIds[0])).filter(
                (r) => r.status === "sent",
              ).length,
          ),
        );
        const controlSent = (await stepsOf(world, control.enrollmentIds[0])).filter(
          (r) => r.status === "sent",
        ).length;
        console.info(
          `${provider} reply during a follow-up: ${inFlightAtReply} send(s) in flight at the replies; emails per replying contact ${JSON.stringify(perContact)}; control contact ${controlSent}; enrolments ${JSON.stringify(statuses)}; ${report.duplicateMessages} duplicates, ${report.stuck} stuck`,
        );
        expect(statuses).toEqual({ replied: 3, finished: 1 });
        expect(controlSent).toBe(4);
        // The first email plus at most the one follow-up in flight: nothing after the reply.
        for (const n of perContact) expect(n).toBeLessThanOrEqual(2);
        expect(report.stuck).toBe(0);
        expect(report.duplicateMessages).toBe(0);
        expect(report.messagesAtGmail).toBe(report.sentRows);
        worker.child.kill("SIGTERM");
        expect(await worker.exited).toBe(0);
      },
      180_000,
    );

    it("sends each step exactly once when a worker is killed mid-sequence and another starts", async () => {
      world = await createFaultWorld(FAST);
      const senders = await enrollSenders(world, 4, 5, 2);
      const total = 20 * 3;
      world.sandbox.setSendLatency(300);
      const first = await world.startWorker();
      await settle(
        async () => ({ sent: (await sentMessages(world as FaultWorld)).length }),
        ({ sent }) => sent >= 25 && (world as FaultWorld).sandbox.sendsInFlight() > 0,
        90_000,
        20,
      );
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const sentAtKill = (await sentMessages(world)).length;
      world.sandbox.setSendLatency(0);
      const second = await world.startWorker();
      const statuses = await settle(
        () => enrollmentStatuses(world as FaultWorld),
        finishedAll(20),
        120_000,
      );
      const report = await sequenceReport(world);
      console.info(
        `sequence worker SIGKILL: killed at ${sentAtKill}/${total} sent; after restart ${report.sentRows}/${total} sent, ${report.messagesAtGmail} at Gmail, ${report.duplicateSteps} steps twice, ${report.duplicateMessages} duplicates, ${report.stuck} stuck`,
      );
      expect(statuses).toEqual({ finished: 20 });
      expect(report).toEqual(CLEAN(total));
      for (const sender of senders) {
        for (const id of sender.enrollmentIds) {
          const steps = (await stepsOf(world, id)).map((r) => r.step).sort();
          expect(steps).toEqual([0, 1, 2]);
        }
      }
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    }, 300_000);

    it("never sends one step twice with two workers sharing the queues", async () => {
      world = await createFaultWorld(FAST);
      await enrollSenders(world, 10, 5, 2);
      const total = 50 * 3;
      const workers = await Promise.all([world.startWorker(), world.startWorker()]);
      const statuses = await settle(
        () => enrollmentStatuses(world as FaultWorld),
        finishedAll(50),
        180_000,
        500,
      );
      const report = await sequenceReport(world);
      console.info(
        `two workers: ${report.sentRows}/${total} sequence emails sent, ${report.messagesAtGmail} at Gmail, ${report.duplicateSteps} steps twice, ${report.duplicateMessages} duplicates`,
      );
      expect(statuses).toEqual({ finished: 50 });
      expect(report).toEqual(CLEAN(total));
      for (const worker of workers) worker.child.kill("SIGTERM");
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    }, 300_000);

    it("delays steps through a 429 storm without losing or duplicating any", async () => {
      world = await createFaultWorld(FAST);
      const senders = await enrollSenders(world, 2, 5, 2);
      const total = 10 * 3;
      // Each mailbox's next 12 sends are refused with 429 (more than its first emails).
      for (const sender of senders) {
        const queued = await fetch(`${world.sandbox.url}/__sandbox/gmail/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ from: sender.gmail, responses: Array(12).fill(429) }),
        });
        expect(queued.status).toBe(200);
      }
      const worker = await world.startWorker();
      const started = Date.now();
      const statuses = await settle(
        () => enrollmentStatuses(world as FaultWorld),
        finishedAll(10),
        180_000,
        500,
      );
      const report = await sequenceReport(world);
      console.info(
        `429 storm: 24 refusals; ${report.sentRows}/${total} sent in ${Math.round((Date.now() - started) / 1000)} s, ${report.failed} failed, ${report.duplicateSteps} steps twice, ${report.duplicateMessages} duplicates`,
      );
      expect(statuses).toEqual({ finished: 10 });
      expect(report).toEqual(CLEAN(total));
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
    }, 300_000);
  },
);
