import { MESSAGES } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { hashPassword } from "./password";
import { createUser, findUserByEmail, providerLabel } from "./users";
import { enqueueVerificationEmail, issueVerificationCode } from "./verification";

/** The sign-up method of a registered email; 404 when nobody has it. */
export async function lookupAuthProvider(
  deps: AppDeps,
  email: string,
): Promise<"email" | "google"> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) throw notFound("No account is registered with this email.");
  return user.signupMethod;
}

/**
 * Creates a password account (argon2id) with its sign-up credits and verification code in one
 * transaction, with the email of the code queued in the same transaction. The account cannot log in until the email is verified.
 */
export async function signUp(
  deps: AppDeps,
  input: { email: string; password: string; full_name?: string | null },
): Promise<{ message: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  const { db } = deps.database;
  const created = await db.transaction(async (tx) => {
    const user = await createUser(tx, {
      email: input.email,
      signupMethod: "email",
      passwordHash,
      name: input.full_name?.trim() || null,
    });
    if (!user) return undefined;
    const code = await issueVerificationCode(tx, deps.config, user.id);
    // Queued with the account: if mail delivery is down, the outbox retries until it is back.
    await enqueueVerificationEmail(deps, tx, user, code);
    return { user };
  });
  if (!created) {
    const existing = await findUserByEmail(db, input.email);
    throw conflict(
      MESSAGES.signup.alreadyRegistered(providerLabel(existing?.signupMethod ?? "email")),
    );
  }
  return { message: MESSAGES.signup.success, email: created.user.email };
}
