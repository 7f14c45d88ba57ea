import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  ageEmail,
  connectSandboxMailbox,
  contactState,
  createSender,
  emailRows,
  insertDueEmails,
  mailboxRow,
  queueFaults,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { MAILBOXES } from "../../../tests/mailboxes";
import { openDatabase } from "../../db/client";
import { emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { createGmailClient } from "../../integrations/gmail";
import { buildMime } from "./compose";
import { processEmailJob, sweepDueEmails } from "./send-job";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });

const send = (auth: Record<string, string>, contactId: string, subject = "Hello") =>
  sendEmail(t, auth, contactId, { subject, body: "Hi there" });

describe.each(MAILBOXES)("what $label's failures are allowed to cause", (mailbox) => {
  it("retries 429, 429, then sends exactly one message", async () => {
    const ada = await mailbox.createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await mailbox.queueFaults(t, ada.gmail, [429, 429]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(200);
    expect(await mailbox.sent(t, ada.gmail)).toHaveLength(1);
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("reconciles a lost response (accepted, then 500) by Message-ID without a second send", async () => {
    const ada = await mailbox.createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await mailbox.queueFaults(t, ada.gmail, [599]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(200);
    const sent = await mailbox.sent(t, ada.gmail);
    expect(sent).toHaveLength(1);
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({ status: "sent", gmailMessageId: sent[0].id });
    expect((await contactState(t, ada.id, grace.id)).count).toBe(1);
  });

  it("keeps an unconfirmed send unknown, then resends once when the provider proves it never got it", async () => {
    const ada = await mailbox.createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await mailbox.queueFaults(t, ada.gmail, [500]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(202);
    expect(response.json().status).toBe("sending");
    // The student reads their own mailbox's name: "Outlook has not confirmed…" for Outlook.
    expect(response.json().message).toMatch(new RegExp(`^${mailbox.label} has not confirmed`));
    const [row] = await emailRows(t, ada.id);
    expect(row.status).toBe("unknown");

    await processEmailJob(t.deps, row.id); // too early: the provider may not have indexed it yet
    expect(await mailbox.sent(t, ada.gmail)).toHaveLength(0);
    await ageEmail(t, row.id, 10);
    await processEmailJob(t.deps, row.id);
    await processEmailJob(t.deps, row.id);
    const sent = await mailbox.sent(t, ada.gmail);
    expect(sent).toHaveLength(1);
    expect(sent[0].messageId).toBe(row.rfc822MessageId);
    expect((await emailRows(t, ada.id))[0].status).toBe("sent");
  });

  it("marks the grant revoked and leaves scheduled emails waiting, then sends after reconnecting", async () => {
    const ada = await mailbox.createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const [email] = await insertDueEmails(t, ada.id, [grace.id]);
    await mailbox.revoke(t, ada.gmail);
    await processEmailJob(t.deps, email.id);
    const account = await mailboxRow(t, ada.id);
    expect(account.status).toBe("revoked");
    expect((await emailRows(t, ada.id))[0].status).toBe("scheduled");
    const status = await t.app.inject({ url: "/api/auth/mailbox/status", headers: ada.auth });
    expect(status.json()).toMatchObject({ provider: mailbox.provider, connected: false });
    // The student is told in their mailbox's terms.
    const refused = await send(ada.auth, grace.id, "Another");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Your ${mailbox.label} connection was revoked or has expired. Reconnect ${mailbox.label} from your Account page, then try again.`,
    );

    await connectSandboxMailbox(t, mailbox.provider, ada.id, ada.gmail);
    await sweepDueEmails(t.deps);
    await processEmailJob(t.deps, email.id);
    expect(await mailbox.sent(t, ada.gmail)).toHaveLength(1);
  });
});

describe("Gmail refusing every attempt", () => {
  it("answers 429 with Retry-After when Gmail keeps refusing, having sent nothing", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueFaults(t, ada.gmail, [429, 403, 429]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(response.json().detail).toMatch(/not sent/);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(0);
    expect((await emailRows(t, ada.id))[0].status).toBe("failed");
  });
});

describe("scheduled sends under crashes and concurrency", () => {
  it("sends each of 100 due emails exactly once after a worker died mid-batch", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 100);
    const due = await insertDueEmails(
      t,
      ada.id,
      people.map((p) => p.id),
    );
    // The dead worker had claimed 10; Gmail accepted 5 of them before the process was killed.
    const claimed = due.slice(0, 10);
    await t.deps.database.db
      .update(emailMessages)
      .set({ status: "sending", attempts: 1, updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(
        inArray(
          emailMessages.id,
          claimed.map((e) => e.id),
        ),
      );
    const account = await mailboxRow(t, ada.id);
    const gmail = createGmailClient(t.deps.config, account);
    for (const email of claimed.slice(0, 5)) {
      const contact = people.find((p) => p.id === email.contactId);
      const raw = await buildMime({
        from: { name: "Ada", address: ada.gmail },
        to: { name: "x", address: contact?.email as string },
        subject: email.subject,
        text: email.body,
        messageId: email.rfc822MessageId as string,
      });
      await gmail.sendMessage(raw);
    }

    // After the restart: the sweep, then every job, some of them twice.
    await sweepDueEmails(t.deps);
    for (const email of claimed) await ageEmail(t, email.id, 10);
    for (const email of [...due, ...due.slice(0, 20)]) await processEmailJob(t.deps, email.id);

    const sent = await sentFrom(t, ada.gmail);
    expect(sent).toHaveLength(100);
    expect(new Set(sent.map((m) => m.message_id)).size).toBe(100);
    const rows = await emailRows(t, ada.id);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    // 120 job runs one after another: ~10 s alone, more beside 15 other files on two cores.
  }, 120_000);

  it("never sends one email twice when two instances run its job at the same time", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 20);
    const due = await insertDueEmails(
      t,
      ada.id,
      people.map((p) => p.id),
    );
    // On PostgreSQL the second instance has its own connection pool; PGlite is single-process.
    const url = t.deps.config.database.kind === "postgres" ? t.deps.config.database.url : null;
    const second = url ? await openDatabase({ kind: "postgres", url, max: 5 }) : t.deps.database;
    const other: AppDeps = { ...t.deps, database: second };
    try {
      await Promise.all(
        due.flatMap((email) => [
          processEmailJob(t.deps, email.id),
          processEmailJob(other, email.id),
        ]),
      );
    } finally {
      if (url) await second.close();
    }
    const sent = await sentFrom(t, ada.gmail);
    expect(sent).toHaveLength(20);
    expect(new Set(sent.map((m) => m.message_id)).size).toBe(20);
  });
});
