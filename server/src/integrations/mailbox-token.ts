/**
 * What Gmail and Microsoft Graph mailboxes share on the wire: access tokens from the stored
 * refresh token, cached until shortly before expiry and refreshed once when a call answers 401,
 * and the reading of network failures. The texts and the provider's auth error class come from
 * the caller.
 */
import { decryptSecret, type KeyRing } from "../lib/crypto";
import { MailboxError } from "./mailbox";
import type { OAuthProviderError } from "./oauth-error";

/** Network failures that happen before a request leaves: nothing can have been accepted. */
const NOT_SENT_CODES = ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"];
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The signal one provider request runs under: its own timeout and, where the caller set one,
 * the deadline of the whole step it belongs to (a send: token refresh, send, retry on 401).
 */
export function requestSignal(timeoutMs: number, deadline?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return deadline ? AbortSignal.any([timeout, deadline]) : timeout;
}
/** Access tokens are reused until a minute before they expire. */
const TOKEN_MARGIN_MS = 60_000;

/** Cached access tokens by the provider's key (the providers' keys never coincide). */
const tokenCache = new Map<string, { token: string; expiresAt: number }>();

/** Forgets the cached access token under a key (a reconnect or a revoked grant). */
export function forgetAccessToken(key: string): void {
  tokenCache.delete(key);
}

/** A provider's token refresh failure: GoogleAuthError, MicrosoftAuthError. */
type AuthErrorClass = abstract new (...args: never[]) => OAuthProviderError;

export interface AccessTokenSource {
  /** The cache key of this mailbox. */
  key: string;
  refreshTokenEnc: string;
  tokenEncryptionKey: KeyRing;
  /** Trades the refresh token for an access token (a rotated refresh token where one comes). */
  refresh(
    refreshToken: string,
  ): Promise<{ accessToken: string; expiresAt: Date; refreshToken?: string | null }>;
  /** Stores a refresh token the provider rotated in. */
  onNewRefreshToken?: (refreshToken: string) => Promise<void>;
  /** The deadline of the caller's whole step: a refresh still under way then is abandoned. */
  deadline?: AbortSignal;
  /** The error class `refresh` throws, whose kind says whether the grant is gone. */
  AuthError: AuthErrorClass;
  texts: {
    /** The sealed refresh token cannot be opened. */
    unreadable: string;
    /** The provider says the grant was revoked. */
    revoked: string;
    /** The token endpoint failed otherwise. */
    unreachable: string;
  };
}

/**
 * One mailbox's access tokens: `accessToken` answers the cached one or refreshes it (failures
 * are MailboxErrors); `authorized` sends a request with it and, on a 401 (which proves nothing
 * was done: the cached token may have been revoked early), refreshes once and sends again.
 */
export function mailboxAccessTokens(source: AccessTokenSource) {
  const { key, texts } = source;

  async function accessToken(): Promise<string> {
    const cached = tokenCache.get(key);
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
    let refreshToken: string;
    try {
      refreshToken = decryptSecret(source.refreshTokenEnc, source.tokenEncryptionKey);
    } catch {
      throw new MailboxError("auth_revoked", texts.unreadable);
    }
    try {
      const fresh = await withinDeadline(source.refresh(refreshToken), source.deadline);
      tokenCache.set(key, { token: fresh.accessToken, expiresAt: fresh.expiresAt.getTime() });
      if (fresh.refreshToken && fresh.refreshToken !== refreshToken && source.onNewRefreshToken) {
        // The old token stays valid a while: failing to store the new one loses nothing now.
        await source.onNewRefreshToken(fresh.refreshToken).catch(() => {});
      }
      return fresh.accessToken;
    } catch (error) {
      if (error instanceof source.AuthError && error.kind === "invalid_grant") {
        throw new MailboxError("auth_revoked", texts.revoked);
      }
      if (error instanceof source.AuthError && error.kind === "rejected") {
        throw new MailboxError("rejected", error.message);
      }
      throw new MailboxError("temporary", texts.unreachable);
    }
  }

  async function authorized(send: (token: string) => Promise<Response>): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const response = await send(await accessToken());
      if (response.status === 401 && attempt === 1) {
        await response.body?.cancel();
        tokenCache.delete(key);
        continue;
      }
      return response;
    }
  }

  return { accessToken, authorized };
}

/**
 * A token refresh raced against the step's deadline: the token endpoint's own client sets no
 * timeout, and a step bounded in time (a send, whose claim is held only so long) must not wait
 * on it past its deadline. Abandoning a refresh is safe: it changes nothing at the provider
 * that a later refresh does not repeat.
 */
function withinDeadline<T>(work: Promise<T>, deadline?: AbortSignal): Promise<T> {
  if (!deadline) return work;
  if (deadline.aborted) return Promise.reject(deadline.reason);
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(deadline.reason);
    deadline.addEventListener("abort", abandon, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", abandon));
  });
}

/**
 * A failed fetch as a MailboxError: temporary where the request never left (or may safely be
 * repeated), unknown where it may have been accepted. `service` names the API in the message.
 */
export function classifyNetwork(
  error: unknown,
  isSafeToRepeat: boolean,
  service: string,
): MailboxError {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code ?? "";
  if (NOT_SENT_CODES.includes(code)) {
    return new MailboxError("temporary", `${service} could not be reached (${code})`);
  }
  const name = (error as { name?: string }).name;
  const what =
    name === "TimeoutError" || name === "AbortError" ? "timed out" : `failed (${code || name})`;
  return new MailboxError(isSafeToRepeat ? "temporary" : "unknown", `${service} request ${what}`);
}
