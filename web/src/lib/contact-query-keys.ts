import { LIMITS } from "@reachout/contract/constants";

/**
 * Query-key prefixes of the contact lists, shared by the pages that show them and the
 * components that change them (a search saves to My Network and removes people from the
 * directory; saving from the directory adds to My Network).
 */
export const NETWORK_KEY = ["network"] as const;
export const GLOBAL_CONTACTS_KEY = ["global-contacts"] as const;

/** My Network's first batch: the page asks for it, and the route preloads it on a first visit. */
export const NETWORK_FIRST_BATCH = {
  path: "/api/my-network/mine",
  query: { initial_load: true, limit: LIMITS.fetchBatchSize },
} as const;
