import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { Config } from "../config";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or an open transaction: service functions accept either. */
export type DbOrTx = Db | Tx;

/** Raw SQL access for pg-boss and migrations, over whichever driver is open. */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Parameterless, possibly multi-statement SQL. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  raw: RawSql;
  /** Runs fn holding a session-level advisory lock (PostgreSQL); PGlite is single-process. */
  withAdvisoryLock<T>(key: number, fn: (raw: RawSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  /** `loadDataDir`: start from a dump (`dumpDataDir`) instead of an empty cluster (tests). */
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "pglite" ? openPglite(options) : openPostgres(options);
}

/** The configured database: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function openConfiguredDatabase(config: Pick<Config, "database">): Promise<Database> {
  return openDatabase(
    config.database.kind === "postgres"
      ? { kind: "postgres", url: config.database.url, max: config.database.poolMax }
      : { kind: "pglite", dataDir: config.database.dataDir },
  );
}

async function openPglite({
  dataDir,
  loadDataDir,
}: {
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const raw: RawSql = {
    query: async (text, values) => {
      const result = await client.query(text, values as unknown[] | undefined);
      return { rows: result.rows as never[] };
    },
    exec: async (text) => {
      await client.exec(text);
    },
  };
  return {
    kind: "pglite",
    db: drizzlePglite(client, { schema }) as unknown as Db,
    raw,
    withAdvisoryLock: (_key, fn) => fn(raw),
    close: () => client.close(),
  };
}

/** Raw SQL over the pool or one checked-out client (pg runs a parameterless multi-statement text). */
function pgRawSql(on: pg.Pool | pg.PoolClient): RawSql {
  return {
    query: async (text, values) => ({ rows: (await on.query(text, values)).rows }),
    exec: async (text) => {
      await on.query(text);
    },
  };
}

async function openPostgres(options: { url: string; max?: number }): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    // A request waits at most this long for a connection (a free one, or a new one to a server
    // that stopped answering), then fails with a 5xx instead of hanging, and shutdown can finish.
    connectionTimeoutMillis: 15_000,
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on("error", () => {});
  // Nor may a checked-out client between two queries (a transaction awaiting Gmail): the pool
  // does not listen to those, and the query under way rejects on its own.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  await pool.query("select 1");
  const raw = pgRawSql(pool);
  return {
    kind: "postgres",
    db: drizzleNodePg(pool, { schema }) as unknown as Db,
    raw,
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [key]);
        return await fn(pgRawSql(client));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Turns `$1`-style SQL text into a drizzle SQL chunk, so it can run on a transaction handle. */
export function positionalSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]));
    // drizzle drops an undefined parameter from the text entirely; pg-boss passes many.
    else chunks.push(sql`${values[Number(parts[i]) - 1] ?? null}`);
  }
  return sql.join(chunks);
}

/** Rows of an `execute` result, for both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
