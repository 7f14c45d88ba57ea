import { and, count, eq, ilike } from "drizzle-orm";
import { contacts, userContacts, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { insertContacts } from "./bulk-load";

export const DEMO_CONTACT_COUNT = 5000;
const DEMO_NETWORK_SIZE = 6;

/**
 * Sandbox seed: the 5,000 people of the demo directory (once), and a few of them in the demo
 * user's network when that user exists and has none yet. Safe to run at every start.
 */
export async function seedDemoContacts(deps: AppDeps, demoEmail?: string): Promise<void> {
  const db = deps.database.db;
  const [seeded] = await db
    .select({ count: count() })
    .from(contacts)
    .where(eq(contacts.source, "seed"));
  if (seeded.count < DEMO_CONTACT_COUNT) {
    const { generateContacts } = await import("@reachout/sandbox");
    await insertContacts(db, generateContacts(0, DEMO_CONTACT_COUNT));
  }
  if (demoEmail) await seedDemoNetwork(deps, demoEmail);
}

/** A few New York tech recruiters, so the demo's My Network is not empty. Costs no credits. */
async function seedDemoNetwork(deps: AppDeps, email: string): Promise<void> {
  const db = deps.database.db;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) return;
  const [saved] = await db
    .select({ count: count() })
    .from(userContacts)
    .where(eq(userContacts.userId, user.id));
  if (saved.count > 0) return;
  const picks = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.source, "seed"),
        eq(contacts.roleCategory, "Technology - Software Engineering"),
        ilike(contacts.title, "%recruiter%"),
        ilike(contacts.location, "new york%"),
      ),
    )
    .orderBy(contacts.id)
    .limit(DEMO_NETWORK_SIZE);
  if (picks.length === 0) return;
  await db
    .insert(userContacts)
    .values(picks.map((pick) => ({ userId: user.id, contactId: pick.id })))
    .onConflictDoNothing();
}
