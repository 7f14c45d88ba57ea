import { generateCodeVerifier } from "arctic";
import { eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { oauthStates } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { randomToken, sha256 } from "../../lib/crypto";

const STATE_TTL_MS = 10 * 60_000;

type OAuthFlow = typeof oauthStates.$inferSelect;

/**
 * Starts an OAuth flow (Google or Microsoft): the state, kept as its hash, and the PKCE verifier
 * stay on the server for 10 minutes; expired flows are dropped on the way. Answers the state to
 * send (and pin in a cookie) and the verifier.
 */
export async function beginOAuthFlow(
  db: DbOrTx,
  input: { purpose: OAuthFlow["purpose"]; userId: string | null },
): Promise<{ state: string; codeVerifier: string }> {
  const state = randomToken(32);
  const codeVerifier = generateCodeVerifier();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values({
    stateHash: sha256(state),
    purpose: input.purpose,
    userId: input.userId,
    codeVerifier,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { state, codeVerifier };
}

/** A provider's redirect back to the app: a code, or an error, and the flow's state. */
export type OAuthCallbackQuery = { code?: string; state?: string; error?: string };

/**
 * Takes back the flow of a provider's redirect. It is used once (gone whatever follows), and
 * live only while fresh and when the state matches the cookie of the browser that started it
 * (no logging someone into another's account).
 */
export async function claimOAuthFlow(
  db: DbOrTx,
  state: string,
  cookieState: string | undefined,
): Promise<{ flow: OAuthFlow; isLive: true } | { flow: OAuthFlow | undefined; isLive: false }> {
  const [flow] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256(state)))
    .returning();
  if (!flow || flow.expiresAt.getTime() <= Date.now() || cookieState !== state) {
    return { flow, isLive: false };
  }
  return { flow, isLive: true };
}

/** The log-in page, showing why a flow ended there. */
export const loginPage = (deps: AppDeps, message: string) =>
  `${deps.config.publicUrl}/login?error=${encodeURIComponent(message)}`;
