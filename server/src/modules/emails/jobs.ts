import type { z } from "zod";
import type { AppDeps } from "../../deps";
import type { JobDefinition } from "../../jobs/boss";
import { replySyncJobs } from "./reply-sync-job";
import { sendJobs } from "./send-job";
import { mailboxWatchJobs } from "./watch-job";

/** The jobs of the emails module: one file per job (`send-job.ts`, `reply-sync-job.ts`, `watch-job.ts`). */
export function emailJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [...sendJobs(deps), ...replySyncJobs(deps), ...mailboxWatchJobs(deps)];
}
