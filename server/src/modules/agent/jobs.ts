import { LIMITS, MESSAGES } from "@reachout/contract";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client";
import { targetPositions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { bossDbFor, defineJob, type JobDefinition } from "../../jobs/boss";
import { publishEvent } from "../events";
import { DUE_CONDITION, pauseLowCreditPositions } from "./pause";
import { runScheduledSearch } from "./search";

export const AGENT_SWEEP_JOB = "agent.sweep";
export const POSITION_SEARCH_JOB = "agent.position-search";
/** Positions claimed per sweep; the rest wait for the next minute. */
const SWEEP_BATCH = 500;

const PositionSearchPayload = z.object({
  position_id: z.uuid(),
  last_searched_at: z.string().nullable(),
});

/**
 * Due active positions of users who can pay for a search, higher priority first, then the
 * longest waiting. Locks them for the caller's transaction; positions another sweep holds are
 * skipped, so concurrent sweeps never claim the same position.
 */
export async function claimDuePositions(tx: Tx, limit: number) {
  return tx
    .select({
      id: targetPositions.id,
      priority: targetPositions.priority,
      lastSearchedAt: targetPositions.lastSearchedAt,
    })
    .from(targetPositions)
    .innerJoin(users, eq(users.id, targetPositions.userId))
    .where(
      and(
        eq(targetPositions.isActive, true),
        gte(users.credits, LIMITS.agentMinCredits),
        DUE_CONDITION,
      ),
    )
    .orderBy(
      asc(targetPositions.priority),
      sql`${targetPositions.lastSearchedAt} asc nulls first`,
      asc(targetPositions.createdAt),
    )
    .limit(limit)
    .for("update", { of: targetPositions, skipLocked: true });
}

/**
 * The minute sweep: pauses positions of users below the agent minimum, then claims due active
 * positions (higher priority first) with FOR UPDATE SKIP LOCKED and enqueues one search job per
 * position in the same transaction. The job's singleton key (the position id, on a "short"
 * queue) keeps a position from waiting in the queue twice. Answers how many jobs were enqueued.
 */
export async function sweepDuePositions(deps: AppDeps): Promise<number> {
  const { db } = deps.database;
  const paused = await pauseLowCreditPositions(db);
  for (const userId of paused.keys()) {
    publishEvent(userId, { type: "positions_paused", message: MESSAGES.positions.pausedNoCredits });
  }
  return db.transaction(async (tx) => {
    const due = await claimDuePositions(tx, SWEEP_BATCH);
    let enqueued = 0;
    for (const position of due) {
      const id = await deps.boss.send(
        POSITION_SEARCH_JOB,
        {
          position_id: position.id,
          last_searched_at: position.lastSearchedAt?.toISOString() ?? null,
        },
        // pg-boss runs higher numbers first; position priority 1 is the highest.
        { singletonKey: position.id, priority: 4 - position.priority, db: bossDbFor(tx) },
      );
      if (id) enqueued++;
    }
    return enqueued;
  });
}

export function agentJobs(deps: AppDeps): JobDefinition<z.ZodType>[] {
  return [
    defineJob({
      name: AGENT_SWEEP_JOB,
      payload: z.object({}),
      cron: "* * * * *",
      // "short": at most one sweep waiting; after downtime one sweep runs, not a backlog.
      queue: { policy: "short", retryLimit: 0 },
      handle: async () => {
        await sweepDuePositions(deps);
      },
    }),
    defineJob({
      name: POSITION_SEARCH_JOB,
      payload: PositionSearchPayload,
      // "short": one waiting job per position. (Not "stately": its unique index makes a worker's
      // fetch fail while the same position has a job running.) A duplicate that does run is a
      // no-op: the search re-checks last_searched_at under the user's row lock.
      queue: { policy: "short", retryLimit: 3, retryDelay: 30, retryBackoff: true },
      handle: async (job) => {
        await runScheduledSearch(deps.database.db, job);
      },
    }),
  ];
}
