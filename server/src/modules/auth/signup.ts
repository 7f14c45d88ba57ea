import { MESSAGES } from "@reachout/contract";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http/errors";
import { hashPassword } from "./password";
import { createUser, findUserByEmail, providerLabel } from "./users";
import { issueVerificationCode, sendVerificationEmail } from "./verification";

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
 * transaction, then emails the code. The account cannot log in until the email is verified.
 */
export async function signUp(
  deps: AppDeps,
  input: { email: string; password: string; full_name?: string | null },
  log?: Pick<FastifyBaseLogger, "warn">,
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
    return { user, code: await issueVerificationCode(tx, deps.config, user.id) };
  });
  if (!created) {
    const existing = await findUserByEmail(db, input.email);
    throw conflict(
      MESSAGES.signup.alreadyRegistered(providerLabel(existing?.signupMethod ?? "email")),
    );
  }
  // After commit: if mail delivery fails the account stands and "resend code" recovers.
  await sendVerificationEmail(deps, created.user.email, created.code).catch((error: unknown) => {
    log?.warn({ err: error, userId: created.user.id }, "verification email failed");
  });
  return { message: MESSAGES.signup.success, email: created.user.email };
}
