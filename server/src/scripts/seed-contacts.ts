/**
 * Loads fictional contacts into the global database for demos and benchmarks:
 *   npm run seed:contacts -- --count 1000000 [--start 0]
 * Uses DATABASE_URL when set, else the PGlite data directory (stop the server first: PGlite
 * allows one process). Idempotent: people already present are skipped.
 */
import path from "node:path";
import { generateContacts } from "@reachout/sandbox";
import { loadConfig } from "../config";
import { openConfiguredDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import { insertContacts } from "../modules/contacts";

const MAX_COUNT = 1_000_000;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return value;
}

const count = option("count", 5000);
const start = option("start", 0);
if (count < 1 || count > MAX_COUNT) {
  console.error(`--count must be between 1 and ${MAX_COUNT.toLocaleString("en-US")}`);
  process.exit(2);
}

// npm runs workspace scripts inside server/; a relative DATA_DIR means where `npm run` was typed
// (the repository root for `npm start`), so both find the same PGlite files.
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const config = loadConfig({
  ...process.env,
  DATA_DIR: path.resolve(invokedFrom, process.env.DATA_DIR ?? "./data"),
});
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  const where = config.database.kind === "postgres" ? "PostgreSQL" : config.database.dataDir;
  console.log(`Loading contacts ${start}..${start + count - 1} into ${where}`);
  const began = Date.now();
  let reported = 0;
  const inserted = await insertContacts(database.db, generateContacts(start, count), {
    onProgress: (added, seen) => {
      if (seen - reported >= 50_000 || seen === count) {
        reported = seen;
        const seconds = (Date.now() - began) / 1000;
        console.log(
          `  ${seen.toLocaleString("en-US")} generated, ${added.toLocaleString("en-US")} new (${seconds.toFixed(1)} s)`,
        );
      }
    },
  });
  await database.raw.exec("analyze contacts");
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  console.log(
    `Done: ${inserted.toLocaleString("en-US")} new contacts, ${count - inserted} already present, ${seconds} s.`,
  );
} finally {
  await database.close();
}
