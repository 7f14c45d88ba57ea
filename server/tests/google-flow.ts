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
 * Drives a Google flow as a browser would: GET the app's start URL, answer the sandbox consent
 * page, follow Google's redirect back to the app's callback with the state cookie.
 */
export async function runGoogleFlow(
  t: TestApp,
  startPath: string,
  choice: ConsentChoice = {},
): Promise<GoogleFlow> {
  const start = await t.app.inject({ url: startPath });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}`);
  const authorizeUrl = new URL(String(start.headers.location));
  const setCookie = [start.headers["set-cookie"] ?? []].flat().join(";");
  const cookie = setCookie.split(";")[0] ?? "";

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
