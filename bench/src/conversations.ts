/**
 * The main user's email history: conversations that got a reply and a follow-up, single
 * outreach emails, and emails scheduled for next month. With the sandbox Gmail the messages
 * really exist in the mailbox (so opening a conversation syncs real threads); without it
 * (PGlite, where the bench cannot reach the database while the server runs) they are rows only.
 */
import { inArray, sql } from "drizzle-orm";
import type { Config } from "../../server/src/config";
import type { Database } from "../../server/src/db/client";
import { contacts, emailMessages, mailboxes } from "../../server/src/db/schema";
import { saveMailboxConnection } from "../../server/src/modules/auth/mailbox-connection";
import { buildMime, newMessageId } from "../../server/src/modules/emails/compose";
import type { BenchOptions } from "./options";
import type { SandboxGmail } from "./sandbox-gmail";

type MessageInsert = typeof emailMessages.$inferInsert;

export interface Conversations {
  /** Contacts whose thread has three messages (outreach, reply, follow-up). */
  replied: string[];
  messages: number;
}

interface Mailbox {
  gmail: SandboxGmail;
  address: string;
  accessToken: string;
}

/** Connects the user's Gmail through the sandbox consent, as the accounts module stores it. */
export async function connectGmail(
  database: Database,
  config: Config,
  gmail: SandboxGmail,
  user: { id: string; name: string; address: string },
): Promise<Mailbox> {
  const grant = await gmail.grantOfflineAccess(user.address, user.name);
  await saveMailboxConnection(database.db, config, {
    userId: user.id,
    email: user.address,
    refreshToken: grant.refreshToken,
    scopes: grant.scopes,
  });
  return { gmail, address: user.address, accessToken: await gmail.accessToken(grant.refreshToken) };
}

/** The main user (the first one seeded): their name, and their address in the Gmail stand-in. */
const MAIN_USER = { name: "Bench Student 0", address: "bench.student.0@gmail.example" };

/** Connects the main user's mailbox in the Gmail stand-in. */
export function connectMainGmail(
  database: Database,
  config: Config,
  gmail: SandboxGmail,
  mainId: string,
): Promise<Mailbox> {
  return connectGmail(database, config, gmail, { id: mainId, ...MAIN_USER });
}

/**
 * The main user's history with their network (`--messages` of them): sent through their mailbox
 * in the Gmail stand-in when one is given (`connectMainGmail`), else stored as rows only.
 */
export function seedMainConversations(
  database: Database,
  config: Config,
  seeded: { main: { id: string }; network: string[] },
  options: Pick<BenchOptions, "messages">,
  mailbox?: Mailbox,
): Promise<Conversations> {
  const user = { id: seeded.main.id, name: MAIN_USER.name };
  return seedConversations(database, config, user, seeded.network, options.messages, mailbox);
}

const DAY_MS = 24 * 3600_000;

