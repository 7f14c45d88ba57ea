import { afterEach, describe, expect, it } from "vitest";
import { SEND_EMAIL_JOB } from "../../src/modules/emails/send-job";
import { settle, until } from "../until";
import {
  createDueEmails,
  createFaultWorld,
  deliveryReport,
  type FaultWorld,
  PROVIDERS,
  sentMessages,
  statusCounts,
} from "./fault-world";

/**
 * Scheduled sending across real worker processes (src/main.ts) on PostgreSQL, with Gmail as a
 * separate stand-in server: killed workers, several workers at once, graceful shutdowns.
 * Leases are short here (2 s lease, 1 s grace) so that recovery shows within the test; the
 * defaults are 5 minutes and 2 minutes.
 */
const FAST_RECOVERY = {
  GMAIL_SENDING_LEASE_SECONDS: "2",
  GMAIL_UNCONFIRMED_GRACE_SECONDS: "1",
  // A claim is held at least the send's deadline + 5 s (claimHoldMs): 10 s here, above the
  // stand-in's slowest answer in these tests (3 s).
  MAILBOX_SEND_TIMEOUT_SECONDS: "5",
};

let world: FaultWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe.runIf(process.env.TEST_DATABASE_URL).each(PROVIDERS)(
  "%s: worker processes on PostgreSQL",
  (provider) => {
    it("sends each of 100 due emails exactly once when a worker is killed mid-send and restarted", async () => {
      world = await createFaultWorld(FAST_RECOVERY);
      const { emailIds } = await createDueEmails(world, 4, 25, provider);
      world.sandbox.setSendLatency(300);

      const first = await world.startWorker();
      // Kill it with a send in flight, once a good part of the batch has gone out.
      await settle(
        async () => ({ sent: (await sentMessages(world as FaultWorld)).length }),
        ({ sent }) => sent >= 30 && (world as FaultWorld).sandbox.sendsInFlight() > 0,
        60_000,
        20,
      );
      first.child.kill("SIGKILL");
      expect(await first.exited).toBe("SIGKILL");
      const atKill = await statusCounts(world);
      const sentAtKill = (await sentMessages(world)).length;
      expect(sentAtKill).toBeLessThan(100);
      // Let the in-flight request land at Gmail (or not) before anyone looks: the stand-in drops
      // a request whose client has gone before its handler runs, so once the killed worker's
      // connections are closed there, nothing more of its sends lands (a handler already running
      // finishes long before the next worker process has started).
      await until(
        "the killed worker's sends closed at the stand-in",
        () => (world as FaultWorld).sandbox.sendsInFlight() === 0,
        10_000,
        20,
      );

      world.sandbox.setSendLatency(0);
      const second = await world.startWorker();
      const report = await settle(
        () => deliveryReport(world as FaultWorld, emailIds),
        (r) => r.sentRows === 100,
        90_000,
      );
      console.info(
        `${provider} worker SIGKILL: killed at ${sentAtKill}/100 sent (rows then: ${JSON.stringify(atKill)}); after restart: ${report.sentRows}/100 sent, ${report.messages} messages received, ${report.duplicates} duplicates, ${report.stuck} stuck`,
      );
      expect(report).toEqual({
        rows: 100,
        sentRows: 100,
        stuck: 0,
        messages: 100,
        duplicates: 0,
        missing: 0,
      });
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    }, 180_000);

    it("finishes or releases the sends under way when a worker gets SIGTERM", async () => {
      world = await createFaultWorld(FAST_RECOVERY);
      const { emailIds } = await createDueEmails(world, 2, 10, provider);
      world.sandbox.setSendLatency(2500);
      const worker = await world.startWorker();
      await settle(
        async () => (world as FaultWorld).sandbox.sendsInFlight(),
        (n) => n > 0,
        60_000,
        20,
      );
      const stopping = Date.now();
      worker.child.kill("SIGTERM");
      expect(await worker.exited, worker.output()).toBe(0);
      const stopSeconds = (Date.now() - stopping) / 1000;
      const afterStop = await statusCounts(world);
      const sentAtStop = (await sentMessages(world)).length;
      console.info(
        `${provider} SIGTERM: stopped in ${stopSeconds.toFixed(1)} s with rows ${JSON.stringify(afterStop)} and ${sentAtStop} at Gmail`,
      );
      // Nothing is left claimed: each send under way finished (sent) or was never started.
      expect(afterStop.sending ?? 0).toBe(0);
      expect(afterStop.unknown ?? 0).toBe(0);
      expect(afterStop.sent ?? 0).toBe(sentAtStop);
      expect(sentAtStop).toBeGreaterThan(0);

      // What was released goes out with the next worker, once.
      world.sandbox.setSendLatency(0);
      const next = await world.startWorker();
      const report = await settle(
        () => deliveryReport(world as FaultWorld, emailIds),
        (r) => r.sentRows === 20,
        90_000,
      );
      expect(report).toEqual({
        rows: 20,
        sentRows: 20,
        stuck: 0,
        messages: 20,
        duplicates: 0,
        missing: 0,
      });
      next.child.kill("SIGTERM");
      await next.exited;
    }, 180_000);
  },
);

