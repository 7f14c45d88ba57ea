import type { z } from "zod";
import type { AppDeps } from "../deps";
import type { JobDefinition } from "../jobs/boss";
import { agentJobs } from "./agent/jobs";
import { monthlyCreditsJob } from "./billing";
import { warmOrderJobs } from "./contacts";
import { emailJobs } from "./emails/jobs";
import { insightsRollupJob } from "./insights/jobs";
import { sequenceJobs } from "./sequences/jobs";
import { pruneHandoversJob, systemEmailJob } from "./system-email";
import "./wiring";

/** Every job of every module. Each entry builds its definition from the process deps. */
export function allJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    ...agentJobs(deps),
    monthlyCreditsJob(deps),
    ...warmOrderJobs(deps),
    ...emailJobs(deps),
    ...sequenceJobs(deps),
    systemEmailJob(deps),
    pruneHandoversJob(deps),
    insightsRollupJob(deps),
  ];
}

/**
 * Names jobs had before every name became `<module>.<job>`; a starting process removes their
 * queues and schedules (see registerJobs).
 */
export const RETIRED_JOB_NAMES = [
  "agent-sweep",
  "agent-position-search",
  "send-scheduled-email",
  "email-dispatch-sweep",
  "reply-sync",
  "reply-sync-sweep",
  // One job per enrolment step, until due steps were queued per mailbox.
  "sequence-step",
] as const;
