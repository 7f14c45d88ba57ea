import { openDatabase } from "../db/client";
import { runMigrations } from "../db/migrate";
import * as schema from "../db/schema";
import { declaredShape, migratedShape, schemaDrift } from "../db/schema-drift";

/**
 * Part of `npm run lint`: migrates a fresh in-memory database with the committed SQL files and
 * fails when its tables differ from what the drizzle schema declares, so a schema change without
 * its migration (or a migration without its schema change) cannot land.
 */
async function main(): Promise<number> {
  const database = await openDatabase({ kind: "pglite" });
  try {
    await runMigrations(database);
    const drift = schemaDrift(declaredShape(schema), await migratedShape(database.raw));
    for (const line of drift) console.error(line);
    if (drift.length > 0) {
      console.error(
        `\n${drift.length} difference(s) between server/src/db/schema and the migrations: add a migration (npm run db:generate -- --name <what>).`,
      );
      return 1;
    }
    console.log("Schema and migrations agree.");
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
