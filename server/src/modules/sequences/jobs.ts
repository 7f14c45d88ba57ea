import { z } from "zod";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition, SWEEP_EXPIRE_SECONDS } from "../../jobs/boss";
import { advanceMailbox, sweepSequences } from "./advance";
import { SEQUENCE_STEPS_JOB, SEQUENCE_SWEEP_JOB } from "./queue";

export function sequenceJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: SEQUENCE_SWEEP_JOB,
      payload: z.object({}).passthrough(),
      // Every minute as a safety net; each run also books the next one SEQUENCE_SWEEP_SECONDS
      // later. "short": at most one waiting, however many workers book it. Not "stately" (one
      // running): a worker killed mid-sweep would leave its run active until it expired and
      // hold every later sweep back, so due steps would wait that long; two sweeps at once are
      // harmless (every change is conditional, step jobs are keyed per step).
      cron: "* * * * *",
      runAtStart: true,
      queue: { policy: "short", expireInSeconds: SWEEP_EXPIRE_SECONDS },
      work: { pollingIntervalSeconds: 0.5 },
      handle: async () => {
        try {
          await sweepSequences(deps);
        } finally {
          await deps.boss.send(
            SEQUENCE_SWEEP_JOB,
            {},
            { startAfter: new Date(Date.now() + deps.config.sequences.sweepSeconds * 1000) },
          );
        }
      },
    }),
    defineJob({
      name: SEQUENCE_STEPS_JOB,
      payload: z.object({ userId: z.uuid() }),
      queue: { policy: "short", retryLimit: 3, retryDelay: 15 },
      // Many mailboxes' steps side by side (each loop's batch too: a job mostly waits on the
      // database); each job hands one mailbox's due steps to the sender in one transaction, so
      // two loops of eight keep up with a thousand mailboxes falling due at once.
      work: { batchSize: 8, pollingIntervalSeconds: 0.5 },
      concurrency: 2,
      batchSideBySide: true,
      handle: ({ userId }) => advanceMailbox(deps, userId),
    }),
  ];
}
