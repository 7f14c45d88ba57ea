import { PLANS } from "@reachout/contract";
import { and, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { grantCredits } from "../credits";

export type UserRow = typeof users.$inferSelect;

/** How the spec (§8) names a sign-up method in "already registered via {provider}". */
export const providerLabel = (method: "email" | "google") =>
  method === "google" ? "Google" : "email";

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export type NewUser = Pick<typeof users.$inferInsert, "email" | "signupMethod"> &
  Partial<
    Pick<
      typeof users.$inferInsert,
      "passwordHash" | "googleSub" | "name" | "profilePicture" | "emailVerifiedAt"
    >
  >;

/**
 * Creates a user with the Free plan's sign-up credits, in the caller's transaction. Answers
 * undefined when the email (or Google subject) is already taken: nothing is created then.
 */
export async function createUser(tx: Tx, input: NewUser): Promise<UserRow | undefined> {
  const [user] = await tx.insert(users).values(input).onConflictDoNothing().returning();
  if (!user) return undefined;
  const credits = await grantCredits(tx, {
    userId: user.id,
    amount: PLANS.free.credits,
    reason: "signup_grant",
    reference: "signup",
    description: "Welcome credits",
  });
  return { ...user, credits: credits ?? user.credits };
}

/** The user's full name (what emails are signed with); null clears it. */
export async function setUserName(db: DbOrTx, userId: string, name: string | null): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** Sets the name only when none is known yet (Google's name claim, the resume's name line). */
export async function fillUserName(db: DbOrTx, userId: string, name: string | null): Promise<void> {
  if (!name?.trim()) return;
  await db
    .update(users)
    .set({ name: name.trim() })
    .where(and(eq(users.id, userId), or(isNull(users.name), eq(users.name, ""))));
}
