import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { GoogleSandbox } from "./google";

const CLIENT = { clientId: "client-1.apps.example", clientSecret: "secret-1" };
const REDIRECT = "/api/auth/google/callback";
const GMAIL =
  "https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.readonly";

let app: FastifyInstance;
let base: string;
let google: GoogleSandbox;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = Fastify();
  google = new GoogleSandbox({ appUrl: base, ...CLIENT });
  await app.register(google.plugin, { prefix: "/__sandbox/google" });
  app.get(REDIRECT, async () => "callback");
  await app.listen({ port, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.close();
});

const verifier = `${"v".repeat(43)}-pkce-verifier`;
const challenge = createHash("sha256").update(verifier).digest("base64url");

function authorizeParams(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: `${base}${REDIRECT}`,
    response_type: "code",
    scope: `openid email ${GMAIL}`,
    state: "state-123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    access_type: "offline",
    ...overrides,
  });
}

async function consent(fields: Record<string, string | string[]> = {}, params = authorizeParams()) {
  const form = new URLSearchParams(params);
  form.set("email", "Student-1@gmail.example");
  form.set("name", "Stu Dent");
  form.set("decision", "allow");
  for (const [key, value] of Object.entries(fields)) {
    form.delete(key);
    for (const v of [value].flat()) form.append(key, v);
  }
  const response = await app.inject({
    method: "POST",
    url: "/__sandbox/google/authorize",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
  return { response, location: new URL(String(response.headers.location ?? `${base}/none`)) };
}

async function token(fields: Record<string, string>, basic = true) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const body = new URLSearchParams(fields);
  if (basic) {
    headers.authorization = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT.clientId);
    body.set("client_secret", CLIENT.clientSecret);
  }
  const response = await app.inject({
    method: "POST",
    url: "/__sandbox/google/token",
    headers,
    payload: body.toString(),
  });
  return { status: response.statusCode, body: response.json() };
}

async function codeFor(fields: Record<string, string | string[]> = {}) {
  const { location } = await consent(fields);
  return String(location.searchParams.get("code"));
}

