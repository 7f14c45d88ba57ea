import { randomUUID } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { systemEmailHandovers } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { SystemEmail } from "../../integrations/mailer";
import { bossDbFor, defineJob, type JobDefinition } from "../../jobs/boss";
import { decryptSecret, encryptSecret } from "../../lib/crypto";

/**
 * The outbox of system email (verification codes, confirmations, notices): each message is a
 * pg-boss job written in the transaction of the change that causes it, so the message exists
 * exactly when the change does. The worker hands it to SMTP; a refusal or an outage is retried
 * with exponential backoff (about six days in all by default), so an outage delays the email
 * and never loses it.
 */
export const SYSTEM_EMAIL_JOB = "system-email";

/** Tries in all: the first and this many retries, each wait about twice the one before. */
const RETRY_LIMIT = 14;

/** The message rides sealed (AES-GCM with the token key): job rows never hold a code in clear. */
const SystemEmailPayload = z.object({ sealed: z.string().min(1) });

const MessageSchema = z.object({
  to: z.string().min(3).max(320),
  subject: z.string().min(1).max(998),
  text: z.string(),
  html: z.string().optional(),
});
const QueuedMessage = MessageSchema.extend({ messageId: z.string() });

/**
 * Queues a system email in the caller's transaction: it is sent once that transaction commits,
 * and never if it rolls back. Call it with the same `tx` that writes the change. Answers the
 * email's Message-ID (handedOverAt says when it reached the mail server).
 */
export async function enqueueSystemEmail(
  deps: Pick<AppDeps, "boss" | "config">,
  tx: DbOrTx,
  message: SystemEmail,
): Promise<string> {
  const checked = MessageSchema.parse(message);
  // One Message-ID per queued message: a hand-over repeated after a lost answer is still one
  // email to the recipient's server.
  const domain = new URL(deps.config.publicUrl).hostname || "reachout.invalid";
  const messageId = `<system-${randomUUID()}@${domain}>`;
  const sealed = encryptSecret(
    JSON.stringify({ ...checked, messageId }),
    deps.config.tokenEncryptionKey,
  );
  await deps.boss.send(
    SYSTEM_EMAIL_JOB,
    { sealed },
    {
      db: bossDbFor(tx),
      retryLimit: RETRY_LIMIT,
      retryDelay: deps.config.mail.retryDelaySeconds,
      retryBackoff: true,
      // Longer than an SMTP exchange may take (the transport's own timeouts are below it).
      expireInSeconds: 120,
    },
  );
  return messageId;
}

/** Sends one queued message, and records when the mail server took it. */
export async function deliverSystemEmail(
  deps: Pick<AppDeps, "config" | "mailer" | "database">,
  data: unknown,
): Promise<void> {
  const { sealed } = SystemEmailPayload.parse(data);
  const message = QueuedMessage.parse(
    JSON.parse(decryptSecret(sealed, deps.config.tokenEncryptionKey)),
  );
  await deps.mailer.send(message);
  // A hand-over repeated after a lost answer keeps the first time: the email left then.
  await deps.database.db
    .insert(systemEmailHandovers)
    .values({ messageId: message.messageId })
    .onConflictDoNothing();
}

/** When the email of this Message-ID was handed to the mail server, or null if not yet. */
export async function handedOverAt(db: DbOrTx, messageId: string): Promise<Date | null> {
  const [row] = await db
    .select({ handedAt: systemEmailHandovers.handedAt })
    .from(systemEmailHandovers)
    .where(eq(systemEmailHandovers.messageId, messageId));
  return row?.handedAt ?? null;
}

/**
 * A hand-over matters while its email's code can be used and while a retried job might record
 * it again (the retries span about six days): a month later it is history, and goes.
 */
export const HANDOVER_KEPT_DAYS = 30;

/** Deletes hand-overs older than HANDOVER_KEPT_DAYS; answers how many went. */
export async function pruneHandovers(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HANDOVER_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(systemEmailHandovers)
    .where(lt(systemEmailHandovers.handedAt, before))
    .returning({ messageId: systemEmailHandovers.messageId });
  return gone.length;
}

/** Daily: the hand-over records of system email past their use (pruneHandovers). */
export function pruneHandoversJob(deps: AppDeps) {
  return defineJob({
    name: "system-email.prune-handovers",
    payload: z.object({}).passthrough(),
    cron: "41 3 * * *",
    async handle() {
      await pruneHandovers(deps.database.db);
    },
  });
}

export function systemEmailJob(deps: AppDeps): JobDefinition<typeof SystemEmailPayload> {
  return defineJob({
    name: SYSTEM_EMAIL_JOB,
    payload: SystemEmailPayload,
    queue: {
      retryLimit: RETRY_LIMIT,
      retryDelay: deps.config.mail.retryDelaySeconds,
      retryBackoff: true,
    },
    work: { batchSize: 1, pollingIntervalSeconds: 1 },
    concurrency: 2,
    handle: (data) => deliverSystemEmail(deps, data),
  });
}

/**
 * Sends every queued system email that is due, here and now: for processes that run no workers
 * (the API tests, a one-off script). A failure leaves the job to its retries, as in a worker.
 */
export async function drainSystemEmail(deps: AppDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const jobs = await deps.boss.fetch(SYSTEM_EMAIL_JOB, { batchSize: 20 });
    if (jobs.length === 0) return sent;
    for (const job of jobs) {
      try {
        await deliverSystemEmail(deps, job.data);
        await deps.boss.complete(SYSTEM_EMAIL_JOB, job.id);
        sent++;
      } catch (error) {
        await deps.boss.fail(SYSTEM_EMAIL_JOB, job.id, { message: String(error) });
      }
    }
  }
}
