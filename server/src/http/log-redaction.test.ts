import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction";

describe("redactUrl", () => {
  it("hides session tokens, OAuth codes, states and verification codes", () => {
    expect(redactUrl("/api/auth/google/start?t=eyJhbGciOi.x.y")).toBe(
      "/api/auth/google/start?t=%5BREDACTED%5D",
    );
    const callback = redactUrl("/api/auth/google/callback?code=4%2Fabc&state=s3cr3t&scope=openid");
    expect(callback).not.toContain("abc");
    expect(callback).not.toContain("s3cr3t");
    expect(callback).toContain("scope=openid");
    expect(redactUrl("/api/auth/verify-code?email=a%40b.example&code=123456")).not.toContain(
      "123456",
    );
  });

  it("leaves URLs without secrets as they are", () => {
    expect(redactUrl("/api/health")).toBe("/api/health");
    expect(redactUrl("/api/contacts?page=2")).toBe("/api/contacts?page=2");
  });
});
