import { and, desc, eq, inArray, isNotNull, max } from "drizzle-orm";
import { emailMessages } from "../../db/schema";
import type { AppDeps } from "../../deps";
import {
  type MailboxMessage as GmailMessage,
  headerOf,
  MailboxError,
  type MailboxProvider,
  textOf,
} from "../../integrations/mailbox";
import { markMailboxRevoked, saveSyncCursor } from "../auth";
import {
  applyInboundVerdict,
  classifyInbound,
  factsOfGmail,
  type InboundVerdict,
} from "../deliverability";
import { publishEvent } from "../events";
import { findMailbox, type MailboxRow, mailboxFor } from "./mailbox";
import { markSent, recordSyncedMessage, replyFromContact } from "./messages";

/** A full scan (no usable history cursor) looks at the most recently active threads only. */
const SCAN_THREAD_LIMIT = 300;
/** Opening a conversation syncs it inline; it must not hold the page up for long. */
const INLINE_TIMEOUT_MS = 5000;

const addressIn = (value: string | undefined) =>
  (/<([^>]+)>/.exec(value ?? "")?.[1] ?? value ?? "").trim().toLowerCase();

/** The new part of a reply: quoted history ("On … wrote:", "> …", forwarded headers) removed. */
export function stripQuotedReply(text: string): string {
  const lines = text.replace(/\r/g, "").split("\n");
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const next = (lines[i + 1] ?? "").trim();
    if (
      /^On .+wrote:$/.test(line) ||
      (/^On .+/.test(line) && /wrote:$/.test(next) && !/wrote:$/.test(line)) ||
      /^-{2,}\s*Original Message/i.test(line) ||
      (/^From: .+/.test(line) && i > 0 && (lines[i - 1] ?? "").trim() === "")
    ) {
      end = i;
      break;
    }
  }
  const kept = lines.slice(0, end);
  while (kept.length && (kept.at(-1)?.trim() === "" || kept.at(-1)?.trim().startsWith(">")))
    kept.pop();
  return kept.join("\n").trim() || text.trim();
}

/** Threads this user started through Reachout, newest first, with the contact of each. */
async function knownThreads(deps: AppDeps, userId: string, contactId?: string) {
  const rows = await deps.database.db
    .select({ threadId: emailMessages.threadId, contactId: emailMessages.contactId })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.userId, userId),
        isNotNull(emailMessages.threadId),
        contactId ? eq(emailMessages.contactId, contactId) : undefined,
      ),
    )
    .groupBy(emailMessages.threadId, emailMessages.contactId)
    .orderBy(desc(max(emailMessages.createdAt)))
    .limit(SCAN_THREAD_LIMIT);
  return new Map(rows.map((r) => [r.threadId as string, r.contactId]));
}

async function storedMessageIds(
  deps: AppDeps,
  userId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await deps.database.db
    .select({ id: emailMessages.gmailMessageId })
    .from(emailMessages)
    .where(and(eq(emailMessages.userId, userId), inArray(emailMessages.gmailMessageId, ids)));
  return new Set(rows.map((r) => r.id as string));
}

/**
 * How the sync reads an inbound message of either provider (Gmail's API resource, or a Graph
 * message in the same shape): its new text without the quoted history, and the classifier's
 * verdict. `npm run classify:mail` and the repair job read messages through this too.
 */
export function classifyMailboxMessage(
  message: GmailMessage,
  receivedAt: Date,
): { text: string; verdict: InboundVerdict } {
  const text = stripQuotedReply(textOf(message));
  return { text, verdict: classifyInbound(factsOfGmail(message), text, receivedAt) };
}

/**
 * Stores one Gmail message of a known thread. A person's reply becomes a `received` row, sets
 * `replied` and counts on the contact. Bounces and automatic replies are stored marked as such
 * (the conversation shows them) and are not replies: the contact stays Contacted. A permanent
 * bounce or an opt-out reply suppresses the address for everyone. The (user, gmail id) unique
 * index makes a second sync a no-op.
 */
async function storeMessage(
  deps: AppDeps,
  account: MailboxRow,
  contactId: string,
  message: GmailMessage,
): Promise<void> {
  if (message.labelIds?.includes("DRAFT")) return;
  const db = deps.database.db;
  const fromAddress = addressIn(headerOf(message, "From"));
  const isOutbound = fromAddress === account.email.toLowerCase();
  const rfc822 = headerOf(message, "Message-ID") ?? null;
  if (isOutbound && rfc822) {
    // Our own send whose answer was lost: finding it here settles it as sent.
    const [mine] = await db
      .select()
      .from(emailMessages)
      .where(
        and(eq(emailMessages.userId, account.userId), eq(emailMessages.rfc822MessageId, rfc822)),
      );
    if (mine) {
      if (mine.status === "unknown" || mine.status === "sending") {
        await markSent(db, mine, message, ["unknown", "sending"]);
      }
      return;
    }
  }
  const receivedAt = new Date(Number(message.internalDate ?? Date.now()));
  const { text, verdict } = isOutbound
    ? { text: textOf(message), verdict: null }
    : classifyMailboxMessage(message, receivedAt);
  const isAnswer = !verdict || verdict.kind === "reply" || verdict.kind === "opt_out";
  const inserted = await recordSyncedMessage(
    db,
    {
      userId: account.userId,
      contactId,
      direction: isOutbound ? "outbound" : "inbound",
      fromEmail: fromAddress || null,
      toEmail: addressIn(headerOf(message, "To")) || null,
      subject: headerOf(message, "Subject") ?? "",
      body: text,
      sentAt: receivedAt,
      gmailMessageId: message.id,
      threadId: message.threadId,
      rfc822MessageId: rfc822,
      inboundKind: verdict && verdict.kind !== "reply" ? verdict.kind : null,
      inboundCause: verdict?.cause ?? null,
      classificationNote: verdict?.note ?? null,
      returnsAt: verdict?.kind === "auto_reply" ? verdict.returnsAt : null,
    },
    // Bounces and automatic replies are stored but are not a message of the conversation.
    { countsOnContact: isOutbound || isAnswer },
  );
  if (!inserted || !verdict) return;
  if (verdict.kind !== "reply") {
    await applyInboundVerdict(
      db,
      { userId: account.userId, contactId, threadId: message.threadId, fromAddress },
      verdict,
    );
  }
  if (isAnswer) publishEvent(account.userId, { type: "reply", contact_id: contactId });
  else if (verdict.kind === "bounce" || verdict.kind === "delay" || verdict.kind === "auto_reply") {
    // A success report changes nothing the student sees.
    publishEvent(account.userId, { type: "delivery", contact_id: contactId, kind: verdict.kind });
  }
}

