import type { Database } from "../../src/db/client";

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function publicTables(database: Database): Promise<string[]> {
  const { rows } = await database.raw.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name).filter((name) => !name.startsWith("__drizzle"));
}

async function digest(database: Database, table: string, where = "", values: unknown[] = []) {
  const { rows } = await database.raw.query<{ rows: number; digest: string | null }>(
    `select count(*)::int as rows, md5(string_agg(x::text, '|' order by x::text)) as digest
       from ${quote(table)} x ${where}`,
    values,
  );
  return `${rows[0].rows}:${rows[0].digest ?? "-"}`;
}

/** A digest of every row of every application table: equal snapshots mean nothing changed. */
export async function snapshotDatabase(database: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of await publicTables(database)) result[table] = await digest(database, table);
  return result;
}

/** A digest of one user's rows: their users row and every row of a table with user_id. */
export async function snapshotUser(
  database: Database,
  userId: string,
): Promise<Record<string, string>> {
  const { rows } = await database.raw.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  const result: Record<string, string> = {
    users: await digest(database, "users", "where x.id = $1", [userId]),
  };
  for (const { table_name: table } of rows) {
    result[table] = await digest(database, table, "where x.user_id = $1", [userId]);
  }
  return result;
}
