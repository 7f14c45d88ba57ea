import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { MESSAGES, StartupsResponse } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectStart, runGoogleFlow } from "../../../tests/google-flow";
import { createTestApp, type TestApp } from "../../../tests/helpers";
import {
  contacts,
  emailMessages,
  founders,
  resumes,
  startups,
  userContacts,
  users,
  waitlist,
} from "../../db/schema";
import { issueSession } from "../../http/auth";
import { STARTUP_ACCESS_REQUIRED } from "./access";
import { FOUNDER_EMAIL_UNKNOWN } from "./deliver";

let t: TestApp;
const db = () => t.deps.database.db;

interface User {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

async function createUser(options: { plan?: string; email?: string } = {}): Promise<User> {
  const email = options.email ?? `founder.fan.${randomBytes(5).toString("hex")}@uni.example`;
  const [user] = await db()
    .insert(users)
    .values({
      email,
      name: "Casey Student",
      signupMethod: "email",
      emailVerifiedAt: new Date(),
      plan: options.plan ?? "free",
      credits: 5,
    })
    .returning({ id: users.id, email: users.email });
  const token = await issueSession(db(), t.deps.config, user);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

async function approveWaitlist(email: string, approved = true) {
  await db()
    .insert(waitlist)
    .values({ name: "Casey", email, approvedAt: approved ? new Date() : null });
}

async function giveResume(userId: string) {
  await db()
    .insert(resumes)
    .values({
      userId,
      filename: "casey-resume.pdf",
      mimeType: "application/pdf",
      sizeBytes: 9,
      data: Buffer.from("%PDF-1.4\n"),
      text: "Casey Student\nCornell University, B.S. Computer Science 2026\nSoftware intern at Acme: built data pipelines in Python and TypeScript.",
    });
}

const post = (url: string, user: User | null, payload: object) =>
  t.app.inject({ method: "POST", url, headers: user?.auth ?? {}, payload });

const ORBIT = {
  org_name: "Orbit Labs",
  org_url: "https://startupdata.example/organization/orbit-labs",
  funding_type: "Seed",
  money_raised: 3_000_000,
  announced_date: "2025-01-10",
  location: "Austin, Texas, United States",
};
const MIA = {
  linkedin: "https://www.linkedin.example/in/mia-chen",
  profile: "https://startupdata.example/person/mia-chen",
  email: "mia@orbitlabs.example",
};

let free: User;
let approved: User;
let pending: User;
let black: User;
let admin: User;

beforeAll(async () => {
  t = await createTestApp();
  const [orbit, kite] = await db()
    .insert(startups)
    .values([
      {
        orgName: "Orbit Labs",
        orgUrl: ORBIT.org_url,
        location: ORBIT.location,
        fundingType: "Seed",
        moneyRaisedCents: 300_000_000,
        announcedDate: "2025-01-10",
      },
      {
        orgName: "Kite AI",
        orgUrl: "https://startupdata.example/organization/kite-ai",
        location: "Boston, Massachusetts, United States",
        fundingType: "Series A",
        moneyRaisedCents: 1_200_000_000,
        announcedDate: "2025-03-02",
      },
    ])
    .returning({ id: startups.id });
  await db()
    .insert(founders)
    .values([
      // Mia is listed twice (the second row without her email): one person in the directory.
      {
        startupId: orbit.id,
        personName: "Mia Chen",
        personTitle: "Co-Founder & CEO",
        personEmail: null,
        personLinkedin: MIA.linkedin,
        personProfileUrl: MIA.profile,
      },
      {
        startupId: orbit.id,
        personName: "Mia Chen",
        personTitle: null,
        personEmail: MIA.email,
        personLinkedin: MIA.linkedin,
        personProfileUrl: MIA.profile,
      },
      {
        startupId: orbit.id,
        personName: "Leo Park",
        personTitle: "Co-Founder & CTO",
        personEmail: null,
        personLinkedin: "https://www.linkedin.example/in/leo-park",
        personProfileUrl: "https://startupdata.example/person/leo-park",
      },
      { startupId: orbit.id, personName: null, personTitle: null, personLinkedin: "N/A" },
      {
        startupId: kite.id,
        personName: "Raj Patel",
        personTitle: "Co-Founder & CTO",
        personEmail: "raj@kiteai.example",
        personLinkedin: "https://www.linkedin.example/in/raj-patel",
        personProfileUrl: "https://startupdata.example/person/raj-patel",
      },
      {
        startupId: kite.id,
        personName: "Ana Ruiz",
        personTitle: "Founder",
        personEmail: "ana@kiteai.example",
        personLinkedin: "https://www.linkedin.example/in/ana-ruiz",
        personProfileUrl: "https://startupdata.example/person/ana-ruiz",
      },
    ]);
  free = await createUser();
  approved = await createUser();
  await approveWaitlist(approved.email);
  pending = await createUser();
  await approveWaitlist(pending.email, false);
  black = await createUser({ plan: "black" });
  admin = await createUser({ email: "admin@reachout.example" });
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/startups", () => {
  it("is public, de-duplicates founders and never includes an email address", async () => {
    const response = await t.app.inject({ url: "/api/startups" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.body).not.toContain("@");
    expect(response.body).not.toContain("person_email");
    const list = StartupsResponse.parse(response.json());
    expect(list.map((s) => s.org_name)).toEqual(["Kite AI", "Orbit Labs"]);
    const orbit = list[1];
    expect(orbit).toMatchObject({
      location: ORBIT.location,
      funding_type: "Seed",
      money_raised: 3_000_000,
      announced_date: "2025-01-10",
      org_url: ORBIT.org_url,
    });
    expect(orbit.founders.map((f) => [f.person_name, f.person_title])).toEqual([
      ["Leo Park", "Co-Founder & CTO"],
      ["Mia Chen", "Co-Founder & CEO"],
      [null, null],
    ]);
  });

  it("is compressed with brotli or gzip for clients that accept it", async () => {
    const plain = await t.app.inject({ url: "/api/startups" });
    const brotli = await t.app.inject({
      url: "/api/startups",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString("utf8")).toBe(plain.body);
    const zipped = await t.app.inject({
      url: "/api/startups",
      headers: { "accept-encoding": "gzip, deflate" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
  });

  it("lets caches keep it and answers 304 to a matching If-None-Match", async () => {
    const first = await t.app.inject({ url: "/api/startups" });
    expect(first.headers["cache-control"]).toContain("public");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: "/api/startups", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });
});

describe("early access", () => {
  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ url: "/api/startups/access" })).statusCode).toBe(401);
  });

  it.each([
    ["a free user", () => free, false],
    ["a waitlist entry not yet approved", () => pending, false],
    ["an approved waitlist entry", () => approved, true],
    ["the Black plan", () => black, true],
    ["an admin", () => admin, true],
  ])("%s → has_access %s", async (_label, user, expected) => {
    const response = await t.app.inject({ url: "/api/startups/access", headers: user().auth });
    expect(response.json()).toEqual({ has_access: expected });
  });

  it("is granted and withdrawn by an admin only", async () => {
    const someone = await createUser();
    const body = { email: someone.email.toUpperCase(), has_access: true };
    expect((await post("/api/admin/startups/access", someone, body)).statusCode).toBe(403);
    const granted = await post("/api/admin/startups/access", admin, body);
    expect(granted.json()).toEqual({ email: someone.email, has_access: true });
    const access = () => t.app.inject({ url: "/api/startups/access", headers: someone.auth });
    expect((await access()).json()).toEqual({ has_access: true });
    await post("/api/admin/startups/access", admin, { ...body, has_access: false });
    expect((await access()).json()).toEqual({ has_access: false });
  });
});

describe("POST /api/startups/lookup_email", () => {
  it("refuses a user without early access with 403", async () => {
    const response = await post("/api/startups/lookup_email", free, {
      linkedin_url: MIA.linkedin,
      user_id: free.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: STARTUP_ACCESS_REQUIRED });
  });

  it("refuses another user's user_id with 403, even one that has access", async () => {
    const response = await post("/api/startups/lookup_email", free, {
      linkedin_url: MIA.linkedin,
      user_id: approved.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/user_id/);
  });

  it("finds the email on whichever duplicate row has one", async () => {
    const response = await post("/api/startups/lookup_email", approved, {
      linkedin_url: MIA.linkedin,
      user_id: approved.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: MIA.email });
  });

  it.each([
    "https://www.linkedin.example/in/leo-park",
    "N/A",
    "https://www.linkedin.example/in/nobody",
  ])("answers 404 with the spec's message (§5) for %s", async (linkedin) => {
    const response = await post("/api/startups/lookup_email", black, {
      linkedin_url: linkedin,
      user_id: black.id,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.startups.noValidEmail });
  });

  it("refuses a malformed body with 400 and a detail", async () => {
    const response = await post("/api/startups/lookup_email", black, { user_id: "me" });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().detail).toBe("string");
  });
});

describe("POST /api/startups/generate_email", () => {
  const request = (user: User, extra: object = {}) =>
    post("/api/startups/generate_email", user, {
      ...ORBIT,
      founder_name: "Mia Chen",
      founder_title: "Co-Founder & CEO",
      user_id: user.id,
      resume_url: null,
      ...extra,
    });

  it("needs a resume: 400 with the spec's message (§5)", async () => {
    const user = await createUser({ plan: "black" });
    const response = await request(user);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.startups.noResume });
  });

