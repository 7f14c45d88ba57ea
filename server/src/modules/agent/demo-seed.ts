import { count, eq } from "drizzle-orm";
import { targetPositions, users } from "../../db/schema";
import type { AppDeps } from "../../deps";

const DEMO_POSITIONS = [
  { jobTitle: "Software Engineering Intern", location: "New York", priority: 1, hours: 12 },
  { jobTitle: "Data Science Intern", location: "San Francisco", priority: 2, hours: 24 },
  { jobTitle: "Investment Banking Analyst", location: "New York", priority: 3, hours: 48 },
];

/**
 * Sandbox seed: a few target positions for the demo login, once. They count as searched at
 * seed time, so the agent does not spend the demo's credits right after start; "Search now"
 * shows it working.
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
  await db.insert(targetPositions).values(
    DEMO_POSITIONS.map((position) => ({
      userId: user.id,
      jobTitle: position.jobTitle,
      location: position.location,
      priority: position.priority,
      searchFrequencyHours: position.hours,
      lastSearchedAt: now,
    })),
  );
}
