import { randomBytes } from "node:crypto";
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from "jose";

/** The identity stand-ins' random ids: tokens, codes, key ids. */
export const randomId = (bytes = 24) => randomBytes(bytes).toString("base64url");

export interface SigningKey {
  privateKey: CryptoKey;
  /** The public key as published on the stand-in's JWKS endpoint. */
  jwk: JWK;
}

/** One RS256 key per process, made at start: ID tokens are checked against the JWKS. */
export function newSigningKey(): Promise<SigningKey> {
  return generateKeyPair("RS256", { extractable: true }).then(async (pair) => ({
    privateKey: pair.privateKey,
    jwk: { ...(await exportJWK(pair.publicKey)), kid: randomId(8), alg: "RS256", use: "sig" },
  }));
}

/**
 * The live access tokens of an identity stand-in (Google, Microsoft), each carrying the grant it
 * was issued for and when it expires. `makeToken` writes a token in the provider's format.
 */
export class AccessTokens<G extends { email: string }> {
  private readonly tokens = new Map<string, G & { expiresAt: number }>();

  constructor(private readonly makeToken: () => string) {}

  /** A new token for the grant, live for ttlSeconds; expired tokens are dropped first. */
  issue(grant: G, ttlSeconds: number): string {
    const now = Date.now();
    this.deleteWhere((entry) => entry.expiresAt <= now);
    const token = this.makeToken();
    this.tokens.set(token, { ...grant, expiresAt: now + ttlSeconds * 1000 });
    return token;
  }

  /** The grant of a live token; null when unknown, expired or revoked. */
  resolve(token: string): (G & { expiresAt: number }) | null {
    const entry = this.tokens.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.tokens.delete(token);
      return null;
    }
    return entry;
  }

  /** Ends the life of current tokens (all, or one address's) so the next call must refresh. */
  expire(email?: string): void {
    const wanted = email?.trim().toLowerCase();
    this.deleteWhere((entry) => !wanted || entry.email === wanted);
  }

  /** Revokes one token; answers whether it was live. */
  delete(token: string): boolean {
    return this.tokens.delete(token);
  }

  deleteWhere(matches: (entry: G & { expiresAt: number }) => boolean): void {
    for (const [token, entry] of this.tokens) {
      if (matches(entry)) this.tokens.delete(token);
    }
  }
}

/** A JWT as the stand-in's identity provider mints it: RS256 under the published key's kid. */
export async function signJwt(
  keys: Promise<SigningKey>,
  claims: JWTPayload,
  registered: {
    issuer: string;
    audience: string;
    subject: string;
    /** Seconds since the epoch; now when absent. */
    issuedAt?: number;
    /** Seconds since the epoch, or a span from now ("1h"). */
    expiresAt: number | string;
  },
): Promise<string> {
  const { privateKey, jwk } = await keys;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
    .setIssuer(registered.issuer)
    .setAudience(registered.audience)
    .setSubject(registered.subject)
    .setIssuedAt(registered.issuedAt)
    .setExpirationTime(registered.expiresAt)
    .sign(privateKey);
}
