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

  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set("email", choice.email ?? authorizeUrl.searchParams.get("login_hint") ?? "");
  if (!form.get("email")) form.set("email", `student-${Date.now().toString(36)}@gmail.example`);
  form.set("name", choice.name ?? "Sam Sandbox");
  form.set("decision", choice.decision ?? "allow");
  if (choice.nonce !== undefined) form.set("nonce", choice.nonce);
  if (choice.grantScopes) {
    form.set("granular", "1");
    for (const scope of choice.grantScopes) form.append("grant_scope", scope);
  }
  const consent = await t.app.inject({
    method: "POST",
    url: authorizeUrl.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
  if (consent.statusCode !== 302) throw new Error(`consent answered ${consent.statusCode}`);
  const callback = new URL(String(consent.headers.location));

  const done = await t.app.inject({ url: pathOf(callback), headers: { cookie } });
  if (done.statusCode !== 302) throw new Error(`callback answered ${done.statusCode}`);
  return {
    final: new URL(String(done.headers.location)),
    authorize: authorizeUrl.searchParams,
    callback,
    cookie,
  };
}
