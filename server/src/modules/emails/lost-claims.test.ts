import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  claimedEmail,
  createSender,
  emailStatus,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import {
  DISPATCH_SWEEP_JOB,
  EXPIRE_CLAIMS_JOB,
  expireLostClaims,
  SEND_EMAIL_JOB,
} from "./send-job";

/**
 * A worker that dies mid-send leaves its rows `sending`. They must be picked up the moment
 * their lease runs out, not at the next minute's sweep, and a sweep the dead worker was running
 * must not hold the next one back.
 */
// The send deadline (10 s + 5 s margin) stays under the 20 s lease, so the lease is what holds.
const t = useTestApp({
  GMAIL_SENDING_LEASE_SECONDS: "20",
  GMAIL_UNCONFIRMED_GRACE_SECONDS: "5",
  MAILBOX_SEND_TIMEOUT_SECONDS: "10",
});

async function waitingJobs(name: string) {
  const { rows } = await t.deps.database.raw.query<{
    start_after: string;
    data: { emailId?: string };
  }>("select start_after, data from pgboss.job where name = $1 and state = 'created'", [name]);
  return rows.map((r) => ({ startAfter: new Date(r.start_after), emailId: r.data.emailId }));
}

describe("sends a dead worker left claimed", () => {
  it("marks a claim past its lease unknown and queues its reconciliation after the grace", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const lost = await claimedEmail(t, ada.id, grace.id, 25_000);

    await expireLostClaims(t.deps);

    expect(await emailStatus(t, lost.id)).toBe("unknown");
    const [job] = (await waitingJobs(SEND_EMAIL_JOB)).filter((j) => j.emailId === lost.id);
    const expiredAt = Date.now();
    expect(job?.startAfter.getTime()).toBeGreaterThan(expiredAt + 3_000);
    expect(job?.startAfter.getTime()).toBeLessThanOrEqual(expiredAt + 5_000);
  });

  it("looks again when a claim still within its lease runs out, not a minute later", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const before = Date.now();
    const underWay = await claimedEmail(t, ada.id, grace.id, 5_000);

    await expireLostClaims(t.deps);

    expect(await emailStatus(t, underWay.id)).toBe("sending");
    const looks = await waitingJobs(EXPIRE_CLAIMS_JOB);
    expect(looks).toHaveLength(1);
    // Claimed 5 s ago with a 20 s lease: the next look is 15 s from now.
    const leaseEnd = before - 5_000 + 20_000;
    expect(looks[0]?.startAfter.getTime()).toBeGreaterThanOrEqual(leaseEnd);
    expect(looks[0]?.startAfter.getTime()).toBeLessThan(leaseEnd + 2_000);

    // A second look from another worker keeps one waiting.
    await expireLostClaims(t.deps);
    expect(await waitingJobs(EXPIRE_CLAIMS_JOB)).toHaveLength(1);
  });

  it("starts a sweep while a dead worker's sweep is still marked running", async () => {
    // The sweep's minute schedule is held while this runs: a tick between two steps queues a
    // run of its own, which the "short" policy lets hold the test's (a rehearsal failed so, its
    // second fetch empty). The queue starts empty, as after a worker's crash.
    await t.deps.boss.unschedule(DISPATCH_SWEEP_JOB);
    await t.deps.database.raw.query(
      "delete from pgboss.job where name = $1 and state in ('created', 'retry')",
      [DISPATCH_SWEEP_JOB],
    );
    try {
      // The dead worker's run: fetched (active), never completed.
      await t.deps.boss.send(DISPATCH_SWEEP_JOB, {});
      const [dead] = await t.deps.boss.fetch(DISPATCH_SWEEP_JOB);
      expect(dead).toBeDefined();

      // The restarted worker's run at start is taken at once, not after the dead run expires.
      await t.deps.boss.send(DISPATCH_SWEEP_JOB, {});
      const [next] = await t.deps.boss.fetch(DISPATCH_SWEEP_JOB);
      expect(next?.id).toBeDefined();
      expect(next?.id).not.toBe(dead?.id);
    } finally {
      await t.deps.boss.schedule(DISPATCH_SWEEP_JOB, "* * * * *", {}, {});
    }
  });
});
