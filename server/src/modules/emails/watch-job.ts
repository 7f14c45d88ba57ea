import { z } from "zod";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition } from "../../jobs/boss";
import { MAILBOX_WATCH_SWEEP_JOB } from "../../jobs/names";
import { saveWatch } from "../auth";
import { listWatchesDue, mailboxFor } from "./mailbox";

const HOUR_MS = 3600_000;
/**
 * Gmail asks for users.watch to be renewed at least every 7 days, Graph for a subscription
 * within its (3-day) expiry; Reachout renews both daily.
 */
const RENEW_EVERY_MS = 24 * HOUR_MS;
const RETRY_AFTER_MS = HOUR_MS;
const BATCH = 200;

/**
 * Starts or renews the push watch of every connected mailbox that is due: a new connection at
 * once (connecting asks for a sweep; else within a minute: its renewal time is empty), the
 * others daily. A failure is tried again an
 * hour later; the 3-minute poll keeps finding replies meanwhile. Answers how many were watched.
 */
export async function renewMailboxWatches(deps: AppDeps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  let watched = 0;
  for (const account of await listWatchesDue(db, now, BATCH)) {
    try {
      const watch = await mailboxFor(deps, account).watch({ id: account.watchId });
      const expiresAt = watch?.expiresAt ?? null;
      const renewAt = new Date(
        Math.min(now.getTime() + RENEW_EVERY_MS, (expiresAt?.getTime() ?? Infinity) - HOUR_MS),
      );
      await saveWatch(db, account.userId, { expiresAt, id: watch?.id, renewAt });
      if (watch) watched += 1;
    } catch {
      await saveWatch(db, account.userId, {
        expiresAt: null,
        renewAt: new Date(now.getTime() + RETRY_AFTER_MS),
      });
    }
  }
  return watched;
}

export function mailboxWatchJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: MAILBOX_WATCH_SWEEP_JOB,
      payload: z.object({}).passthrough(),
      cron: "* * * * *",
      runAtStart: true,
      queue: { policy: "singleton" },
      handle: async () => {
        await renewMailboxWatches(deps);
      },
    }),
  ];
}