/** Queue sharing and start-up shutdown are the worker's own: one provider shows them. */
describe.runIf(process.env.TEST_DATABASE_URL)("worker processes on PostgreSQL", () => {
  it("delivers 1,000 emails exactly once with three workers sharing the queue", async () => {
    world = await createFaultWorld(FAST_RECOVERY);
    const { emailIds } = await createDueEmails(world, 20, 50);
    // 300 of them get two more jobs each (as if enqueued by three sweeps): the workers race.
    for (const emailId of emailIds.slice(0, 300)) {
      for (let copy = 0; copy < 2; copy++) {
        await world.runtime.deps.boss.send(SEND_EMAIL_JOB, { emailId });
      }
    }
    const started = Date.now();
    const workers = await Promise.all([
      world.startWorker(),
      world.startWorker(),
      world.startWorker(),
    ]);
    const report = await settle(
      () => deliveryReport(world as FaultWorld, emailIds),
      (r) => r.sentRows === 1000,
      240_000,
      500,
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    console.info(
      `three workers: 1,600 jobs for 1,000 emails; ${report.sentRows}/1000 sent in ${seconds} s, ${report.messages} messages received, ${report.duplicates} duplicates, ${report.stuck} stuck`,
    );
    expect(report).toEqual({
      rows: 1000,
      sentRows: 1000,
      stuck: 0,
      messages: 1000,
      duplicates: 0,
      missing: 0,
    });
    for (const worker of workers) worker.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0, 0]);
  }, 300_000);

  it("never takes a send slower than its lease for a lost one: two workers, each email once", async () => {
    // Gmail takes 2.5 s to answer each send; a claim not renewed would look lost after 1 s,
    // and the other worker would reconcile it (not at Gmail yet) and send it again.
    world = await createFaultWorld({
      GMAIL_SENDING_LEASE_SECONDS: "1",
      GMAIL_UNCONFIRMED_GRACE_SECONDS: "1",
      MAILBOX_SEND_TIMEOUT_SECONDS: "5",
    });
    const { emailIds } = await createDueEmails(world, 4, 3);
    world.sandbox.setSendLatency(2500);
    const workers = await Promise.all([world.startWorker(), world.startWorker()]);
    const report = await settle(
      () => deliveryReport(world as FaultWorld, emailIds),
      (r) => r.sentRows === 12,
      120_000,
      250,
    );
    console.info(
      `slow Gmail, two workers: ${report.sentRows}/12 sent, ${report.messages} messages received, ${report.duplicates} duplicates`,
    );
    expect(report).toEqual({
      rows: 12,
      sentRows: 12,
      stuck: 0,
      messages: 12,
      duplicates: 0,
      missing: 0,
    });
    for (const worker of workers) worker.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  }, 180_000);

  it("stops gracefully when SIGTERM arrives while it is still starting", async () => {
    world = await createFaultWorld(FAST_RECOVERY);
    const { emailIds } = await createDueEmails(world, 1, 10);
    world.sandbox.setSendLatency(2000);
    // Its workers start sending before it listens: stop it then, as a rolling deploy may.
    const worker = world.spawnWorker();
    await settle(
      async () => (world as FaultWorld).sandbox.sendsInFlight(),
      (n) => n > 0,
      60_000,
      5,
    );
    worker.child.kill("SIGTERM");
    expect(await worker.exited, worker.output()).toBe(0);
    const afterStop = await statusCounts(world);
    expect(afterStop.sending ?? 0).toBe(0);
    expect(afterStop.unknown ?? 0).toBe(0);

    world.sandbox.setSendLatency(0);
    const next = await world.startWorker();
    const report = await settle(
      () => deliveryReport(world as FaultWorld, emailIds),
      (r) => r.sentRows === 10,
      90_000,
    );
    console.info(
      `SIGTERM while starting: exit 0 with rows ${JSON.stringify(afterStop)}; then ${report.sentRows}/10 sent, ${report.duplicates} duplicates`,
    );
    expect(report).toMatchObject({ sentRows: 10, stuck: 0, messages: 10, duplicates: 0 });
    next.child.kill("SIGTERM");
    await next.exited;
  }, 180_000);
});
