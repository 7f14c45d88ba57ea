import { and, asc, eq, isNull, lt, lte, or } from "drizzle-orm";
import { z } from "zod";
import { emailMessages, gmailAccounts } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { defineJob, type JobDefinition } from "../../jobs/boss";
import { unknownGraceMs } from "./delivery";
import {
  DISPATCH_SWEEP_JOB,
  enqueueReplySync,
  enqueueSend,
  REPLY_SYNC_JOB,
  REPLY_SYNC_SWEEP_JOB,
  SEND_EMAIL_JOB,
} from "./queue";
import { processEmailJob } from "./send";
import { syncMailbox } from "./sync";

const SWEEP_BATCH = 1000;

/**
 * The minute sweep that makes sending survive anything a process can suffer: abandoned
 * `sending` rows become `unknown` (reconciled by Message-ID before any resend), and every due
 * `scheduled` or settled `unknown` row of a connected mailbox gets a send job. The singleton
 * keys make repeated sweeps cheap: a row that already has a waiting job gets no second one.
 */
export async function sweepDueEmails(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const now = Date.now();
  // A `sending` row older than the lease has lost its worker (crash, kill, deploy): its
  // outcome is unknown.
  const leaseMs = deps.config.gmail.sendingLeaseSeconds * 1000;
  await db
    .update(emailMessages)
    .set({
      status: "unknown",
      error: "The sending worker stopped before Gmail answered.",
      updatedAt: new Date(now),
    })
    .where(
      and(
        eq(emailMessages.status, "sending"),
        lt(emailMessages.updatedAt, new Date(now - leaseMs)),
      ),
    );
  const due = await db
    .select({
      id: emailMessages.id,
      scheduledAt: emailMessages.scheduledAt,
      attempts: emailMessages.attempts,
      status: emailMessages.status,
      updatedAt: emailMessages.updatedAt,
    })
    .from(emailMessages)
    .innerJoin(
      gmailAccounts,
      and(eq(gmailAccounts.userId, emailMessages.userId), eq(gmailAccounts.status, "connected")),
    )
    .where(
      or(
        and(
          eq(emailMessages.status, "scheduled"),
          or(isNull(emailMessages.scheduledAt), lte(emailMessages.scheduledAt, new Date(now))),
        ),
        eq(emailMessages.status, "unknown"),
      ),
    )
    .orderBy(asc(emailMessages.scheduledAt))
    .limit(SWEEP_BATCH);
  for (const row of due) {
    const startAfter =
      row.status === "unknown"
        ? new Date(Math.max(now, row.updatedAt.getTime() + unknownGraceMs(deps.config)))
        : new Date(now);
    await enqueueSend(deps, row, startAfter);
  }
  return due.length;
}

/** Every few minutes, one reply-sync job per connected mailbox. */
export async function sweepReplySync(deps: AppDeps): Promise<number> {
  const rows = await deps.database.db
    .select({ userId: gmailAccounts.userId })
    .from(gmailAccounts)
    .where(eq(gmailAccounts.status, "connected"));
  for (const row of rows) await enqueueReplySync(deps, row.userId);
  return rows.length;
}

const Empty = z.object({}).passthrough();

export function emailJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: SEND_EMAIL_JOB,
      payload: z.object({ emailId: z.uuid() }),
      queue: { policy: "short", retryLimit: 3, retryDelay: 30, retryBackoff: true },
      // Sends of different mailboxes go out side by side (each mailbox is still one at a time,
      // under its lock): a thousand emails due at 07:30 leave within seconds, not minutes.
      // A deferred send (spacing) waits for its turn: polling every half second keeps it close.
      work: { batchSize: 2, pollingIntervalSeconds: 0.5 },
      concurrency: 10,
      handle: ({ emailId }) => processEmailJob(deps, emailId),
    }),
    defineJob({
      name: DISPATCH_SWEEP_JOB,
      payload: Empty,
      cron: "* * * * *",
      runAtStart: true,
      queue: { policy: "singleton" },
      handle: async () => {
        await sweepDueEmails(deps);
      },
    }),
    defineJob({
      name: REPLY_SYNC_SWEEP_JOB,
      payload: Empty,
      cron: "*/3 * * * *",
      queue: { policy: "singleton" },
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