  it("needs early access and the caller's own user_id", async () => {
    await giveResume(free.id);
    expect((await request(free)).statusCode).toBe(403);
    expect((await request(black, { user_id: free.id })).statusCode).toBe(403);
  });

  it("writes an email about the founder's round from the caller's resume", async () => {
    await giveResume(black.id);
    const response = await request(black);
    expect(response.statusCode).toBe(200);
    const email = response.json();
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.body).toContain("Mia");
    expect(`${email.subject}\n${email.body}`).toContain("Orbit Labs");
  });

  it("puts the custom intro into a precision email", async () => {
    const intro = "I have followed Orbit Labs since your demo day at Cornell.";
    const response = await request(black, { email_format: "precision", custom_intro: intro });
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toContain(intro);
    expect(response.json().format_used).toBe("precision_finance");
  });

  it("answers 404 for a startup that is not in the directory", async () => {
    const response = await request(black, { org_name: "Nowhere Inc" });
    expect(response.statusCode).toBe(404);
  });
});

describe("GET /api/startups/outreach", () => {
  async function messageContact(
    user: User,
    values: Partial<typeof contacts.$inferInsert>,
    replied = false,
  ) {
    const [contact] = await db()
      .insert(contacts)
      .values({ fullName: "Someone", ...values })
      .returning({ id: contacts.id });
    await db()
      .insert(userContacts)
      .values({ userId: user.id, contactId: contact.id, messageCount: replied ? 2 : 1, replied });
  }

  it("derives each founder's status from the caller's own network only", async () => {
    const writer = await createUser();
    const stranger = await createUser();
    // Matched by email although the contact's LinkedIn differs.
    await messageContact(writer, {
      email: "MIA@orbitlabs.example",
      linkedin: "https://x.example/mia",
    });
    await messageContact(
      writer,
      { personProfileUrl: "https://startupdata.example/person/ana-ruiz" },
      true,
    );

    const list = StartupsResponse.parse((await t.app.inject({ url: "/api/startups" })).json());
    const idOf = (name: string) =>
      list.flatMap((s) => s.founders).find((f) => f.person_name === name)?.id;

    const mine = await t.app.inject({ url: "/api/startups/outreach", headers: writer.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().statuses).toEqual(
      expect.arrayContaining([
        { founder_id: idOf("Mia Chen"), status: "Contacted" },
        { founder_id: idOf("Ana Ruiz"), status: "Responded" },
      ]),
    );
    expect(mine.json().statuses).toHaveLength(2);

    const theirs = await t.app.inject({ url: "/api/startups/outreach", headers: stranger.auth });
    expect(theirs.json()).toEqual({ statuses: [] });
  });
});

describe("sending and scheduling to founders", () => {
  let sender: User;
  beforeAll(async () => {
    sender = await createUser();
    await approveWaitlist(sender.email);
    await giveResume(sender.id);
    await runGoogleFlow(t, connectStart(sender.token), {
      email: `${sender.id.slice(0, 8)}@gmail.example`,
    });
  });

  const sendBody = (user: User, extra: object = {}) => ({
    ...ORBIT,
    org_name: "Kite AI",
    founder_name: "Raj Patel",
    founder_title: "Co-Founder & CTO",
    founder_email: "raj@kiteai.example",
    user_id: user.id,
    subject: "Congrats on the Series A",
    body: "Hi Raj,\n\nCongratulations on closing your Series A.\n\nCasey",
    ...extra,
  });

  const networkRows = async (user: User) =>
    db().select().from(userContacts).where(eq(userContacts.userId, user.id));

  it("sends from the caller's Gmail, adds the founder to the network and marks them Contacted", async () => {
    const response = await post("/api/startups/send_email", sender, sendBody(sender));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: MESSAGES.startups.sent, status: "sent" });

    const sent = await t.app.inject({
      url: `/__sandbox/gmail/sent.json?from=${sender.id.slice(0, 8)}@gmail.example`,
    });
    const [mail] = sent.json();
    expect(mail).toMatchObject({
      to: expect.stringContaining("raj@kiteai.example"),
      subject: "Congrats on the Series A",
    });
    expect(mail.attachments).toEqual(["casey-resume.pdf"]);

    const [contact] = await db()
      .select()
      .from(contacts)
      .where(eq(contacts.id, response.json().contact_id));
    expect(contact).toMatchObject({
      email: "raj@kiteai.example",
      fullName: "Raj Patel",
      title: "Co-Founder & CTO",
      company: "Kite AI",
      source: "startup_founder",
    });
    expect(await networkRows(sender)).toHaveLength(1);

    const statuses = await t.app.inject({ url: "/api/startups/outreach", headers: sender.auth });
    expect(statuses.json().statuses).toEqual([
      { founder_id: expect.any(String), status: "Contacted" },
    ]);
  });

  it("refuses an address that is no founder's, storing nothing", async () => {
    const before = await db().select({ id: contacts.id }).from(contacts);
    const response = await post(
      "/api/startups/send_email",
      sender,
      sendBody(sender, { founder_email: "someone@elsewhere.example" }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: FOUNDER_EMAIL_UNKNOWN });
    expect(await db().select({ id: contacts.id }).from(contacts)).toHaveLength(before.length);
  });

  it("leaves no network entry behind when sending fails (no Gmail connected)", async () => {
    const user = await createUser({ plan: "black" });
    await giveResume(user.id);
    const response = await post(
      "/api/startups/send_email",
      user,
      sendBody(user, { founder_email: "ana@kiteai.example" }),
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await networkRows(user)).toEqual([]);
  });

  it("needs early access and the caller's own user_id to send", async () => {
    expect((await post("/api/startups/send_email", free, sendBody(free))).statusCode).toBe(403);
    expect((await post("/api/startups/send_email", free, sendBody(sender))).statusCode).toBe(403);
  });

  it("schedules from tomorrow 07:30 in the sender's time zone, refusing earlier times", async () => {
    const zone = "America/Los_Angeles";
    const parts = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
    const [y, m, d] = parts.split("-").map(Number);
    // 07:30 in Los Angeles is 14:30 or 15:30 UTC; find the one that reads 07:30 there.
    const candidates = [14, 15].map((h) => new Date(Date.UTC(y, m - 1, d + 1, h, 30)));
    const at = candidates.find(
      (c) =>
        new Intl.DateTimeFormat("en-GB", {
          timeZone: zone,
          hour: "2-digit",
          minute: "2-digit",
        }).format(c) === "07:30",
    )!;
    const body = {
      ...sendBody(sender, { founder_email: undefined }),
      recipient_email: "ana@kiteai.example",
      org_name: "Kite AI",
      time_zone: zone,
    };
    const early = await post("/api/startups/schedule_send", sender, {
      ...body,
      scheduled_at: new Date(at.getTime() - 60_000).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toContain("tomorrow at 07:30");

    const ok = await post("/api/startups/schedule_send", sender, {
      ...body,
      scheduled_at: at.toISOString(),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: MESSAGES.startups.scheduled, status: "scheduled" });
    expect(new Date(ok.json().scheduled_at).getTime()).toBe(at.getTime());
    const [row] = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.id, ok.json().email_id), eq(emailMessages.userId, sender.id)));
    expect(row).toMatchObject({ status: "scheduled", toEmail: "ana@kiteai.example" });
  });
});

