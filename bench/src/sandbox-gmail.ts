/**
 * The sandbox Google and Gmail stand-ins, over HTTP, as a person's browser and Gmail would use
 * them: consent, token exchange, sends and replies. Their state lives in the stand-ins' process
 * (`baseUrl`, where sandbox/src/serve.ts listens).
 */
import type { Config } from "../../server/src/config";

const GMAIL_SCOPES = [
  "openid",
  "email",
  "https://www.googleapis.com/auth/gmail.send",
  "https://www.googleapis.com/auth/gmail.readonly",
];

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual" as const,
});

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok)
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export class SandboxGmail {
  constructor(
    private readonly baseUrl: string,
    private readonly config: Config,
  ) {}

  /** Consent and code exchange: the refresh token the app would store, and the scopes. */
  async grantOfflineAccess(email: string, name: string) {
    const redirectUri = `${this.config.publicUrl}/api/auth/google/callback`;
    const consent = await fetch(
      `${this.baseUrl}/__sandbox/google/authorize`,
      form({
        client_id: this.config.google.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: GMAIL_SCOPES.join(" "),
        access_type: "offline",
        state: "bench",
        decision: "allow",
        email,
        name,
      }),
    );
    const code = new URL(consent.headers.get("location") ?? "http://x/").searchParams.get("code");
    if (!code) throw new Error(`the sandbox consent answered ${consent.status}`);
    const token = await json<{ refresh_token: string }>(
      await fetch(
        `${this.baseUrl}/__sandbox/google/token`,
        form({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: this.config.google.clientId,
          client_secret: this.config.google.clientSecret,
        }),
      ),
      "token exchange",
    );
    return { refreshToken: token.refresh_token, scopes: GMAIL_SCOPES };
  }

  async accessToken(refreshToken: string): Promise<string> {
    const token = await json<{ access_token: string }>(
      await fetch(
        `${this.baseUrl}/__sandbox/google/token`,
        form({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: this.config.google.clientId,
          client_secret: this.config.google.clientSecret,
        }),
      ),
      "token refresh",
    );
    return token.access_token;
  }

  async send(accessToken: string, raw: Buffer, threadId?: string) {
    return json<{ id: string; threadId: string }>(
      await fetch(`${this.baseUrl}/__sandbox/gmail/gmail/v1/users/me/messages/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({ raw: raw.toString("base64url"), ...(threadId ? { threadId } : {}) }),
      }),
      "messages.send",
    );
  }

  /** The recipient of the thread answers (the sandbox's test control). */
  async reply(threadId: string, text: string) {
    return json<{ id: string; message_id: string }>(
      await fetch(`${this.baseUrl}/__sandbox/gmail/reply`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ thread_id: threadId, text }),
      }),
      "reply",
    );
  }

  async historyId(accessToken: string): Promise<string> {
    const profile = await json<{ historyId: string }>(
      await fetch(`${this.baseUrl}/__sandbox/gmail/gmail/v1/users/me/profile`, {
        headers: { authorization: `Bearer ${accessToken}` },
      }),
      "profile",
    );
    return profile.historyId;
  }

  /** What a mailbox sent, as Gmail recorded it (send times included). */
  async sentFrom(address: string) {
    return json<
      Array<{ id: string; message_id: string; to: string; subject: string; sent_at: string }>
    >(
      await fetch(`${this.baseUrl}/__sandbox/gmail/sent.json?from=${encodeURIComponent(address)}`),
      "sent.json",
    );
  }
}
