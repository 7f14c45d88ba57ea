/**
 * Query-key prefixes of the contact lists, shared by the pages that show them and the
 * components that change them (a search saves to My Network and removes people from the
 * directory; saving from the directory adds to My Network).
 */
export const NETWORK_KEY = ["network"] as const;
export const DIRECTORY_KEY = ["directory"] as const;

/**
 * How many records a list's first request asks for: one screen (30 a page) and a bit, so the
 * first page shows after a small answer; the rest follows behind it, 1000 at a time (ADR 039).
 */
export const FIRST_SCREEN_BATCH_SIZE = 100;

/** My Network's first batch: the page asks for it, and the route preloads it on a first visit. */
export const NETWORK_FIRST_BATCH = {
  path: "/api/my-network/mine",
  query: { initial_load: true, limit: FIRST_SCREEN_BATCH_SIZE },
} as const;
