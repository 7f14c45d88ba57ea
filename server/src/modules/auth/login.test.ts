import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signSessionToken, signUpVerified } from "../../../tests/auth-users";
import { useTestApp } from "../../../tests/helpers";
import { sessions } from "../../db/schema";
import { issueSession } from "../../http/auth";
import { sha256 } from "../../lib/crypto";

const t = useTestApp({ ADMIN_EMAILS: "boss@uni.example" });

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
const profile = (token: string) =>
  t.app.inject({ url: "/api/user/profile", headers: { authorization: `Bearer ${token}` } });

describe("POST /api/auth/login", () => {
  it("answers a bearer session for a verified account and the token opens the profile", async () => {
    const { userId } = await signUpVerified(t, "lina@uni.example", "lina's password");
    const response = await login("Lina@uni.example", "lina's password");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: "bearer",
      user_id: userId,
      email: "lina@uni.example",
    });

    const me = await profile(body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user_id: userId,
      email: "lina@uni.example",
      plan: "free",
      credits: 5,
      profile_picture: null,
      is_admin: false,
    });
    const credits = await t.app.inject({
      url: "/api/user/credits",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(credits.json()).toEqual({ credits: 5 });
  });

  it("answers a wrong password and an unknown email alike", async () => {
    await signUpVerified(t, "omar@uni.example", "omar's password");
    const wrong = await login("omar@uni.example", "not the password");
    const unknown = await login("nobody@uni.example", "not the password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe("Incorrect email or password.");
  });

  it("refuses an unverified account with 403 and a clear detail, and only with the right password", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "new@uni.example", password: "new password" },
    });
    const response = await login("new@uni.example", "new password");
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/verify your email/);
    expect((await login("new@uni.example", "wrong password")).statusCode).toBe(401);
  });

  it("marks configured admin addresses as admins in the profile", async () => {
    const { token } = await signUpVerified(t, "boss@uni.example");
    expect((await profile(token)).json().is_admin).toBe(true);
  });

  it("refuses an empty password with 400", async () => {
    expect((await login("omar@uni.example", "")).statusCode).toBe(400);
  });
});

describe("sessions", () => {
  it("logout revokes the session: the same token then answers 401", async () => {
    const { token, auth } = await signUpVerified(t, "leave@uni.example");
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    expect(logout.statusCode).toBe(200);
    const after = await profile(token);
    expect(after.statusCode).toBe(401);
    expect(typeof after.json().detail).toBe("string");
    const { jti } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
    const [row] = await t.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(jti)));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it("logging out one session leaves the user's other sessions alive", async () => {
    const first = await signUpVerified(t, "two@uni.example");
    const second = (await login("two@uni.example", "a long password")).json().access_token;
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: first.auth });
    expect((await profile(first.token)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it("answers 401 to a token signed with another key", async () => {
    const { userId } = await signUpVerified(t, "forge@uni.example");
    const forged = await signSessionToken({
      userId,
      jti: "made-up",
      key: new TextEncoder().encode("x".repeat(48)),
    });
    expect((await profile(forged)).statusCode).toBe(401);
  });

  it("answers 401 to an expired token even when its session row exists", async () => {
    const { userId } = await signUpVerified(t, "late@uni.example");
    const jti = "expired-session-id";
    await t.deps.database.db.insert(sessions).values({
      idHash: sha256(jti),
      userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const expired = await signSessionToken({
      userId,
      jti,
      key: t.deps.config.jwtSecret,
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    expect((await profile(expired)).statusCode).toBe(401);
  });

  it("answers 401 to a well-signed token whose session row does not exist", async () => {
    const { userId } = await signUpVerified(t, "ghost@uni.example");
    const orphan = await signSessionToken({
      userId,
      jti: "never-issued",
      key: t.deps.config.jwtSecret,
    });
    expect((await profile(orphan)).statusCode).toBe(401);
  });

  it("answers 401 to a token whose session belongs to another user", async () => {
    const a = await signUpVerified(t, "a@uni.example");
    const b = await signUpVerified(t, "b@uni.example");
    const token = await issueSession(t.deps.database.db, t.deps.config, {
      id: a.userId,
      email: "a@uni.example",
    });
    const jti = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).jti;
    const swapped = await signSessionToken({
      userId: b.userId,
      jti,
      key: t.deps.config.jwtSecret,
    });
    expect((await profile(swapped)).statusCode).toBe(401);
  });

  it("answers 401 without a token on every protected auth route", async () => {
    for (const url of ["/api/user/profile", "/api/user/credits", "/api/auth/gmail/status"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
  });
});
