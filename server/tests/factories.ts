import { randomBytes, randomUUID } from "node:crypto";
import type { TargetPosition } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import {
  contacts,
  emailMessages,
  mailboxes,
  profiles,
  resumes,
  sequenceEnrollments,
  userContacts,
  users,
} from "../src/db/schema";
import type { AppDeps } from "../src/deps";
import { issueSession } from "../src/http/auth";
import type { MailboxProviderName } from "../src/integrations/mailbox";
import { MAILBOX_WATCH_SWEEP_JOB } from "../src/jobs/names";
import type { ContactInsert } from "../src/modules/contacts";
import type { TestApp } from "./helpers";
import { connectMailbox, type SandboxPost, sandboxFormPost } from "./mailbox-consent";

/**
 * The one home of test data: users, contacts, resumes, Gmail connections and email rows, made
 * directly in the database (or through the sandbox where the app would go through Google).
 * Every factory takes the test app (only its deps where no request is needed).
 */
type Owner = { deps: AppDeps };

const unique = () => randomBytes(4).toString("hex");

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** A verified user with a live session: 5 credits and no name unless given. */
export async function createUser(
  t: Owner,
  options: { email?: string; name?: string; credits?: number } = {},
): Promise<TestUser> {
  const user = await insertVerifiedUser(t, {
    email: options.email ?? `student-${unique()}@uni.example`,
    name: options.name,
    credits: options.credits ?? 5,
  });
  const token = await issueSession(t.deps.database.db, t.deps.config, user);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

/** A user who signed up by email and verified it (no session). */
async function insertVerifiedUser(
  t: Owner,
  values: { email: string; name?: string; credits?: number },
) {
  const [user] = await t.deps.database.db
    .insert(users)
    .values({ signupMethod: "email", emailVerifiedAt: new Date(), ...values })
    .returning({ id: users.id, email: users.email });
  return user;
}

export async function deleteUser(t: Owner, id: string) {
  await t.deps.database.db.delete(users).where(eq(users.id, id));
}

export async function setCredits(t: Owner, userId: string, credits: number): Promise<void> {
  await t.deps.database.db.update(users).set({ credits }).where(eq(users.id, userId));
}

export async function creditsOf(t: Owner, userId: string): Promise<number> {
  const [row] = await t.deps.database.db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId));
  return row.credits;
}

/** A city no other test uses, so contact matches stay within one test. */
export const uniqueCity = () => `Testville ${randomBytes(3).toString("hex")}`;

/** People who hire software engineers in a city: what the agent should find for such a role. */
export async function insertHiringContacts(
  t: Owner,
  count: number,
  options: { location: string; title?: string; category?: string },
): Promise<string[]> {
  const tag = randomBytes(4).toString("hex");
  const rows = Array.from({ length: count }, (_, i) => ({
    fullName: `Recruiter ${tag} ${i}`,
    firstName: "Recruiter",
    lastName: `${tag}${i}`,
    title: options.title ?? "Technical Recruiter",
    company: `Company ${tag} ${i % 3}`,
    industry: "software",
    location: options.location,
    email: `recruiter.${tag}.${i}@company.example`,
    linkedin: `https://www.linkedin.com/in/recruiter-${tag}-${i}`,
    roleCategory: options.category ?? "Technology - Software Engineering",
    isHiring: true,
  }));
  const inserted = await t.deps.database.db
    .insert(contacts)
    .values(rows)
    .returning({ id: contacts.id });
  return inserted.map((row) => row.id);
}

/**
 * POST /api/target_positions as the user: a Software Engineering Intern position in New York
 * unless `body` says; fails unless it is created.
 */
export async function addTargetPosition(
  t: TestApp,
  user: TestUser,
  body: Record<string, unknown> = {},
): Promise<TargetPosition> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/target_positions",
    headers: user.auth,
    payload: { job_title: "Software Engineering Intern", location: "New York", ...body },
  });
  if (response.statusCode !== 201) {
    throw new Error(`position not created (${response.statusCode}): ${response.body}`);
  }
  return response.json();
}

