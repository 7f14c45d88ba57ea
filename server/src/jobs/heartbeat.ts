import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { workerHeartbeats } from "../db/schema";

/** Each process that runs job workers beats this often... */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** ...and workers count as alive while a beat is younger than this. */
export const HEARTBEAT_FRESH_SECONDS = 60;
/** Rows of processes that died without saying goodbye are removed after a day. */
const STALE_ROW_HOURS = 24;

export async function recordHeartbeat(db: DbOrTx, workerId: string): Promise<void> {
  await db
    .insert(workerHeartbeats)
    .values({ id: workerId })
    .onConflictDoUpdate({ target: workerHeartbeats.id, set: { beatAt: sql`now()` } });
}

export async function isWorkerAlive(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: workerHeartbeats.id })
    .from(workerHeartbeats)
    .where(
      gt(workerHeartbeats.beatAt, sql`now() - make_interval(secs => ${HEARTBEAT_FRESH_SECONDS})`),
    )
    .limit(1);
  return rows.length > 0;
}

export interface Heartbeat {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Beats now and every 15 s until stopped; stopping removes this process's row so the agent
 * dashboard shows the worker as stopped at once after a graceful shutdown.
 */
export function startWorkerHeartbeat(db: DbOrTx): Heartbeat {
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  let beats = 0;
  const beat = async () => {
    await recordHeartbeat(db, workerId);
    if (beats++ % 240 === 0) {
      await db
        .delete(workerHeartbeats)
        .where(
          lt(workerHeartbeats.beatAt, sql`now() - make_interval(hours => ${STALE_ROW_HOURS})`),
        );
    }
  };
  // A missed beat (database briefly away) is harmless: the next one repairs it.
  let pending: Promise<void> = Promise.resolve();
  const tick = () => {
    pending = beat().catch(() => {});
  };
  tick();
  const timer = setInterval(tick, HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    workerId,
    async stop() {
      clearInterval(timer);
      await pending;
      await db
        .delete(workerHeartbeats)
        .where(eq(workerHeartbeats.id, workerId))
        .catch(() => {});
    },
  };
}
