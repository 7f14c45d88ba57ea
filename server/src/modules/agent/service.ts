import {
  LIMITS,
  MAX_TARGET_POSITIONS,
  MESSAGES,
  type NetworkContact,
  type TargetPosition,
  type TargetPositionList,
  type TargetPositionRequest,
  type TargetPositionStats,
} from "@reachout/contract";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { targetPositions, userContacts } from "../../db/schema";
import { conflict, notFound, paymentRequired } from "../../http/errors";
import { isWorkerAlive } from "../../jobs/heartbeat";
import { selectNetworkContacts } from "../contacts";
import { getCredits } from "../credits";
import { publishEvent } from "../events";
import { DUE_CONDITION, pauseWhenCreditsLow } from "./pause";

type PositionRow = typeof targetPositions.$inferSelect;

export function toTargetPosition(row: PositionRow): TargetPosition {
  return {
    id: row.id,
    job_title: row.jobTitle,
    location: row.location,
    priority: row.priority,
    search_frequency_hours: row.searchFrequencyHours,
    is_active: row.isActive,
    contacts_found_count: row.contactsFoundCount,
    last_searched_at: row.lastSearchedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const POSITION_NOT_FOUND = "Target position not found";

/** Positions pause when credits drop below the agent minimum; say so while that holds. */
function noticeFor(credits: number, positionCount: number): string | null {
  return credits < LIMITS.agentMinCredits && positionCount > 0
    ? MESSAGES.positions.pausedNoCredits
    : null;
}

/**
 * Credits can fall below 3 through any module (a manual search, a saved contact). Reading the
 * agent re-applies the rule at once instead of waiting for the next sweep.
 */
async function enforceCreditRule(db: Db, userId: string): Promise<number> {
  const paused = await pauseWhenCreditsLow(db, userId);
  if (paused > 0) {
    publishEvent(userId, { type: "positions_paused", message: MESSAGES.positions.pausedNoCredits });
  }
  return getCredits(db, userId);
}

export async function listPositions(db: Db, userId: string): Promise<TargetPositionList> {
  const credits = await enforceCreditRule(db, userId);
  const rows = await db
    .select()
    .from(targetPositions)
    .where(eq(targetPositions.userId, userId))
    .orderBy(targetPositions.priority, desc(targetPositions.createdAt));
  return { target_positions: rows.map(toTargetPosition), notice: noticeFor(credits, rows.length) };
}

export async function getPositionStats(db: Db, userId: string): Promise<TargetPositionStats> {
  const credits = await enforceCreditRule(db, userId);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${targetPositions.isActive}))::int`,
      found: sql<number>`coalesce(sum(${targetPositions.contactsFoundCount}), 0)::int`,
      due: sql<number>`(count(*) filter (where ${targetPositions.isActive} and ${DUE_CONDITION}))::int`,
    })
    .from(targetPositions)
    .where(eq(targetPositions.userId, userId));
  return {
    total_positions: row.total,
    active_positions: row.active,
    total_contacts_found: row.found,
    positions_needing_search: row.due,
    worker_active: await isWorkerAlive(db),
    notice: noticeFor(credits, row.total),
  };
}

async function assertNoDuplicate(
  db: DbOrTx,
  userId: string,
  body: TargetPositionRequest,
  exceptId?: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: targetPositions.id })
    .from(targetPositions)
    .where(
      and(
        eq(targetPositions.userId, userId),
        sql`lower(${targetPositions.jobTitle}) = lower(${body.job_title})`,
        sql`lower(${targetPositions.location}) = lower(${body.location})`,
        exceptId ? ne(targetPositions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) {
    throw conflict(`You already have a target position for ${body.job_title} in ${body.location}.`);
  }
}

export async function createPosition(
  db: Db,
  userId: string,
  body: TargetPositionRequest,
): Promise<TargetPosition> {
  const credits = await getCredits(db, userId);
  if (credits < LIMITS.saveContactMinCredits) {
    throw paymentRequired(MESSAGES.positions.insufficientCredits);
  }
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(targetPositions)
    .where(eq(targetPositions.userId, userId));
  if (count >= MAX_TARGET_POSITIONS) {
    throw conflict(`You can have at most ${MAX_TARGET_POSITIONS} target positions.`);
  }
  await assertNoDuplicate(db, userId, body);
  const [row] = await db
    .insert(targetPositions)
    .values({
      userId,
      jobTitle: body.job_title,
      location: body.location,
      priority: body.priority,
      searchFrequencyHours: body.search_frequency_hours,
      // Searching needs the agent minimum; below it the position waits, paused, for credits.
      isActive: credits >= LIMITS.agentMinCredits,
    })
    .returning();
  return toTargetPosition(row);
}

export async function updatePosition(
  db: Db,
  userId: string,
  id: string,
  body: TargetPositionRequest,
): Promise<TargetPosition> {
  await assertNoDuplicate(db, userId, body, id);
  const [row] = await db
    .update(targetPositions)
    .set({
      jobTitle: body.job_title,
      location: body.location,
      priority: body.priority,
      searchFrequencyHours: body.search_frequency_hours,
      updatedAt: sql`now()`,
    })
    .where(and(eq(targetPositions.id, id), eq(targetPositions.userId, userId)))
    .returning();
  if (!row) throw notFound(POSITION_NOT_FOUND);
  return toTargetPosition(row);
}

export async function deletePosition(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(targetPositions)
    .where(and(eq(targetPositions.id, id), eq(targetPositions.userId, userId)))
    .returning({ id: targetPositions.id });
  if (deleted.length === 0) throw notFound(POSITION_NOT_FOUND);
}

/** Pauses an active position or resumes a paused one; resuming needs the agent minimum. */
export async function togglePosition(db: Db, userId: string, id: string): Promise<TargetPosition> {
  return db.transaction(async (tx) => {
    const [position] = await tx
      .select()
      .from(targetPositions)
      .where(and(eq(targetPositions.id, id), eq(targetPositions.userId, userId)))
      .for("update");
    if (!position) throw notFound(POSITION_NOT_FOUND);
    if (!position.isActive && (await getCredits(tx, userId)) < LIMITS.agentMinCredits) {
      throw paymentRequired(MESSAGES.positions.resumeNoCredits);
    }
    const [row] = await tx
      .update(targetPositions)
      .set({ isActive: !position.isActive, updatedAt: sql`now()` })
      .where(eq(targetPositions.id, id))
      .returning();
    return toTargetPosition(row);
  });
}

/** The contacts the agent saved to My Network for one position, newest first. */
export async function listPositionContacts(
  db: Db,
  userId: string,
  id: string,
): Promise<NetworkContact[]> {
  const [position] = await db
    .select({ id: targetPositions.id })
    .from(targetPositions)
    .where(and(eq(targetPositions.id, id), eq(targetPositions.userId, userId)));
  if (!position) throw notFound(POSITION_NOT_FOUND);
  const saved = await db
    .select({ contactId: userContacts.contactId })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.targetPositionId, id)))
    .orderBy(desc(userContacts.savedAt))
    .limit(LIMITS.fetchBatchSize);
  if (saved.length === 0) return [];
  return selectNetworkContacts(db, userId, { contactIds: saved.map((row) => row.contactId) });
}
