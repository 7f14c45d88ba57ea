import type { z } from "zod";
import type { AppDeps } from "../deps";
import { agentJobs } from "../modules/agent/jobs";
import { monthlyCreditsJob } from "../modules/billing/grants";
import { emailJobs } from "../modules/emails/jobs";
import { insightsRollupJob } from "../modules/insights/jobs";
import { sequenceJobs } from "../modules/sequences/jobs";
import { systemEmailJob } from "../modules/system-email";
import type { JobDefinition } from "./boss";

/** Every job of every module. Each entry builds its definition from the process deps. */
export function allJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    ...agentJobs(deps),
    monthlyCreditsJob(deps),
    ...emailJobs(deps),
    ...sequenceJobs(deps),
    systemEmailJob(deps),
    insightsRollupJob(deps),
  ];
}
