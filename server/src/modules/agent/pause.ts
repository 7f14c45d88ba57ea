import { LIMITS } from "@reachout/contract";
import { sql } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "../../db/client";
import { targetPositions } from "../../db/schema";

/** A position is due when it was never searched or its frequency has elapsed since the last search. */
export const DUE_CONDITION = sql`(${targetPositions.lastSearchedAt} is null or ${targetPositions.lastSearchedAt} + make_interval(hours => ${targetPositions.searchFrequencyHours}) <= now())`;

/**
 * Pauses every active position of users whose credits are below the agent minimum (one user,
 * or everyone for the sweep). One conditional UPDATE: safe to run from several processes.
 * Answers how many positions were paused per user.
 */
export async function pauseLowCreditPositions(
  db: DbOrTx,
  userId?: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    update target_positions tp
       set is_active = false, updated_at = now()
      from users u
     where u.id = tp.user_id
       and tp.is_active
       and u.credits < ${LIMITS.agentMinCredits}
       ${userId ? sql`and tp.user_id = ${userId}` : sql``}
    returning tp.user_id`);
  const paused = new Map<string, number>();
  for (const row of rowsOf<{ user_id: string }>(result)) {
    paused.set(row.user_id, (paused.get(row.user_id) ?? 0) + 1);
  }
  return paused;
}

export async function pauseWhenCreditsLow(db: DbOrTx, userId: string): Promise<number> {
  return (await pauseLowCreditPositions(db, userId)).get(userId) ?? 0;
}
