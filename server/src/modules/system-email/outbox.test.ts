import type { AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  sandboxMail,
  type TestApp,
  uniqueEmail,
  useTestApp,
} from "../../../tests/helpers";
import { until } from "../../../tests/until";
import { systemEmailHandovers } from "../../db/schema";
import {
  drainSystemEmail,
  enqueueSystemEmail,
  handedOverAt,
  pruneHandovers,
  SYSTEM_EMAIL_JOB,
} from ".";

/** Polls a condition until it holds, failing after a generous bound. */

/** A real SMTP server that refuses the first `refusals` messages (451, try later), then accepts. */
async function flakySmtpServer(refusals: number) {
  const received: string[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      attempts++;
      if (attempts <= refusals) {
        const error = Object.assign(new Error("Mail service unavailable, try again later"), {
          responseCode: 451,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts: () => attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the system-email outbox through an SMTP server that is down, then back", () => {
  let smtp: Awaited<ReturnType<typeof flakySmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await flakySmtpServer(3);
    t = await createTestApp({
      SMTP_URL: smtp.url,
      RUN_WORKERS: "true",
      SYSTEM_EMAIL_RETRY_DELAY_SECONDS: "1",
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("delivers the verification email exactly once after three refusals", async () => {
    const email = uniqueEmail("outage");
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email, password: "long enough password" },
    });
    // The sign-up does not wait for (or fail with) the mail server.
    expect(signup.statusCode, signup.body).toBe(201);

    await until("the SMTP server to receive a message", () => smtp.received.length > 0, 60_000, 50);
    expect(smtp.attempts()).toBe(4);
    const [message] = smtp.received;
    expect(message).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, "\\.")}`, "m"));
    expect(message).toMatch(/^Message-ID: <system-[0-9a-f-]{36}@127\.0\.0\.1>/m);
    const code = message.match(/Your Reachout verification code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // The job is done (not failed, not waiting for another try) and nothing more was sent.
    await until(
      "the system email job to complete",
      async () => {
        const { rows } = await t.deps.database.raw.query(
          "select state from pgboss.job where name = $1",
          [SYSTEM_EMAIL_JOB],
        );
        return rows.length === 1 && (rows[0] as { state: string }).state === "completed";
      },
      60_000,
      50,
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.attempts()).toBe(4);

    // The code the outage delayed still verifies the account.
    const verify = await t.app.inject({
      method: "POST",
      url: `/api/auth/verify-code?${new URLSearchParams({ email, code: code ?? "" })}`,
    });
    expect(verify.statusCode, verify.body).toBe(200);
  });
});

describe("enqueueSystemEmail", () => {
  const t = useTestApp();

  it("sends nothing when the transaction that queued the email rolls back", async () => {
    const kept = uniqueEmail("kept");
    const dropped = uniqueEmail("dropped");
    const db = t.deps.database.db;
    await db.transaction(async (tx) => {
      await enqueueSystemEmail(t.deps, tx, { to: kept, subject: "Kept", text: "It stays." });
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueSystemEmail(t.deps, tx, { to: dropped, subject: "Dropped", text: "Gone." });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    expect((await sandboxMail(t, kept)).map((m) => m.subject)).toEqual(["Kept"]);
    expect(await sandboxMail(t, dropped)).toEqual([]);
    expect(await drainSystemEmail(t.deps)).toBe(0);
  });

  it("keeps the message sealed in the job row: no code in clear", async () => {
    const to = uniqueEmail("sealed");
    await t.deps.database.db.transaction(async (tx) => {
      await enqueueSystemEmail(t.deps, tx, { to, subject: "Code 123456", text: "123456" });
    });
    const { rows } = await t.deps.database.raw.query(
      "select data::text as data from pgboss.job where name = $1 and state = 'created'",
      [SYSTEM_EMAIL_JOB],
    );
    expect(rows).toHaveLength(1);
    expect((rows[0] as { data: string }).data).not.toMatch(/123456|sealed\.\d/);
    expect((rows[0] as { data: string }).data).not.toContain(to);
    expect((await sandboxMail(t, to))[0].subject).toBe("Code 123456");
  });
});

describe("a verification code delayed by a mail outage", () => {
  const t = useTestApp();

  /** Signs up; the code's email stays queued (no worker) until the test hands it over. */
  async function signUp(email: string) {
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email, password: "long enough password" },
    });
    expect(signup.statusCode, signup.body).toBe(201);
  }
  /** The outage lasted `minutes`: the code was issued that long ago. */
  const issuedAgo = (email: string, minutes: number) =>
    t.deps.database.raw.query(
      `update email_verifications set created_at = now() - make_interval(mins => $2),
         expires_at = now() - make_interval(mins => $2) + interval '15 minutes'
       where user_id = (select id from users where email = $1)`,
      [email, minutes],
    );
  const verify = (email: string, code: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/auth/verify-code?${new URLSearchParams({ email, code })}`,
    });
  const codeOf = (mail: Array<{ subject: string }>) =>
    mail.at(-1)?.subject.match(/(\d{6})$/)?.[1] ?? "";

  it("works for its 15 minutes from when it reached the mail server, not from when it was queued", async () => {
    const email = uniqueEmail("delayed");
    await signUp(email);
    await issuedAgo(email, 60);
    // The mail server takes it now, an hour late: the student reads it and types it in.
    const code = codeOf(await sandboxMail(t, email));
    expect(code).toMatch(/^\d{6}$/);
    const answer = await verify(email, code);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it("still expires 15 minutes after the hand-over", async () => {
    const email = uniqueEmail("stale");
    await signUp(email);
    await issuedAgo(email, 60);
    const code = codeOf(await sandboxMail(t, email));
    await t.deps.database.raw.query(
      `update system_email_handovers set handed_at = now() - interval '16 minutes'
       where message_id = (select message_id from email_verifications
                           where user_id = (select id from users where email = $1))`,
      [email],
    );
    const answer = await verify(email, code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toBe("This code has expired. Request a new code.");
  });

  it("a code an hour old whose email never left is expired", async () => {
    const email = uniqueEmail("undelivered");
    await signUp(email);
    const code = codeOf(await sandboxMail(t, email));
    // As if the email had never been handed over: the code's own 15 minutes decide.
    await t.deps.database.raw.query(
      "delete from system_email_handovers where message_id = (select message_id from email_verifications where user_id = (select id from users where email = $1))",
      [email],
    );
    await issuedAgo(email, 60);
    const answer = await verify(email, code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toBe("This code has expired. Request a new code.");
  });
});

describe("pruneHandovers", () => {
  const t = useTestApp();

  it("forgets hand-overs older than 30 days and keeps the recent ones", async () => {
    const db = t.deps.database.db;
    const now = new Date("2026-11-28T12:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const rows = [
      { messageId: "<old@prune.test>", handedAt: new Date(now.getTime() - 31 * day) },
      { messageId: "<month@prune.test>", handedAt: new Date(now.getTime() - 29 * day) },
      { messageId: "<fresh@prune.test>", handedAt: new Date(now.getTime() - 60_000) },
    ];
    await db.insert(systemEmailHandovers).values(rows);

    expect(await pruneHandovers(db, now)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ messageId: systemEmailHandovers.messageId })
      .from(systemEmailHandovers)
      .where(
        inArray(
          systemEmailHandovers.messageId,
          rows.map((row) => row.messageId),
        ),
      );
    expect(left.map((row) => row.messageId).sort()).toEqual([
      "<fresh@prune.test>",
      "<month@prune.test>",
    ]);
    expect(await handedOverAt(db, "<old@prune.test>")).toBeNull();
    expect(await pruneHandovers(db, now)).toBe(0);
  });
});
