import { MESSAGES } from "@reachout/contract";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { AppError } from "../../http/errors";
import {
  createGoogleClient,
  GOOGLE_SCOPES,
  type GoogleIdentity,
  nonceFor,
  REQUIRED_GMAIL_SCOPES,
} from "../../integrations/google";
import { findOrCreateGoogleUser } from "./google-sign-in";
import { startSession } from "./login";
import {
  assertMailboxSwitch,
  finishMailboxConnection,
  mailboxAccountPage,
} from "./mailbox-connection";
import { endMailboxConnection, startMailboxConnection } from "./mailbox-mode";
import {
  beginOAuthFlow,
  claimOAuthFlow,
  loginPage,
  mailboxFlowOwner,
  type OAuthCallbackQuery,
} from "./oauth-flow";

/** Binds a flow to the browser that started it (no logging someone into another's account). */
export const STATE_COOKIE = "ro_oauth_state";

export const OAUTH_MESSAGES = {
  sessionExpired: "Your session has expired. Please log in again.",
  expired: "The Google sign-in took too long or was already used. Please try again.",
  cancelled: "Google sign-in was cancelled.",
  gmailCancelled: "Gmail connection was cancelled.",
  gmailScopes:
    "Reachout needs permission to send and read your Gmail. Connect again and allow both.",
  gmailOffline: "Google did not grant lasting access. Please connect Gmail again.",
  gmailFailed: "Gmail connection failed. Please try again.",
} as const;

/**
 * Begins Google OpenID Connect for sign-up or log-in (t = public_signup | public_login). The
 * PKCE verifier stays on the server under the state's hash for 10 minutes. Answers where to
 * send the browser and the state to pin in a cookie.
 */
export async function startGoogleSignIn(
  deps: AppDeps,
  t: "public_signup" | "public_login",
): Promise<{ location: string; state: string }> {
  const purpose = t === "public_signup" ? "signup" : "login";
  const { state, codeVerifier } = await beginOAuthFlow(deps.database.db, { purpose, userId: null });
  const location = createGoogleClient(deps.config).authorizationUrl({
    state,
    codeVerifier,
    scopes: GOOGLE_SCOPES.signIn,
    offline: false,
    nonce: nonceFor(codeVerifier),
  });
  return { location, state };
}

/**
 * Begins Connect Gmail for the signed-in user of this request (a POST from the app's own page,
 * never a link): the flow keeps the user and the session, and the state goes into this
 * browser's HttpOnly cookie. Answers Google's consent URL for the page to open.
 */
export async function startGmailConnect(
  deps: AppDeps,
  user: AuthUser,
  confirmedSwitch: boolean,
): Promise<{ location: string; state: string }> {
  const { db } = deps.database;
  await assertMailboxSwitch(db, user.id, "gmail", confirmedSwitch);
  await startMailboxConnection(db, user.id, "gmail");
  const { state, codeVerifier } = await beginOAuthFlow(db, {
    purpose: "gmail",
    userId: user.id,
    sessionHash: user.sessionHash,
  });
  const location = createGoogleClient(deps.config).authorizationUrl({
    state,
    codeVerifier,
    scopes: GOOGLE_SCOPES.gmail,
    offline: true,
    loginHint: user.email,
    nonce: nonceFor(codeVerifier),
  });
  return { location, state };
}

const accountPage = (deps: AppDeps, outcome: "connected" | "error", message?: string) =>
  mailboxAccountPage(deps, "gmail", outcome, message);

/**
 * Google's redirect back. The state must exist, be fresh, be used once and match the cookie of
 * the browser that started; then the code is exchanged with the PKCE verifier and the ID token
 * verified. Answers where to send the browser.
 */
export async function completeGoogleAuth(
  deps: AppDeps,
  query: OAuthCallbackQuery,
  cookieState: string | undefined,
): Promise<string> {
  const { db } = deps.database;
  if (!query.state) return loginPage(deps, MESSAGES.login.googleFailed);
  const claimed = await claimOAuthFlow(db, query.state, cookieState);
  const isGmail = claimed.flow?.purpose === "gmail";
  let gmailUserId: string | null = null;
  if (isGmail) {
    // Stored only for the person who started it, in their own browser (issue 32).
    const owner = await mailboxFlowOwner(deps, claimed, OAUTH_MESSAGES.expired);
    if ("refusal" in owner) return accountPage(deps, "error", owner.refusal);
    gmailUserId = owner.userId;
    // Back from Google, whatever happened there: the connection is no longer unfinished.
    await endMailboxConnection(db, gmailUserId, "returned");
  } else if (claimed.outcome !== "live" || claimed.flow.purpose === "microsoft") {
    return loginPage(deps, OAUTH_MESSAGES.expired);
  }
  const { flow } = claimed;
  if (!flow) return loginPage(deps, OAUTH_MESSAGES.expired);
  const fail = (message: string) =>
    isGmail ? accountPage(deps, "error", message) : loginPage(deps, message);
  if (query.error || !query.code) {
    const denied = query.error === "access_denied";
    if (denied) return fail(isGmail ? OAUTH_MESSAGES.gmailCancelled : OAUTH_MESSAGES.cancelled);
    return fail(isGmail ? OAUTH_MESSAGES.gmailFailed : MESSAGES.login.googleFailed);
  }

  const google = createGoogleClient(deps.config);
  let identity: GoogleIdentity;
  let tokens: Awaited<ReturnType<typeof google.exchangeCode>>;
  try {
    tokens = await google.exchangeCode(query.code, flow.codeVerifier);
    if (!tokens.idToken) throw new Error("no id_token");
    identity = await google.verifyIdToken(tokens.idToken, { nonce: nonceFor(flow.codeVerifier) });
  } catch {
    return fail(isGmail ? OAUTH_MESSAGES.gmailFailed : MESSAGES.login.googleFailed);
  }

  if (gmailUserId) {
    if (!REQUIRED_GMAIL_SCOPES.every((scope) => tokens.scopes.includes(scope))) {
      return fail(OAUTH_MESSAGES.gmailScopes);
    }
    if (!tokens.refreshToken) return fail(OAUTH_MESSAGES.gmailOffline);
    await finishMailboxConnection(deps, {
      userId: gmailUserId,
      email: identity.email,
      refreshToken: tokens.refreshToken,
      scopes: tokens.scopes,
    });
    return accountPage(deps, "connected");
  }

  try {
    const { user } = await findOrCreateGoogleUser(deps, identity);
    const session = await startSession(deps, user);
    const url = new URL(`${deps.config.publicUrl}/auth/callback`);
    url.searchParams.set("token", session.access_token);
    url.searchParams.set("email", user.email);
    url.searchParams.set("user_id", user.id);
    if (user.profilePicture) url.searchParams.set("picture", user.profilePicture);
    if (user.name) url.searchParams.set("name", user.name);
    return url.toString();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(error.detail);
    throw error;
  }
}

/** POST /auth/google-auth: a Google ID token obtained by the client, exchanged for a session. */
export async function signInWithGoogleIdToken(deps: AppDeps, idToken: string) {
  let identity: GoogleIdentity;
  try {
    identity = await createGoogleClient(deps.config).verifyIdToken(idToken);
  } catch {
    throw new AppError(401, MESSAGES.login.googleFailed);
  }
  const { user } = await findOrCreateGoogleUser(deps, identity);
  return startSession(deps, user);
}
