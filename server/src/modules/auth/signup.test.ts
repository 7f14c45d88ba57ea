import { MESSAGES } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sandboxMail, useTestApp } from "../../../tests/helpers";
import { creditLedger, emailVerifications, users } from "../../db/schema";

const t = useTestApp();

const signup = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/auth/signup", payload });
const userByEmail = async (email: string) =>
  (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0];

describe("POST /api/auth/signup", () => {
  it("creates an unverified account with an argon2id hash, 5 credits and an emailed 6-digit code", async () => {
    const response = await signup({ email: "  Ada@Uni.example ", password: "correct horse" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: MESSAGES.signup.success, email: "ada@uni.example" });

    const user = await userByEmail("ada@uni.example");
    expect(user.signupMethod).toBe("email");
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain("correct horse");
    expect(user.credits).toBe(5);
    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(ledger).toMatchObject([
      { delta: 5, balanceAfter: 5, reason: "signup_grant", reference: "signup" },
    ]);

    const [mail] = await sandboxMail(t, "ada@uni.example");
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [pending] = await t.deps.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id));
    expect(pending.codeHash).not.toContain(code);
    expect(pending.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses an address already registered with 409 naming the provider, and changes nothing", async () => {
    await signup({ email: "dup@uni.example", password: "password-one" });
    const before = await userByEmail("dup@uni.example");
    const again = await signup({ email: "DUP@uni.example", password: "password-two" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "This email is already registered via email. Please log in instead.",
    });
    const after = await userByEmail("dup@uni.example");
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.credits).toBe(5);
  });

  it.each([
    [{ email: "short@uni.example", password: "1234567" }, "at least 8"],
    [{ email: "long@uni.example", password: "x".repeat(129) }, "at most 128"],
    [{ email: "not-an-email", password: "long enough" }, "valid email"],
    [{ password: "long enough" }, "email"],
  ])("refuses %j with 400", async (payload, fragment) => {
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(fragment);
  });
});

describe("GET /api/auth/auth-provider and /api/auth/signup-method", () => {
  it("answers 404 with a detail for an unknown email", async () => {
    const response = await t.app.inject({
      url: "/api/auth/auth-provider?email=nobody@uni.example",
    });
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().detail).toBe("string");
  });

  it("names the sign-up method of a registered email", async () => {
    await signup({ email: "known@uni.example", password: "long enough" });
    const provider = await t.app.inject({
      url: "/api/auth/auth-provider?email=Known@uni.example",
    });
    expect(provider.json()).toEqual({ provider: "email" });
    const method = await t.app.inject({ url: "/api/auth/signup-method?email=known@uni.example" });
    expect(method.json()).toEqual({ signup_method: "email" });
  });

  it("refuses a malformed email with 400", async () => {
    const response = await t.app.inject({ url: "/api/auth/auth-provider?email=nope" });
    expect(response.statusCode).toBe(400);
  });
});
