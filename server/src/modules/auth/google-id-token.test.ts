import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MESSAGES } from "@reachout/contract";
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import { createTestApp, type TestApp } from "../../../tests/helpers";

const ISSUER = "https://accounts.google.test";
const CLIENT_ID = "reachout-sandbox.apps.example";

let t: TestApp;
let jwks: Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

/** A stand-in for Google's certificate endpoint, serving one RS256 public key. */
beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  jwks = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    GOOGLE_ISSUER: ISSUER,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => jwks?.close(resolve));
});

interface TokenOptions {
  email?: string;
  sub?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  key?: CryptoKey;
  emailVerified?: boolean;
}

function idToken(options: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: options.email ?? "ida@gmail.example",
    email_verified: options.emailVerified ?? true,
    name: "Ida Token",
    picture: "https://images.example/ida.png",
  })
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(options.sub ?? "109876543210987654321")
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? googleKey);
}

const googleAuth = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/google-auth", payload: { token } });

describe("POST /api/auth/google-auth", () => {
  it("exchanges a valid Google ID token for a session of a new, verified user with 5 credits", async () => {
    const response = await googleAuth(await idToken());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: "bearer", email: "ida@gmail.example" });
    const me = await t.app.inject({
      url: "/api/user/profile",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toMatchObject({
      user_id: body.user_id,
      credits: 5,
      name: "Ida Token",
      profile_picture: "https://images.example/ida.png",
    });

    const again = await googleAuth(await idToken());
    expect(again.json().user_id).toBe(body.user_id);
  });

  it("accepts both documented issuer forms (with and without https://)", async () => {
    for (const issuer of [ISSUER, ISSUER.replace("https://", "")]) {
      const response = await googleAuth(
        await idToken({ issuer, email: "iss.forms@gmail.example" }),
      );
      expect(response.statusCode, issuer).toBe(200);
    }
  });

  it.each([
    ["another audience", { audience: "someone-else.apps.example" }],
    ["another issuer", { issuer: "https://evil.example" }],
    ["an expired token", { expiresAt: Math.floor(Date.now() / 1000) - 300 }],
    ["a key Google does not publish", { key: undefined as unknown as CryptoKey, stranger: true }],
    ["an unverified email", { emailVerified: false }],
  ])("refuses %s with 401 and creates no user", async (_label, raw) => {
    const { stranger, ...options } = raw as TokenOptions & { stranger?: boolean };
    const email = `refused.${Math.random().toString(36).slice(2)}@gmail.example`;
    const token = await idToken({
      ...options,
      key: stranger ? strangerKey : (options.key ?? googleKey),
      email,
      sub: String(Date.now()),
    });
    const response = await googleAuth(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.login.googleFailed });
    const lookup = await t.app.inject({
      url: `/api/auth/auth-provider?email=${encodeURIComponent(email)}`,
    });
    expect(lookup.statusCode).toBe(404);
  });

  it("refuses a token that is not a JWT at all", async () => {
    expect((await googleAuth("not.a.jwt")).statusCode).toBe(401);
    expect((await googleAuth("")).statusCode).toBe(400);
  });

  it("refuses Google for an account that signed up with a password", async () => {
    await signUpVerified(t, "pw@uni.example");
    const response = await googleAuth(
      await idToken({ email: "pw@uni.example", sub: "100000000000000000001" }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: MESSAGES.login.usePassword });
  });
});
