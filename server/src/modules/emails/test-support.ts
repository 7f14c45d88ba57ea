import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../../tests/helpers";
import { contacts, emailMessages, profiles, resumes, userContacts, users } from "../../db/schema";
import { issueSession } from "../../http/auth";
import { saveGmailConnection } from "../auth/gmail-connection";

export const RESUME_TEXT = `Ada Lovelace
EDUCATION
Columbia University, B.A. in Economics, Expected May 2026
EXPERIENCE
Evercore, Investment Banking Summer Analyst, Jun 2025 - Aug 2025
• Built a three-statement model and DCF for a $1.2B healthcare acquisition
• Prepared 40-page pitch materials for two sell-side mandates
SKILLS
Technical: Financial Modeling, Valuation, Excel, Python`;

const unique = () => randomBytes(4).toString("hex");

/** A verified user with a session, made directly in the database. */
export async function createUser(t: TestApp, options: { email?: string; name?: string } = {}) {
  const db = t.deps.database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `student-${unique()}@uni.example`,
      name: options.name ?? "Ada Lovelace",
      signupMethod: "email",
      emailVerifiedAt: new Date(),
      credits: 5,
    })
    .returning({ id: users.id, email: users.email });
  const token = await issueSession(db, t.deps.config, user);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function addResume(t: TestApp, userId: string) {
  const db = t.deps.database.db;
  await db.insert(resumes).values({
    userId,
    filename: "Ada_Lovelace_Resume.pdf",
    mimeType: "application/pdf",
    sizeBytes: 20,
    data: Buffer.from("%PDF-1.4 test resume"),
    text: RESUME_TEXT,
  });
  await db
    .insert(profiles)
    .values({ userId, university: "Columbia University", major: "Economics", graduationYear: 2026 })
    .onConflictDoNothing();
}

/**
 * Connects a Gmail address the way the app does: the sandbox consent (authorization code with
 * offline access), the token exchange, then the accounts module stores the refresh token.
 */
export async function connectGmail(
  t: TestApp,
  userId: string,
  email = `ada-${unique()}@gmail.example`,
) {
  const config = t.deps.config;
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const scope = [
    "openid",
    "email",
    "https://www.googleapis.com/auth/gmail.send",
    "https://www.googleapis.com/auth/gmail.readonly",
  ].join(" ");
  const consent = await t.app.inject({
    method: "POST",
    url: "/__sandbox/google/authorize",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      client_id: config.google.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope,
      access_type: "offline",
      state: "test",
      decision: "allow",
      email,
      name: "Ada Lovelace",
    }).toString(),
  });
  const code = new URL(String(consent.headers.location)).searchParams.get("code");
  if (!code) throw new Error(`consent answered ${consent.statusCode}`);
  const token = await t.app.inject({
    method: "POST",
    url: "/__sandbox/google/token",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: config.google.clientId,
      client_secret: config.google.clientSecret,
    }).toString(),
  });
  const { refresh_token: refreshToken } = token.json() as { refresh_token: string };
  await saveGmailConnection(t.deps.database.db, config, {
    userId,
    email,
    refreshToken,
    scopes: scope.split(" "),
  });
  return email;
}

/** A ready sender: resume, profile and Gmail connected. */
export async function createSender(t: TestApp) {
  const user = await createUser(t);
  await addResume(t, user.id);
  const gmail = await connectGmail(t, user.id);
  return { ...user, gmail };
}

export async function addNetworkContacts(
  t: TestApp,
  userId: string,
  count: number,
  overrides: Partial<typeof contacts.$inferInsert> = {},
) {
  const db = t.deps.database.db;
  const rows = await db
    .insert(contacts)
    .values(
      Array.from({ length: count }, (_, i) => {
        const id = unique();
        return {
          fullName: `Grace Hopper ${id}`,
          firstName: "Grace",
          lastName: `Hopper ${id}`,
          title: "Vice President, M&A",
          company: `Harborview Partners ${i}`,
          industry: "investment banking",
          location: "New York",
          email: `grace.${id}@bank.example`,
          ...overrides,
        };
      }),
    )
    .returning();
  await db.insert(userContacts).values(rows.map((c) => ({ userId, contactId: c.id })));
  return rows;
}

export interface SentMessage {
  id: string;
  thread_id: string;
  message_id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
}

export async function sentFrom(t: TestApp, from: string): Promise<SentMessage[]> {
  const response = await t.app.inject({
    url: `/__sandbox/gmail/sent.json?from=${encodeURIComponent(from)}`,
  });
  return response.json();
}

export async function queueFaults(t: TestApp, from: string, responses: number[]) {
  await t.app.inject({
    method: "POST",
    url: "/__sandbox/gmail/faults",
    payload: { from, responses },
  });
}

export async function emailRows(t: TestApp, userId: string) {
  return t.deps.database.db.select().from(emailMessages).where(eq(emailMessages.userId, userId));
}

/** Moves a row's last change back in time (what a crash or a long wait leaves behind). */
export async function ageEmail(t: TestApp, id: string, minutes: number) {
  await t.deps.database.db
    .update(emailMessages)
    .set({ updatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(emailMessages.id, id));
}

export async function jobsFor(t: TestApp, name: string) {
  const { rows } = await t.deps.database.raw.query<{
    data: { emailId?: string };
    state: string;
    singletonKey: string | null;
  }>('select data, state, singleton_key as "singletonKey" from pgboss.job where name = $1', [name]);
  return rows;
}
