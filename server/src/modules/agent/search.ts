import { LIMITS, MESSAGES, type SearchNowResponse } from "@reachout/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { targetPositions, users } from "../../db/schema";
import { notFound, paymentRequired } from "../../http/errors";
import { findNewContacts, saveContactsToNetwork } from "../contacts";
import { getCredits } from "../credits";
import { publishEvent } from "../events";
import { pauseWhenCreditsLow } from "./pause";

/** How many contacts one scheduled search looks for (the agent search form's default). */
export const SCHEDULED_SEARCH_RESULTS = LIMITS.agentSearchResultsDefault;

type PositionRow = typeof targetPositions.$inferSelect;

export interface SearchOutcome {
  userId: string;
  positionId: string;
  saved: string[];
  creditsRemaining: number;
  pausedCount: number;
}

/**
 * Locks the user's row, then the position's. Every agent search takes the locks in this order,
 * so searches of one user run one at a time and can never deadlock while spending credits and
 * pausing that user's other positions.
 */
async function lockPosition(
  tx: Tx,
  userId: string,
  positionId: string,
): Promise<PositionRow | undefined> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [position] = await tx
    .select()
    .from(targetPositions)
    .where(and(eq(targetPositions.id, positionId), eq(targetPositions.userId, userId)))
    .for("update");
  return position;
}

/** Finds new people who hire for the position's role in its location and saves them, 1 credit each. */
async function searchLockedPosition(
  tx: Tx,
  position: PositionRow,
  count: number,
): Promise<SearchOutcome> {
  const found = await findNewContacts(
    tx,
    position.userId,
    { job_title: position.jobTitle, location: position.location, strategy: "deepseek" },
    count,
  );
  const { saved, creditsRemaining } =
    found.length > 0
      ? await saveContactsToNetwork(
          tx,
          position.userId,
          found.map((contact) => contact.id),
          {
            reason: "agent_search",
            targetPositionId: position.id,
            targetPositionName: position.jobTitle,
          },
        )
      : { saved: [], creditsRemaining: await getCredits(tx, position.userId) };
  await tx
    .update(targetPositions)
    .set({
      contactsFoundCount: sql`${targetPositions.contactsFoundCount} + ${saved.length}`,
      // Millisecond precision: the value round-trips exactly through a job payload.
      lastSearchedAt: sql`date_trunc('milliseconds', now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(targetPositions.id, position.id));
  const pausedCount =
    creditsRemaining < LIMITS.agentMinCredits ? await pauseWhenCreditsLow(tx, position.userId) : 0;
  return {
    userId: position.userId,
    positionId: position.id,
    saved,
    creditsRemaining,
    pausedCount,
  };
}

/** Tells the user's open dashboards, after the transaction committed. */
function announce(outcome: SearchOutcome): void {
  const { userId } = outcome;
  if (outcome.saved.length > 0) {
    publishEvent(userId, {
      type: "contacts",
      position_id: outcome.positionId,
      contact_ids: outcome.saved,
      count: outcome.saved.length,
    });
    publishEvent(userId, { type: "credits", credits: outcome.creditsRemaining });
  }
  if (outcome.pausedCount > 0) {
    publishEvent(userId, { type: "positions_paused", message: MESSAGES.positions.pausedNoCredits });
  }
}

/**
 * "Search now": the count is capped at the user's credits, at least 1; the search runs at once
 * whether the position is active or paused.
 */
export async function searchPositionNow(
  db: Db,
  userId: string,
  positionId: string,
  numResults: number,
): Promise<SearchNowResponse> {
  const outcome = await db.transaction(async (tx) => {
    const position = await lockPosition(tx, userId, positionId);
    if (!position) throw notFound("Target position not found");
    const credits = await getCredits(tx, userId);
    if (credits < 1) throw paymentRequired(MESSAGES.search.insufficientCredits);
    const count = Math.max(1, Math.min(numResults, credits));
    return { position, result: await searchLockedPosition(tx, position, count) };
  });
  announce(outcome.result);
  const { position, result } = outcome;
  return {
    message:
      result.saved.length > 0
        ? MESSAGES.search.found(result.saved.length)
        : `No new contacts found for ${position.jobTitle} in ${position.location} right now.`,
    saved: result.saved.length,
    credits_remaining: result.creditsRemaining,
  };
}

export interface ScheduledSearch {
  position_id: string;
  /** last_searched_at when the sweep claimed the position: a later search makes this run a no-op. */
  last_searched_at: string | null;
}

/**
 * A scheduled search, safe to run twice: it proceeds only while the position is active and
 * nobody has searched it since the sweep claimed it. Answers null when it did nothing.
 */
export async function runScheduledSearch(
  db: Db,
  job: ScheduledSearch,
): Promise<SearchOutcome | null> {
  const [owner] = await db
    .select({ userId: targetPositions.userId })
    .from(targetPositions)
    .where(eq(targetPositions.id, job.position_id));
  if (!owner) return null;
  const outcome = await db.transaction(async (tx) => {
    const position = await lockPosition(tx, owner.userId, job.position_id);
    if (!position?.isActive) return null;
    const claimed = job.last_searched_at === null ? null : Date.parse(job.last_searched_at);
    if ((position.lastSearchedAt?.getTime() ?? null) !== claimed) return null;
    const credits = await getCredits(tx, position.userId);
    if (credits < LIMITS.agentMinCredits) {
      const pausedCount = await pauseWhenCreditsLow(tx, position.userId);
      return {
        userId: position.userId,
        positionId: position.id,
        saved: [],
        creditsRemaining: credits,
        pausedCount,
      };
    }
    return searchLockedPosition(tx, position, Math.min(SCHEDULED_SEARCH_RESULTS, credits));
  });
  if (outcome) announce(outcome);
  return outcome;
}
