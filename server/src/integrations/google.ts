import { createHmac } from "node:crypto";
import { CodeChallengeMethod, OAuth2Client } from "arctic";
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import { z } from "zod";
import type { Config } from "../config";
import { classifyOAuthError, OAuthProviderError } from "./oauth-error";

export const GOOGLE_SCOPES = {
  signIn: ["openid", "email", "profile"],
  gmail: [
    "openid",
    "email",
    "https://www.googleapis.com/auth/gmail.send",
    "https://www.googleapis.com/auth/gmail.readonly",
  ],
} as const;

/** The Gmail scopes a connection must have been granted (users can untick them on consent). */
export const REQUIRED_GMAIL_SCOPES = GOOGLE_SCOPES.gmail.filter((s) => s.includes("/gmail."));

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export interface GoogleTokens {
  accessToken: string;
  refreshToken: string | null;
  scopes: string[];
  idToken: string | null;
}

/** Why a Google call failed, so callers know whether to retry, ask the user again or stop. */
export class GoogleAuthError extends OAuthProviderError {}

const IdTokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

const classify = (error: unknown) => classifyOAuthError(error, "Google", GoogleAuthError);

const jwksCache = new Map<string, JWTVerifyGetKey>();

/**
 * Google documents its ID tokens' `iss` as either `https://accounts.google.com` or
 * `accounts.google.com`: both forms of the configured issuer are accepted.
 */
export function issuerForms(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, "");
  return bare === issuer ? [issuer, `https://${issuer}`] : [issuer, bare];
}

/**
 * The OpenID Connect nonce of a flow, derived from its PKCE verifier (which never leaves the
 * server): nothing more to store, and an ID token minted for another flow carries another nonce.
 */
export function nonceFor(codeVerifier: string): string {
  return createHmac("sha256", codeVerifier).update("reachout oidc nonce").digest("base64url");
}

/** Google OAuth 2.0 / OpenID Connect client; every URL comes from config (sandbox or Google). */
export function createGoogleClient(config: Config) {
  const google = config.google;
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const client = new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
  let jwks = jwksCache.get(google.jwksUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(google.jwksUrl));
    jwksCache.set(google.jwksUrl, jwks);
  }
  const keySet = jwks;

  return {
    redirectUri,

    /** The consent URL, with PKCE S256; offline access asks for a refresh token. */
    authorizationUrl(input: {
      state: string;
      codeVerifier: string;
      /** OpenID Connect nonce: the ID token must carry it back (see nonceFor). */
      nonce?: string;
      scopes: readonly string[];
      offline?: boolean;
      loginHint?: string;
    }): string {
      const url = client.createAuthorizationURLWithPKCE(
        google.authUrl,
        input.state,
        CodeChallengeMethod.S256,
        input.codeVerifier,
        [...input.scopes],
      );
      if (input.offline) {
        url.searchParams.set("access_type", "offline");
        // Google sends a refresh token only on a fresh consent.
        url.searchParams.set("prompt", "consent");
        url.searchParams.set("include_granted_scopes", "true");
      } else {
        url.searchParams.set("prompt", "select_account");
      }
      if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
      if (input.nonce) url.searchParams.set("nonce", input.nonce);
      return url.toString();
    },

    async exchangeCode(code: string, codeVerifier: string): Promise<GoogleTokens> {
      try {
        const tokens = await client.validateAuthorizationCode(google.tokenUrl, code, codeVerifier);
        const data = tokens.data as Record<string, unknown>;
        return {
          accessToken: tokens.accessToken(),
          refreshToken: typeof data.refresh_token === "string" ? data.refresh_token : null,
          scopes: typeof data.scope === "string" ? data.scope.split(/\s+/).filter(Boolean) : [],
          idToken: typeof data.id_token === "string" ? data.id_token : null,
        };
      } catch (error) {
        throw classify(error);
      }
    },

    /** A fresh access token for a stored refresh token; invalid_grant means the user revoked it. */
    async refreshAccessToken(
      refreshToken: string,
    ): Promise<{ accessToken: string; expiresAt: Date }> {
      try {
        const tokens = await client.refreshAccessToken(google.tokenUrl, refreshToken, []);
        return { accessToken: tokens.accessToken(), expiresAt: tokens.accessTokenExpiresAt() };
      } catch (error) {
        throw classify(error);
      }
    },

    /**
     * Verifies a Google ID token: RS256 signature from the JWKS, issuer (either documented
     * form), audience and expiry, and the nonce when the flow sent one.
     */
    async verifyIdToken(
      idToken: string,
      expected: { nonce?: string } = {},
    ): Promise<GoogleIdentity> {
      let claims: z.infer<typeof IdTokenClaims>;
      try {
        const { payload } = await jwtVerify(idToken, keySet, {
          issuer: issuerForms(google.issuer),
          audience: google.clientId,
          algorithms: ["RS256"],
          clockTolerance: 30,
        });
        claims = IdTokenClaims.parse(payload);
        if (expected.nonce !== undefined && payload.nonce !== expected.nonce) {
          throw new Error("nonce mismatch");
        }
      } catch {
        throw new GoogleAuthError("rejected", "The Google ID token is not valid");
      }
      if (claims.email_verified === false || claims.email_verified === "false") {
        throw new GoogleAuthError("rejected", "The Google account's email is not verified");
      }
      return {
        sub: claims.sub,
        email: claims.email.toLowerCase(),
        name: claims.name?.trim() || null,
        picture: claims.picture || null,
      };
    },

    /**
     * Verifies the OIDC token of a Pub/Sub push: RS256 from Google's keys, Google's issuer, the
     * push subscription's audience, and the email of its service account (verified).
     */
    async verifyPushToken(
      token: string,
      expected: { audience: string; serviceAccount: string },
    ): Promise<void> {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, keySet, {
          issuer: issuerForms(google.issuer),
          audience: expected.audience,
          algorithms: ["RS256"],
          clockTolerance: 30,
        }));
      } catch {
        throw new GoogleAuthError("rejected", "The push token is not valid");
      }
      const verified = payload.email_verified === true || payload.email_verified === "true";
      if (payload.email !== expected.serviceAccount || !verified) {
        throw new GoogleAuthError("rejected", "The push token names another service account");
      }
    },
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;
