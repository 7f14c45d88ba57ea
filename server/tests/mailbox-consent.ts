import { createHash } from "node:crypto";
import type { Config } from "../src/config";
import type { DbOrTx } from "../src/db/client";
import type { MailboxProviderName } from "../src/integrations/mailbox";
import { saveMailboxConnection } from "../src/modules/auth";

/** A form POST to the sandbox (in-process inject or over HTTP): its status, Location and JSON. */
export type SandboxPost = (
  path: string,
  form: Record<string, string>,
) => Promise<{ status: number; location: string | null; json: () => Promise<unknown> }>;

/** Form POSTs over HTTP to a sandbox server at baseUrl, as a browser or the app makes them. */
export const sandboxFormPost =
  (baseUrl: string): SandboxPost =>
  async (path, form) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    return {
      status: response.status,
      location: response.headers.get("location"),
      json: () => response.json(),
    };
  };

const SCOPES: Record<MailboxProviderName, string[]> = {
  gmail: [
    "openid",
    "email",
    "https://www.googleapis.com/auth/gmail.send",
    "https://www.googleapis.com/auth/gmail.readonly",
  ],
  microsoft: [
    "openid",
    "email",
    "offline_access",
    "https://graph.microsoft.com/Mail.Send",
    "https://graph.microsoft.com/Mail.ReadWrite",
  ],
};

const VERIFIER = "reachout-test-verifier-0123456789-abcdefghijk";

/**
 * Connects a mailbox the way the app does: the provider stand-in's consent (a code with offline
 * access; PKCE for Microsoft), the token exchange, then the auth module stores the refresh token.
 */
export async function connectMailbox(
  post: SandboxPost,
  db: DbOrTx,
  config: Config,
  input: { provider: MailboxProviderName; userId: string; email: string; redirectBase: string },
): Promise<void> {
  const { provider, email } = input;
  const scope = SCOPES[provider].join(" ");
  const client =
    provider === "gmail"
      ? { client_id: config.google.clientId, client_secret: config.google.clientSecret }
      : { client_id: config.microsoft.clientId, client_secret: config.microsoft.clientSecret };
  const paths =
    provider === "gmail"
      ? {
          authorize: "/__sandbox/google/authorize",
          token: "/__sandbox/google/token",
          callback: "/api/auth/google/callback",
        }
      : {
          authorize: "/__sandbox/microsoft/common/oauth2/v2.0/authorize",
          token: "/__sandbox/microsoft/common/oauth2/v2.0/token",
          callback: "/api/auth/microsoft/callback",
        };
  const redirectUri = `${input.redirectBase}${paths.callback}`;
  const consent = await post(paths.authorize, {
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope,
    state: "test",
    email,
    name: "Ada Lovelace",
    ...(provider === "gmail"
      ? { access_type: "offline", decision: "allow" }
      : {
          code_challenge: createHash("sha256").update(VERIFIER).digest("base64url"),
          code_challenge_method: "S256",
          decision: "accept",
        }),
  });
  const code = new URL(String(consent.location)).searchParams.get("code");
  if (!code) throw new Error(`consent answered ${consent.status}`);
  const token = await post(paths.token, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    ...client,
    ...(provider === "microsoft" ? { code_verifier: VERIFIER } : {}),
  });
  const { refresh_token: refreshToken } = (await token.json()) as { refresh_token: string };
  await saveMailboxConnection(db, config, {
    provider,
    userId: input.userId,
    email,
    refreshToken,
    scopes: SCOPES[provider],
  });
}
