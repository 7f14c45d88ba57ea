import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/helpers";
import type { Database } from "./client";
import { knownMigrations, runMigrations } from "./migrate";

// Migration 0044 renames gmail_accounts to mailboxes and email_messages.gmail_thread_id to
// thread_id (ADR 038). Built at the migration before it, with rows in both, then migrated: every
// row reads back under the new names. PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
const RENAME = "0044_mailboxes";
const BEFORE = knownMigrations()[knownMigrations().indexOf(RENAME) - 1] as string;

let database: Database;
let drop: () => Promise<void>;

const USERS = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"];
const CONTACT = "00000000-0000-4000-8000-0000000000c1";

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await runMigrations(database, { through: BEFORE });
  const raw = database.raw;
  for (const [i, id] of USERS.entries()) {
    await raw.query("insert into users (id, email, signup_method) values ($1, $2, 'email')", [
      id,
      `student${i}@example.edu`,
    ]);
  }
  await raw.query(
    `insert into gmail_accounts (user_id, email, provider, refresh_token_enc, scopes, history_id,
       watch_id, automated_paused_reason)
     values ($1, 'ada@gmail.example', 'gmail', 'sealed-one', 'gmail.send', '4711', null, null),
            ($2, 'grace@outlook.example', 'microsoft', 'sealed-two', 'Mail.Send', 'delta-link',
             'subscription-1', 'bounce rate')`,
    USERS,
  );
  await raw.query("insert into contacts (id, full_name) values ($1, 'Alan Turing')", [CONTACT]);
  await raw.query(
    `insert into email_messages (user_id, contact_id, direction, status, subject, body,
       gmail_message_id, gmail_thread_id)
     values ($1, $3, 'outbound', 'sent', 'Hello', 'Body', 'm-1', 'thread-1'),
            ($2, $3, 'outbound', 'sent', 'Hi', 'Body', 'm-2', 'conversation-2')`,
    [...USERS, CONTACT],
  );
});

afterAll(async () => {
  await drop();
});

describe(`migration ${RENAME}`, () => {
  it("keeps every mailbox and every thread id under the new names", async () => {
    expect(await runMigrations(database)).toEqual(
      knownMigrations().slice(knownMigrations().indexOf(RENAME)),
    );
    const raw = database.raw;
    const mailboxes = await raw.query<Record<string, string | null>>(
      `select user_id::text, email, provider, refresh_token_enc, scopes, history_id, watch_id,
         automated_paused_reason from mailboxes order by email`,
    );
    expect(mailboxes.rows).toEqual([
      {
        user_id: USERS[0],
        email: "ada@gmail.example",
        provider: "gmail",
        refresh_token_enc: "sealed-one",
        scopes: "gmail.send",
        history_id: "4711",
        watch_id: null,
        automated_paused_reason: null,
      },
      {
        user_id: USERS[1],
        email: "grace@outlook.example",
        provider: "microsoft",
        refresh_token_enc: "sealed-two",
        scopes: "Mail.Send",
        history_id: "delta-link",
        watch_id: "subscription-1",
        automated_paused_reason: "bounce rate",
      },
    ]);
    const threads = await raw.query<{ gmail_message_id: string; thread_id: string }>(
      "select gmail_message_id, thread_id from email_messages order by gmail_message_id",
    );
    expect(threads.rows).toEqual([
      { gmail_message_id: "m-1", thread_id: "thread-1" },
      { gmail_message_id: "m-2", thread_id: "conversation-2" },
    ]);
  });

  it("renames the table's constraints and indexes, and leaves no old name behind", async () => {
    const raw = database.raw;
    const constraints = await raw.query<{ conname: string; contype: string }>(
      "select conname, contype from pg_constraint where conrelid = 'mailboxes'::regclass order by conname",
    );
    expect(constraints.rows.filter((r) => r.contype !== "n").map((r) => r.conname)).toEqual([
      "mailboxes_pkey",
      "mailboxes_user_id_users_id_fk",
    ]);
    // PostgreSQL 18 (and PGlite) names NOT NULL constraints too: they keep their suffix.
    expect(constraints.rows.every((r) => r.conname.startsWith("mailboxes_"))).toBe(true);
    const indexes = await raw.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'mailboxes' order by indexname",
    );
    expect(indexes.rows.map((r) => r.indexname)).toEqual([
      "mailboxes_pkey",
      "mailboxes_watch_id_idx",
      "mailboxes_watch_renew_idx",
    ]);
    const old = await raw.query<{ name: string }>(
      `select relname as name from pg_class where relname like 'gmail_accounts%'
       union all
       select conname from pg_constraint where conname like 'gmail_accounts%'
       union all
       select column_name from information_schema.columns where column_name = 'gmail_thread_id'`,
    );
    expect(old.rows).toEqual([]);
  });

  it("keeps the foreign key working: deleting a user deletes the mailbox", async () => {
    const raw = database.raw;
    await raw.query("delete from email_messages where user_id = $1", [USERS[0]]);
    await raw.query("delete from users where id = $1", [USERS[0]]);
    const left = await raw.query<{ email: string }>("select email from mailboxes");
    expect(left.rows).toEqual([{ email: "grace@outlook.example" }]);
  });
});
