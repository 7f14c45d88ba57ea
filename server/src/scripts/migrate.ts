/**
 * Applies this release's pending migrations and exits: the first step of a release, before any
 * worker or web process of it starts.
 *   npm run migrate
 * Uses DATABASE_URL when set, else the PGlite data directory (stop the server first). On
 * PostgreSQL the migrations run under an advisory lock: a second `npm run migrate` started at the
 * same time waits for the first, then finds nothing left to apply.
 */
import path from "node:path";
import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";

const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const url = process.env.DATABASE_URL?.trim();
const database = url
  ? await openDatabase({ kind: "postgres", url, max: 1 })
  : await openDatabase({
      kind: "pglite",
      dataDir: path.join(path.resolve(invokedFrom, process.env.DATA_DIR ?? "./data"), "pglite"),
    });
try {
  const started = Date.now();
  const applied = await runMigrations(database);
  console.log(
    applied.length > 0
      ? `applied ${applied.length} migration(s) in ${Date.now() - started} ms: ${applied.join(", ")}`
      : "the database is up to date: no migration to apply",
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
