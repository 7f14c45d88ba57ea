import { createHmac, timingSafeEqual } from "node:crypto";

/** Resume links live long enough to open or attach, not long enough to be worth sharing. */
export const RESUME_LINK_TTL_SECONDS = 15 * 60;

function signature(secret: Uint8Array, resumeId: string, userId: string, expires: number): string {
  return createHmac("sha256", secret)
    .update(`resume-file:${resumeId}:${userId}:${expires}`)
    .digest("base64url");
}

/** A signed, short-lived path to a resume: the HMAC binds the resume, its owner and the expiry. */
export function signResumeLink(
  secret: Uint8Array,
  resumeId: string,
  userId: string,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + RESUME_LINK_TTL_SECONDS;
  const sig = signature(secret, resumeId, userId, expires);
  return `/api/resumes/${resumeId}/file?expires=${expires}&sig=${sig}`;
}

export type LinkCheck = "valid" | "expired" | "forged";

export function checkResumeLink(
  secret: Uint8Array,
  resumeId: string,
  userId: string,
  query: { expires?: string; sig?: string },
  now = Date.now(),
): LinkCheck {
  if (!query.expires || !query.sig || !/^\d{1,12}$/.test(query.expires)) return "forged";
  const expires = Number(query.expires);
  const expected = Buffer.from(signature(secret, resumeId, userId, expires));
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged";
  return expires * 1000 < now ? "expired" : "valid";
}
