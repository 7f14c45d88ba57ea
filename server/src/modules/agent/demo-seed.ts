import { count, eq } from "drizzle-orm";
import { targetPositions, userContacts, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { findNewContacts } from "../contacts";

const DEMO_POSITIONS = [
  { jobTitle: "Software Engineering Intern", location: "New York", priority: 1, hours: 12 },
  { jobTitle: "Data Science Intern", location: "San Francisco", priority: 2, hours: 24 },
  { jobTitle: "Investment Banking Analyst", location: "New York", priority: 3, hours: 48 },
];

/** How many people each demo position "found" at its last search. */
const FOUND_PER_POSITION = 3;

/**
 * Sandbox seed: a few target positions for the demo login, once, each with the people its last
 * search found (in the demo's network, free: seed data). They count as searched at seed time,
 * so the agent does not spend the demo's credits right after start; "Search now" shows it working.
 */
export async function seedDemoPositions(deps: AppDeps, demoEmail: string): Promise<void> {
  const { db } = deps.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail));
  if (!user) return;
  const [existing] = await db
    .select({ count: count() })
    .from(targetPositions)
    .where(eq(targetPositions.userId, user.id));
  if (existing.count > 0) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const position of DEMO_POSITIONS) {
      const found = await findNewContacts(
        tx,
        user.id,
        { job_title: position.jobTitle, location: position.location },
        FOUND_PER_POSITION,
      );
      const [row] = await tx
        .insert(targetPositions)
        .values({
          userId: user.id,
          jobTitle: position.jobTitle,
          location: position.location,
          priority: position.priority,
          searchFrequencyHours: position.hours,
          lastSearchedAt: now,
          contactsFoundCount: found.length,
        })
        .returning({ id: targetPositions.id });
      if (found.length === 0) continue;
      await tx.insert(userContacts).values(
        found.map((contact) => ({
          userId: user.id,
          contactId: contact.id,
          targetPositionId: row.id,
          targetPositionName: position.jobTitle,
        })),
      );
    }
  });
}
