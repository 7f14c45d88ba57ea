import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { addressHolds, type SuppressionReason, suppressions } from "../../db/schema";
import { suppressionsAdded } from "../../lib/metrics";

export type EmailStatus = "ok" | SuppressionReason;

export const normalizeAddress = (email: string) => email.trim().toLowerCase();

export async function suppressionOf(
  db: DbOrTx,
  email: string,
): Promise<typeof suppressions.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(suppressions)
    .where(eq(suppressions.email, normalizeAddress(email)));
  return row ?? null;
}

/**
 * Puts an address on the global do-not-contact list. An opt-out outranks a bounce (the person
 * asked), so a later opt-out replaces a bounce and never the other way round. Answers whether
 * the address was newly suppressed for this reason.
 */
export async function suppressAddress(
  db: DbOrTx,
  input: { email: string; reason: SuppressionReason; source: string; detail?: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(suppressions)
    .values({
      email: normalizeAddress(input.email),
      reason: input.reason,
      source: input.source,
      detail: input.detail ?? null,
    })
    .onConflictDoUpdate({
      target: suppressions.email,
      set: {
        reason: sql`excluded.reason`,
        source: sql`excluded.source`,
        detail: sql`excluded.detail`,
        createdAt: sql`now()`,
      },
      setWhere: sql`${suppressions.reason} = 'bounced' and excluded.reason = 'opted_out'`,
    })
    .returning({ email: suppressions.email });
  if (rows.length > 0) suppressionsAdded.inc({ cause: input.reason });
  return rows.length > 0;
}

/** A SQL condition: the contacts row's address is not suppressed (for searches that save). */
export const notSuppressed = (emailColumn: unknown) =>
  sql`not exists (select 1 from ${suppressions} where ${suppressions.email} = lower(${emailColumn}))`;

/** The suppression reason of a contacts.email column, as a correlated column (null = ok). */
export const suppressionColumn = (emailColumn: unknown) =>
  sql<SuppressionReason | null>`(select ${suppressions.reason} from ${suppressions} where ${suppressions.email} = lower(${emailColumn}))`;

/**
 * When this user's hold on a contacts.email column clears, as a correlated column (null = not
 * held): a mailbox or network failure holds the address for the student's sequences.
 */
export const holdColumn = (userIdColumn: unknown, emailColumn: unknown) =>
  sql<
    Date | string | null
  >`(select ${addressHolds.heldUntil} from ${addressHolds} where ${addressHolds.userId} = ${userIdColumn} and ${addressHolds.email} = lower(${emailColumn}) and ${addressHolds.heldUntil} > now())`;

/** Suppression reasons of several addresses at once (lowercased keys). */
export async function suppressionsOf(
  db: DbOrTx,
  emails: string[],
): Promise<Map<string, SuppressionReason>> {
  const wanted = [...new Set(emails.map(normalizeAddress))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: suppressions.email, reason: suppressions.reason })
    .from(suppressions)
    .where(inArray(suppressions.email, wanted));
  return new Map(rows.map((r) => [r.email, r.reason]));
}

/**
 * Lifts a bounce suppression written from a delivery report (source "dsn") that today's rules no
 * longer support (the repair job, issue 33). Answers whether it was there to lift.
 */
export async function liftBounceSuppression(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .delete(suppressions)
    .where(
      and(
        eq(suppressions.email, normalizeAddress(email)),
        eq(suppressions.reason, "bounced"),
        eq(suppressions.source, "dsn"),
      ),
    )
    .returning({ email: suppressions.email });
  return rows.length > 0;
}
