import { eq } from "drizzle-orm";
import { type Config, ConfigError } from "../config";
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
 * A production start refuses to run while the demo login exists: its password is published,
 * so a database that once ran the sandbox (SANDBOX=on before issue 32) would still let anyone
 * in. Answers nothing when the database is clean or this is not production.
 */
export async function refuseDemoUserInProduction(
  db: DbOrTx,
  config: Pick<Config, "isProduction">,
): Promise<void> {
  if (!config.isProduction) return;
  if (!(await findDemoUserId(db))) return;
  throw new ConfigError(
    `Refusing to start: the database holds the sandbox's demo login ${DEMO_USER.email}, whose ` +
      "password is published. It was seeded by a sandbox run against this database. Delete that " +
      "account (and its data) before starting Reachout in production.",
  );
}

/**
 * Creates the verified demo login with 25 credits, in sandbox mode only. Idempotent: a second
 * run finds the user and the keyed credit grants change nothing.
 */
export async function ensureDemoUser(deps: AppDeps): Promise<string> {
  if (!deps.config.sandbox) {
    throw new Error("the demo login is created only in sandbox mode");
  }
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
