import { createHash, randomBytes } from "node:crypto";
import { OPT_OUT_MESSAGES } from "@reachout/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { optOutRequests } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest } from "../../http/errors";
import { stopEnrollmentsForAddress } from "../sequences";
import { enqueueSystemEmail } from "../system-email";
import { normalizeAddress, suppressAddress } from "./suppressions";

const LINK_TTL_MS = 7 * 24 * 3600_000;
/** Confirmation emails one address can be sent per day: the form cannot be used to mail-bomb. */
const EMAILS_PER_ADDRESS_PER_DAY = 3;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The public opt-out form: stores a request with a one-time token and queues the email with
 * its link (the system-email outbox, in the same transaction). Answers the same whatever the address (known, unknown, already opted out), so the
 * form tells nobody who is in the database.
 */
export async function requestOptOut(deps: AppDeps, rawEmail: string): Promise<void> {
  const email = normalizeAddress(rawEmail);
  const db = deps.database.db;
  const [recent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(optOutRequests)
    .where(
      and(
        eq(optOutRequests.email, email),
        gt(optOutRequests.createdAt, new Date(Date.now() - 24 * 3600_000)),
      ),
    );
  if (Number(recent?.count ?? 0) >= EMAILS_PER_ADDRESS_PER_DAY) return;
  const token = randomBytes(32).toString("base64url");
  const link = `${deps.config.publicUrl}/opt-out/confirm?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await tx.insert(optOutRequests).values({
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(Date.now() + LINK_TTL_MS),
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
    await stopEnrollmentsForAddress(db, confirmed, "opted_out");
    return;
  }
  // A second click on a used link is still a success for the person who clicked it.
  const [used] = await db
    .select({ at: optOutRequests.confirmedAt })
    .from(optOutRequests)
    .where(eq(optOutRequests.tokenHash, hashToken(token)));
  if (!used?.at) throw badRequest(OPT_OUT_MESSAGES.invalidLink);
}
