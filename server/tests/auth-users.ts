import { SignJWT } from "jose";
import { sandboxMail, type TestApp } from "./helpers";

/** The newest 6-digit code the sandbox mailbox holds for an address. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await sandboxMail(t, email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${email}`);
  return code;
}

/** Signs up through the API, verifies with the mailed code and logs in. */
export async function signUpVerified(
  t: TestApp,
  email: string,
  password = "a long password",
): Promise<{ token: string; userId: string; auth: { authorization: string } }> {
  const signup = await t.app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { email, password },
  });
  if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.statusCode}`);
  const code = await latestCode(t, email);
  const query = new URLSearchParams({ email, code });
  const verify = await t.app.inject({ method: "POST", url: `/api/auth/verify-code?${query}` });
  if (verify.statusCode !== 200) throw new Error(`verify answered ${verify.statusCode}`);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}`);
  const { access_token: token, user_id: userId } = login.json();
  return { token, userId, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A bearer token shaped as the app's sessions are (HS256, subject, session id), signed with
 * `key`: a test forges one with another key, a session id never issued, or an expiry passed.
 */
export function signSessionToken(token: {
  userId: string;
  jti: string;
  key: Uint8Array;
  email?: string;
  issuedAt?: number;
  expiresAt?: number | string;
}): Promise<string> {
  const jwt = new SignJWT(token.email === undefined ? {} : { email: token.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(token.userId)
    .setJti(token.jti);
  if (token.issuedAt !== undefined) jwt.setIssuedAt(token.issuedAt);
  return jwt.setExpirationTime(token.expiresAt ?? "1h").sign(token.key);
}