describe("POST /api/admin/startups/import", () => {
  const csv = [
    "Organization Name,Organization Name URL,Location,Funding Type,Money Raised,Announced Date,Person Name,Person Title,Person Email,Person LinkedIn",
    'Ember Health,https://startupdata.example/organization/ember-health,"Denver, Colorado, United States",Series B,"$40,000,000",Apr 2 2025,Noor Haddad,Co-Founder & CEO,noor@emberhealth.example,https://www.linkedin.example/in/noor-haddad',
    "Ember Health,,,,,,Tom Reyes,Co-Founder & COO,,N/A",
    "Kite AI,,,,,,Ana Ruiz,Founder,ana@kiteai.example,https://www.linkedin.example/in/ana-ruiz",
    ",,,,,,Lost Row,,,",
  ].join("\n");
  const upload = (user: User, body: string, type = "text/csv") =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/startups/import",
      headers: { ...user.auth, "content-type": type },
      payload: body,
    });

  it("is for admins only", async () => {
    expect((await upload(black, csv)).statusCode).toBe(403);
  });

  it("imports startups and founders, merging known ones, and shows them at once", async () => {
    await t.app.inject({ url: "/api/startups" }); // warm the cache
    const first = await upload(admin, csv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      startups_created: 1,
      startups_updated: 1,
      founders_added: 2,
      rows_skipped: 1,
      errors: [{ line: 5, detail: "Organization Name is missing" }],
    });
    const list = StartupsResponse.parse((await t.app.inject({ url: "/api/startups" })).json());
    const ember = list.find((s) => s.org_name === "Ember Health");
    expect(ember).toMatchObject({ money_raised: 40_000_000, announced_date: "2025-04-02" });
    expect(ember?.founders.map((f) => f.person_name)).toEqual(["Noor Haddad", "Tom Reyes"]);
    expect(list.find((s) => s.org_name === "Kite AI")?.founders).toHaveLength(2);
  });

  it("changes nothing when the same file comes again", async () => {
    const again = await upload(admin, csv);
    expect(again.json()).toMatchObject({
      startups_created: 0,
      startups_updated: 2,
      founders_added: 0,
    });
  });

  it("refuses a file without an Organization Name column and a JSON body with 400", async () => {
    expect((await upload(admin, "Name,Location\nx,y\n")).statusCode).toBe(400);
    const json = await upload(admin, JSON.stringify({ csv }), "application/json");
    expect(json.statusCode).toBe(400);
  });
});
