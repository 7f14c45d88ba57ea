import { z } from "zod";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition } from "../../jobs/boss";
import { advanceEnrollment, sweepSequences } from "./advance";
import { SEQUENCE_STEP_JOB, SEQUENCE_SWEEP_JOB } from "./queue";

export function sequenceJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: SEQUENCE_SWEEP_JOB,
      payload: z.object({}).passthrough(),
      // Every minute as a safety net; each run also books the next one SEQUENCE_SWEEP_SECONDS
      // later. "stately": at most one waiting and one running, however many workers book it.
      cron: "* * * * *",
      runAtStart: true,
      queue: { policy: "stately" },
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
      name: SEQUENCE_STEP_JOB,
      payload: z.object({ enrollmentId: z.uuid(), step: z.number().int().min(1) }),
      queue: { policy: "short", retryLimit: 3, retryDelay: 15 },
      // Each step reads its thread at Gmail first: many mailboxes' steps go side by side.
      work: { batchSize: 2, pollingIntervalSeconds: 0.5 },
      concurrency: 10,
      handle: ({ enrollmentId, step }) => advanceEnrollment(deps, enrollmentId, step),
    }),
  ];
}