/** A user with these credits, and `recruiters` people hiring in a city no other test uses. */
export async function createSearcher(t: Owner, options: { credits: number; recruiters: number }) {
  const user = await createUser(t, { credits: options.credits });
  const city = uniqueCity();
  await insertHiringContacts(t, options.recruiters, { location: city });
  return { user, city };
}

let sequence = 0;

/** A directory person: a New York software-engineering recruiter unless overridden. */
export function contactRow(overrides: Partial<ContactInsert> = {}): ContactInsert {
  const n = ++sequence;
  return {
    fullName: `Test Person ${n}`,
    firstName: "Test",
    lastName: `Person ${n}`,
    title: "Technical Recruiter",
    company: "Cloudforge",
    industry: "software",
    location: "New York, NY",
    education: "Cornell University, B.S. Computer Science",
    university: "Cornell University",
    interests: ["mentoring"],
    email: `person.${n}.${randomUUID().slice(0, 6)}@cloudforge.example`,
    linkedin: `https://www.linkedin.com/in/test-person-${n}-${randomUUID().slice(0, 6)}`,
    roleCategory: "Technology - Software Engineering",
    companySize: "51-200",
    revenueRange: "10M-50M",
    isHiring: true,
    isStudent: false,
    source: "test",
    ...overrides,
  };
}

/** Inserts directory people and answers their ids in the same order. */
export async function insertPeople(t: Owner, rows: Array<Partial<ContactInsert>>) {
  const inserted = await t.deps.database.db
    .insert(contacts)
    .values(rows.map((row) => contactRow(row)))
    .returning({ id: contacts.id });
  return inserted.map((row) => row.id);
}

export async function addNetworkContacts(
  t: Owner,
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

export const RESUME_TEXT = `Ada Lovelace
EDUCATION
Columbia University, B.A. in Economics, Expected May 2026
EXPERIENCE
Evercore, Investment Banking Summer Analyst, Jun 2025 - Aug 2025
• Built a three-statement model and DCF for a $1.2B healthcare acquisition
• Prepared 40-page pitch materials for two sell-side mandates
SKILLS
Technical: Financial Modeling, Valuation, Excel, Python`;

/** A stored resume (Ada's unless `text` says) and a profile, as an upload leaves them. */
export async function addResume(t: Owner, userId: string, text = RESUME_TEXT) {
  const db = t.deps.database.db;
  await db.insert(resumes).values({
    userId,
    filename: "Ada_Lovelace_Resume.pdf",
    mimeType: "application/pdf",
    sizeBytes: 20,
    data: Buffer.from("%PDF-1.4 test resume"),
    text,
  });
  await db
    .insert(profiles)
    .values({ userId, university: "Columbia University", major: "Economics", graduationYear: 2026 })
    .onConflictDoNothing();
}

/** A form POST to the in-process sandbox, as a browser's consent or the app's token exchange. */
const injectPost =
  (t: TestApp): SandboxPost =>
  async (url, form) => {
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(form).toString(),
    });
    const location = response.headers.location;
    return {
      status: response.statusCode,
      location: typeof location === "string" ? location : null,
      json: async () => response.json(),
    };
  };

const mailboxDomain = (provider: MailboxProviderName) =>
  provider === "gmail" ? "gmail.example" : "outlook.example";

/**
 * Connects a mailbox the way the app does: the stand-in's consent (PKCE for Microsoft), the token
 * exchange, the stored grant. Answers the address (a fresh one unless given).
 */
export async function connectSandboxMailbox(
  t: TestApp,
  provider: MailboxProviderName,
  userId: string,
  email = `ada-${unique()}@${mailboxDomain(provider)}`,
) {
  const { config } = t.deps;
  await connectMailbox(injectPost(t), t.deps.database.db, config, {
    provider,
    userId,
    email,
    redirectBase: config.publicUrl,
  });
  return email;
}

