import { randomBytes } from "node:crypto";
import type { GmailPayloadPart } from "./gmail-mime";

export interface GmailAttachment {
  filename: string;
  mimeType: string;
  size: number;
  /** The attachment's bytes, served by messages.attachments.get. */
  data?: Buffer;
}

export interface GmailStoredMessage {
  id: string;
  threadId: string;
  historyId: number;
  internalDate: number;
  labelIds: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative, when the message has one. */
  html?: string;
  /** Every top-level header as sent, in order (Gmail keeps them all). */
  headers?: Array<{ name: string; value: string }>;
  /** The whole RFC 822 message as sent: what format=raw serves. */
  raw?: Buffer;
  messageId: string;
  inReplyTo?: string;
  references: string[];
  attachments: GmailAttachment[];
  /** The header block exactly as the client sent it (tests check nothing was injected). */
  rawHeaders?: string;
  /** Mail that arrived from elsewhere (a bounce, an automatic reply): its MIME tree as Gmail serves it. */
  payload?: GmailPayloadPart;
}

interface HistoryRecord {
  id: number;
  message: GmailStoredMessage;
}

/** One Gmail account's mailbox: its messages (sent and received), history and queued faults. */
export class GmailMailbox {
  readonly messages: GmailStoredMessage[] = [];
  readonly history: HistoryRecord[] = [];
  historyId = 1000;
  /** History ids at or below this are "too old" (Gmail answers 404 for them). */
  oldestValidHistoryId = 0;
  readonly faults: number[] = [];
  /** When each sender last got an automatic reply from an away recipient (sender>recipient). */
  readonly autoRepliedAt = new Map<string, number>();

  /** users.watch: the Pub/Sub topic told of new INBOX mail until `expiresAt` (ms). */
  watch: { topicName: string; expiresAt: number } | null = null;

  constructor(
    readonly address: string,
    private readonly onInbox?: (mailbox: GmailMailbox, historyId: number) => void,
  ) {}

  add(message: Omit<GmailStoredMessage, "id" | "historyId" | "internalDate"> & { id?: string }) {
    this.historyId += 1;
    const stored: GmailStoredMessage = {
      ...message,
      id: message.id ?? gmailId(),
      historyId: this.historyId,
      internalDate: Date.now(),
    };
    this.messages.push(stored);
    this.history.push({ id: this.historyId, message: stored });
    if (stored.labelIds.includes("INBOX")) this.onInbox?.(this, stored.historyId);
    return stored;
  }

  thread(threadId: string): GmailStoredMessage[] {
    return this.messages.filter((m) => m.threadId === threadId);
  }

  byMessageId(messageId: string): GmailStoredMessage | undefined {
    const wanted = stripBrackets(messageId);
    return this.messages.find((m) => stripBrackets(m.messageId) === wanted);
  }

  historySince(startHistoryId: number): HistoryRecord[] {
    return this.history.filter((h) => h.id > startHistoryId);
  }
}

/** Every mailbox of the Gmail stand-in, keyed by lowercased address. */
export class GmailStore {
  private readonly mailboxes = new Map<string, GmailMailbox>();

  /** `onInbox` hears of every message arriving in an INBOX (the push notifications' source). */
  constructor(private readonly onInbox?: (mailbox: GmailMailbox, historyId: number) => void) {}

  mailbox(address: string): GmailMailbox {
    const key = address.trim().toLowerCase();
    let mailbox = this.mailboxes.get(key);
    if (!mailbox) {
      mailbox = new GmailMailbox(key, this.onInbox);
      this.mailboxes.set(key, mailbox);
    }
    return mailbox;
  }

  all(): GmailMailbox[] {
    return [...this.mailboxes.values()];
  }

  findThread(threadId: string): { mailbox: GmailMailbox; messages: GmailStoredMessage[] } | null {
    for (const mailbox of this.mailboxes.values()) {
      const messages = mailbox.thread(threadId);
      if (messages.length > 0) return { mailbox, messages };
    }
    return null;
  }
}

export const gmailId = () => randomBytes(8).toString("hex");
export const stripBrackets = (value: string) => value.trim().replace(/^<|>$/g, "");
export const normalizeSubject = (subject: string) =>
  subject
    .trim()
    .replace(/^((re|fwd?|aw)\s*:\s*)+/i, "")
    .toLowerCase();

/** Gmail's message and thread ids: lowercase hex. Anything else is answered 400. */
export const isGmailId = (value: string) => /^[0-9a-f]{1,32}$/.test(value);
