import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../tests/helpers";

const t = useTestApp({ AUTH_RATE_LIMIT_MAX: "3" });

const login = (email: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { email, password: "whatever-password" },
  });

describe("auth rate limits", () => {
  it("limits log-in attempts per IP with 429 and Retry-After", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login(`ip${i}@uni.example`, "10.0.0.1")).statusCode).toBe(401);
    }
    const limited = await login("ip9@uni.example", "10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(typeof limited.json().detail).toBe("string");
    // Another address is unaffected.
    expect((await login("ip9@uni.example", "10.0.0.2")).statusCode).toBe(401);
  });

  it("limits attempts on one email across many IPs", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login("target@uni.example", `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    const limited = await login("Target@uni.example", "10.1.0.99");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/Too many attempts for this email/);
  });

  it("limits sign-ups, code checks and resends too", async () => {
    const results: Record<string, number> = {};
    for (let i = 0; i < 4; i++) {
      const signup = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        remoteAddress: "10.2.0.1",
        payload: { email: `s${i}@uni.example`, password: "long enough" },
      });
      results.signup = signup.statusCode;
      const verify = await t.app.inject({
        method: "POST",
        url: "/api/auth/verify-code?email=s0@uni.example&code=000000",
        remoteAddress: `10.3.0.${i}`,
      });
      results.verify = verify.statusCode;
      const resend = await t.app.inject({
        method: "POST",
        url: "/api/auth/resend-code",
        remoteAddress: "10.4.0.1",
        payload: { email: `r${i}@uni.example` },
      });
      results.resend = resend.statusCode;
    }
    expect(results).toEqual({ signup: 429, verify: 429, resend: 429 });
  });
});
