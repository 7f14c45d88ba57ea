/**
 * Query-key prefixes of the contact lists, shared by the pages that show them and the
 * components that change them (a search saves to My Network and removes people from the
 * directory; saving from the directory adds to My Network).
 */
export const NETWORK_KEY = ["network"] as const;
export const GLOBAL_CONTACTS_KEY = ["global-contacts"] as const;
