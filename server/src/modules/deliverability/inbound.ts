import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts, emailMessages } from "../../db/schema";
import { deferEnrollmentsForAddress, stopEnrollmentsForAddress } from "../sequences";
import type { InboundVerdict } from "./classify";
import { normalizeAddress, suppressAddress } from "./suppressions";
import { pauseIfBouncing } from "./warmup";

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
        eq(emailMessages.gmailThreadId, context.threadId),
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
): Promise<InboundEffects> {
  const effects: InboundEffects = { suppressed: [], pausedAutomatedSending: false };
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
    effects.pausedAutomatedSending = await pauseIfBouncing(db, context.userId);
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
    await stopEnrollmentsForAddress(db, email, reason);
  }
  if (verdict.kind === "auto_reply" && verdict.returnsAt) {
    const email = await contactEmailOf(db, context.contactId);
    if (email) await deferEnrollmentsForAddress(db, context.userId, email, verdict.returnsAt);
  }
  return effects;
}
