import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uniqueEmail, useTestApp } from "../../../tests/helpers";
import { creditLedger, users } from "../../db/schema";
import { debitCredits, getCredits, grantCredits } from "./service";

const t = useTestApp();

async function userWithCredits(credits: number): Promise<string> {
  const { db } = t.deps.database;
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail("ledger"), signupMethod: "email" })
    .returning({ id: users.id });
  await db.transaction((tx) =>
    grantCredits(tx, {
      userId: user.id,
      amount: credits,
      reason: "signup_grant",
      reference: "signup",
    }),
  );
  return user.id;
}

const ledgerOf = (userId: string) =>
  t.deps.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

describe(`credit ledger on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("lets exactly one of 20 concurrent 1-credit debits through against a balance of 1", async () => {
    const userId = await userWithCredits(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.deps.database.db.transaction((tx) =>
          debitCredits(tx, {
            userId,
            amount: 1,
            reason: "contact_save",
            reference: `contact-${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((balance) => balance !== null)).toEqual([0]);
    expect(await getCredits(t.deps.database.db, userId)).toBe(0);
    const debits = (await ledgerOf(userId)).filter((row) => row.delta < 0);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ delta: -1, balanceAfter: 0, reason: "contact_save" });
  });

  it("changes nothing when a debit exceeds the balance", async () => {
    const userId = await userWithCredits(2);
    const balance = await t.deps.database.db.transaction((tx) =>
      debitCredits(tx, { userId, amount: 3, reason: "agent_search" }),
    );
    expect(balance).toBeNull();
    expect(await getCredits(t.deps.database.db, userId)).toBe(2);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it("grants a referenced grant once, even when two run at the same time", async () => {
    const userId = await userWithCredits(5);
    const grant = () =>
      t.deps.database.db.transaction((tx) =>
        grantCredits(tx, { userId, amount: 225, reason: "purchase", reference: "in_test_1" }),
      );
    const results = await Promise.allSettled([grant(), grant()]);
    expect(await getCredits(t.deps.database.db, userId)).toBe(230);
    expect((await ledgerOf(userId)).filter((row) => row.reason === "purchase")).toHaveLength(1);
    expect(results.some((r) => r.status === "fulfilled" && r.value === 230)).toBe(true);
  });
});
