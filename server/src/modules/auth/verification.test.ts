import { MESSAGES } from "@reachout/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { latestCode } from "../../../tests/auth-users";
import { useTestApp } from "../../../tests/helpers";
import { emailVerifications, users } from "../../db/schema";

const t = useTestApp();

const signup = (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password: "a long password" },
  });
const verify = (email: string, code: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/auth/verify-code?${new URLSearchParams({ email, code })}`,
  });
const resend = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/resend-code", payload: { email } });
const isVerified = async (email: string) =>
  Boolean(
    (await t.deps.database.db.select().from(users).where(eq(users.email, email)))[0]
      ?.emailVerifiedAt,
  );
/** A 6-digit code that is not the right one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /api/auth/verify-code", () => {
  it("verifies the email with the mailed code and spends the code", async () => {
    await signup("v1@uni.example");
    const code = await latestCode(t, "v1@uni.example");
    const response = await verify("v1@uni.example", code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.verify.success });
    expect(await isVerified("v1@uni.example")).toBe(true);
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, "v1@uni.example"));
    const pending = await t.deps.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id));
    expect(pending).toEqual([]);
  });

  it("counts wrong codes down and, after 5, refuses even the right code until a new one is sent", async () => {
    await signup("v2@uni.example");
    const code = await latestCode(t, "v2@uni.example");
    const bad = wrongCode(code);
    const details: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await verify("v2@uni.example", bad);
      expect(response.statusCode).toBe(400);
      details.push(response.json().detail);
    }
    expect(details[0]).toBe("Incorrect code. 4 attempts left.");
    expect(details[3]).toBe("Incorrect code. 1 attempt left.");
    expect(details[4]).toBe("Too many incorrect attempts. Request a new code.");

    const right = await verify("v2@uni.example", code);
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toBe("Too many incorrect attempts. Request a new code.");
    expect(await isVerified("v2@uni.example")).toBe(false);

    expect((await resend("v2@uni.example")).statusCode).toBe(200);
    const fresh = await latestCode(t, "v2@uni.example");
    expect((await verify("v2@uni.example", fresh)).statusCode).toBe(200);
    expect(await isVerified("v2@uni.example")).toBe(true);
  });

  it("refuses an expired code", async () => {
    await signup("v3@uni.example");
    const code = await latestCode(t, "v3@uni.example");
    const [user] = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, "v3@uni.example"));
    await t.deps.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, user.id));
    // Its 15 minutes run from when its email reached the mail server: that was 16 minutes ago.
    await t.deps.database.raw.query(
      `update system_email_handovers set handed_at = now() - interval '16 minutes'
       where message_id = (select message_id from email_verifications where user_id = $1)`,
      [user.id],
    );
    const response = await verify("v3@uni.example", code);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe("This code has expired. Request a new code.");
    expect(await isVerified("v3@uni.example")).toBe(false);
  });

  it("makes the previous code useless once a new one is sent", async () => {
    await signup("v4@uni.example");
    const first = await latestCode(t, "v4@uni.example");
    await resend("v4@uni.example");
    const second = await latestCode(t, "v4@uni.example");
    // (A one-in-a-million chance that both codes are equal; a fresh code is random.)
    expect((await verify("v4@uni.example", first)).statusCode).toBe(400);
    expect((await verify("v4@uni.example", second)).statusCode).toBe(200);
  });

  it.each([["12345"], ["1234567"], ["abcdef"]])(
    "refuses the malformed code %s with the spec's message (§5)",
    async (code) => {
      const response = await verify("v1@uni.example", code);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toContain(MESSAGES.verify.codeLength);
    },
  );

  it("answers 400 for an email with no pending code", async () => {
    const response = await verify("ghost@uni.example", "123456");
    expect(response.statusCode).toBe(400);
  });
});

describe("POST /api/auth/resend-code", () => {
  it("answers 404 for an unknown email and 409 for a verified one", async () => {
    expect((await resend("nobody@uni.example")).statusCode).toBe(404);
    expect((await resend("v1@uni.example")).statusCode).toBe(409);
  });
});
