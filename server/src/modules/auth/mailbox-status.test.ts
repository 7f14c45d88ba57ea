import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import { mailboxRow, setMailboxRow } from "../../../tests/factories";
import { connectStart, runGoogleFlow } from "../../../tests/google-flow";
import { useTestApp } from "../../../tests/helpers";

const t = useTestApp();

const mailboxStatus = (auth: Record<string, string>) =>
  t.app.inject({ url: "/api/auth/mailbox/status", headers: auth });

describe("GET /api/auth/mailbox/status", () => {
  it("answers no mailbox before a connection, then Gmail with its address", async () => {
    const { token, auth, userId } = await signUpVerified(t, "box1@uni.example");
    const before = await mailboxStatus(auth);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      provider: null,
      connected: false,
      address: null,
      unfinished_connection: false,
      unfinished_provider: null,
    });

    await runGoogleFlow(t, connectStart(token), { email: "box1@gmail.example" });
    expect((await mailboxStatus(auth)).json()).toEqual({
      provider: "gmail",
      connected: true,
      address: "box1@gmail.example",
      unfinished_connection: false,
      unfinished_provider: null,
    });
    expect((await mailboxRow(t, userId)).provider).toBe("gmail");

    // A revoked grant still names the mailbox, not connected; /auth/gmail/status agrees.
    await setMailboxRow(t, userId, { status: "revoked" });
    expect((await mailboxStatus(auth)).json()).toEqual({
      provider: "gmail",
      connected: false,
      address: "box1@gmail.example",
      unfinished_connection: false,
      unfinished_provider: null,
    });
    const gmail = await t.app.inject({ url: "/api/auth/gmail/status", headers: auth });
    expect(gmail.json()).toEqual({ connected: false });
  });

  it("needs a session", async () => {
    const response = await t.app.inject({ url: "/api/auth/mailbox/status" });
    expect(response.statusCode).toBe(401);
  });
});
