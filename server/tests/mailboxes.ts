import type { MailboxProviderName } from "../src/integrations/mailbox";
import {
  createSender,
  microsoftSentFrom,
  queueFaults,
  SANDBOX_MAILBOX,
  sentFrom,
} from "./factories";
import type { TestApp } from "./helpers";

/** A message the student sent, as either stand-in records it, in one set of names. */
export interface SandboxSentMessage {
  id: string;
  /** Gmail's thread id, or Outlook's conversation id. */
  threadId: string;
  /** The RFC 822 Message-ID (Outlook's internetMessageId). */
  messageId: string;
  to: string;
  subject: string;
  attachments: string[];
}

/**
 * A student's mailbox as a test drives its stand-in, in the same steps for Gmail and Outlook: a
 * rule of the send and sync path is written once and run for both (`describe.each(MAILBOXES)`).
 * Each step answers the stand-in's status.
 */
export interface TestMailbox {
  provider: MailboxProviderName;
  /** The provider's name in what the student is told. */
  label: "Gmail" | "Outlook";
  createSender(t: TestApp): ReturnType<typeof createSender>;
  /** What the mailbox sent, newest first. */
  sent(t: TestApp, from: string): Promise<SandboxSentMessage[]>;
  /** The stand-in answers this mailbox's next sends with these statuses, in order. */
  queueFaults(t: TestApp, from: string, responses: number[]): Promise<void>;
  /** The contact answers in the thread (Outlook: the conversation). */
  reply(t: TestApp, threadId: string, text: string): Promise<number>;
  /** Reachout's grant is revoked at the provider. */
  revoke(t: TestApp, email: string): Promise<number>;
  /** The provider no longer knows any sync cursor so far (history id, delta token). */
  expireCursor(t: TestApp, email: string): Promise<number>;
}

const post = async (t: TestApp, url: string, payload: object) =>
  (await t.app.inject({ method: "POST", url, payload })).statusCode;

function testMailbox(
  provider: MailboxProviderName,
  label: TestMailbox["label"],
  sent: TestMailbox["sent"],
  stand: { threadField: string; revoke: string; expireCursor: string },
): TestMailbox {
  return {
    provider,
    label,
    sent,
    createSender: (t) => createSender(t, provider),
    queueFaults: (t, from, responses) => queueFaults(t, from, responses, provider),
    reply: (t, threadId, text) =>
      post(t, `${SANDBOX_MAILBOX[provider]}/reply`, { [stand.threadField]: threadId, text }),
    revoke: (t, email) => post(t, stand.revoke, { email }),
    expireCursor: (t, email) => post(t, stand.expireCursor, { email }),
  };
}

export const GMAIL = testMailbox(
  "gmail",
  "Gmail",
  async (t, from) =>
    (await sentFrom(t, from)).map((m) => ({
      ...m,
      threadId: m.thread_id,
      messageId: m.message_id,
    })),
  {
    threadField: "thread_id",
    revoke: "/__sandbox/google/revoke",
    expireCursor: "/__sandbox/gmail/history/expire",
  },
);

export const OUTLOOK = testMailbox(
  "microsoft",
  "Outlook",
  async (t, from) =>
    (await microsoftSentFrom(t, from)).map((m) => ({
      ...m,
      threadId: m.conversation_id,
      messageId: m.internet_message_id,
    })),
  {
    threadField: "conversation_id",
    revoke: "/__sandbox/microsoft/revoke",
    expireCursor: "/__sandbox/microsoft/delta/expire",
  },
);

export const MAILBOXES = [GMAIL, OUTLOOK];
