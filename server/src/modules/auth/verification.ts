import { createHmac, timingSafeEqual } from "node:crypto";
import { LIMITS, MESSAGES } from "@reachout/contract";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { emailVerifications, users } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/errors";
import { randomDigits } from "../../lib/crypto";
import { enqueueSystemEmail, handedOverAt } from "../system-email";
import { findUserByEmail } from "./users";

export const VERIFY_MESSAGES = {
  noCode: "There is no active code for this email. Request a new code.",
  expired: "This code has expired. Request a new code.",
  tooManyTries: "Too many incorrect attempts. Request a new code.",
  wrong: (left: number) => `Incorrect code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
  alreadyVerified: "This email is already verified. Please log in.",
  unknownEmail: "No account is registered with this email.",
  resent: "A new 6-digit code has been sent to your email.",
} as const;

/**
 * Codes are stored as an HMAC keyed with a server secret: a 6-digit code's plain SHA-256 could be
 * reversed by trying all million values, the keyed one cannot without the key.
 */
function hashCode(config: Config, userId: string, code: string): string {
  return createHmac("sha256", config.jwtSecret).update(`${userId}:${code}`).digest("hex");
}

/** Replaces any pending code of the user with a new one (15 minutes, 5 tries) and answers it. */
export async function issueVerificationCode(
  db: DbOrTx,
  config: Config,
  userId: string,
): Promise<string> {
  const code = randomDigits(LIMITS.verificationCodeLength);
  const values = {
    codeHash: hashCode(config, userId, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + LIMITS.verificationCodeTtlMinutes * 60_000),
    createdAt: new Date(),
    // Set by enqueueVerificationEmail: never the previous code's email.
    messageId: null,
  };
  await db
    .insert(emailVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailVerifications.userId, set: values });
  return code;
}

/**
 * The verification email of a code, queued in the transaction that issued the code; the code
 * keeps the email's Message-ID, so its validity can run from the hand-over (verifyEmailCode).
 */
export async function enqueueVerificationEmail(
  deps: Pick<AppDeps, "boss" | "config">,
  tx: DbOrTx,
  user: { id: string; email: string },
  code: string,
): Promise<void> {
  const messageId = await enqueueSystemEmail(deps, tx, {
    to: user.email,
    subject: `Your Reachout verification code: ${code}`,
    text: [
      "Welcome to Reachout!",
      "",
      `Your verification code is ${code}.`,
      "",
      `Enter it on the verification page to activate your account. The code expires in ${LIMITS.verificationCodeTtlMinutes} minutes.`,
      "If you did not sign up for Reachout, you can ignore this email.",
      "",
      "— The Reachout team",
    ].join("\n"),
  });
  await tx
    .update(emailVerifications)
    .set({ messageId })
    .where(eq(emailVerifications.userId, user.id));
}

/**
 * A code lasts its 15 minutes from when its email reached the mail server: one delayed by an
 * outage arrives as fresh as any other. Before the hand-over (and for codes issued before
 * hand-overs were recorded) the 15 minutes run from the code's issue.
 */
async function isExpired(
  db: DbOrTx,
  pending: { expiresAt: Date; messageId: string | null },
  now = Date.now(),
): Promise<boolean> {
  if (pending.expiresAt.getTime() > now) return false;
  const handed = pending.messageId ? await handedOverAt(db, pending.messageId) : null;
  return !handed || handed.getTime() + LIMITS.verificationCodeTtlMinutes * 60_000 <= now;
}

/**
 * Checks a code. A wrong code uses one of the 5 tries (counted by a conditional UPDATE, so
 * concurrent guesses cannot exceed them); the right one verifies the email and spends the code.
 */
export async function verifyEmailCode(
  deps: AppDeps,
  email: string,
  code: string,
): Promise<{ message: string }> {
  const { db } = deps.database;
  const user = await findUserByEmail(db, email);
  if (!user) throw badRequest(VERIFY_MESSAGES.noCode);
  if (user.emailVerifiedAt) return { message: MESSAGES.verify.success };

  const [pending] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, user.id));
  if (!pending) throw badRequest(VERIFY_MESSAGES.noCode);
  if (await isExpired(db, pending)) throw badRequest(VERIFY_MESSAGES.expired);
  if (pending.attempts >= LIMITS.verificationMaxAttempts) {
    throw badRequest(VERIFY_MESSAGES.tooManyTries);
  }

  // Both writes below act only while the row is still the code checked here and still has tries.
  const stillPending = and(
    eq(emailVerifications.userId, user.id),
    eq(emailVerifications.codeHash, pending.codeHash),
    lt(emailVerifications.attempts, LIMITS.verificationMaxAttempts),
  );
  const expected = Buffer.from(pending.codeHash, "hex");
  const given = Buffer.from(hashCode(deps.config, user.id, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    const [counted] = await db
      .update(emailVerifications)
      .set({ attempts: sql`${emailVerifications.attempts} + 1` })
      .where(stillPending)
      .returning({ attempts: emailVerifications.attempts });
    const left = counted ? LIMITS.verificationMaxAttempts - counted.attempts : 0;
    throw badRequest(left > 0 ? VERIFY_MESSAGES.wrong(left) : VERIFY_MESSAGES.tooManyTries);
  }

  await db.transaction(async (tx) => {
    // Spend the code only if it is still the one checked and still has tries (no race won twice).
    const spent = await tx
      .delete(emailVerifications)
      .where(stillPending)
      .returning({ userId: emailVerifications.userId });
    if (spent.length === 0) throw badRequest(VERIFY_MESSAGES.tooManyTries);
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  });
  return { message: MESSAGES.verify.success };
}

/** Sends a fresh code to an unverified email account (the old code stops working). */
export async function resendVerificationCode(
  deps: AppDeps,
  email: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.database.db, email);
  if (!user) throw notFound(VERIFY_MESSAGES.unknownEmail);
  if (user.emailVerifiedAt) throw conflict(VERIFY_MESSAGES.alreadyVerified);
  await deps.database.db.transaction(async (tx) => {
    const code = await issueVerificationCode(tx, deps.config, user.id);
    await enqueueVerificationEmail(deps, tx, user, code);
  });
  return { message: VERIFY_MESSAGES.resent };
}
