import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { createUser, hashPassword } from "../modules/auth";
import { grantCredits } from "../modules/credits";

export const DEMO_USER = {
  email: "demo@reachout.example",
  password: "reachout-demo",
  name: "Demo Student",
  /** 5 sign-up credits plus this one-off adjustment: 25 in all. */
  bonusCredits: 20,
} as const;

/** The demo user's id, or undefined before ensureDemoUser ran (other seed parts key on it). */
export async function findDemoUserId(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_USER.email));
  return row?.id;
}

/**
 * Creates the verified demo login with 25 credits. Idempotent: a second run finds the user and
 * the keyed credit grants change nothing.
 */
export async function ensureDemoUser(deps: AppDeps): Promise<string> {
  const { db } = deps.database;
  const existing = await findDemoUserId(db);
  const passwordHash = existing ? undefined : await hashPassword(DEMO_USER.password);
  return db.transaction(async (tx) => {
    let userId = existing;
    if (!userId && passwordHash) {
      const created = await createUser(tx, {
        email: DEMO_USER.email,
        signupMethod: "email",
        passwordHash,
        name: DEMO_USER.name,
        emailVerifiedAt: new Date(),
      });
      userId = created?.id ?? (await findDemoUserId(tx));
    }
    if (!userId) throw new Error("the demo user could not be created");
    await grantCredits(tx, {
      userId,
      amount: DEMO_USER.bonusCredits,
      reason: "adjustment",
      reference: "demo-seed",
      description: "Demo account credits",
    });
    return userId;
  });
}
