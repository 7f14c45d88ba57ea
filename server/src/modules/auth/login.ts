import type { AppDeps } from "../../deps";
import { issueSession, revokeSession } from "../../http/auth";
import { AppError, unauthorized } from "../../http/errors";
import { endSession } from "../events";
import { checkPassword } from "./password";
import { findUserByEmail } from "./users";

export const LOGIN_MESSAGES = {
  invalid: "Incorrect email or password.",
  unverified:
    "Please verify your email before logging in. Enter the 6-digit code we emailed you, or request a new one.",
  google: "This account uses Google sign-in. Continue with Google instead.",
} as const;

export interface SessionAnswer {
  access_token: string;
  token_type: "bearer";
  user_id: string;
  email: string;
}

/**
 * Password log-in. An unknown email and a wrong password answer alike (same status, message
 * and argon2 cost); an unverified account is told so only after its password was right.
 */
export async function logIn(
  deps: AppDeps,
  input: { email: string; password: string },
): Promise<SessionAnswer> {
  const { db } = deps.database;
  const user = await findUserByEmail(db, input.email);
  const isValid = await checkPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isValid) {
    if (user && !user.passwordHash && user.signupMethod === "google") {
      throw unauthorized(LOGIN_MESSAGES.google);
    }
    throw unauthorized(LOGIN_MESSAGES.invalid);
  }
  if (!user.emailVerifiedAt) throw new AppError(403, LOGIN_MESSAGES.unverified);
  return startSession(deps, user);
}

export async function startSession(
  deps: AppDeps,
  user: { id: string; email: string },
): Promise<SessionAnswer> {
  const token = await issueSession(deps.database.db, deps.config, user);
  return { access_token: token, token_type: "bearer", user_id: user.id, email: user.email };
}

export async function logOut(deps: AppDeps, sessionHash: string): Promise<{ message: string }> {
  await revokeSession(deps.database.db, sessionHash);
  // Live streams opened with this session stop now, not at their next heartbeat.
  endSession(sessionHash);
  return { message: "Logged out" };
}
