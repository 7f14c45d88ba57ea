import { randomInt } from "node:crypto";
import type {
  EmailThread,
  GeneratedEmail,
  GenerateEmailRequest,
  GenerateEmailStreamDelta,
  NetworkContact,
} from "@reachout/contract";
import { givenNameOf, MESSAGES, WRITER_CONTEXT_ASKS } from "@reachout/contract";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { emailMessages } from "../../db/schema";
import { type AppDeps, nowOf } from "../../deps";
import { AppError, conflict } from "../../http/errors";
import { recentCompanyNews } from "../company-facts";
import {
  findNetworkContact,
  getNetworkContact,
  statusOf,
  studentSignalsOf,
  warmSignalsFor,
} from "../contacts";
import { hasResume } from "../resumes";
import { recipientOf } from "./contact";
import { createCooldown } from "./cooldown";
import { requireMailboxReady } from "./copy-mode";
import { enqueueReplySync } from "./reply-sync-job";
import { syncContactThreads } from "./sync";
import { createEmailWriter, type EmailWriter, loadSender, type WriteInput } from "./writer";
import { writeFollowUp } from "./writer/follow-up";
import { createOfflineWriter } from "./writer/offline";
import { writtenAsOf } from "./writer/written-as";

const writers = new WeakMap<Config, EmailWriter>();
function writerFor(deps: AppDeps, log?: FastifyBaseLogger): EmailWriter {
  if (log) return createEmailWriter(deps.config, log);
  let writer = writers.get(deps.config);
  if (!writer) {
    writer = createEmailWriter(deps.config);
    writers.set(deps.config, writer);
  }
  return writer;
}

/**
 * Everything the writer needs for one contact, checked first (404, 409 without a resume or
 * Gmail): the sender, the contact with the warm signals, one recent news item about the
 * company and the variant to write. The facts come from the database, whatever the client sent.
 */
export async function prepareEmail(
  deps: AppDeps,
  userId: string,
  request: GenerateEmailRequest,
): Promise<WriteInput> {
  const db = deps.database.db;
  const contact = await getNetworkContact(db, userId, request.contact_id);
  if (!(await hasResume(db, userId))) throw conflict(MESSAGES.startups.noResume);
  await requireMailboxReady(deps, userId);
  const role = request.role?.trim() || contact.target_position_name;
  const occasion = request.occasion?.trim() || null;
  const topic = request.topic?.trim() || null;
  // The writer never invents what these formats follow up on: the dialog asks for it first.
  if (request.email_format === "referral" && !role) {
    throw new AppError(422, WRITER_CONTEXT_ASKS.referral);
  }
  if (request.email_format === "thank_you" && !occasion) {
    throw new AppError(422, WRITER_CONTEXT_ASKS.thank_you);
  }
  if (request.email_format === "career_fair" && (!occasion || !topic)) {
    throw new AppError(422, WRITER_CONTEXT_ASKS.career_fair);
  }
  const sender = await loadSender(db, userId, nowOf(deps));
  const recipient = recipientOf(contact);
  const warmSignals = warmSignalsFor(
    studentSignalsOf(sender.facts, { university: sender.university, major: sender.major }),
    { ...recipient, education: contact.education },
  );
  // Personalize cites the news; the other formats do not need it.
  const news =
    request.email_format === "original" || request.email_format === "informational"
      ? ((await recentCompanyNews(deps, contact.company ?? ""))[0] ?? null)
      : null;
  return {
    format: request.email_format,
    sender,
    recipient: { ...recipient, warmSignals },
    news,
    role,
    occasion,
    topic,
    variant: request.variant ?? randomInt(1, 1_000_000),
    now: nowOf(deps),
  };
}

/** POST /emails/generate. */
export async function generateEmail(
  deps: AppDeps,
  userId: string,
  request: GenerateEmailRequest,
  log?: FastifyBaseLogger,
): Promise<GeneratedEmail> {
  const input = await prepareEmail(deps, userId, request);
  const email = await writerFor(deps, log).write(input);
  return { ...email, written_as: writtenAsOf(input) };
}

