import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import { mailboxRow, watchSweepsAskedBy } from "../../../tests/factories";
import {
  type ConnectStart,
  connectStart,
  followCallback,
  runGoogleFlow,
  startFlow,
  submitConsent,
} from "../../../tests/google-flow";
import { useTestApp } from "../../../tests/helpers";
import { decryptSecret } from "../../lib/crypto";

const t = useTestApp();

const SEND = "https://graph.microsoft.com/Mail.Send";
const READ = "https://graph.microsoft.com/Mail.ReadWrite";
const outlook = (token: string, confirmed?: boolean) =>
  connectStart(token, { provider: "microsoft", switch: confirmed });
const mailboxStatus = (auth: Record<string, string>) =>
  t.app.inject({ url: "/api/auth/mailbox/status", headers: auth });

/** Drives Connect Outlook as a browser: start, the sandbox consent page's form, the callback. */
async function runMicrosoftFlow(
  startWith: ConnectStart,
  choice: { email?: string; decision?: "accept" | "cancel"; scope?: string } = {},
) {
  const start = await startFlow(t, startWith);
  if (!start.location) return { start };
  const authorize = start.location;
  const { cookie } = start;
  const callback = await submitConsent(t, authorize, {
    ...(choice.scope ? { scope: choice.scope } : {}),
    email: choice.email ?? authorize.searchParams.get("login_hint") ?? "",
    name: "Ada Student",
    decision: choice.decision ?? "accept",
  });
  return { start, authorize, cookie, final: await followCallback(t, callback, cookie) };
}

describe("Connect Outlook (Microsoft identity platform, PKCE)", () => {
  it("asks the common tenant for mail send and read plus offline access, with S256", async () => {
    const { token } = await signUpVerified(t, "ms0@uni.example");
    const start = await startFlow(t, outlook(token));
    expect(start.statusCode).toBe(200);
    const url = start.location as URL;
    expect(url.pathname).toBe("/__sandbox/microsoft/common/oauth2/v2.0/authorize");
    expect(url.searchParams.get("scope")?.split(" ")).toEqual([
      "openid",
      "email",
      "offline_access",
      SEND,
      READ,
    ]);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`${t.baseUrl}/api/auth/microsoft/callback`);
    expect(url.searchParams.get("login_hint")).toBe("ms0@uni.example");
    expect(start.setCookie).toMatch(/Path=\/api\/auth\/microsoft; HttpOnly; SameSite=Lax/);
  });

  it("stores the grant sealed and the mailbox status says microsoft", async () => {
    const { token, auth, userId } = await signUpVerified(t, "ms1@uni.example");
    const flow = await runMicrosoftFlow(outlook(token), {
      email: "ms1@outlook.example",
    });
    expect(flow.final?.pathname).toBe("/account");
    expect(flow.final?.searchParams.get("outlook")).toBe("connected");
    // The new mailbox gets its Graph subscription at once, not at the next minute's sweep.
    expect(await watchSweepsAskedBy(t, userId)).toBe(1);
    expect((await mailboxStatus(auth)).json()).toMatchObject({
      provider: "microsoft",
      connected: true,
      address: "ms1@outlook.example",
    });
    // The spec's Gmail status (§7) keeps its meaning: no Gmail is connected.
    const gmail = await t.app.inject({ url: "/api/auth/gmail/status", headers: auth });
    expect(gmail.json()).toEqual({ connected: false });
    const row = await mailboxRow(t, userId);
    expect(row.provider).toBe("microsoft");
    const refreshToken = decryptSecret(row.refreshTokenEnc, t.deps.config.tokenEncryptionKey);
    expect(refreshToken.startsWith("M.")).toBe(true);
    expect(row.refreshTokenEnc).not.toContain(refreshToken);
  });

  it("refuses a grant without mail access or a cancelled consent, and stays disconnected", async () => {
    const { token, auth } = await signUpVerified(t, "ms2@uni.example");
    const noMail = await runMicrosoftFlow(outlook(token), {
      scope: "openid email offline_access",
    });
    expect(noMail.final?.searchParams.get("outlook")).toBe("error");
    expect(noMail.final?.searchParams.get("message")).toMatch(/send and read/);
    const cancelled = await runMicrosoftFlow(outlook(token), {
      decision: "cancel",
    });
    expect(cancelled.final?.searchParams.get("message")).toBe("Outlook connection was cancelled.");
    expect((await mailboxStatus(auth)).json()).toMatchObject({
      provider: null,
      connected: false,
      address: null,
    });
  });

  it("refuses a callback without the browser's state cookie", async () => {
    const { token, auth } = await signUpVerified(t, "ms3@uni.example");
    const start = await startFlow(t, outlook(token));
    const callback = await submitConsent(t, start.location as URL, {
      email: "ms3@outlook.example",
      name: "Ada",
      decision: "accept",
    });
    const landed = await followCallback(t, callback);
    expect(landed.searchParams.get("outlook")).toBe("error");
    expect((await mailboxStatus(auth)).json().provider).toBeNull();
  });

  it("one mailbox at a time: switching from Gmail asks first (409), then replaces it", async () => {
    const { token, auth } = await signUpVerified(t, "ms4@uni.example");
    await runGoogleFlow(t, connectStart(token), { email: "ms4@gmail.example" });
    const refused = await startFlow(t, outlook(token));
    expect(refused.statusCode).toBe(409);
    expect(JSON.parse(refused.body).detail).toMatch(
      /Gmail mailbox \(ms4@gmail\.example\).*one mailbox at a time/,
    );
    expect((await mailboxStatus(auth)).json().provider).toBe("gmail");

    const flow = await runMicrosoftFlow(outlook(token, true), {
      email: "ms4@outlook.example",
    });
    expect(flow.final?.searchParams.get("outlook")).toBe("connected");
    expect((await mailboxStatus(auth)).json()).toMatchObject({
      provider: "microsoft",
      connected: true,
      address: "ms4@outlook.example",
    });
    // And back: Connect Gmail asks too.
    const back = await startFlow(t, connectStart(token));
    expect(back.statusCode).toBe(409);
    expect(JSON.parse(back.body).detail).toMatch(/Outlook mailbox/);
  });
});
