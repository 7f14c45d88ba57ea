import { createHash, randomBytes } from "node:crypto";
import { OPT_OUT_MESSAGES } from "@reachout/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { optOutMailBudget, optOutRequests } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest } from "../../http/errors";
import { enqueueSystemEmail } from "../system-email";
import { enrollmentRequests } from "./enrollment-requests";
import { normalizeAddress, suppressAddress } from "./suppressions";

const LINK_TTL_MS = 7 * 24 * 3600_000;
/**
 * Confirmation emails one inbox (`optOutAddressKey`) can be sent per day: the form cannot be
 * used to mail-bomb.
 */
const EMAILS_PER_ADDRESS_PER_DAY = 3;

const DAY_MS = 24 * 3600_000;
/** Providers that deliver `b.o.b@` to `bob@`: each dotted spelling would be a fresh inbox key. */
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The inbox an address reaches, as the opt-out mail limit counts it: case folded, the
 * sub-address after `+` dropped (`bob+1@` is `bob@`), and dots dropped where the provider
 * ignores them. Only the limit uses it: the confirmation still goes to the address typed.
 */
export function optOutAddressKey(email: string): string {
  const address = normalizeAddress(email);
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).split("+")[0] || address.slice(0, at);
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

/**
 * Takes one of the inbox's confirmation emails for the day, in the caller's transaction: one
 * conditional upsert on the inbox's counter row, so concurrent requests queue on the row and
 * at most EMAILS_PER_ADDRESS_PER_DAY of them get one (a count followed by an insert let 7–17
 * through on PostgreSQL, issue 32). The day starts at the first email and ends 24 h later.
 * Answers false when the day's emails are used up.
 */
async function takeOptOutEmail(tx: DbOrTx, email: string, now: Date): Promise<boolean> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const expired = sql`${optOutMailBudget.windowStartedAt} <= ${dayAgo}::timestamptz`;
  const taken = await tx
    .insert(optOutMailBudget)
    .values({ addressKey: optOutAddressKey(email), windowStartedAt: now, sent: 1 })
    .onConflictDoUpdate({
      target: optOutMailBudget.addressKey,
      set: {
        sent: sql`case when ${expired} then 1 else ${optOutMailBudget.sent} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${optOutMailBudget.windowStartedAt} end`,
      },
      setWhere: sql`${expired} or ${optOutMailBudget.sent} < ${EMAILS_PER_ADDRESS_PER_DAY}`,
    })
    .returning({ sent: optOutMailBudget.sent });
  return taken.length > 0;
}

/**
 * The public opt-out form: stores a request with a one-time token and queues the email with
 * its link (the system-email outbox, in the same transaction). Answers the same whatever the address (known, unknown, already opted out), so the
 * form tells nobody who is in the database.
 */
export async function requestOptOut(deps: AppDeps, rawEmail: string): Promise<void> {
  const email = normalizeAddress(rawEmail);
  const db = deps.database.db;
  const token = randomBytes(32).toString("base64url");
  const link = `${deps.config.publicUrl}/opt-out/confirm?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    const now = new Date();
    if (!(await takeOptOutEmail(tx, email, now))) return;
    await tx.insert(optOutRequests).values({
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
    });
    await enqueueSystemEmail(deps, tx, {
      to: email,
      subject: "Confirm: stop all email to you through Reachout",
      text: [
        "Someone (hopefully you) asked that this address never be contacted through Reachout.",
        "",
        "Reachout helps students email recruiters and hiring managers from their own Gmail. To make",
        "sure no Reachout user can email you again, confirm with this link:",
        "",
        link,
        "",
        "The link works for 7 days. If you did not ask for this, ignore this email: nothing changes.",
        "",
        "— The Reachout team",
      ].join("\n"),
    });
  });
}

/** The link from the confirmation email: suppresses the address for every user (once). */
export async function confirmOptOut(deps: AppDeps, token: string): Promise<void> {
  const db = deps.database.db;
  const confirmed = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(optOutRequests)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(optOutRequests.tokenHash, hashToken(token)),
          isNull(optOutRequests.confirmedAt),
          gt(optOutRequests.expiresAt, new Date()),
        ),
      )
      .returning({ email: optOutRequests.email });
    if (!request) return null;
    await suppressAddress(tx, {
      email: request.email,
      reason: "opted_out",
      source: "opt_out_page",
      detail: "Confirmed on the public opt-out page",
    });
    return request.email;
  });
  if (confirmed) {
    await enrollmentRequests().stopForAddress(db, confirmed, "opted_out");
    return;
  }
  // A second click on a used link is still a success for the person who clicked it.
  const [used] = await db
    .select({ at: optOutRequests.confirmedAt })
    .from(optOutRequests)
    .where(eq(optOutRequests.tokenHash, hashToken(token)));
  if (!used?.at) throw badRequest(OPT_OUT_MESSAGES.invalidLink);
}