export const connectGmail = (t: TestApp, userId: string, email?: string) =>
  connectSandboxMailbox(t, "gmail", userId, email);

/**
 * A Gmail connected through the stand-in's consent and synced once (as the first reply sync
 * leaves it): what the cohort benchmarks ask of a student before counting them.
 */
export async function connectSyncedGmail(t: TestApp, userId: string) {
  const email = await connectGmail(t, userId);
  await t.deps.database.db
    .update(mailboxes)
    .set({ lastSyncedAt: new Date() })
    .where(eq(mailboxes.userId, userId));
  return email;
}

/** A ready sender: resume, profile and a mailbox (Gmail unless `provider` says) connected. */
export async function createSender(t: TestApp, provider: MailboxProviderName = "gmail") {
  const user = await createUser(t, { name: "Ada Lovelace" });
  await addResume(t, user.id);
  const gmail = await connectSandboxMailbox(t, provider, user.id);
  return { ...user, gmail };
}

/** A ready sender whose mailbox is Outlook: resume, profile and Microsoft connected. */
export const createMicrosoftSender = (t: TestApp) => createSender(t, "microsoft");

/**
 * A student ready to send in a world whose stand-ins run as a server of their own at `sandboxUrl`
 * (fault tests, benchmarks): verified, a resume and a profile, a mailbox (Gmail unless `provider`
 * says) connected through that server's consent, and `contacts` people in their network. The
 * addresses are `${prefix}.${tag}@uni.example` (student), `${prefix}.${tag}@gmail.example` or
 * `@outlook.example` (mailbox) and `recipient.${tag}.${i}@bank.example` (people).
 */
export async function seedSender(
  t: Owner,
  sandboxUrl: string,
  options: {
    prefix: string;
    tag: string;
    name: string;
    resumeText: string;
    contacts: number;
    provider?: MailboxProviderName;
  },
) {
  const db = t.deps.database.db;
  const { prefix, tag, provider = "gmail" } = options;
  const user = await insertVerifiedUser(t, {
    email: `${prefix}.${tag}@uni.example`,
    name: options.name,
  });
  await addResume(t, user.id, options.resumeText);
  const mailbox = `${prefix}.${tag}@${mailboxDomain(provider)}`;
  await connectMailbox(sandboxFormPost(sandboxUrl), db, t.deps.config, {
    provider,
    userId: user.id,
    email: mailbox,
    redirectBase: sandboxUrl,
  });
  const people = await db
    .insert(contacts)
    .values(
      Array.from({ length: options.contacts }, (_, i) => ({
        fullName: `Recipient ${tag} ${i}`,
        firstName: "Recipient",
        company: "Bank",
        email: `recipient.${tag}.${i}@bank.example`,
      })),
    )
    .returning({ id: contacts.id, email: contacts.email });
  await db.insert(userContacts).values(people.map((p) => ({ userId: user.id, contactId: p.id })));
  return { user, mailbox, people };
}

/** The user's stored mailbox grant, as the auth module keeps it (one row a user). */
export async function mailboxRow(t: Owner, userId: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId));
  return row;
}

/** Changes the user's stored mailbox grant (a revoked grant, a paused mailbox, a stale watch). */
export async function setMailboxRow(
  t: Owner,
  userId: string,
  values: Partial<typeof mailboxes.$inferInsert>,
) {
  await t.deps.database.db.update(mailboxes).set(values).where(eq(mailboxes.userId, userId));
}

/** Where each provider's stand-in answers the test controls (sent messages, faults, replies). */
export const SANDBOX_MAILBOX: Record<MailboxProviderName, string> = {
  gmail: "/__sandbox/gmail",
  microsoft: "/__sandbox/microsoft",
};

