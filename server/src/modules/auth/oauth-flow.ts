import { generateCodeVerifier } from "arctic";
import { eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { oauthStates } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { findLiveSession } from "../../http/auth";
import { randomToken, sha256 } from "../../lib/crypto";

const STATE_TTL_MS = 10 * 60_000;

type OAuthFlow = typeof oauthStates.$inferSelect;

/** Why a mailbox connection's callback stored nothing (issue 32). */
export const MAILBOX_FLOW_MESSAGES = {
  /** The callback reached a browser without the flow's cookie: someone else's link. */
  otherAccount: "This connection was started by another account",
  /** The session that started the connection logged out (or expired) before it came back. */
  sessionEnded: "Your session has expired. Please log in again.",
} as const;

/**
 * Starts an OAuth flow (Google or Microsoft): the state, kept as its hash, and the PKCE verifier
 * stay on the server for 10 minutes; expired flows are dropped on the way. A mailbox connection
 * also keeps the hash of the session that started it. Answers the state to send (and pin in
 * the browser's HttpOnly cookie) and the verifier.
 */
export async function beginOAuthFlow(
  db: DbOrTx,
  input: { purpose: OAuthFlow["purpose"]; userId: string | null; sessionHash?: string },
): Promise<{ state: string; codeVerifier: string }> {
  const state = randomToken(32);
  const codeVerifier = generateCodeVerifier();
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await db.insert(oauthStates).values({
    stateHash: sha256(state),
    purpose: input.purpose,
    userId: input.userId,
    sessionHash: input.sessionHash ?? null,
    codeVerifier,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { state, codeVerifier };
}

/** A provider's redirect back to the app: a code, or an error, and the flow's state. */
export type OAuthCallbackQuery = { code?: string; state?: string; error?: string };

export type ClaimedFlow =
  | { outcome: "live"; flow: OAuthFlow }
  /** Unknown, used already or older than 10 minutes. */
  | { outcome: "expired"; flow: OAuthFlow | undefined }
  /** Fresh, but this browser does not carry its cookie: it was started somewhere else. */
  | { outcome: "other_browser"; flow: OAuthFlow };

/**
 * Takes back the flow of a provider's redirect. It is used once (gone whatever follows), and
 * live only while fresh and when the state matches the cookie of the browser that started it
 * (no logging someone into another's account, no mailbox landing on another's account).
 */
export async function claimOAuthFlow(
  db: DbOrTx,
  state: string,
  cookieState: string | undefined,
): Promise<ClaimedFlow> {
  const [flow] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256(state)))
    .returning();
  if (!flow || flow.expiresAt.getTime() <= Date.now()) return { outcome: "expired", flow };
  if (cookieState !== state) return { outcome: "other_browser", flow };
  return { outcome: "live", flow };
}

/**
 * A claimed mailbox-connection flow may store a grant only for the person who started it:
 * the callback came back to the browser holding the flow's cookie (set on the signed-in page's
 * POST), and the session that made that POST is still live and still theirs. Answers the user
 * to store the mailbox for, or the message saying why nothing is stored.
 */
export async function mailboxFlowOwner(
  deps: AppDeps,
  claimed: ClaimedFlow,
  expiredMessage: string,
): Promise<{ userId: string } | { refusal: string }> {
  if (claimed.outcome === "expired") return { refusal: expiredMessage };
  if (claimed.outcome === "other_browser") return { refusal: MAILBOX_FLOW_MESSAGES.otherAccount };
  const { flow } = claimed;
  if (!flow.userId || !flow.sessionHash) return { refusal: expiredMessage };
  const session = await findLiveSession(deps.database.db, deps.config, flow.sessionHash);
  if (!session) return { refusal: MAILBOX_FLOW_MESSAGES.sessionEnded };
  if (session.id !== flow.userId) return { refusal: MAILBOX_FLOW_MESSAGES.otherAccount };
  return { userId: flow.userId };
}

/** The log-in page, showing why a flow ended there. */
export const loginPage = (deps: AppDeps, message: string) =>
  `${deps.config.publicUrl}/login?error=${encodeURIComponent(message)}`;
