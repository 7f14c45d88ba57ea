import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addressHolds, contacts, emailMessages, senderRejections } from "../../db/schema";
import { pauseAutomatedSending } from "../auth";
import { type InboundVerdict, senderRefusalText } from "./classify";
import { enrollmentRequests } from "./enrollment-requests";
import { normalizeAddress, suppressAddress } from "./suppressions";
import { pauseIfBouncing } from "./warmup";

/** A mailbox or network failure holds the address for the student's sequences this long. */
export const HOLD_DAYS = 14;
/** This many refusals of the student's own email within a day pause automated sending. */
export const SENDER_REJECTIONS_TO_PAUSE = 2;
const DAY_MS = 24 * 3600_000;

export const senderPauseNotice = (notice: string) =>
  `Automated sending is paused: mail systems refused your email ${SENDER_REJECTIONS_TO_PAUSE} times in the last 24 hours. ${notice} Then resume sending from your Account page.`;

export interface InboundContext {
  userId: string;
  contactId: string;
  threadId: string;
  /** The address the message came from (the person, for a reply). */
  fromAddress: string;
}

export interface InboundEffects {
  /** Addresses newly suppressed, with why. */
  suppressed: Array<{ email: string; reason: "bounced" | "opted_out" }>;
  /** Addresses held for this student's sequences, until when. */
  held: Array<{ email: string; until: Date }>;
  /** The plain-words notice recorded for a refusal of the student's own email. */
  senderRejection: string | null;
  pausedAutomatedSending: boolean;
}

async function contactEmailOf(db: Db, contactId: string): Promise<string | null> {
  const [contact] = await db
    .select({ email: contacts.email })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return contact?.email ? normalizeAddress(contact.email) : null;
}

/** Addresses this user wrote to in the thread, and the contact's own address. */
async function addressesOfThread(db: Db, context: InboundContext): Promise<Set<string>> {
  const rows = await db
    .select({ to: emailMessages.toEmail })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.userId, context.userId),
        eq(emailMessages.threadId, context.threadId),
        eq(emailMessages.direction, "outbound"),
      ),
    );
  return new Set(
    [...rows.map((r) => r.to), await contactEmailOf(db, context.contactId)]
      .filter((value): value is string => Boolean(value))
      .map(normalizeAddress),
  );
}

/**
 * Holds the failed addresses (those this user wrote to in the thread; the contact's address when
 * the report names none) for this student's sequences for HOLD_DAYS: live enrolments wait until
 * then. A later failure extends the hold; other students are not affected.
 */
async function holdAddresses(
  db: Db,
  context: InboundContext,
  verdict: InboundVerdict,
  now: Date,
): Promise<Array<{ email: string; until: Date }>> {
  const written = await addressesOfThread(db, context);
  const named = verdict.recipients.map(normalizeAddress).filter((a) => written.has(a));
  const contactEmail = await contactEmailOf(db, context.contactId);
  const addresses =
    verdict.recipients.length > 0 ? named : contactEmail ? [contactEmail] : ([] as string[]);
  const until = new Date(now.getTime() + HOLD_DAYS * DAY_MS);
  const detail = `${verdict.status ?? ""}${verdict.sentence ? ` ${verdict.sentence}` : ""}`
    .trim()
    .slice(0, 500);
  const held: Array<{ email: string; until: Date }> = [];
  for (const email of new Set(addresses)) {
    await db
      .insert(addressHolds)
      .values({
        userId: context.userId,
        email,
        heldUntil: until,
        cause: verdict.cause ?? "mailbox",
        detail,
      })
      .onConflictDoUpdate({
        target: [addressHolds.userId, addressHolds.email],
        set: { heldUntil: until, cause: sql`excluded.cause`, detail: sql`excluded.detail` },
        setWhere: sql`${addressHolds.heldUntil} < excluded.held_until`,
      });
    await enrollmentRequests().deferForAddress(db, context.userId, email, until);
    held.push({ email, until });
  }
  return held;
}

/**
 * Records a refusal of the student's own email and pauses automated sending when it is the
 * SENDER_REJECTIONS_TO_PAUSE-th within a day. Answers whether it paused now.
 */
