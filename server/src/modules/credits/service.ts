import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { creditLedger, users } from "../../db/schema";

export type CreditReason =
  | "signup_grant"
  | "plan_grant"
  | "purchase"
  | "contact_save"
  | "contact_search"
  | "agent_search"
  | "adjustment";

export interface CreditChange {
  userId: string;
  amount: number;
  reason: CreditReason;
  /** What it was for (contact id, invoice id, period key). Grants with a reference happen once. */
  reference?: string;
  description?: string;
}

/**
 * The only way anything spends credits: one conditional UPDATE (never below zero, so concurrent
 * debits cannot overdraw) plus its ledger row. Call it inside the transaction that saves what
 * was paid for. Answers the new balance, or null when the balance was too low (nothing changed).
 */
export async function debitCredits(tx: DbOrTx, change: CreditChange): Promise<number | null> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) {
    throw new Error("debit amount must be a positive integer");
  }
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${change.amount}` })
    .where(and(eq(users.id, change.userId), gte(users.credits, change.amount)))
    .returning({ credits: users.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({
    userId: change.userId,
    delta: -change.amount,
    balanceAfter: row.credits,
    reason: change.reason,
    reference: change.reference,
    description: change.description,
  });
  return row.credits;
}

/**
 * Adds credits with its ledger row. With a reference the grant is idempotent: a second grant
 * for the same (user, reason, reference) changes nothing and answers null.
 * Run inside a transaction so the ledger row and the balance move together.
 */
export async function grantCredits(tx: DbOrTx, change: CreditChange): Promise<number | null> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) {
    throw new Error("grant amount must be a positive integer");
  }
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: change.userId,
      delta: change.amount,
      balanceAfter: 0,
      reason: change.reason,
      reference: change.reference,
      description: change.description,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return null;
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.amount}` })
    .where(eq(users.id, change.userId))
    .returning({ credits: users.credits });
  await tx
    .update(creditLedger)
    .set({ balanceAfter: row.credits })
    .where(eq(creditLedger.id, inserted[0].id));
  return row.credits;
}

export async function getCredits(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}