/** POST /emails/generate/stream: the same email, written while the client watches. */
export async function streamEmail(
  deps: AppDeps,
  input: WriteInput,
  onDelta: (delta: GenerateEmailStreamDelta) => void,
  log?: FastifyBaseLogger,
): Promise<GeneratedEmail> {
  const email = await writerFor(deps, log).stream(input, onDelta);
  return { ...email, written_as: writtenAsOf(input) };
}

async function suggestDraft(
  deps: AppDeps,
  userId: string,
  contact: NetworkContact,
  messages: Array<{
    sender: "user" | "contact";
    subject: string;
    body: string;
    sentAt: Date;
    kind: string;
  }>,
): Promise<{ subject: string; body: string }> {
  const sender = await loadSender(deps.database.db, userId, nowOf(deps));
  const last = messages.at(-1);
  // They asked not to be contacted again: Reachout suggests nothing more to send them.
  if (last?.kind === "opt_out") return { subject: "", body: "" };
  if (last) {
    return writeFollowUp({
      firstName: givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }),
      company: contact.company,
      senderName: sender.name ?? "",
      threadSubject: messages[0].subject || "Following up",
      contactAnsweredLast: last.sender === "contact",
      lastSentAt: last.sentAt,
      lastReplyText: last.sender === "contact" ? last.body : undefined,
      sender: {
        graduationYear: sender.graduationYear,
        major: sender.major,
        university: sender.university,
      },
    });
  }
  if (!sender.resumeText) return { subject: "", body: "" };
  // The first suggestion is instant (offline); Personalize asks the configured writer.
  const email = await createOfflineWriter().write({
    format: "original",
    sender,
    recipient: recipientOf(contact),
    now: nowOf(deps),
  });
  return { subject: email.subject, body: email.body };
}

/** The whole-mailbox sync is asked for at most this often per user (it is a queued job). */
const isReplySyncDue = createCooldown(30_000);

/**
 * GET /emails/thread/{contactId}: syncs this contact's Gmail threads first (new replies show at
 * once), asks for a sync of the whole mailbox, and answers the conversation oldest first.
 */
export async function getConversation(
  deps: AppDeps,
  userId: string,
  contactId: string,
): Promise<EmailThread> {
  const db = deps.database.db;
  const found = await getNetworkContact(db, userId, contactId);
  // Every opening asks Gmail (one threads.get per thread, 10 of a user's 250 quota units a
  // second): a reply can land at any moment, and a person opening the conversation expects it.
  const changed = await syncContactThreads(deps, userId, found.contact_id).catch(() => false);
  if (isReplySyncDue(userId)) await enqueueReplySync(deps, userId).catch(() => {});
  const contact = changed
    ? ((await findNetworkContact(db, userId, found.contact_id)) ?? found)
    : found;

  const rows = await db
    .select()
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.userId, userId),
        eq(emailMessages.contactId, contact.contact_id),
        or(
          and(eq(emailMessages.direction, "outbound"), eq(emailMessages.status, "sent")),
          and(eq(emailMessages.direction, "inbound"), inArray(emailMessages.status, ["received"])),
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${emailMessages.sentAt}, ${emailMessages.createdAt})`));
  const messages = rows.map((row) => ({
    id: row.id,
    sender: row.direction === "inbound" ? ("contact" as const) : ("user" as const),
    body: row.body,
    subject: row.subject,
    sentAt: row.sentAt ?? row.createdAt,
    kind:
      row.direction === "outbound" ? ("message" as const) : (row.inboundKind ?? ("reply" as const)),
    note: row.classificationNote,
  }));
  // Bounces and automatic answers are shown, but the next draft follows the people's messages.
  const conversation = messages.filter(
    (m) => m.kind === "message" || m.kind === "reply" || m.kind === "opt_out",
  );
  const draft = await suggestDraft(deps, userId, contact, conversation);
  return {
    messages: messages.map((m) => ({
      id: m.id,
      sender: m.sender,
      body: m.body,
      sent_at: m.sentAt.toISOString(),
      kind: m.kind,
      note: m.note,
    })),
    subject: draft.subject,
    body: draft.body,
    status: statusOf(contact.message_count, contact.replied),
    message_count: contact.message_count,
    replied: contact.replied,
    email_status: contact.email_status,
  };
}