async function recordSenderRejection(
  db: Db,
  userId: string,
  verdict: InboundVerdict,
  notice: string,
  now: Date,
  pause: boolean,
): Promise<boolean> {
  await db.insert(senderRejections).values({
    userId,
    refusedBy: verdict.refusedBy,
    status: verdict.status,
    notice,
    sentence: verdict.sentence?.slice(0, 500) ?? null,
    createdAt: now,
  });
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(senderRejections)
    .where(
      and(
        eq(senderRejections.userId, userId),
        gt(senderRejections.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  if (!pause || Number(row?.count ?? 0) < SENDER_REJECTIONS_TO_PAUSE) return false;
  return pauseAutomatedSending(db, userId, senderPauseNotice(notice), now);
}

/**
 * What a classified inbound message changes beyond its own row: a permanent bounce suppresses
 * the failed address for everyone (only an address this user wrote to in that thread, so a
 * forged report cannot suppress anyone else) and may pause the mailbox's automated sending; an
 * opt-out reply suppresses the person's address; either stops every sequence writing to it.
 * An automatic reply with a return date moves this student's sequence steps past it. Safe to
 * repeat.
 */
export async function applyInboundVerdict(
  db: Db,
  context: InboundContext,
  verdict: InboundVerdict,
  now = new Date(),
  /** False for the repair of past reports (issue 33): old refusals pause nothing today. */
  pause = true,
): Promise<InboundEffects> {
  const effects: InboundEffects = {
    suppressed: [],
    held: [],
    senderRejection: null,
    pausedAutomatedSending: false,
  };
  if (verdict.kind === "bounce" && (verdict.cause === "mailbox" || verdict.cause === "network")) {
    effects.held = await holdAddresses(db, context, verdict, now);
  }
  if (verdict.kind === "bounce" && verdict.cause === "sender") {
    const notice = senderRefusalText(verdict);
    effects.senderRejection = notice;
    effects.pausedAutomatedSending = await recordSenderRejection(
      db,
      context.userId,
      verdict,
      notice,
      now,
      pause,
    );
  }
  if (verdict.kind === "bounce" && verdict.cause === "recipient" && verdict.permanent) {
    const written = await addressesOfThread(db, context);
    for (const address of verdict.recipients.map(normalizeAddress)) {
      if (!written.has(address)) continue;
      await suppressAddress(db, {
        email: address,
        reason: "bounced",
        source: "dsn",
        detail: `${verdict.status ?? ""}${verdict.sentence ? ` ${verdict.sentence}` : ""}`
          .trim()
          .slice(0, 500),
      });
      effects.suppressed.push({ email: address, reason: "bounced" });
    }
    if (pause) effects.pausedAutomatedSending = await pauseIfBouncing(db, context.userId, now);
  }
  if (verdict.kind === "opt_out") {
    // The address students write to, and the one the person answered from if it differs.
    const addresses = new Set(
      [await contactEmailOf(db, context.contactId), normalizeAddress(context.fromAddress)].filter(
        (value): value is string => Boolean(value),
      ),
    );
    for (const address of addresses) {
      await suppressAddress(db, {
        email: address,
        reason: "opted_out",
        source: "reply",
        detail: verdict.phrase,
      });
      effects.suppressed.push({ email: address, reason: "opted_out" });
    }
  }
  for (const { email, reason } of effects.suppressed) {
    await enrollmentRequests().stopForAddress(db, email, reason);
  }
  if (verdict.kind === "auto_reply" && verdict.returnsAt) {
    const email = await contactEmailOf(db, context.contactId);
    if (email)
      await enrollmentRequests().deferForAddress(db, context.userId, email, verdict.returnsAt);
  }
  return effects;
}

/**
 * What a classified message the student pasted in copy mode ("They replied") changes: only that
 * student's own things. Nothing shows the text came from the person, so it suppresses no address
 * and pauses nothing for anyone: an opt-out ends this student's live sequences to the person
 * (their further sends are refused by `checkSendable`, which reads the recorded opt-out), and an
 * automatic reply's return date moves this student's steps past it. The person's own way to
 * stop every student is the public opt-out page. Safe to repeat.
 */
export async function applySelfReportedVerdict(
  db: Db,
  context: Pick<InboundContext, "userId" | "contactId">,
  verdict: InboundVerdict,
): Promise<void> {
  const email = await contactEmailOf(db, context.contactId);
  if (!email) return;
  if (verdict.kind === "opt_out") {
    await enrollmentRequests().stopForAddress(db, email, "opted_out", context.userId);
  }
  if (verdict.kind === "auto_reply" && verdict.returnsAt) {
    await enrollmentRequests().deferForAddress(db, context.userId, email, verdict.returnsAt);
  }
}
