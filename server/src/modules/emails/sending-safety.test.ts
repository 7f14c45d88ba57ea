import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  ageEmail,
  connectGmail,
  createSender,
  emailRows,
  queueFaults,
  sendEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { openDatabase } from "../../db/client";
import { emailMessages, gmailAccounts, userContacts } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { createGmailClient } from "../../integrations/gmail";
import { buildMime } from "./compose";
import { processEmailJob, sweepDueEmails } from "./send-job";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0", GMAIL_DAILY_CAP: "1000" });

const send = (auth: Record<string, string>, contactId: string, subject = "Hello") =>
  sendEmail(t, auth, contactId, { subject, body: "Hi there" });

async function scheduleDue(userId: string, contactIds: string[]) {
  const rows = await t.deps.database.db
    .insert(emailMessages)
    .values(
      contactIds.map((contactId, i) => ({
        userId,
        contactId,
        direction: "outbound" as const,
        status: "scheduled" as const,
        subject: `Scheduled ${i}`,
        body: "Hi",
        scheduledAt: new Date(Date.now() - 60_000),
        rfc822MessageId: `<due-${i}-${contactId}@reachout.test>`,
      })),
    )
    .returning();
  return rows;
}

describe("what Gmail's failures are allowed to cause", () => {
  it("retries 429, 429, then sends exactly one message", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueFaults(t, ada.gmail, [429, 429]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(200);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

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

  it("reconciles a lost response (accepted, then 500) by Message-ID without a second send", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueFaults(t, ada.gmail, [599]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(200);
    const sent = await sentFrom(t, ada.gmail);
    expect(sent).toHaveLength(1);
    const [row] = await emailRows(t, ada.id);
    expect(row).toMatchObject({ status: "sent", gmailMessageId: sent[0].id });
    const [saved] = await t.deps.database.db
      .select({ count: userContacts.messageCount })
      .from(userContacts)
      .where(eq(userContacts.contactId, grace.id));
    expect(saved.count).toBe(1);
  });

  it("keeps an unconfirmed send unknown, then resends once when Gmail proves it never got it", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    await queueFaults(t, ada.gmail, [500]);
    const response = await send(ada.auth, grace.id);
    expect(response.statusCode).toBe(202);
    expect(response.json().status).toBe("sending");
    const [row] = await emailRows(t, ada.id);
    expect(row.status).toBe("unknown");

    await processEmailJob(t.deps, row.id); // too early: Gmail may not have indexed it yet
    expect(await sentFrom(t, ada.gmail)).toHaveLength(0);
    await ageEmail(t, row.id, 10);
    await processEmailJob(t.deps, row.id);
    await processEmailJob(t.deps, row.id);
    const sent = await sentFrom(t, ada.gmail);
    expect(sent).toHaveLength(1);
    expect(sent[0].message_id).toBe(row.rfc822MessageId);
    expect((await emailRows(t, ada.id))[0].status).toBe("sent");
  });

  it("marks the grant revoked and leaves scheduled emails waiting, then sends after reconnecting", async () => {
    const ada = await createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    const [email] = await scheduleDue(ada.id, [grace.id]);
    await t.app.inject({
      method: "POST",
      url: "/__sandbox/google/revoke",
      payload: { email: ada.gmail },
    });
    await processEmailJob(t.deps, email.id);
    const [account] = await t.deps.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.userId, ada.id));
    expect(account.status).toBe("revoked");
    expect((await emailRows(t, ada.id))[0].status).toBe("scheduled");
    const status = await t.app.inject({ url: "/api/auth/gmail/status", headers: ada.auth });
    expect(status.json()).toEqual({ connected: false });

    await connectGmail(t, ada.id, ada.gmail);
    await sweepDueEmails(t.deps);
    await processEmailJob(t.deps, email.id);
    expect(await sentFrom(t, ada.gmail)).toHaveLength(1);
  });
});

describe("scheduled sends under crashes and concurrency", () => {
  it("sends each of 100 due emails exactly once after a worker died mid-batch", async () => {
    const ada = await createSender(t);
    const people = await addNetworkContacts(t, ada.id, 100);
    const due = await scheduleDue(
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
    const [account] = await t.deps.database.db
      .select()
      .from(gmailAccounts)
      .where(eq(gmailAccounts.userId, ada.id));
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
    const due = await scheduleDue(
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
