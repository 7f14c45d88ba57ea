/** What the global setup (tests/empty-cluster.ts) hands every test process (vitest's `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding an empty PGlite cluster's dump; empty when tests run on PostgreSQL. */
    emptyCluster: string;
  }
}

export const EMPTY_CLUSTER = "emptyCluster";