/** Runs fn over items, `width` at a time. */
export async function eachLimited<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function seedConversations(
  database: Database,
  config: Config,
  user: { id: string; name: string },
  contactIds: string[],
  total: number,
  mailbox?: Mailbox,
): Promise<Conversations> {
  const scheduled = Math.floor(total / 10);
  const repliedCount = Math.floor(total / 5);
  const contacted = total - scheduled - 3 * repliedCount;
  const needed = repliedCount + contacted + scheduled;
  if (contacted < 0 || needed > contactIds.length) {
    throw new Error("not enough saved contacts for the email history");
  }
  const people = await database.db
    .select({ id: contacts.id, fullName: contacts.fullName, email: contacts.email })
    .from(contacts)
    .where(inArray(contacts.id, contactIds.slice(0, needed)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const ordered = contactIds.slice(0, needed).map((id) => byId.get(id) as (typeof people)[number]);
  const fromAddress = mailbox?.address ?? "bench.sender@gmail.example";
  const rows: MessageInsert[] = [];
  const now = Date.now();

  const outbound = async (
    person: (typeof people)[number],
    subject: string,
    text: string,
    at: Date,
    thread?: { id: string; inReplyTo: string; references: string[] },
  ) => {
    const messageId = newMessageId(config.publicUrl);
    let gmailIds: { id: string; threadId: string } | null = null;
    if (mailbox) {
      const raw = await buildMime({
        from: { name: user.name, address: mailbox.address },
        to: { name: person.fullName, address: person.email as string },
        subject,
        text,
        messageId,
        inReplyTo: thread?.inReplyTo,
        references: thread?.references,
      });
      gmailIds = await mailbox.gmail.send(mailbox.accessToken, raw, thread?.id);
    }
    rows.push({
      userId: user.id,
      contactId: person.id,
      direction: "outbound",
      status: "sent",
      toEmail: person.email,
      fromEmail: fromAddress,
      subject,
      body: text,
      sentAt: at,
      gmailMessageId: gmailIds?.id,
      threadId: gmailIds?.threadId,
      rfc822MessageId: messageId,
      attempts: 1,
      createdAt: at,
      updatedAt: at,
    });
    return { messageId, threadId: gmailIds?.threadId };
  };

  const conversation = async (index: number) => {
    const person = ordered[index];
    const first = person.fullName.split(" ")[0];
    const subject = `Cornell CS student interested in ${first}'s team`;
    const started = new Date(now - (30 - (index % 25)) * DAY_MS);
    const opening = await outbound(
      person,
      subject,
      `Hi ${first},\n\nI'm a Cornell CS student and would love 15 minutes of your time.\n\nBest,\n${user.name}`,
      started,
    );
    if (index >= repliedCount) return;
    const answer = `Happy to chat, ${user.name.split(" ")[0]}. How about Thursday?`;
    const answeredAt = new Date(started.getTime() + DAY_MS);
    let reply: { id: string; message_id: string } | null = null;
    if (mailbox && opening.threadId) reply = await mailbox.gmail.reply(opening.threadId, answer);
    const replyMessageId = reply?.message_id ?? `<reply-${opening.messageId.slice(1)}`;
    rows.push({
      userId: user.id,
      contactId: person.id,
      direction: "inbound",
      status: "received",
      toEmail: fromAddress,
      fromEmail: person.email,
      subject: `Re: ${subject}`,
      body: answer,
      sentAt: answeredAt,
      gmailMessageId: reply?.id,
      threadId: opening.threadId,
      rfc822MessageId: replyMessageId,
      createdAt: answeredAt,
      updatedAt: answeredAt,
    });
    await outbound(
      person,
      `Re: ${subject}`,
      "Thursday at 3 pm works. Thank you!",
      new Date(answeredAt.getTime() + 3600_000),
      opening.threadId
        ? {
            id: opening.threadId,
            inReplyTo: replyMessageId,
            references: [opening.messageId, replyMessageId],
          }
        : undefined,
    );
  };

  await eachLimited(
    Array.from({ length: repliedCount + contacted }, (_, i) => i),
    8,
    conversation,
  );
  for (const person of ordered.slice(repliedCount + contacted)) {
    rows.push({
      userId: user.id,
      contactId: person.id,
      direction: "outbound",
      status: "scheduled",
      toEmail: person.email,
      fromEmail: fromAddress,
      subject: "Quick question about your team",
      body: `Hi ${person.fullName.split(" ")[0]},\n\nWould you have 15 minutes next week?`,
      scheduledAt: new Date(now + 30 * DAY_MS),
      rfc822MessageId: newMessageId(config.publicUrl),
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    await database.db.insert(emailMessages).values(rows.slice(i, i + 500));
  }
  await database.db.execute(sql`
    update user_contacts uc set message_count = m.count, replied = m.replied
    from (
      select contact_id, count(*) filter (where status in ('sent', 'received'))::int as count,
        bool_or(direction = 'inbound') as replied
      from email_messages where user_id = ${user.id} group by contact_id
    ) m
    where uc.user_id = ${user.id} and uc.contact_id = m.contact_id`);
  if (mailbox) {
    // A mailbox the reply sync has caught up with: its cursor is Gmail's latest history id.
    await database.db
      .update(mailboxes)
      .set({
        historyId: await mailbox.gmail.historyId(mailbox.accessToken),
        lastSyncedAt: new Date(),
      })
      .where(sql`${mailboxes.userId} = ${user.id}`);
  }
  return { replied: ordered.slice(0, repliedCount).map((p) => p.id), messages: rows.length };
}
