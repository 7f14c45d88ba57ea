/**
 * The mailbox provider interface: what Reachout needs from a student's mailbox, whoever hosts
 * it. Gmail (`gmail.ts`) and Microsoft 365 through Graph (`microsoft.ts`) implement it; the
 * emails module sends, reconciles and syncs through it only (`mailbox-provider.ts` picks one).
 */

/** Which service holds a connected mailbox ("manual" is copy mode: no connected mailbox). */
export type MailboxProviderName = "gmail" | "microsoft";

/**
 * Why a mailbox call failed, which decides what the caller may do next:
 * - temporary: the provider proved it did not accept the request (429, 403 rate limit,
 *   connection refused, token endpoint unreachable): safe to retry, even a send.
 * - unknown: the request may have been accepted (timeout, reset or 5xx after sending): a send
 *   must be reconciled by Message-ID before any resend.
 * - auth_revoked: the grant is gone (invalid_grant, missing scope): pause until reconnected.
 * - not_found: the message, thread or change cursor does not exist.
 * - rejected: the provider refused the request itself (400): retrying will not help.
 */
export type MailboxErrorKind = "temporary" | "unknown" | "auth_revoked" | "not_found" | "rejected";

export class MailboxError extends Error {
  constructor(
    readonly kind: MailboxErrorKind,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface MailboxHeader {
  name: string;
  value: string;
}

/** A MIME part in Gmail's shape (the common shape every provider answers in). */
export interface MailboxPart {
  mimeType?: string;
  filename?: string;
  headers?: MailboxHeader[];
  body?: { size?: number; data?: string; attachmentId?: string };
  parts?: MailboxPart[];
}

/**
 * One message of a mailbox. `threadId` is the provider's conversation (a Gmail thread, a Graph
 * conversationId); `internalDate` is milliseconds since the epoch as a string; `labelIds`
 * carries "DRAFT" for a draft and "SENT" for a sent message.
 */
export interface MailboxMessage {
  id: string;
  threadId: string;
  labelIds?: string[];
  internalDate?: string;
  historyId?: string;
  payload?: MailboxPart;
}

/** A message's ids at the provider. */
export interface MailboxMessageRef {
  id: string;
  threadId: string;
}

/** One page of changes since a cursor: messages added, the cursor to continue from. */
export interface MailboxChanges {
  added: MailboxMessageRef[];
  /** The cursor to store once every page has been read. */
  cursor: string;
  /** Another page follows: call again with it. */
  nextPageToken?: string;
}

/** The stored connection a provider acts for. The refresh token stays sealed until used. */
export interface MailboxAccountRef {
  userId: string;
  email: string;
  refreshTokenEnc: string;
}

/** A provider's watch of a mailbox: when it ends, and its id where it has one. */
export interface MailboxWatch {
  expiresAt: Date;
  id?: string;
}

export interface MailboxProvider {
  readonly provider: MailboxProviderName;
  /** The connected address. */
  readonly email: string;
  /** Sends an RFC 822 message as written (Reachout's own Message-ID). Not idempotent. */
  sendMime(raw: Buffer, threadId?: string | null): Promise<MailboxMessageRef>;
  /** The messages carrying an RFC 822 Message-ID (reconciles sends whose outcome is unknown). */
  findByMessageId(messageId: string): Promise<MailboxMessageRef[]>;
  /** One message; "metadata" may answer only the named headers. */
  getMessage(id: string, format?: "full" | "metadata", headers?: string[]): Promise<MailboxMessage>;
  /** Every message of one conversation. */
  getThread(id: string): Promise<{ id: string; messages: MailboxMessage[] }>;
  /** A cursor standing for "now": changes after it are listed by listChanges. */
  currentCursor(): Promise<string>;
  /** Messages added since the cursor (not_found: the cursor is too old, scan instead). */
  listChanges(cursor: string, pageToken?: string): Promise<MailboxChanges>;
  /**
   * Asks the provider to tell Reachout when mail arrives (Gmail users.watch, Graph
   * subscriptions), renewing the current watch where the provider names it (a Graph
   * subscription id); answers when the watch ends and its id. Without push configured: null,
   * and the poll finds the changes.
   */
  watch(current?: { id: string | null }): Promise<MailboxWatch | null>;
}

export function headerOf(message: MailboxMessage, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return message.payload?.headers?.find((h) => h.name.toLowerCase() === wanted)?.value;
}

/** The plain-text body of a message (text/plain, else text/html stripped of tags). */
export function textOf(message: MailboxMessage): string {
  const decode = (data?: string) => (data ? Buffer.from(data, "base64url").toString("utf8") : "");
  const find = (part: MailboxPart | undefined, type: string): MailboxPart | undefined => {
    if (!part) return undefined;
    if (part.mimeType === type && !part.filename && part.body?.data) return part;
    for (const child of part.parts ?? []) {
      const found = find(child, type);
      if (found) return found;
    }
    return undefined;
  };
  const plain = find(message.payload, "text/plain");
  if (plain) return decode(plain.body?.data);
  const html = find(message.payload, "text/html");
  return htmlToText(decode(html?.body?.data));
}

/**
 * The text of an HTML body: a line break for each <br>, `blockBreak` for each closing tag that
 * `blockEnds` matches (a paragraph's, by default), other tags dropped, common entities decoded.
 */
export function htmlToText(html: string, blockEnds = /<\/p>/gi, blockBreak = "\n\n"): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(blockEnds, blockBreak)
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .trim();
}

/** How a provider client for one mailbox is made: each call's timeout, the whole step's deadline. */
export interface MailboxClientOptions {
  /** Bounds each call (default 30 s). */
  timeoutMs?: number;
  /** Ends every call of this client still under way (a send's whole step, token included). */
  deadline?: AbortSignal;
  /** A provider that rotates refresh tokens (Microsoft) hands the new one here to be stored. */
  onNewRefreshToken?: (refreshToken: string) => Promise<void>;
}
