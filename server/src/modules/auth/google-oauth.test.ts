import { MESSAGES } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import { mailboxRow, setMailboxRow, watchSweepsAskedBy } from "../../../tests/factories";
import {
  connectStart,
  followCallback,
  runGoogleFlow,
  startFlow,
  submitConsent,
} from "../../../tests/google-flow";
import { useTestApp } from "../../../tests/helpers";
import { creditLedger, oauthStates, users } from "../../db/schema";
import { decryptSecret, sha256 } from "../../lib/crypto";

const t = useTestApp();

const GMAIL_SEND = "https://www.googleapis.com/auth/gmail.send";
const GMAIL_READ = "https://www.googleapis.com/auth/gmail.readonly";
const sandbox = () =>
  (t.deps.sandbox as unknown as { google: import("@reachout/sandbox").GoogleSandbox }).google;
const gmailStatus = (auth: Record<string, string>) =>
  t.app.inject({ url: "/api/auth/gmail/status", headers: auth });

describe("Google sign-up and log-in (OpenID Connect with PKCE)", () => {
  it("asks Google for openid email profile with an S256 challenge and a state", async () => {
    const start = await t.app.inject({ url: "/api/auth/google/start?t=public_signup" });
    expect(start.statusCode).toBe(302);
    const url = new URL(String(start.headers.location));
    expect(url.pathname).toBe("/__sandbox/google/authorize");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(`${t.baseUrl}/api/auth/google/callback`);
    expect(String(start.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Lax/);
    // OpenID Connect nonce: one per flow, unguessable.
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
    const other = new URL(
      String(
        (await t.app.inject({ url: "/api/auth/google/start?t=public_signup" })).headers.location,
      ),
    );
    expect(other.searchParams.get("nonce")).not.toBe(url.searchParams.get("nonce"));
  });

  it("refuses an ID token that carries another flow's nonce, and creates no user", async () => {
    const flow = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      email: "nonce.replay@gmail.example",
      nonce: "a-nonce-of-another-flow",
    });
    expect(flow.final.pathname).toBe("/login");
    expect(flow.final.searchParams.get("error")).toBe(MESSAGES.login.googleFailed);
    const lookup = await t.app.inject({
      url: "/api/auth/auth-provider?email=nonce.replay@gmail.example",
    });
    expect(lookup.statusCode).toBe(404);
  });

  it("creates a verified user with 5 credits and lands on /auth/callback with the session", async () => {
    const flow = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      email: "grace@gmail.example",
      name: "Grace Hopper",
    });
    expect(flow.final.pathname).toBe("/auth/callback");
    const q = flow.final.searchParams;
    expect(q.get("email")).toBe("grace@gmail.example");
    expect(q.get("name")).toBe("Grace Hopper");
    expect(q.get("picture")).toContain("/__sandbox/google/avatar.svg");
    const me = await t.app.inject({
      url: "/api/user/profile",
      headers: { authorization: `Bearer ${q.get("token")}` },
    });
    expect(me.json()).toMatchObject({
      user_id: q.get("user_id"),
      credits: 5,
      name: "Grace Hopper",
    });
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, "grace@gmail.example"));
    expect(user).toMatchObject({ signupMethod: "google", passwordHash: null });
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);

    const provider = await t.app.inject({
      url: "/api/auth/signup-method?email=grace@gmail.example",
    });
    expect(provider.json()).toEqual({ signup_method: "google" });
  });

  it("finds the same user on the next Google log-in without granting credits again", async () => {
    const first = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      email: "again@gmail.example",
    });
    const second = await runGoogleFlow(t, "/api/auth/google/start?t=public_login", {
      email: "again@gmail.example",
    });
    expect(second.final.searchParams.get("user_id")).toBe(first.final.searchParams.get("user_id"));
    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, String(first.final.searchParams.get("user_id"))));
    expect(ledger).toHaveLength(1);
  });

  it("refuses Google for an email that signed up with a password", async () => {
    await signUpVerified(t, "pat@uni.example");
    const flow = await runGoogleFlow(t, "/api/auth/google/start?t=public_login", {
      email: "pat@uni.example",
    });
    expect(flow.final.pathname).toBe("/login");
    expect(flow.final.searchParams.get("error")).toBe(MESSAGES.login.usePassword);
  });

  it("sends a cancelled consent back to /login with a message", async () => {
    const flow = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      decision: "cancel",
    });
    expect(flow.callback.searchParams.get("error")).toBe("access_denied");
    expect(flow.final.pathname).toBe("/login");
    expect(flow.final.searchParams.get("error")).toBe("Google sign-in was cancelled.");
  });

  it("refuses a callback whose state is unknown, reused or not this browser's", async () => {
    const flow = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      email: "replay@gmail.example",
    });
    expect(flow.final.pathname).toBe("/auth/callback");
    // The same callback again: the state was spent.
    const replay = await followCallback(t, flow.callback, flow.cookie);
    expect(replay.pathname).toBe("/login");

    // A fresh flow whose callback arrives without the starting browser's cookie.
    const start = await t.app.inject({ url: "/api/auth/google/start?t=public_signup" });
    const state = new URL(String(start.headers.location)).searchParams.get("state");
    const foreign = await t.app.inject({
      url: `/api/auth/google/callback?code=whatever&state=${state}`,
      headers: { cookie: "ro_oauth_state=someone-else" },
    });
    const landed = new URL(String(foreign.headers.location));
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("error")).toMatch(/try again/);

    const unknown = await t.app.inject({ url: "/api/auth/google/callback?code=x&state=nope" });
    expect(new URL(String(unknown.headers.location)).pathname).toBe("/login");
  });

  it("fails the exchange when the PKCE verifier does not match the challenge", async () => {
    const start = await t.app.inject({ url: "/api/auth/google/start?t=public_signup" });
    const authorize = new URL(String(start.headers.location));
    // Tamper with the stored verifier: the sandbox token endpoint must then refuse the code.
    const state = String(authorize.searchParams.get("state"));
    await t.deps.database.db
      .update(oauthStates)
      .set({ codeVerifier: "x".repeat(64) })
      .where(eq(oauthStates.stateHash, sha256(state)));
    const callback = await submitConsent(t, authorize, {
      email: "pkce@gmail.example",
      name: "Pia Kce",
      decision: "allow",
    });
    const cookie = String(start.headers["set-cookie"]).split(";")[0];
    const landed = await followCallback(t, callback, cookie);
    expect(landed.pathname).toBe("/login");
    expect(landed.searchParams.get("error")).toBe(MESSAGES.login.googleFailed);
    const created = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, "pkce@gmail.example"));
    expect(created).toEqual([]);
  });
});

