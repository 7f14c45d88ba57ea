import { z } from "zod";
import type { AppDeps } from "../../deps";
import { defineJob } from "../../jobs/boss";
import { refreshInsightRollups } from "./benchmarks";

export const INSIGHTS_ROLLUP_JOB = "insights.rollup";

/** Hourly, and once at start: the cohort benchmarks follow the students' sends within the hour. */
export function insightsRollupJob(deps: AppDeps) {
  return defineJob({
    name: INSIGHTS_ROLLUP_JOB,
    payload: z.object({}).passthrough(),
    cron: "41 * * * *",
    runAtStart: true,
    async handle() {
      // The synthetic demo cohort exists only in sandbox mode, and counts only there.
      await refreshInsightRollups(deps.database.db, new Date(), {
        countSynthetic: deps.config.sandbox,
      });
    },
  });
}
