import { randomBytes } from "node:crypto";

/** A message of a Microsoft 365 mailbox, as the Graph stand-in keeps it. */
export interface GraphStoredMessage {
  id: string;
  conversationId: string;
  internetMessageId: string;
  folder: "inbox" | "sentitems";
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  /** The HTML body as sent, when the message had one: Graph serves it as it is. */
  html?: string;
  /** The message's own headers (Graph answers them as internetMessageHeaders). */
  headers: Array<{ name: string; value: string }>;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  receivedAt: number;
  /** Order of arrival in the mailbox: delta tokens count in it. */
  seq: number;
}

const randomId = (bytes: number) => randomBytes(bytes).toString("base64url");
/** Graph ids are long opaque base64 strings (message ids "AAMkA…", conversations "AAQkA…"). */
export const graphMessageId = () => `AAMkA${randomId(42)}`;
export const graphConversationId = () => `AAQkA${randomId(30)}`;

const bare = (id: string) => id.trim().replace(/^<|>$/g, "");

export class GraphMailbox {
  readonly messages: GraphStoredMessage[] = [];
  /** Status codes the next sendMail calls answer (see the Gmail stand-in's fault queue). */
  readonly faults: number[] = [];
  /** Delta tokens from before this sequence number answer 410 (sync state lost). */
  oldestValidSeq = 0;
  seq = 0;
  readonly autoRepliedAt = new Map<string, number>();

  constructor(
    readonly address: string,
    private readonly onAdd?: (mailbox: GraphMailbox, message: GraphStoredMessage) => void,
  ) {}

  add(message: Omit<GraphStoredMessage, "id" | "seq" | "receivedAt"> & { receivedAt?: number }) {
    this.seq++;
    const stored: GraphStoredMessage = {
      ...message,
      id: graphMessageId(),
      seq: this.seq,
      receivedAt: message.receivedAt ?? Date.now(),
    };
    this.messages.push(stored);
    this.onAdd?.(this, stored);
    return stored;
  }

  byInternetMessageId(id: string): GraphStoredMessage | undefined {
    const wanted = bare(id);
    return this.messages.find((m) => bare(m.internetMessageId) === wanted);
  }

  conversation(id: string): GraphStoredMessage[] {
    return this.messages.filter((m) => m.conversationId === id);
  }
}

export class GraphStore {
  private readonly mailboxes = new Map<string, GraphMailbox>();

  /** `onAdd` hears of every message added to a mailbox (the change notifications' source). */
  constructor(
    private readonly onAdd?: (mailbox: GraphMailbox, message: GraphStoredMessage) => void,
  ) {}

  mailbox(address: string): GraphMailbox {
    const key = address.trim().toLowerCase();
    let mailbox = this.mailboxes.get(key);
    if (!mailbox) {
      mailbox = new GraphMailbox(key, this.onAdd);
      this.mailboxes.set(key, mailbox);
    }
    return mailbox;
  }

  all(): GraphMailbox[] {
    return [...this.mailboxes.values()];
  }

  findConversation(id: string): { mailbox: GraphMailbox; messages: GraphStoredMessage[] } | null {
    for (const mailbox of this.mailboxes.values()) {
      const messages = mailbox.conversation(id);
      if (messages.length > 0) return { mailbox, messages };
    }
    return null;
  }
}
