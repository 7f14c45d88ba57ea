import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, RawSql } from "./client";

/** Key of the advisory lock held while migrating, so several instances can boot at once. */
const MIGRATION_LOCK_KEY = 727_001;

export function migrationsFolder(): string {
  // Source layout (tsx, vitest) and bundled layout (dist/) both keep migrations beside the code.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "migrations"),
    path.join(here, "db", "migrations"),
    // A bundled script one folder below dist/ (dist/scripts/).
    path.join(here, "..", "migrations"),
  ];
  for (const candidate of candidates) {
    try {
      readdirSync(candidate);
      return candidate;
    } catch {}
  }
  throw new Error("migrations folder not found");
}

/**
 * Applies the committed drizzle-kit SQL migrations in order, each in its own transaction, and
 * records them in `__migrations`. Our own runner (not drizzle's) so the same code holds the
 * advisory lock on PostgreSQL and runs unchanged on PGlite. `through`: stop after that migration
 * (a test builds the database a release before, puts rows in it, then applies the rest).
 */
export async function runMigrations(
  database: Database,
  options: { through?: string } = {},
): Promise<string[]> {
  return database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (raw) =>
    applyPending(raw, options.through),
  );
}

/** The names of the migrations this code ships with, in order. */
export function knownMigrations(): string[] {
  return readdirSync(migrationsFolder())
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => f.replace(/\.sql$/, ""));
}

/**
 * The migrations this code ships with that the database has not applied (all of them on a
 * database never migrated). A database ahead of the code (a newer release migrated it) has none.
 */
export async function pendingMigrations(raw: RawSql): Promise<string[]> {
  const table = await raw.query<{ name: string | null }>(
    "select to_regclass('__migrations')::text as name",
  );
  const applied = table.rows[0]?.name
    ? new Set(
        (await raw.query<{ name: string }>("select name from __migrations")).rows.map(
          (r) => r.name,
        ),
      )
    : new Set<string>();
  return knownMigrations().filter((name) => !applied.has(name));
}

async function applyPending(raw: RawSql, through?: string): Promise<string[]> {
  await raw.exec(
    "create table if not exists __migrations (name text primary key, hash text not null, applied_at timestamptz not null default now())",
  );
  const done = new Set(
    (await raw.query<{ name: string }>("select name from __migrations")).rows.map((r) => r.name),
  );
  const folder = migrationsFolder();
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const name = file.replace(/\.sql$/, "");
    if (through !== undefined && name > through) break;
    if (done.has(name)) continue;
    const text = readFileSync(path.join(folder, file), "utf8");
    const statements = text
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    const hash = createHash("sha256").update(text).digest("hex");
    await raw.exec("begin");
    try {
      for (const statement of statements) await raw.exec(statement);
      await raw.query("insert into __migrations (name, hash) values ($1, $2)", [name, hash]);
      await raw.exec("commit");
    } catch (error) {
      await raw.exec("rollback");
      throw new Error(`migration ${name} failed: ${(error as Error).message}`);
    }
    applied.push(name);
  }
  return applied;
}