async function sandboxSent<T>(t: TestApp, provider: MailboxProviderName, from: string) {
  const response = await t.app.inject({
    url: `${SANDBOX_MAILBOX[provider]}/sent.json?from=${encodeURIComponent(from)}`,
  });
  return response.json() as T[];
}

/** Makes the stand-in answer this mailbox's next sends with these statuses, in order. */
export async function queueFaults(
  t: TestApp,
  from: string,
  responses: number[],
  provider: MailboxProviderName = "gmail",
) {
  await t.app.inject({
    method: "POST",
    url: `${SANDBOX_MAILBOX[provider]}/faults`,
    payload: { from, responses },
  });
}

export interface MicrosoftSentMessage {
  id: string;
  conversation_id: string;
  internet_message_id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
  sent_at: string;
}

/** What Outlook sent from this address, newest first. */
export const microsoftSentFrom = (t: TestApp, from: string) =>
  sandboxSent<MicrosoftSentMessage>(t, "microsoft", from);

export interface SentMessage {
  id: string;
  thread_id: string;
  message_id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments: string[];
  sent_at: string;
}

/** What Gmail sent from this address, newest first. */
export const sentFrom = (t: TestApp, from: string) => sandboxSent<SentMessage>(t, "gmail", from);

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

type EmailInsert = typeof emailMessages.$inferInsert;

/** An outbound email row (not inserted): scheduled, a minute due, unless `values` say otherwise. */
export function outboundEmailRow(
  values: Pick<EmailInsert, "userId" | "contactId"> & Partial<EmailInsert>,
): EmailInsert {
  return {
    direction: "outbound",
    status: "scheduled",
    subject: "Due",
    body: "Hi",
    scheduledAt: new Date(Date.now() - 60_000),
    rfc822MessageId: `<due-${randomUUID()}@reachout.test>`,
    ...values,
  };
}

/** Inserts one outbound email row (see outboundEmailRow) and answers it as stored. */
export async function insertOutboundEmail(
  t: Owner,
  values: Parameters<typeof outboundEmailRow>[0],
) {
  const [row] = await t.deps.database.db
    .insert(emailMessages)
    .values(outboundEmailRow(values))
    .returning();
  return row;
}

/** A row a worker claimed (attempt 1) `claimedMsAgo` ago and never finished or touched since. */
export function claimedEmail(t: Owner, userId: string, contactId: string, claimedMsAgo: number) {
  return insertOutboundEmail(t, {
    userId,
    contactId,
    status: "sending",
    attempts: 1,
    updatedAt: new Date(Date.now() - claimedMsAgo),
  });
}

/** An email row's status as stored now. */
export async function emailStatus(t: Owner, id: string) {
  const [row] = await t.deps.database.db
    .select({ status: emailMessages.status })
    .from(emailMessages)
    .where(eq(emailMessages.id, id));
  return row?.status;
}

/** Scheduled emails already a minute due, one to each contact, as a sweep would find them. */
export async function insertDueEmails(t: Owner, userId: string, contactIds: string[]) {
  return t.deps.database.db
    .insert(emailMessages)
    .values(
      contactIds.map((contactId, i) =>
        outboundEmailRow({ userId, contactId, subject: `Scheduled ${i}` }),
      ),
    )
    .returning();
}

/** The user's record of a contact: messages exchanged and whether the contact replied. */
export async function contactState(t: Owner, userId: string, contactId: string) {
  const [row] = await t.deps.database.db
    .select({ count: userContacts.messageCount, replied: userContacts.replied })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  return row;
}

export async function jobsFor(t: TestApp, name: string) {
  const { rows } = await t.deps.database.raw.query<{
    data: { emailId?: string };
    state: string;
    singletonKey: string | null;
  }>('select data, state, singleton_key as "singletonKey" from pgboss.job where name = $1', [name]);
  return rows;
}

/**
 * POST /api/emails/send/:contactId as the user of `auth`: the email goes out now. The payload is
 * the route's body (subject and body, and any other field a test sets).
 */
