import { MESSAGES } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { conflict } from "../../http/errors";
import type { GoogleIdentity } from "../../integrations/google";
import { createUser, type UserRow } from "./users";

export const GOOGLE_MESSAGES = {
  otherGoogleAccount:
    "This email is linked to a different Google account. Sign in with that account.",
} as const;

/**
 * Finds the user of a verified Google identity by its subject, or creates one (email verified,
 * sign-up credits). An email that signed up with a password is refused: it keeps using it.
 */
export async function findOrCreateGoogleUser(
  deps: AppDeps,
  identity: GoogleIdentity,
): Promise<{ user: UserRow; isNew: boolean }> {
  const { db } = deps.database;
  return db.transaction(async (tx) => {
    const [bySubject] = await tx.select().from(users).where(eq(users.googleSub, identity.sub));
    if (bySubject) {
      // Keep the picture Google shows now; the name only fills an empty one (the user may have
      // edited it in Edit Profile); never touch the email (it is the login key).
      const [updated] = await tx
        .update(users)
        .set({
          name: bySubject.name?.trim() ? bySubject.name : (identity.name ?? bySubject.name),
          profilePicture: identity.picture ?? bySubject.profilePicture,
        })
        .where(eq(users.id, bySubject.id))
        .returning();
      return { user: updated, isNew: false };
    }
    const [byEmail] = await tx.select().from(users).where(eq(users.email, identity.email));
    if (byEmail) {
      if (byEmail.signupMethod === "email") throw conflict(MESSAGES.login.usePassword);
      throw conflict(GOOGLE_MESSAGES.otherGoogleAccount);
    }
    const user = await createUser(tx, {
      email: identity.email,
      signupMethod: "google",
      googleSub: identity.sub,
      name: identity.name,
      profilePicture: identity.picture,
      emailVerifiedAt: new Date(),
    });
    // Lost a race with a concurrent sign-in of the same account: the other one created it.
    if (!user) throw conflict("This account was just created. Please try again.");
    return { user, isNew: true };
  });
}
