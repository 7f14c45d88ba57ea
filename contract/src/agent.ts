import { z } from "zod";
import { SingleLine } from "./common";
import { LIMITS, SEARCH_FREQUENCIES } from "./constants";
import { NetworkContact } from "./contacts";

/** A user may keep this many target positions; the role picker has about 47 roles. */
export const MAX_TARGET_POSITIONS = 100;

const RequiredLine = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .pipe(SingleLine(max));

/** POST /api/target_positions and PUT /api/target_positions/{id}. */
export const TargetPositionRequest = z.object({
  job_title: RequiredLine("Job title", 120),
  location: RequiredLine("Location", 120),
  priority: z
    .literal([1, 2, 3], { message: "Priority must be 1 (high), 2 (medium) or 3 (low)" })
    .default(1),
  search_frequency_hours: z
    .literal(SEARCH_FREQUENCIES, {
      message: `Search frequency must be one of ${SEARCH_FREQUENCIES.join(", ")} hours`,
    })
    .default(12),
});
export type TargetPositionRequest = z.infer<typeof TargetPositionRequest>;

export const TargetPosition = z.object({
  id: z.string(),
  job_title: z.string(),
  location: z.string(),
  priority: z.number().int(),
  search_frequency_hours: z.number().int(),
  is_active: z.boolean(),
  contacts_found_count: z.number().int(),
  last_searched_at: z.string().nullable(),
  created_at: z.string(),
});
export type TargetPosition = z.infer<typeof TargetPosition>;

/**
 * `notice` carries "All target positions paused due to insufficient credits (need at least 3)."
 * while the user's credits are below the agent minimum and they have positions.
 */
export const TargetPositionList = z.object({
  target_positions: z.array(TargetPosition),
  notice: z.string().nullable(),
});
export type TargetPositionList = z.infer<typeof TargetPositionList>;

export const TargetPositionStats = z.object({
  total_positions: z.number().int(),
  active_positions: z.number().int(),
  total_contacts_found: z.number().int(),
  positions_needing_search: z.number().int(),
  worker_active: z.boolean(),
  notice: z.string().nullable(),
});
export type TargetPositionStats = z.infer<typeof TargetPositionStats>;

/** The contacts the agent saved to My Network for one position, newest first. */
export const PositionContactsResponse = z.object({ contacts: z.array(NetworkContact) });
export type PositionContactsResponse = z.infer<typeof PositionContactsResponse>;

/** POST /api/target_positions/{id}/search-now: the server caps the count at the user's credits. */
export const SearchNowRequest = z.object({
  num_results: z.coerce
    .number({ message: "Number of results must be a number" })
    .int("Number of results must be a whole number")
    .min(
      LIMITS.agentSearchResultsMin,
      `Number of results must be between ${LIMITS.agentSearchResultsMin} and ${LIMITS.agentSearchResultsMax}`,
    )
    .max(
      LIMITS.agentSearchResultsMax,
      `Number of results must be between ${LIMITS.agentSearchResultsMin} and ${LIMITS.agentSearchResultsMax}`,
    )
    .default(LIMITS.agentSearchResultsDefault),
});
export type SearchNowRequest = z.infer<typeof SearchNowRequest>;

export const SearchNowResponse = z.object({
  message: z.string(),
  saved: z.number().int(),
  credits_remaining: z.number().int(),
});
export type SearchNowResponse = z.infer<typeof SearchNowResponse>;