describe("Gmail connect", () => {
  it("asks for offline Gmail send and read access, bound to the signed-in user", async () => {
    const { token } = await signUpVerified(t, "conn0@uni.example");
    const start = await startFlow(t, connectStart(token));
    expect(start.statusCode).toBe(200);
    expect(start.setCookie).toMatch(/Path=\/api\/auth\/google; HttpOnly; SameSite=Lax/);
    const url = start.location as URL;
    expect(url.searchParams.get("scope")?.split(" ")).toEqual([
      "openid",
      "email",
      GMAIL_SEND,
      GMAIL_READ,
    ]);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("login_hint")).toBe("conn0@uni.example");
  });

  it("stores the refresh token encrypted, reports connected and the token works with Google", async () => {
    const { token, userId, auth } = await signUpVerified(t, "conn1@uni.example");
    expect((await gmailStatus(auth)).json()).toEqual({ connected: false });

    const flow = await runGoogleFlow(t, connectStart(token), {
      email: "conn1.mail@gmail.example",
    });
    expect(flow.final.pathname).toBe("/account");
    expect(flow.final.searchParams.get("gmail")).toBe("connected");
    expect((await gmailStatus(auth)).json()).toEqual({ connected: true });
    // The new mailbox is watched for push at once, not at the next minute's sweep.
    expect(await watchSweepsAskedBy(t, userId)).toBe(1);

    const row = await mailboxRow(t, userId);
    expect(row).toMatchObject({ email: "conn1.mail@gmail.example", status: "connected" });
    expect(row.scopes.split(" ")).toEqual(expect.arrayContaining([GMAIL_SEND, GMAIL_READ]));
    const refreshToken = decryptSecret(row.refreshTokenEnc, t.deps.config.tokenEncryptionKey);
    expect(refreshToken.startsWith("1//")).toBe(true);

    // Nothing in the database holds the refresh token in readable form.
    const rows = await t.deps.database.raw.query<{ dump: string }>(
      "select row_to_json(g)::text as dump from mailboxes g",
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const { dump } of rows.rows) expect(dump).not.toContain(refreshToken);

    // The stored token is a live grant: Google refreshes it into a working access token.
    const refreshed = await fetch(`${t.baseUrl}/__sandbox/google/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: t.deps.config.google.clientId,
        client_secret: t.deps.config.google.clientSecret,
      }),
    });
    const { access_token: accessToken } = (await refreshed.json()) as { access_token: string };
    expect(sandbox().resolveAccessToken(accessToken)).toMatchObject({
      email: "conn1.mail@gmail.example",
    });
  });

  it("refuses a grant without both Gmail scopes and stays disconnected", async () => {
    const { token, auth } = await signUpVerified(t, "conn2@uni.example");
    const flow = await runGoogleFlow(t, connectStart(token), {
      grantScopes: [GMAIL_SEND],
    });
    expect(flow.final.pathname).toBe("/account");
    expect(flow.final.searchParams.get("gmail")).toBe("error");
    expect(flow.final.searchParams.get("message")).toMatch(/send and read/);
    expect((await gmailStatus(auth)).json()).toEqual({ connected: false });
  });

  it("reconnecting replaces the stored token and a cancelled consent changes nothing", async () => {
    const { token, userId, auth } = await signUpVerified(t, "conn3@uni.example");
    await runGoogleFlow(t, connectStart(token));
    const before = await mailboxRow(t, userId);
    await setMailboxRow(t, userId, { status: "revoked" });
    expect((await gmailStatus(auth)).json()).toEqual({ connected: false });

    const cancelled = await runGoogleFlow(t, connectStart(token), {
      decision: "cancel",
    });
    expect(cancelled.final.searchParams.get("gmail")).toBe("error");
    expect((await gmailStatus(auth)).json()).toEqual({ connected: false });

    await runGoogleFlow(t, connectStart(token));
    const after = await mailboxRow(t, userId);
    expect(after.status).toBe("connected");
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
  });

  it("answers 401 to a revoked or invalid session and starts nothing", async () => {
    const { token, auth } = await signUpVerified(t, "conn4@uni.example");
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    for (const t_ of [token, "not-a-token"]) {
      const start = await startFlow(t, connectStart(t_));
      expect(start.statusCode).toBe(401);
      expect(start.location).toBeUndefined();
      expect(start.setCookie).toBe("");
    }
  });
});
