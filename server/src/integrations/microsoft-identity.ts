import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { decodeJwt } from "jose";
import { z } from "zod";
import type { Config } from "../config";
import { classifyOAuthError, OAuthProviderError } from "./oauth-error";

/**
 * What Reachout asks a Microsoft account for: sign-in (openid email), lasting access
 * (offline_access), sending mail and reading it (Mail.ReadWrite: Graph's delta query and the
 * conversation read). Nothing broader.
 */
export const MICROSOFT_SCOPES = [
  "openid",
  "email",
  "offline_access",
  "https://graph.microsoft.com/Mail.Send",
  "https://graph.microsoft.com/Mail.ReadWrite",
] as const;
const GRAPH_SCOPES = MICROSOFT_SCOPES.filter((s) => s.startsWith("https://"));

/** Microsoft may answer scopes with or without Graph's prefix, in any case. */
const scopeName = (scope: string) =>
  scope.replace(/^https:\/\/graph\.microsoft\.com\//i, "").toLowerCase();

/** Whether a grant can send and read mail (a user may consent to less on a work account). */
export function hasMailScopes(granted: string[]): boolean {
  const names = granted.map(scopeName);
  return (
    names.includes("mail.send") && (names.includes("mail.readwrite") || names.includes("mail.read"))
  );
}

export class MicrosoftAuthError extends OAuthProviderError {}

const classifyAuth = (error: unknown) => classifyOAuthError(error, "Microsoft", MicrosoftAuthError);

const IdClaims = z.object({
  aud: z.string(),
  email: z.string().email().optional(),
  preferred_username: z.string().optional(),
  name: z.string().optional(),
  nonce: z.string().optional(),
});

/** The Microsoft identity platform (OAuth 2.0 authorization code with PKCE, tenant "common"). */
export function createMicrosoftIdentity(config: Config) {
  const ms = config.microsoft;
  const redirectUri = `${config.publicUrl}/api/auth/microsoft/callback`;
  const client = new OAuth2Client(ms.clientId, ms.clientSecret, redirectUri);
  const tokenUrl = `${ms.authorityUrl}/oauth2/v2.0/token`;

  return {
    redirectUri,

    /** The consent URL, with PKCE S256 and the OpenID Connect nonce. */
    authorizationUrl(input: {
      state: string;
      codeVerifier: string;
      nonce: string;
      loginHint?: string;
    }): string {
      const url = client.createAuthorizationURLWithPKCE(
        `${ms.authorityUrl}/oauth2/v2.0/authorize`,
        input.state,
        CodeChallengeMethod.S256,
        input.codeVerifier,
        [...MICROSOFT_SCOPES],
      );
      url.searchParams.set("response_mode", "query");
      url.searchParams.set("nonce", input.nonce);
      url.searchParams.set("prompt", "select_account");
      if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
      return url.toString();
    },

    /**
     * Exchanges the code. The ID token comes straight from the token endpoint over TLS, so its
     * issuer is Microsoft's by the connection (OpenID Connect Core 3.1.3.7); its audience and
     * nonce are checked here. Answers the mailbox's address, the grant and its scopes.
     */
    async exchangeCode(code: string, codeVerifier: string, nonce: string) {
      let data: Record<string, unknown>;
      try {
        const tokens = await client.validateAuthorizationCode(tokenUrl, code, codeVerifier);
        data = tokens.data as Record<string, unknown>;
      } catch (error) {
        throw classifyAuth(error);
      }
      const idToken = typeof data.id_token === "string" ? data.id_token : "";
      let claims: z.infer<typeof IdClaims>;
      try {
        claims = IdClaims.parse(decodeJwt(idToken));
      } catch {
        throw new MicrosoftAuthError("rejected", "Microsoft's ID token could not be read");
      }
      if (claims.aud !== ms.clientId || claims.nonce !== nonce) {
        throw new MicrosoftAuthError("rejected", "Microsoft's ID token is not for this sign-in");
      }
      const email = (claims.email ?? claims.preferred_username ?? "").trim().toLowerCase();
      if (!z.string().email().safeParse(email).success) {
        throw new MicrosoftAuthError("rejected", "Microsoft did not name the mailbox's address");
      }
      return {
        email,
        refreshToken: typeof data.refresh_token === "string" ? data.refresh_token : null,
        scopes: typeof data.scope === "string" ? data.scope.split(/\s+/).filter(Boolean) : [],
      };
    },

    /** A fresh access token for a stored refresh token; invalid_grant means it was revoked. */
    async refreshAccessToken(refreshToken: string) {
      try {
        const tokens = await client.refreshAccessToken(tokenUrl, refreshToken, [...GRAPH_SCOPES]);
        return {
          accessToken: tokens.accessToken(),
          expiresAt: tokens.accessTokenExpiresAt(),
          // Microsoft answers a new refresh token on every refresh (the old one ages out).
          refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
        };
      } catch (error) {
        throw classifyAuth(error);
      }
    },
  };
}