/** Stores the threads' messages not stored yet; answers how many there were. */
async function syncThreads(
  deps: AppDeps,
  account: MailboxRow,
  client: MailboxProvider,
  threads: Map<string, string>,
): Promise<number> {
  let fresh = 0;
  for (const [threadId, contactId] of threads) {
    let messages: GmailMessage[];
    try {
      ({ messages } = await client.getThread(threadId));
    } catch (error) {
      if (error instanceof MailboxError && error.kind === "not_found") continue; // deleted in Gmail
      throw error;
    }
    const stored = await storedMessageIds(
      deps,
      account.userId,
      messages.map((m) => m.id),
    );
    for (const message of messages) {
      if (stored.has(message.id)) continue;
      fresh++;
      await storeMessage(deps, account, contactId, message);
    }
  }
  return fresh;
}

/** history.list from the stored cursor; false when the cursor is too old (Gmail's 404). */
async function syncHistory(
  deps: AppDeps,
  account: MailboxRow,
  client: MailboxProvider,
  threads: Map<string, string>,
): Promise<boolean> {
  const added = new Map<string, string>();
  let latest = account.historyId as string;
  let pageToken: string | undefined;
  try {
    do {
      const page = await client.listChanges(account.historyId as string, pageToken);
      for (const message of page.added) {
        if (threads.has(message.threadId)) added.set(message.id, message.threadId);
      }
      latest = page.cursor;
      pageToken = page.nextPageToken;
    } while (pageToken);
  } catch (error) {
    if (error instanceof MailboxError && error.kind === "not_found") return false;
    throw error;
  }
  const stored = await storedMessageIds(deps, account.userId, [...added.keys()]);
  for (const [id, threadId] of added) {
    if (stored.has(id)) continue;
    const message = await client.getMessage(id, "full").catch((error) => {
      if (error instanceof MailboxError && error.kind === "not_found") return null;
      throw error;
    });
    if (message) await storeMessage(deps, account, threads.get(threadId) as string, message);
  }
  await saveSyncCursor(deps.database.db, account, latest);
  return true;
}

async function withRevocation<T>(deps: AppDeps, account: MailboxRow, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MailboxError && error.kind === "auth_revoked") {
      await markMailboxRevoked(deps.database.db, account);
      return undefined;
    }
    throw error;
  }
}

/**
 * The reply-sync job for one mailbox: new messages since the history cursor; without a usable
 * cursor, a scan of the known threads, after which the cursor restarts from the profile.
 */
export async function syncMailbox(deps: AppDeps, userId: string): Promise<void> {
  const account = await findMailbox(deps.database.db, userId);
  if (account?.status !== "connected") return;
  const client = mailboxFor(deps, account);
  await withRevocation(deps, account, async () => {
    const threads = await knownThreads(deps, userId);
    if (account.historyId && (await syncHistory(deps, account, client, threads))) return;
    // Read the cursor first: anything arriving during the scan is picked up next time.
    const historyId = await client.currentCursor();
    await syncThreads(deps, account, client, threads);
    await saveSyncCursor(deps.database.db, account, historyId);
  });
}

/**
 * Syncs one contact's threads now (opening a conversation); errors leave the stored view.
 * Answers whether Gmail had messages not stored yet.
 */
export async function syncContactThreads(
  deps: AppDeps,
  userId: string,
  contactId: string,
): Promise<boolean> {
  const account = await findMailbox(deps.database.db, userId);
  if (account?.status !== "connected") return false;
  const threads = await knownThreads(deps, userId, contactId);
  if (threads.size === 0) return false;
  const client = mailboxFor(deps, account, { timeoutMs: INLINE_TIMEOUT_MS });
  const fresh = await withRevocation(deps, account, () =>
    syncThreads(deps, account, client, threads),
  );
  return (fresh ?? 0) > 0;
}

/**
 * Reads one thread at Gmail now and stores what is new, then answers whether the contact
 * has replied (a person's answer, not a bounce or an automatic one) since `since`: the check right before a follow-up goes, so a reply that arrived
 * a second ago still stops it. Gmail errors propagate (the caller waits and tries again).
 */
export async function hasReplySince(
  deps: AppDeps,
  account: MailboxRow,
  contactId: string,
  threadId: string | null,
  since: Date,
): Promise<boolean> {
  if (threadId) {
    const client = mailboxFor(deps, account, { timeoutMs: INLINE_TIMEOUT_MS });
    await syncThreads(deps, account, client, new Map([[threadId, contactId]]));
  }
  const [row] = await deps.database.db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(replyFromContact(account.userId, contactId, since))
    .limit(1);
  return Boolean(row);
}
