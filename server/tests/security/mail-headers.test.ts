import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, emailMessages, users } from "../../src/db/schema";
import { buildMime } from "../../src/modules/emails/compose";
import { processEmailJob } from "../../src/modules/emails/send-job";
import { addNetworkContacts, createSender, sendEmail } from "../factories";
import { createTestApp, type TestApp } from "../helpers";
import { hostileString } from "./hostile";

/**
 * CR/LF can never add a mail header: whatever reaches a subject, a body, a contact's name or
 * address or the sender's name, the raw message Gmail receives has exactly one From, To and
 * Subject and no Cc or Bcc. Checked on the raw header block the Gmail stand-in recorded.
 */
let t: TestApp;
const figures = { routeSends: 0, composed: 0, refused: 0 };

beforeAll(async () => {
  t = await createTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "10000" });
});
afterAll(async () => {
  console.info(
    `mail headers: ${figures.composed} hostile messages composed, ${figures.routeSends} sent through the API, ${figures.refused} refused with 400; 0 injected headers`,
  );
  await t?.close();
});

const ALLOWED = new Set([
  "from",
  "to",
  "subject",
  "message-id",
  "date",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "in-reply-to",
  "references",
]);

/** Header names of a raw header block, continuation lines folded in. */
function headerNames(block: string): string[] {
  return block
    .split("\r\n")
    .filter((line) => line && !/^[ \t]/.test(line))
    .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
}

function expectCleanHeaders(block: string, context: string) {
  const names = headerNames(block);
  expect(
    names.filter((n) => !ALLOWED.has(n)),
    `${context}\n${block}`,
  ).toEqual([]);
  for (const single of ["from", "to"]) {
    expect(
      names.filter((n) => n === single),
      `${context}: one ${single}\n${block}`,
    ).toHaveLength(1);
  }
  // An empty subject has no header at all.
  expect(names.filter((n) => n === "subject").length, context).toBeLessThanOrEqual(1);
}

interface Sent {
  subject: string;
  to: string;
  raw_headers: string | null;
}
async function sentBy(from: string): Promise<Sent[]> {
  const response = await t.app.inject({
    url: `/__sandbox/gmail/sent.json?from=${encodeURIComponent(from)}`,
  });
  return response.json();
}

describe("composing a message", () => {
  it("keeps every hostile value inside its own header or the body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          fromName: hostileString,
          toName: hostileString,
          subject: hostileString,
          text: hostileString,
          inReplyTo: hostileString,
        }),
        async (input) => {
          figures.composed++;
          const raw = await buildMime({
            from: { name: input.fromName || null, address: "ada@gmail.example" },
            to: { name: input.toName, address: "grace@bank.example" },
            subject: input.subject,
            text: input.text,
            messageId: "<fixed@reachout.test>",
            inReplyTo: input.inReplyTo ? `<${input.inReplyTo}>` : null,
            references: input.inReplyTo ? [`<${input.inReplyTo}>`] : [],
          });
          const text = raw.toString("utf8");
          expectCleanHeaders(text.slice(0, text.indexOf("\r\n\r\n")), JSON.stringify(input));
        },
      ),
      { numRuns: 300, seed: 20251121 },
    );
  });
});

describe("sending through the API", () => {
  it("refuses CR/LF in a subject with 400 on every route that takes one", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const injected = "Hello\r\nBcc: victim@evil.example";
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const attempts = [
      { url: `/api/emails/send/${grace.id}`, payload: { subject: injected, body: "Hi" } },
      {
        url: `/api/emails/schedule/${grace.id}`,
        payload: { subject: injected, body: "Hi", scheduled_at: later },
      },
      {
        url: "/api/my-network/mine/bulk-email",
        payload: { contact_ids: [grace.id], subject: injected, email_template: "Hi" },
      },
      {
        url: "/api/startups/send_email",
        payload: {
          org_name: "Orbit",
          founder_email: "mia@orbit.example\r\nBcc: victim@evil.example",
          user_id: ada.id,
          subject: "Hi",
          body: "Hi",
        },
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ method: "POST", headers: ada.auth, ...attempt });
      figures.refused++;
      expect(response.statusCode, `${attempt.url} ${response.body}`).toBe(400);
      expect(typeof response.json().detail).toBe("string");
    }
    expect(await sentBy(ada.gmail)).toEqual([]);
    expect(
      await t.deps.database.db.select().from(emailMessages).where(eq(emailMessages.userId, ada.id)),
    ).toEqual([]);
  });

  it("sends hostile bodies, names and stored fields without adding a header", async () => {
    const ada = await createSender(t);
    await t.deps.database.db
      .update(users)
      .set({ name: "Ada\r\nCc: victim@evil.example" })
      .where(eq(users.id, ada.id));
    // Stored contact fields arrive from CSV imports and directory data, not through the API.
    const [grace] = await addNetworkContacts(t, ada.id, 1, {
      fullName: "Grace\r\nBcc: victim@evil.example",
      firstName: "Grace\nBcc: victim@evil.example",
    });
    const send = await sendEmail(t, ada.auth, grace.id, {
      subject: "Hello",
      body: "Hi\r\nBcc: victim@evil.example\r\n\r\nCc: other@evil.example",
    });
    figures.routeSends++;
    expect(send.statusCode, send.body).toBe(200);

    const bulk = await t.app.inject({
      method: "POST",
      url: "/api/my-network/mine/bulk-email",
      headers: ada.auth,
      payload: {
        contact_ids: [grace.id],
        subject: "For {{full_name}} at {{company}}",
        email_template: "Dear {{first_name}}",
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const [queued] = await t.deps.database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.status, "scheduled"));
    await processEmailJob(t.deps, queued.id);
    figures.routeSends++;

    const sent = await sentBy(ada.gmail);
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.raw_headers).toBeTruthy();
      expectCleanHeaders(message.raw_headers ?? "", message.subject);
      expect(message.to).toBe(grace.email);
    }
  });

  it("answers 400 or sends one clean message for random subjects and bodies", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await fc.assert(
      fc.asyncProperty(hostileString, hostileString, async (subject, body) => {
        const before = (await sentBy(ada.gmail)).length;
        const response = await sendEmail(
          t,
          ada.auth,
          grace.id,
          { subject, body },
          // Spread over addresses: this checks headers, not the per-minute send limit.
          {
            remoteAddress: `10.20.${Math.floor(figures.routeSends / 250)}.${figures.routeSends % 250}`,
          },
        );
        figures.routeSends++;
        const sent = await sentBy(ada.gmail);
        if (response.statusCode === 400) {
          figures.refused++;
          expect(sent).toHaveLength(before);
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        expect(sent).toHaveLength(before + 1);
        expectCleanHeaders(sent[0].raw_headers ?? "", JSON.stringify({ subject, body }));
      }),
      { numRuns: 60, seed: 20251121 },
    );
    const [row] = await t.deps.database.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.id, grace.id));
    expect((await sentBy(ada.gmail)).every((m) => m.to === row.email)).toBe(true);
  });
});
