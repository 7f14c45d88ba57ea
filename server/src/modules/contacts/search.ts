import { type ContactSearchQuery, type ContactSearchResponse, MESSAGES } from "@reachout/contract";
import type { z } from "zod";
import type { Config } from "../../config";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { AppError, forbidden, paymentRequired } from "../../http/errors";
import { ApolloError, createApolloClient } from "../../integrations/apollo";
import { llmFor } from "../../integrations/llm";
import { createTitleSuggester, type TitleSuggester } from "../../integrations/title-suggester";
import { getCredits } from "../credits";
import { publishEvent } from "../events";
import { freshContactIds, storeApolloPeople } from "./apollo-import";
import { employeeRangeOf } from "./bulk-load";
import { findNewContacts } from "./matches";
import { saveContactsToNetwork } from "./network";
import { selectNetworkContacts } from "./records";
import {
  hiringTargetFor,
  type NormalizedSearch,
  normalizeSearch,
  validateSearch,
} from "./strategies";

type SearchQuery = z.output<typeof ContactSearchQuery>;

export const APOLLO_FALLBACK_NOTICE =
  "Apollo People Search is not configured on this server, so this search used the Reachout contacts database.";

const suggesters = new WeakMap<Config, TitleSuggester>();

/** The LLM's extra hiring titles for the roles searched (none without an LLM). */
async function suggestedTitles(config: Config, roles: string[]): Promise<string[]> {
  const llm = llmFor(config);
  if (!llm || roles.length === 0) return [];
  let suggest = suggesters.get(config);
  if (!suggest) {
    suggest = createTitleSuggester(llm);
    suggesters.set(config, suggest);
  }
  return (await Promise.all(roles.slice(0, 3).map((role) => suggest(role)))).flat();
}

/** apollo_search with a key: Apollo's people who hire for the roles, stored in our database. */
async function findWithApollo(
  deps: AppDeps,
  search: NormalizedSearch,
  extraTitles: string[],
  limit: number,
): Promise<string[]> {
  const apollo = createApolloClient(deps.config.apollo as { apiKey: string; baseUrl: string });
  const titles = [
    ...new Set(search.jobTitles.flatMap((role) => hiringTargetFor(role, extraTitles).titles)),
  ];
  try {
    const people = await apollo.searchPeople({
      titles,
      locations: search.locations,
      organizationName: search.company,
      employeeRanges: search.companySize ? [employeeRangeOf(search.companySize)] : undefined,
      // Some will already be saved, nameless or without an address: ask for a margin.
      perPage: Math.min(100, limit * 3),
    });
    const enriched = await apollo.enrichPeople(people);
    return (await storeApolloPeople(deps.database.db, enriched)).ids;
  } catch (error) {
    if (!(error instanceof ApolloError)) throw error;
    const detail =
      error.kind === "auth"
        ? "Apollo People Search rejected the configured API key."
        : error.kind === "rate_limited"
          ? "Apollo People Search is rate limiting this server. Please try again in a minute."
          : "Apollo People Search is unavailable right now. Please try again.";
    throw new AppError(502, detail);
  }
}

/**
 * GET /api/my-network/search: finds people for the chosen strategy and saves them to the
 * user's network in one transaction, 1 credit each, never more than the credits allow.
 */
export async function searchContacts(
  deps: AppDeps,
  user: AuthUser,
  query: SearchQuery,
): Promise<ContactSearchResponse> {
  const search = normalizeSearch(query);
  validateSearch(search);
  if (search.strategy === "sales_students" && !user.isAdmin) {
    throw forbidden("The student search is only available to admins.");
  }
  const db = deps.database.db;
  const credits = await getCredits(db, user.id);
  if (credits < 1) throw paymentRequired(MESSAGES.search.insufficientCredits);
  const limit = Math.min(query.num_results, credits);

  const useApollo = search.strategy === "apollo_search" && Boolean(deps.config.apollo);
  const extraTitles =
    search.strategy === "deepseek" || search.strategy === "apollo_search"
      ? await suggestedTitles(deps.config, search.jobTitles)
      : [];
  const apolloIds = useApollo ? await findWithApollo(deps, search, extraTitles, limit) : null;

  const result = await db.transaction(async (tx) => {
    const ids = apolloIds
      ? await freshContactIds(tx, user.id, apolloIds, search.exclude)
      : (await findNewContacts(tx, user.id, query, limit, { extraTitles })).map((c) => c.id);
    return saveContactsToNetwork(tx, user.id, ids.slice(0, limit), { reason: "contact_search" });
  });
  if (result.saved.length > 0) {
    publishEvent(user.id, { type: "credits", credits: result.creditsRemaining });
  }
  const saved = result.saved.length
    ? await selectNetworkContacts(db, user.id, { contactIds: result.saved })
    : [];
  return {
    data: saved,
    saved: result.saved.length,
    credits_remaining: result.creditsRemaining,
    strategy: search.strategy,
    source: useApollo ? "apollo" : "database",
    notice: search.strategy === "apollo_search" && !useApollo ? APOLLO_FALLBACK_NOTICE : null,
  };
}
