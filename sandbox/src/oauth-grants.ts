import { createHash } from "node:crypto";
import { type Form, first } from "./oauth-form";
import { AccessTokens } from "./token-issuer";

/** What a sign-in granted: whose account, which scopes, and the OIDC nonce the app sent. */
export interface SignInGrant {
  email: string;
  name: string;
  scopes: string[];
  nonce?: string;
}

/** Where a code may be redeemed, the PKCE challenge its redemption must answer, what it yields. */
export interface CodeBinding {
  redirectUri: string;
  /**
   * Whether the exchange answers a refresh token too (Google: access_type=offline; Microsoft:
   * the offline_access scope).
   */
  offline: boolean;
  codeChallenge?: string;
  /** "S256" or "plain" (RFC 7636). */
  codeChallengeMethod: string;
}

/** Why a code was refused; each provider answers these in its own words. */
export type CodeProblem =
  | "unknown_code"
  /** A code already exchanged once (Entra answers AADSTS54005). */
  | "used_code"
  | "redirect_mismatch"
  | "missing_verifier"
  | "wrong_verifier";

const CODE_TTL_MS = 10 * 60_000;
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * An identity stand-in's grant store: authorization codes bound to a redirect URI and a PKCE
 * challenge (RFC 7636), good for one exchange within ten minutes; refresh tokens until revoked;
 * and live access tokens. `Id` is the provider's stable account id (Google's `sub`, Microsoft's
 * `oid`); the provider writes ids and tokens in its own format.
 */
export class OAuthGrants<Id extends object> {
  /** Codes already exchanged, until they would have expired: a replay is told so. */
  private readonly redeemed = new Map<string, number>();
  private readonly codes = new Map<
    string,
    { grant: SignInGrant & Id; binding: CodeBinding; expiresAt: number }
  >();
  private readonly refreshTokens = new Map<string, SignInGrant & Id & { revoked: boolean }>();
  /** Each access token keeps the refresh token it came from: revoking that one ends it too. */
  private readonly accessTokens: AccessTokens<SignInGrant & Id & { refreshToken?: string }>;

  constructor(
    private readonly provider: {
      idFor: (address: string) => Id;
      newCode: () => string;
      newRefreshToken: () => string;
      newAccessToken: () => string;
    },
  ) {
    this.accessTokens = new AccessTokens(provider.newAccessToken);
  }

  /** A code for what the student consented to, redeemable at the token endpoint once. */
  issueCode(consent: SignInGrant, binding: CodeBinding): string {
    const code = this.provider.newCode();
    const grant = { ...this.provider.idFor(consent.email), ...consent };
    this.codes.set(code, { grant, binding, expiresAt: Date.now() + CODE_TTL_MS });
    return code;
  }

  /** The grant of a code posted with its redirect_uri and code_verifier, or why it is refused. */
  redeemCode(form: Form): { grant: SignInGrant & Id; offline: boolean } | { problem: CodeProblem } {
    const code = first(form.code);
    const pending = this.codes.get(code);
    // A code is good for one exchange, whatever its outcome; a second says it was used.
    this.codes.delete(code);
    if (!pending) {
      const used = this.redeemed.get(code);
      return { problem: used !== undefined && used > Date.now() ? "used_code" : "unknown_code" };
    }
    this.redeemed.set(code, pending.expiresAt);
    if (this.redeemed.size > 10_000)
      this.redeemed.delete(this.redeemed.keys().next().value as string);
    if (pending.expiresAt <= Date.now()) return { problem: "unknown_code" };
    const { redirectUri, codeChallenge, codeChallengeMethod } = pending.binding;
    if (first(form.redirect_uri) !== redirectUri) return { problem: "redirect_mismatch" };
    if (codeChallenge) {
      const verifier = first(form.code_verifier);
      if (!verifier) return { problem: "missing_verifier" };
      const answer = codeChallengeMethod === "S256" ? s256(verifier) : verifier;
      if (answer !== codeChallenge) return { problem: "wrong_verifier" };
    }
    return { grant: pending.grant, offline: pending.binding.offline };
  }

  /** A refresh token for the grant (without its nonce: that belongs to one sign-in). */
  issueRefreshToken(grant: SignInGrant & Id): string {
    const token = this.provider.newRefreshToken();
    this.refreshTokens.set(token, { ...grant, nonce: undefined, revoked: false });
    return token;
  }

  /**
   * Grants offline access without the consent page, as if the person had accepted (tests and
   * seeds). Answers a refresh token.
   */
  grantOffline(email: string, name: string, scopes: string[]): string {
    const address = email.trim().toLowerCase();
    const id = this.provider.idFor(address);
    return this.issueRefreshToken({ ...id, email: address, name, scopes: [...scopes] });
  }

  /** The grant of a refresh token; null when unknown or revoked. */
  findRefreshToken(token: string): (SignInGrant & Id) | null {
    const grant = this.refreshTokens.get(token);
    return grant && !grant.revoked ? grant : null;
  }

  /** An access token for the grant, live for ttlSeconds, from the refresh token if one. */
  issueAccessToken(grant: SignInGrant & Id, ttlSeconds: number, refreshToken?: string): string {
    return this.accessTokens.issue({ ...grant, refreshToken }, ttlSeconds);
  }

  /** The grant of a live access token; null when unknown, expired or revoked. */
  resolveAccessToken(token: string) {
    return this.accessTokens.resolve(token);
  }

  /** Ends the life of current access tokens (all, or one address's): the next call refreshes. */
  expireAccessTokens(email?: string): void {
    this.accessTokens.expire(email);
  }

  /** Revokes every grant of an address: its refresh tokens answer invalid_grant from now on. */
  revokeEmail(email: string): void {
    const address = email.trim().toLowerCase();
    for (const grant of this.refreshTokens.values()) {
      if (grant.email === address) grant.revoked = true;
    }
    this.accessTokens.expire(address);
  }

  /**
   * Revokes one token: a refresh token (with the access tokens it gave) or an access token.
   * Answers whether it was one of ours.
   */
  revokeToken(token: string): boolean {
    const grant = this.refreshTokens.get(token);
    if (grant) {
      grant.revoked = true;
      this.accessTokens.deleteWhere((entry) => entry.refreshToken === token);
      return true;
    }
    return this.accessTokens.delete(token);
  }
}

/** Where the stand-ins are served: their own URL, or `${appUrl}/__sandbox` when mounted on the app. */
export function sandboxBase(options: { appUrl: string; sandboxUrl?: string }): string {
  return (options.sandboxUrl ?? `${options.appUrl.replace(/\/$/, "")}/__sandbox`).replace(
    /\/$/,
    "",
  );
}
