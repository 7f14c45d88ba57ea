import type { TestApp } from "./helpers";

export interface ConsentChoice {
  /** The Google account to consent as (default: the login hint, else a fresh sandbox address). */
  email?: string;
  name?: string;
  /** "cancel" answers access_denied. */
  decision?: "allow" | "cancel";
  /** Optional scopes left ticked on the consent page (default: all that were asked). */
  grantScopes?: string[];
  /** Replaces the nonce the app sent (as an ID token minted for another flow would carry). */
  nonce?: string;
}

export interface GoogleFlow {
  /** Where the app sent the browser at the end (the SPA page with its query). */
  final: URL;
  /** The sandbox consent request the app made (client_id, scope, code_challenge...). */
  authorize: URLSearchParams;
  /** Google's redirect back to the app, with code and state (or error). */
  callback: URL;
  /** The state cookie the app set at the start. */
  cookie: string;
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** Connecting a mailbox: the signed-in page's POST (bearer), never a link (issue 32). */
export interface ConnectStart {
  provider: "google" | "microsoft";
  token: string;
  switch?: boolean;
}

/** Connect Gmail (or Outlook) as the signed-in page starts it. */
export const connectStart = (
  token: string,
  options: { provider?: ConnectStart["provider"]; switch?: boolean } = {},
): ConnectStart => ({ provider: options.provider ?? "google", token, switch: options.switch });

export interface StartedFlow {
  statusCode: number;
  /** The provider's authorization URL the browser goes to (absent when the start refused). */
  location?: URL;
  /** The state cookie the app set for this browser ("" when none). */
  cookie: string;
  setCookie: string;
  body: string;
}

/**
 * Starts a flow as the browser does: a sign-in link (GET of a start path, answered by a
 * redirect) or a mailbox connection (the page's POST, answered by the consent URL).
 */
export async function startFlow(t: TestApp, start: string | ConnectStart): Promise<StartedFlow> {
  const response =
    typeof start === "string"
      ? await t.app.inject({ url: start })
      : await t.app.inject({
          method: "POST",
          url: `/api/auth/${start.provider}/start`,
          headers: { authorization: `Bearer ${start.token}` },
          payload: start.switch === undefined ? {} : { switch: start.switch },
        });
  const setCookie = [response.headers["set-cookie"] ?? []].flat().join(", ");
  const cookie = setCookie.split(";")[0] ?? "";
  let location: URL | undefined;
  if (typeof start === "string" && response.statusCode === 302) {
    location = new URL(String(response.headers.location));
  } else if (typeof start !== "string" && response.statusCode === 200) {
    location = new URL(response.json<{ url: string }>().url);
  }
  return { statusCode: response.statusCode, location, cookie, setCookie, body: response.body };
}

/**
 * Submits a sandbox consent page (Google's or Microsoft's) as a browser does: the authorization
 * request's parameters plus what the student filled in (each value of a list is appended).
 * Answers where the provider sends the browser back (the app's callback).
 */
export async function submitConsent(
  t: TestApp,
  authorizeUrl: URL,
  fields: Record<string, string | string[]>,
): Promise<URL> {
  const form = new URLSearchParams(authorizeUrl.searchParams);
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const one of value) form.append(key, one);
    else form.set(key, value);
  }
  const consent = await t.app.inject({
    method: "POST",
    url: authorizeUrl.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
  if (consent.statusCode !== 302) throw new Error(`consent answered ${consent.statusCode}`);
  return new URL(String(consent.headers.location));
}

/**
 * Follows the provider's redirect to the app's callback, with the browser's state cookie when
 * it has one. Answers where the app sends the browser.
 */
export async function followCallback(t: TestApp, callback: URL, cookie?: string): Promise<URL> {
  const done = await t.app.inject({
    url: pathOf(callback),
    headers: cookie === undefined ? {} : { cookie },
  });
  if (done.statusCode !== 302) throw new Error(`callback answered ${done.statusCode}`);
  return new URL(String(done.headers.location));
}

/**
 * Drives a Google flow as a browser would: start it (a sign-in link, or the signed-in page's
 * Connect Gmail POST), answer the sandbox consent
 * page, follow Google's redirect back to the app's callback with the state cookie.
 */
export async function runGoogleFlow(
  t: TestApp,
  startWith: string | ConnectStart,
  choice: ConsentChoice = {},
): Promise<GoogleFlow> {
  const start = await startFlow(t, startWith);
  if (!start.location) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const authorizeUrl = start.location;
  const { cookie } = start;

  const email = choice.email ?? authorizeUrl.searchParams.get("login_hint") ?? "";
  const callback = await submitConsent(t, authorizeUrl, {
    email: email || `student-${Date.now().toString(36)}@gmail.example`,
    name: choice.name ?? "Sam Sandbox",
    decision: choice.decision ?? "allow",
    ...(choice.nonce === undefined ? {} : { nonce: choice.nonce }),
    ...(choice.grantScopes ? { granular: "1", grant_scope: choice.grantScopes } : {}),
  });
  return {
    final: await followCallback(t, callback, cookie),
    authorize: authorizeUrl.searchParams,
    callback,
    cookie,
  };
}
