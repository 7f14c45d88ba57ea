import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { nonceFor } from "../../integrations/google";
import { createMicrosoftIdentity, hasMailScopes } from "../../integrations/microsoft-identity";
import {
  assertMailboxSwitch,
  finishMailboxConnection,
  mailboxAccountPage,
} from "./mailbox-connection";
import { endMailboxConnection, startMailboxConnection } from "./mailbox-mode";
import {
  beginOAuthFlow,
  claimOAuthFlow,
  mailboxFlowOwner,
  type OAuthCallbackQuery,
} from "./oauth-flow";

/** Binds the flow to the browser that started it (its own path: Google's cookie stays apart). */
export const MICROSOFT_STATE_COOKIE = "ro_ms_oauth_state";

export const MICROSOFT_MESSAGES = {
  cancelled: "Outlook connection was cancelled.",
  scopes: "Reachout needs permission to send and read your Outlook mail. Connect again and accept.",
  offline: "Microsoft did not grant lasting access. Please connect Outlook again.",
  failed: "Outlook connection failed. Please try again.",
  expired: "The Microsoft sign-in took too long or was already used. Please try again.",
  unavailable: "Outlook is not available on this Reachout server yet. Connect Gmail instead.",
} as const;

const accountPage = (deps: AppDeps, outcome: "connected" | "error", message?: string) =>
  mailboxAccountPage(deps, "outlook", outcome, message);

/**
 * Begins Connect Outlook for the signed-in user of this request (a POST from the app's own
 * page, never a link): the PKCE verifier stays on the server under the state's hash for 10
 * minutes with the user and the session; the state goes into this browser's HttpOnly cookie. A
 * stored Gmail mailbox is replaced only when the student confirmed the switch (409 otherwise).
 * Answers Microsoft's consent URL for the page to open.
 */
export async function startMicrosoftConnect(
  deps: AppDeps,
  user: AuthUser,
  confirmedSwitch: boolean,
): Promise<{ location: string; state?: string }> {
  const { db } = deps.database;
  if (!deps.config.microsoft.enabled) {
    return { location: accountPage(deps, "error", MICROSOFT_MESSAGES.unavailable) };
  }
  await assertMailboxSwitch(db, user.id, "microsoft", confirmedSwitch);
  await startMailboxConnection(db, user.id, "microsoft");
  const { state, codeVerifier } = await beginOAuthFlow(db, {
    purpose: "microsoft",
    userId: user.id,
    sessionHash: user.sessionHash,
  });
  const location = createMicrosoftIdentity(deps.config).authorizationUrl({
    state,
    codeVerifier,
    nonce: nonceFor(codeVerifier),
    loginHint: user.email,
  });
  return { location, state };
}

/**
 * Microsoft's redirect back: the state must exist, be fresh, be used once, be a Connect
 * Outlook flow and match the browser's cookie; then the code is exchanged with the PKCE
 * verifier, the grant must send and read mail and last (a refresh token), and the mailbox is
 * stored with its refresh token sealed. Answers where to send the browser.
 */
export async function completeMicrosoftConnect(
  deps: AppDeps,
  query: OAuthCallbackQuery,
  cookieState: string | undefined,
): Promise<string> {
  const { db } = deps.database;
  if (!query.state) return accountPage(deps, "error", MICROSOFT_MESSAGES.failed);
  const claimed = await claimOAuthFlow(db, query.state, cookieState);
  if (claimed.flow?.purpose !== "microsoft") {
    return accountPage(deps, "error", MICROSOFT_MESSAGES.expired);
  }
  // Stored only for the person who started it, in their own browser (issue 32).
  const owner = await mailboxFlowOwner(deps, claimed, MICROSOFT_MESSAGES.expired);
  if ("refusal" in owner) return accountPage(deps, "error", owner.refusal);
  const { userId } = owner;
  const { flow } = claimed;
  // Microsoft sent the student back: whatever the outcome, nothing is left unfinished.
  await endMailboxConnection(db, userId, "returned");
  if (query.error || !query.code) {
    return accountPage(
      deps,
      "error",
      query.error === "access_denied" ? MICROSOFT_MESSAGES.cancelled : MICROSOFT_MESSAGES.failed,
    );
  }
  let grant: Awaited<ReturnType<ReturnType<typeof createMicrosoftIdentity>["exchangeCode"]>>;
  try {
    grant = await createMicrosoftIdentity(deps.config).exchangeCode(
      query.code,
      flow.codeVerifier,
      nonceFor(flow.codeVerifier),
    );
  } catch {
    return accountPage(deps, "error", MICROSOFT_MESSAGES.failed);
  }
  if (!hasMailScopes(grant.scopes)) return accountPage(deps, "error", MICROSOFT_MESSAGES.scopes);
  if (!grant.refreshToken) return accountPage(deps, "error", MICROSOFT_MESSAGES.offline);
  await finishMailboxConnection(deps, {
    provider: "microsoft",
    userId,
    email: grant.email,
    refreshToken: grant.refreshToken,
    scopes: grant.scopes,
  });
  return accountPage(deps, "connected");
}
