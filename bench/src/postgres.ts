import pg from "pg";
import { freshDatabase } from "../../scripts/fresh-database.mjs";

/** The database the bench recreates (BENCH_DATABASE_NAME picks another, e.g. beside a running bench). */
export const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME ?? "reachout_bench";

/** Drops and recreates the bench database (or `name`); answers its URL. */
export const createFreshDatabase = (adminUrl: string, name = BENCH_DATABASE) =>
  freshDatabase(adminUrl, name);

/** Runs statements on one dedicated connection (session settings such as work memory hold). */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs statements on `connections` connections at once, each connection taking the next
 * statement when it is done with one; `setup` runs first on each (session settings).
 */
export async function runOnConnections(
  url: string,
  statements: string[],
  connections: number,
  setup: string[] = [],
) {
  const queue = [...statements];
  await Promise.all(
    Array.from({ length: connections }, () =>
      withClient(url, async (client) => {
        for (const statement of setup) await client.query(statement);
        for (let next = queue.shift(); next; next = queue.shift()) await client.query(next);
      }),
    ),
  );
}

/** The server's PostgreSQL settings that matter for the figures, for the report. */
export async function describeServer(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const names = ["server_version", "shared_buffers", "work_mem", "effective_cache_size"];
    const settings: Record<string, string> = {};
    for (const name of names) {
      const { rows } = await client.query(`show ${name}`);
      settings[name] = String(Object.values(rows[0])[0]);
    }
    return settings;
  });
}
