import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  addNetworkContacts,
  contactState,
  createMicrosoftSender,
  emailRows,
  mailboxRow,
  microsoftSentFrom,
  sendEmail,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { contacts } from "../../db/schema";
import { forgetMailboxTokens } from "../../integrations/mailbox-provider";
import { decryptSecret } from "../../lib/crypto";
import { syncMailbox } from "./sync";

/**
 * What is Outlook's own in sending and syncing through Microsoft Graph: the resume attached,
 * follow-ups in the conversation, the rotating refresh token, Exchange's bounces. The rules both
 * mailboxes share (exactly once under the provider's failures, a revoked grant, replies by the
 * sync cursor) run for Outlook in sending-safety.test.ts and sync.test.ts.
 */
const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });

const send = (auth: Record<string, string>, contactId: string, subject = "Hello") =>
  sendEmail(t, auth, contactId, { subject, body: "Hi there, I'd love to learn about your work." });

describe("sending from an Outlook mailbox", () => {
  it("sends Reachout's MIME with the resume, and a second email continues the conversation", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const status = await t.app.inject({ url: "/api/auth/mailbox/status", headers: ada.auth });
    expect(status.json()).toMatchObject({
      provider: "microsoft",
      connected: true,
      address: ada.gmail,
    });

    expect((await send(ada.auth, grace.id)).statusCode).toBe(200);
    const [first] = await microsoftSentFrom(t, ada.gmail);
    expect(first).toMatchObject({ to: grace.email, subject: "Hello" });
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0]).toMatch(/\.pdf$/);
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({
      status: "sent",
      gmailMessageId: first.id,
      threadId: first.conversation_id,
      rfc822MessageId: first.internet_message_id,
    });

    expect((await send(ada.auth, grace.id, "Re: Hello")).statusCode).toBe(200);
    const sent = await microsoftSentFrom(t, ada.gmail);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.conversation_id))).toEqual(new Set([first.conversation_id]));
  });
});

describe("the Microsoft grant", () => {
  it("stores the refresh token Microsoft rotates in on each refresh, sealed, and it keeps working", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace, alan] = await addNetworkContacts(t, ada.id, 2);
    const stored = () => mailboxRow(t, ada.id);
    const before = await stored();
    expect((await send(ada.auth, grace.id)).statusCode).toBe(200);
    const after = await stored();
    expect(after.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    const rotated = decryptSecret(after.refreshTokenEnc, t.deps.config.tokenEncryptionKey);
    expect(rotated).not.toBe(
      decryptSecret(before.refreshTokenEnc, t.deps.config.tokenEncryptionKey),
    );
    expect(after.refreshTokenEnc).not.toContain(rotated);

    // With the cached access token gone, the rotated grant is the one used, and it works.
    forgetMailboxTokens(after);
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/expire",
      payload: { email: ada.gmail },
    });
    expect((await send(ada.auth, alan.id)).statusCode).toBe(200);
    expect(await microsoftSentFrom(t, ada.gmail)).toHaveLength(2);
    expect(after.status).toBe("connected");
  });
});

describe("bounces in an Outlook mailbox", () => {
  it("an Exchange bounce from bounce.example is stored as a bounce, not a reply", async () => {
    const ada = await createMicrosoftSender(t);
    const [nobody] = await addNetworkContacts(t, ada.id, 1);
    await t.deps.database.db
      .update(contacts)
      .set({ email: `nobody-${nobody.id.slice(0, 8)}@bounce.example` })
      .where(eq(contacts.id, nobody.id));
    expect((await send(ada.auth, nobody.id)).statusCode).toBe(200);
    await syncMailbox(t.deps, ada.id);
    await vi.waitFor(
      async () => {
        await syncMailbox(t.deps, ada.id);
        const rows = await emailRows(t, ada.id);
        expect(rows.find((r) => r.direction === "inbound")?.inboundKind).toBe("bounce");
      },
      { timeout: 10_000, interval: 250 },
    );
    expect((await contactState(t, ada.id, nobody.id)).replied).toBe(false);
  });

  it.each([
    ["dmarc-reject.example", "sender", "5.7.509"],
    ["full.example", "mailbox", "5.2.2"],
  ])("Exchange's report from %s is read with cause %s (%s)", async (domain, cause, status) => {
    const ada = await createMicrosoftSender(t);
    const [person] = await addNetworkContacts(t, ada.id, 1);
    await t.deps.database.db
      .update(contacts)
      .set({ email: `someone-${person.id.slice(0, 8)}@${domain}` })
      .where(eq(contacts.id, person.id));
    expect((await send(ada.auth, person.id)).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        await syncMailbox(t.deps, ada.id);
        const rows = await emailRows(t, ada.id);
        const report = rows.find((r) => r.direction === "inbound");
        expect(report?.inboundKind).toBe("bounce");
        expect(report?.inboundCause).toBe(cause);
        expect(report?.classificationNote).toContain(status);
      },
      { timeout: 10_000, interval: 250 },
    );
    expect((await contactState(t, ada.id, person.id)).replied).toBe(false);
  });
});
