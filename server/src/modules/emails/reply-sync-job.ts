import { eq } from "drizzle-orm";
import { z } from "zod";
import { mailboxes } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition, SWEEP_EXPIRE_SECONDS } from "../../jobs/boss";
import type { DeliveryMode } from "./delivery";
import { syncMailbox } from "./sync";

/** The reply-sync job, whole: its name, how it is enqueued, its handler and its sweep. */
export const REPLY_SYNC_JOB = "emails.reply-sync";
export const REPLY_SYNC_SWEEP_JOB = "emails.reply-sync-sweep";

/** Asks for a reply sync of one mailbox (at most one waiting per user). */
export async function enqueueReplySync(deps: Pick<AppDeps, "boss">, userId: string): Promise<void> {
  await deps.boss.send(REPLY_SYNC_JOB, { userId }, { singletonKey: userId });
}

/** Bounces and automatic replies come back within seconds of a send: look for them soon after. */
const AFTER_SEND_SYNC_DELAY_MS = 15_000;
/**
 * Automated sends (scheduled, bulk, follow-ups) of a mailbox leave one spacing apart (20 s by
 * default), so a look 15 s after each would be one Gmail history read per email. Theirs waits a
 * minute and covers every send of the mailbox in that minute.
 */
const AFTER_AUTOMATED_SYNC_DELAY_MS = 60_000;

/**
 * A reply sync shortly after a send (one waiting per user and kind, apart from the regular
 * one): 15 s after one the student sent now, within a minute of automated ones.
 */
export async function enqueueSyncAfterSend(
  deps: Pick<AppDeps, "boss">,
  userId: string,
  mode: DeliveryMode,
): Promise<void> {
  const [key, delayMs] =
    mode === "immediate"
      ? ["after-send", AFTER_SEND_SYNC_DELAY_MS]
      : ["after-automated", AFTER_AUTOMATED_SYNC_DELAY_MS];
  await deps.boss.send(
    REPLY_SYNC_JOB,
    { userId },
    { singletonKey: `${userId}:${key}`, startAfter: new Date(Date.now() + delayMs) },
  );
}

/** Every few minutes, one reply-sync job per connected mailbox. */
export async function sweepReplySync(deps: AppDeps): Promise<number> {
  const rows = await deps.database.db
    .select({ userId: mailboxes.userId })
    .from(mailboxes)
    .where(eq(mailboxes.status, "connected"));
  for (const row of rows) await enqueueReplySync(deps, row.userId);
  return rows.length;
}

const Empty = z.object({}).passthrough();

export function replySyncJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: REPLY_SYNC_SWEEP_JOB,
      payload: Empty,
      cron: "*/3 * * * *",
      queue: { policy: "singleton", expireInSeconds: SWEEP_EXPIRE_SECONDS },
      handle: async () => {
        await sweepReplySync(deps);
      },
    }),
    defineJob({
      name: REPLY_SYNC_JOB,
      payload: z.object({ userId: z.uuid() }),
      queue: { policy: "short", retryLimit: 2, retryDelay: 60 },
      handle: ({ userId }) => syncMailbox(deps, userId),
    }),
  ];
}
