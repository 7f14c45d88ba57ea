import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { founders, startups } from "../../db/schema";
import { setStartupAccess } from "./access";
import { invalidateStartupDirectory } from "./directory";

const BATCH = 400;

/**
 * Sandbox seed: the fictional startup directory (once: skipped when any startup exists), and
 * early access for the demo login so the whole product can be tried. Founder rows are inserted
 * as generated, duplicates included, so the directory's de-duplication has work to do.
 */
export async function seedStartups(db: Db, options: { accessFor?: string } = {}): Promise<void> {
  if (options.accessFor) await setStartupAccess(db, options.accessFor, true);
  const [{ count }] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from startups`),
  );
  if (count > 0) return;

  // Imported only here, only in sandbox mode (the caller's condition): production never loads it.
  const { generateStartupDirectory } = await import("@reachout/sandbox");
  const directory = generateStartupDirectory({ now: new Date() });
  await db.transaction(async (tx) => {
    for (let i = 0; i < directory.length; i += BATCH) {
      const batch = directory.slice(i, i + BATCH);
      const ids = await tx
        .insert(startups)
        .values(
          batch.map((s) => ({
            orgName: s.orgName,
            orgUrl: s.orgUrl,
            location: s.location,
            fundingType: s.fundingType,
            moneyRaisedCents: s.moneyRaisedUsd * 100,
            announcedDate: s.announcedDate,
          })),
        )
        // Another process seeding at the same moment: its rows win, ours are skipped.
        .onConflictDoNothing()
        .returning({ id: startups.id, orgName: startups.orgName });
      const idOf = new Map(ids.map((row) => [row.orgName, row.id]));
      const rows = batch.flatMap((s) => {
        const startupId = idOf.get(s.orgName);
        if (!startupId) return [];
        return s.founders.map((f) => ({
          startupId,
          personName: f.name,
          personTitle: f.title,
          personEmail: f.email,
          personLinkedin: f.linkedin,
          personProfileUrl: f.profileUrl,
        }));
      });
      for (let j = 0; j < rows.length; j += BATCH) {
        await tx.insert(founders).values(rows.slice(j, j + BATCH));
      }
    }
  });
  invalidateStartupDirectory(db);
}
