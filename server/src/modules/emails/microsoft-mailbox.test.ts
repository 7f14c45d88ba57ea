import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  addNetworkContacts,
  ageEmail,
  connectMicrosoft,
  createMicrosoftSender,
  emailRows,
  microsoftSentFrom,
  queueMicrosoftFaults,
  sendEmail,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { contacts, emailMessages, gmailAccounts, userContacts } from "../../db/schema";
import { forgetMailboxTokens } from "../../integrations/mailbox-provider";
import { decryptSecret } from "../../lib/crypto";
import { processEmailJob, sweepDueEmails } from "./send-job";
import { syncMailbox } from "./sync";

/**
 * An Outlook mailbox through Microsoft Graph sends, reconciles and syncs through the same code
 * as Gmail: exactly once under Graph's failures, the resume attached, follow-ups in the
 * conversation, replies by the inbox delta query turning the contact Responded.
 */
const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });

const send = (auth: Record<string, string>, contactId: string, subject = "Hello") =>
  sendEmail(t, auth, contactId, { subject, body: "Hi there, I'd love to learn about your work." });

const replyTo = (conversationId: string, text: string) =>
  t.app.inject({
    method: "POST",
    url: "/__sandbox/microsoft/reply",
    payload: { conversation_id: conversationId, text },
  });

async function contactState(userId: string, contactId: string) {
  const [row] = await t.deps.database.db
    .select({ count: userContacts.messageCount, replied: userContacts.replied })
    .from(userContacts)
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  return row;
}

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
      gmailThreadId: first.conversation_id,
      rfc822MessageId: first.internet_message_id,
    });

    expect((await send(ada.auth, grace.id, "Re: Hello")).statusCode).toBe(200);
    const sent = await microsoftSentFrom(t, ada.gmail);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.conversation_id))).toEqual(new Set([first.conversation_id]));
  });

  it("retries 429, 429 and sends exactly one message", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueMicrosoftFaults(t, ada.gmail, [429, 429]);
    expect((await send(ada.auth, grace.id)).statusCode).toBe(200);
    expect(await microsoftSentFrom(t, ada.gmail)).toHaveLength(1);
    expect((await emailRows(t, ada.id))[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("reconciles a lost answer (accepted, then 500) by internetMessageId, sending nothing twice", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueMicrosoftFaults(t, ada.gmail, [599]);
    expect((await send(ada.auth, grace.id)).statusCode).toBe(200);
    const sent = await microsoftSentFrom(t, ada.gmail);
    expect(sent).toHaveLength(1);
    expect((await emailRows(t, ada.id))[0]).toMatchObject({
      status: "sent",
      gmailMessageId: sent[0].id,
    });
  });

  it("keeps an unconfirmed send unknown, then resends once when Graph proves it never got it", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueMicrosoftFaults(t, ada.gmail, [500]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(202);
    const [row] = await emailRows(t, ada.id);
    expect(row.status).toBe("unknown");
    await processEmailJob(t.deps, row.id); // within the grace period: nothing is resent
    expect(await microsoftSentFrom(t, ada.gmail)).toHaveLength(0);
    await ageEmail(t, row.id, 10);
    await processEmailJob(t.deps, row.id);
    await processEmailJob(t.deps, row.id);
    const sent = await microsoftSentFrom(t, ada.gmail);
    expect(sent).toHaveLength(1);
    expect(sent[0].internet_message_id).toBe(row.rfc822MessageId);
  });

  it("a revoked grant pauses scheduled emails, which go once Outlook is reconnected", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const [email] = await t.deps.database.db
      .insert(emailMessages)
      .values({
        userId: ada.id,
        contactId: grace.id,
        direction: "outbound",
        status: "scheduled",
        subject: "Scheduled",
        body: "Hi",
        scheduledAt: new Date(Date.now() - 60_000),
        rfc822MessageId: `<due-${grace.id}@reachout.test>`,
      })
      .returning();
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/revoke",
      payload: { email: ada.gmail },
    });
    await processEmailJob(t.deps, email.id);
    const [account] = await t.deps.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.userId, ada.id));
    expect(account.status).toBe("revoked");
    expect((await emailRows(t, ada.id))[0].status).toBe("scheduled");
    const status = await t.app.inject({ url: "/api/auth/mailbox/status", headers: ada.auth });
    expect(status.json()).toMatchObject({ provider: "microsoft", connected: false });
    // The student is told in their mailbox's terms.
    const refused = await send(ada.auth, grace.id, "Another");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      "Your Outlook connection was revoked or has expired. Reconnect Outlook from your Account page, then try again.",
    );

    await connectMicrosoft(t, ada.id, ada.gmail);
    await sweepDueEmails(t.deps);
    await processEmailJob(t.deps, email.id);
    expect(await microsoftSentFrom(t, ada.gmail)).toHaveLength(1);
  });
});

describe("the Microsoft grant", () => {
  it("stores the refresh token Microsoft rotates in on each refresh, sealed, and it keeps working", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace, alan] = await addNetworkContacts(t, ada.id, 2);
    const stored = async () => {
      const [row] = await t.deps.database.db
        .select()
        .from(gmailAccounts)
        .where(eq(gmailAccounts.userId, ada.id));
      return row;
    };
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

describe("reply sync from an Outlook mailbox", () => {
  it("a reply found by the inbox delta query turns the contact Responded, once", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await send(ada.auth, grace.id);
    const [sent] = await microsoftSentFrom(t, ada.gmail);

    await syncMailbox(t.deps, ada.id); // first run: no cursor yet, scans and starts one
    const [{ cursor }] = await t.deps.database.db
      .select({ cursor: gmailAccounts.historyId })
      .from(gmailAccounts)
      .where(eq(gmailAccounts.userId, ada.id));
    expect(cursor).toContain("/v1.0/me/mailFolders/inbox/messages/delta?$deltatoken=");
    expect((await contactState(ada.id, grace.id)).replied).toBe(false);

    expect(
      (await replyTo(sent.conversation_id, "Thanks Ada, happy to talk Friday.")).statusCode,
    ).toBe(201);
    await syncMailbox(t.deps, ada.id);
    await syncMailbox(t.deps, ada.id);
    expect(await contactState(ada.id, grace.id)).toEqual({ count: 2, replied: true });
    const inbound = (await emailRows(t, ada.id)).filter((r) => r.direction === "inbound");
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      body: "Thanks Ada, happy to talk Friday.",
      gmailThreadId: sent.conversation_id,
      inboundKind: null,
    });
  });

  it("rescans the known conversations when the delta token is lost (410)", async () => {
    const ada = await createMicrosoftSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await send(ada.auth, grace.id);
    const [sent] = await microsoftSentFrom(t, ada.gmail);
    await syncMailbox(t.deps, ada.id);
    await replyTo(sent.conversation_id, "Sure, send me your resume.");
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/microsoft/delta/expire",
      payload: { email: ada.gmail },
    });
    await syncMailbox(t.deps, ada.id);
    expect((await contactState(ada.id, grace.id)).replied).toBe(true);
  });

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
    expect((await contactState(ada.id, nobody.id)).replied).toBe(false);
  });
});