export function sendEmail(
  t: TestApp,
  auth: Record<string, string>,
  contactId: string,
  payload: { subject: string; body: string; [field: string]: unknown },
  options: { remoteAddress?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url: `/api/emails/send/${contactId}`,
    headers: auth,
    payload,
    ...options,
  });
}

/** POST /api/emails/generate as the user of `auth`: a draft to the contact (any other field set). */
export function generateEmail(
  t: TestApp,
  auth: Record<string, string>,
  contactId: string,
  request: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/emails/generate",
    headers: auth,
    payload: { contact_id: contactId, ...request },
  });
}

/**
 * POST /api/emails/schedule/:contactId as the user of `auth`: the email goes at `scheduled_at`,
 * a minute from now unless the payload sets it.
 */
export function scheduleEmail(
  t: TestApp,
  auth: Record<string, string>,
  contactId: string,
  payload: { subject: string; body: string; [field: string]: unknown },
) {
  return t.app.inject({
    method: "POST",
    url: `/api/emails/schedule/${contactId}`,
    headers: auth,
    payload: { scheduled_at: new Date(Date.now() + 60_000).toISOString(), ...payload },
  });
}

/** POST /api/scrape-linkedin-students as the user of `auth`: an admin's batch of students. */
export function scrapeStudents(t: TestApp, auth: Record<string, string>) {
  return t.app.inject({ method: "POST", url: "/api/scrape-linkedin-students", headers: auth });
}

/** Push-watch sweeps queued because this user's mailbox connected (auth asks for one). */
export async function watchSweepsAskedBy(t: TestApp, userId: string): Promise<number> {
  const jobs = await jobsFor(t, MAILBOX_WATCH_SWEEP_JOB);
  return jobs.filter((job) => (job.data as { userId?: string }).userId === userId).length;
}

let counter = 0;

/** A sent email from the user to a contact, as the send path leaves it. */
export async function recordSent(
  t: Owner,
  options: {
    userId: string;
    contactId: string;
    sentAt: Date;
    format?: string | null;
    step?: number | null;
    /** The provider's id, as a send through a mailbox stores it (null: none). */
    gmailMessageId?: string | null;
  },
) {
  const [row] = await t.deps.database.db
    .insert(emailMessages)
    .values({
      gmailMessageId: options.gmailMessageId ?? null,
      userId: options.userId,
      contactId: options.contactId,
      direction: "outbound",
      status: "sent",
      subject: `Hello ${++counter}`,
      body: "A short note.",
      sentAt: options.sentAt,
      emailFormat: options.format ?? null,
      sequenceStep: options.step ?? null,
    })
    .returning({ id: emailMessages.id });
  return row.id;
}

/**
 * An inbound message on the contact's thread, as the mailbox sync stores it: a person's reply,
 * or (kind set) what deliverability classified as a bounce or an automatic reply.
 */
export async function recordInbound(
  t: Owner,
  options: { userId: string; contactId: string; sentAt: Date; kind?: "bounce" | "auto_reply" },
) {
  const { raw } = t.deps.database;
  await raw.query(
    `insert into email_messages (user_id, contact_id, direction, status, subject, body, sent_at, inbound_kind)
     values ($1, $2, 'inbound', 'received', 'Re: Hello', 'Thanks for writing.', $3, $4)`,
    [options.userId, options.contactId, options.sentAt.toISOString(), options.kind ?? null],
  );
}

/** A time on a fixed Tuesday (UTC), hours apart, so weekday and hour figures are known. */
export const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 3, hour, minute));

/** A sequence enrolment's row as stored (status, step, next step time). */
export async function enrollmentRow(t: Owner, id: string) {
  const [row] = await t.deps.database.db
    .select()
    .from(sequenceEnrollments)
    .where(eq(sequenceEnrollments.id, id));
  return row;
}
