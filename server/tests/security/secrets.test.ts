import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerifications, oauthStates, sessions, users } from "../../src/db/schema";
import { decryptSecret, sha256 } from "../../src/lib/crypto";
import { buildTextPdf } from "../../src/lib/text-pdf";
import { latestCode } from "../auth-users";
import { addNetworkContacts, mailboxRow, sendEmail } from "../factories";
import { multipartBody } from "../files";
import { connectStart, runGoogleFlow, startFlow } from "../google-flow";
import { createTestApp, type TestApp } from "../helpers";

/**
 * Secrets never reach a log line and are never stored readable. One full flow (sign-up,
 * verification, log-in, Google sign-in, Gmail connect, resume upload and download, a send,
 * the live-event stream, a wrong password) runs with the real redacting logger at trace
 * level writing into memory; then every line and every table is searched for each secret.
 */
let t: TestApp;
const lines: string[] = [];
const secrets = new Map<string, string>();
/** Private text the app must store readable (it sends and shows it) but never log. */
const privateText = new Map<string, string>([
  ["resume text", "Catalogued 3,112 moth species for the Quokka Foundation"],
  ["email body", "Hi Grace, my private question about the Wombat merger."],
]);
const PASSWORD = "correct horse battery staple";
const EMAIL = "secret.keeper@uni.example";

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: "trace", GMAIL_MIN_SPACING_SECONDS: "0" },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  console.info(
    `secrets: ${lines.length} log lines and every table searched for ${secrets.size} kinds of secret; 0 found`,
  );
  await t?.close();
});

const remember = (name: string, value: string | null | undefined) => {
  if (!value) throw new Error(`no ${name} to remember`);
  secrets.set(name, value);
  return value;
};

async function databaseText(): Promise<string> {
  const { rows } = await t.deps.database.raw.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let text = "";
  for (const { table_name } of rows) {
    const dump = await t.deps.database.raw.query<{ t: string | null }>(
      `select string_agg(x::text, E'\\n') as t from "${table_name}" x`,
    );
    text += `${table_name}\n${dump.rows[0].t ?? ""}\n`;
  }
  return text;
}

describe("secrets", () => {
  it("runs a full flow whose secrets are stored only hashed or sealed", async () => {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    remember("password", PASSWORD);
    const code = remember("verification code", await latestCode(t, EMAIL));
    const [user] = await t.deps.database.db.select().from(users).where(eq(users.email, EMAIL));
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const [pending] = await t.deps.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id));
    expect(pending.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Keyed: a plain hash of a 6-digit code could be reversed by trying all million codes.
    expect(pending.codeHash).not.toBe(sha256(code));
    expect(pending.codeHash).not.toBe(sha256(`${user.id}:${code}`));

    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: EMAIL, password: `${PASSWORD}!` },
    });
    expect(wrong.statusCode).toBe(401);
    const verify = await t.app.inject({
      method: "POST",
      url: `/api/auth/verify-code?email=${encodeURIComponent(EMAIL)}&code=${code}`,
    });
    expect(verify.statusCode).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: EMAIL, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = remember("session token", login.json().access_token);
    const jti = remember("session id", decodeJwt(token).jti);
    const auth = { authorization: `Bearer ${token}` };
    const [session] = await t.deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(jti)));
    expect(session?.userId).toBe(user.id);

    const signIn = await runGoogleFlow(t, "/api/auth/google/start?t=public_signup", {
      email: "google.student@gmail.example",
    });
    remember("Google authorization code", signIn.callback.searchParams.get("code"));
    remember("OAuth state", signIn.callback.searchParams.get("state"));
    remember("Google sign-in session", signIn.final.searchParams.get("token"));
    await t.app.inject({ url: `${signIn.final.pathname}${signIn.final.search}` });

    const start = await startFlow(t, connectStart(token));
    expect(await t.deps.database.db.select().from(oauthStates)).toHaveLength(1);
    const [pendingFlow] = await t.deps.database.db.select().from(oauthStates);
    const state = start.cookie.split("=")[1];
    expect(pendingFlow.stateHash).toBe(sha256(state));
    const connect = await runGoogleFlow(t, connectStart(token), {
      email: "secret.keeper@gmail.example",
    });
    expect(connect.final.pathname).toBe("/account");
    remember("Gmail authorization code", connect.callback.searchParams.get("code"));
    remember("Gmail OAuth state", connect.callback.searchParams.get("state"));
    const account = await mailboxRow(t, user.id);
    const refreshToken = remember(
      "Gmail refresh token",
      decryptSecret(account.refreshTokenEnc, t.deps.config.tokenEncryptionKey),
    );
    expect(account.refreshTokenEnc).not.toContain(refreshToken);

    const pdf = multipartBody(
      "resume",
      "resume.pdf",
      buildTextPdf(["Secret Keeper", "Analyst", privateText.get("resume text") as string]),
    );
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/resumes/upload",
      payload: pdf.payload,
      headers: { ...pdf.headers, ...auth },
    });
    expect(uploaded.statusCode).toBe(200);
    const resumeUrl: string = uploaded.json().resume_url;
    remember("resume link signature", new URL(resumeUrl, t.baseUrl).searchParams.get("sig"));
    expect((await t.app.inject({ url: resumeUrl })).statusCode).toBe(200);

    const [grace] = await addNetworkContacts(t, user.id, 1);
    const sent = await sendEmail(t, auth, grace.id, {
      subject: "Hello",
      body: privateText.get("email body") as string,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const controller = new AbortController();
    const issued = await t.app.inject({ method: "POST", url: "/api/events/ticket", headers: auth });
    const ticket = remember("live-event ticket", issued.json().ticket);
    const stream = await fetch(`${t.baseUrl}/api/events?ticket=${ticket}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    controller.abort();

    remember("JWT secret", Buffer.from(t.deps.config.jwtSecret).toString("base64"));
    for (const { key } of t.deps.config.tokenEncryptionKey.keys) {
      remember("token encryption key", key.toString("base64"));
    }
  });

  it("writes none of them to any log line", () => {
    expect(lines.length).toBeGreaterThan(20);
    const text = lines.join("\n");
    // The flow was logged, only with the secrets taken out.
    expect(text).toContain("/api/auth/verify-code");
    expect(text).toContain("REDACTED");
    for (const [name, value] of [...secrets, ...privateText]) {
      expect(
        text.includes(value),
        `the log holds the ${name}: ${lines.find((l) => l.includes(value))?.slice(0, 400)}`,
      ).toBe(false);
    }
  });

  it("stores none of them readable in the database", async () => {
    const text = await databaseText();
    for (const [name, value] of secrets) {
      expect(text.includes(value), `the database holds the ${name}`).toBe(false);
    }
  });
});
