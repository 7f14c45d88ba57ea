import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { knownMigrations } from "../../src/db/migrate";
import { openTestDatabase } from "../helpers";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs `npm run migrate`'s script as its own process; resolves with its exit code and output. */
function migrateProcess(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/scripts/migrate.ts"], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)("two releases migrating at once", () => {
  it("apply every migration once: the second waits for the first's lock, then finds none", async () => {
    const { database, url, drop } = await openTestDatabase();
    try {
      const [first, second] = await Promise.all([
        migrateProcess(url as string),
        migrateProcess(url as string),
      ]);
      expect(first.code, first.output).toBe(0);
      expect(second.code, second.output).toBe(0);
      const outputs = [first.output, second.output];
      const count = knownMigrations().length;
      expect(outputs.filter((o) => o.includes(`applied ${count} migration(s)`))).toHaveLength(1);
      expect(outputs.filter((o) => o.includes("no migration to apply"))).toHaveLength(1);
      const rows = (
        await database.raw.query<{ name: string }>("select name from __migrations order by name")
      ).rows;
      expect(rows.map((r) => r.name)).toEqual(knownMigrations());

      // A third run, later, applies nothing and exits.
      const again = await migrateProcess(url as string);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain("no migration to apply");
    } finally {
      await drop();
    }
  }, 120_000);
});
