import type { DbOrTx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { bossDbFor } from "../../jobs/boss";

export const SEND_EMAIL_JOB = "send-scheduled-email";
export const DISPATCH_SWEEP_JOB = "email-dispatch-sweep";
export const REPLY_SYNC_JOB = "reply-sync";
export const REPLY_SYNC_SWEEP_JOB = "reply-sync-sweep";

/**
 * Enqueues the send job of one email (pass the transaction that wrote the row, so both commit
 * together). The singleton key names the row's schedule and attempt: the queue (policy
 * "short") then holds at most one waiting job per email state, however often sweeps repeat.
 */
export async function enqueueSend(
  deps: Pick<AppDeps, "boss">,
  email: { id: string; scheduledAt: Date | null; attempts: number },
  startAfter: Date,
  tx?: DbOrTx,
): Promise<void> {
  await deps.boss.send(
    SEND_EMAIL_JOB,
    { emailId: email.id },
    {
      startAfter,
      singletonKey: `${email.id}:${email.scheduledAt?.getTime() ?? 0}:${email.attempts}`,
      ...(tx ? { db: bossDbFor(tx) } : {}),
    },
  );
}

/** Asks for a reply sync of one mailbox (at most one waiting per user). */
export async function enqueueReplySync(deps: Pick<AppDeps, "boss">, userId: string): Promise<void> {
  await deps.boss.send(REPLY_SYNC_JOB, { userId }, { singletonKey: userId });
}

/** Bounces and automatic replies come back within seconds of a send: look for them soon after. */
const AFTER_SEND_SYNC_DELAY_MS = 15_000;

/** A reply sync shortly after a send (one waiting per user, apart from the regular one). */
export async function enqueueSyncAfterSend(
  deps: Pick<AppDeps, "boss">,
  userId: string,
): Promise<void> {
  await deps.boss.send(
    REPLY_SYNC_JOB,
    { userId },
    {
      singletonKey: `${userId}:after-send`,
      startAfter: new Date(Date.now() + AFTER_SEND_SYNC_DELAY_MS),
    },
  );
}