describe("consent page", () => {
  it("shows a form with a fresh test address, a name and Allow / Cancel, without scripts", async () => {
    const response = await app.inject({ url: `/__sandbox/google/authorize?${authorizeParams()}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/name="email"[^>]*value="student-[a-z0-9_-]+@gmail\.example"/i);
    expect(html).toContain('name="name"');
    expect(html).toContain(">Allow</button>");
    expect(html).toContain(">Cancel</button>");
    expect(html).toContain("Send email on your behalf");
    expect(html).not.toContain("<script");
  });

  it("prefills the address from login_hint", async () => {
    const params = authorizeParams({ login_hint: "me@gmail.example" });
    const response = await app.inject({ url: `/__sandbox/google/authorize?${params}` });
    expect(response.body).toContain('value="me@gmail.example"');
  });

  it.each([
    ["an unknown client", { client_id: "other" }, "invalid_client"],
    [
      "a redirect to another site",
      { redirect_uri: "https://evil.example/cb" },
      "redirect_uri_mismatch",
    ],
    ["a plain PKCE challenge", { code_challenge_method: "plain" }, "S256"],
  ])("shows an error page, never a redirect, for %s", async (_label, override, text) => {
    const response = await app.inject({
      url: `/__sandbox/google/authorize?${authorizeParams(override)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text);
    const posted = await consent({}, authorizeParams(override));
    expect(posted.response.statusCode).toBe(400);
  });

  it("Cancel redirects back with error=access_denied and the state", async () => {
    const { response, location } = await consent({ decision: "cancel" });
    expect(response.statusCode).toBe(302);
    expect(location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("state-123");
  });

  it("Allow redirects back with a code, the state and the granted scopes", async () => {
    const { location } = await consent();
    expect(location.searchParams.get("code")).toMatch(/^4\//);
    expect(location.searchParams.get("state")).toBe("state-123");
    expect(location.searchParams.get("scope")).toBe(`openid email ${GMAIL}`);
  });
});

describe("token endpoint", () => {
  it("exchanges a code with the right PKCE verifier for tokens and a verifiable id_token", async () => {
    const code = await codeFor();
    const { status, body } = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${base}${REDIRECT}`,
      code_verifier: verifier,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 3600,
      scope: `openid email ${GMAIL}`,
    });
    expect(body.refresh_token).toMatch(/^1\/\//);

    const keys = createRemoteJWKSet(new URL(`${base}/__sandbox/google/jwks`));
    const { payload } = await jwtVerify(body.id_token, keys, {
      issuer: `${base}/__sandbox/google`,
      audience: CLIENT.clientId,
    });
    expect(payload).toMatchObject({
      email: "student-1@gmail.example",
      email_verified: true,
      name: "Stu Dent",
    });
    expect(payload.sub).toMatch(/^\d{21}$/);

    expect(google.resolveAccessToken(body.access_token)).toEqual({
      email: "student-1@gmail.example",
      name: "Stu Dent",
      scopes: ["openid", "email", ...GMAIL.split(" ")],
    });
    const info = await app.inject({
      url: "/__sandbox/google/userinfo",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(info.json()).toMatchObject({ email: "student-1@gmail.example", sub: payload.sub });
  });

  it("gives the same subject to the same address every time", async () => {
    const subject = async () => {
      const { body } = await token({
        grant_type: "authorization_code",
        code: await codeFor(),
        redirect_uri: `${base}${REDIRECT}`,
        code_verifier: verifier,
      });
      return JSON.parse(Buffer.from(body.id_token.split(".")[1], "base64url").toString()).sub;
    };
    expect(await subject()).toBe(await subject());
  });

  it("refuses a wrong or missing PKCE verifier, and a code used twice", async () => {
    const redirect = `${base}${REDIRECT}`;
    const wrong = await token({
      grant_type: "authorization_code",
      code: await codeFor(),
      redirect_uri: redirect,
      code_verifier: `${verifier}x`,
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    const missing = await token({
      grant_type: "authorization_code",
      code: await codeFor(),
      redirect_uri: redirect,
    });
    expect(missing).toMatchObject({ status: 400, body: { error: "invalid_grant" } });

    const code = await codeFor();
    const once = await token(
      { grant_type: "authorization_code", code, redirect_uri: redirect, code_verifier: verifier },
      false,
    );
    expect(once.status).toBe(200);
    const twice = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
    });
    expect(twice).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses wrong client credentials with invalid_client", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/__sandbox/google/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: "x",
        client_id: CLIENT.clientId,
        client_secret: "wrong",
      }).toString(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe("invalid_client");
  });

  it("grants only the Gmail scopes left ticked on the consent page", async () => {
    const code = await codeFor({
      granular: "1",
      grant_scope: "https://www.googleapis.com/auth/gmail.readonly",
    });
    const { body } = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: `${base}${REDIRECT}`,
      code_verifier: verifier,
    });
    expect(body.scope).toBe("openid email https://www.googleapis.com/auth/gmail.readonly");
  });
});

describe("refresh, expiry and revocation", () => {
  async function grant(email: string) {
    const code = await codeFor({ email });
    return (
      await token({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${base}${REDIRECT}`,
        code_verifier: verifier,
      })
    ).body as { access_token: string; refresh_token: string };
  }

  it("refreshes into a new working access token; expired access tokens stop resolving", async () => {
    const first = await grant("refresh@gmail.example");
    google.grants.expireAccessTokens("refresh@gmail.example");
    expect(google.resolveAccessToken(first.access_token)).toBeNull();
    const refreshed = await token({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(google.resolveAccessToken(refreshed.body.access_token)?.email).toBe(
      "refresh@gmail.example",
    );
  });

  it("lets access tokens expire after the configured lifetime", async () => {
    google.accessTokenTtlSeconds = 0;
    try {
      const { access_token } = await grant("short@gmail.example");
      expect(google.resolveAccessToken(access_token)).toBeNull();
    } finally {
      google.accessTokenTtlSeconds = 3600;
    }
  });

  it("POST /revoke {email} makes that address's refresh tokens answer invalid_grant", async () => {
    const kept = await grant("keep@gmail.example");
    const gone = await grant("gone@gmail.example");
    const revoke = await app.inject({
      method: "POST",
      url: "/__sandbox/google/revoke",
      payload: { email: "Gone@gmail.example" },
    });
    expect(revoke.statusCode).toBe(200);
    expect(google.resolveAccessToken(gone.access_token)).toBeNull();
    expect(
      await token({ grant_type: "refresh_token", refresh_token: gone.refresh_token }),
    ).toMatchObject({
      status: 400,
      body: { error: "invalid_grant" },
    });
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: kept.refresh_token })).status,
    ).toBe(200);
  });

  it("revokes a single refresh token the way Google's endpoint does", async () => {
    const one = await grant("single@gmail.example");
    const revoke = await app.inject({
      method: "POST",
      url: "/__sandbox/google/revoke",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${encodeURIComponent(one.refresh_token)}`,
    });
    expect(revoke.statusCode).toBe(200);
    expect(
      (await token({ grant_type: "refresh_token", refresh_token: one.refresh_token })).status,
    ).toBe(400);
  });

  it("answers userinfo without a live token with 401", async () => {
    const response = await app.inject({
      url: "/__sandbox/google/userinfo",
      headers: { authorization: "Bearer ya29.unknown" },
    });
    expect(response.statusCode).toBe(401);
  });
});
