import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signUpVerified } from "../../../tests/auth-users";
import { billingInfo, creditHistory, subscribe } from "../../../tests/billing-flow";
import { uniqueEmail, useTestApp } from "../../../tests/helpers";
import { creditLedger, subscriptions, users } from "../../db/schema";
import { endLapsedSubscriptions, grantFreeMonthlyCredits } from "./grants";

const t = useTestApp();

const newUser = () => signUpVerified(t, uniqueEmail("grant"));

const setCreatedAt = (userId: string, createdAt: Date) =>
  t.deps.database.db.update(users).set({ createdAt }).where(eq(users.id, userId));

const freeGrants = (userId: string) =>
  t.deps.database.db
    .select({ reference: creditLedger.reference, delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, "plan_grant")));

describe("monthly Free credits", () => {
  it("grants 5 credits once per monthly period, however often the sweep runs", async () => {
    const fresh = await newUser();
    const old = await newUser();
    const subscriber = await newUser();
    await subscribe(t, subscriber.auth, subscriber.userId, "gold");
    const signup = new Date("2025-01-31T10:00:00Z");
    for (const user of [old, subscriber]) await setCreatedAt(user.userId, signup);

    // 2025-02-28 10:00 is one month after Jan 31 (clamped to the month's end).
    const febEnd = new Date("2025-02-28T10:00:00Z");
    await grantFreeMonthlyCredits(t.deps, new Date(febEnd.getTime() - 60_000));
    expect(await freeGrants(old.userId)).toEqual([]);

    await grantFreeMonthlyCredits(t.deps, febEnd);
    await grantFreeMonthlyCredits(t.deps, new Date("2025-03-15T00:00:00Z"));
    expect(await freeGrants(old.userId)).toEqual([{ reference: "free:1", delta: 5 }]);
    expect((await billingInfo(t, old.auth)).user_credits).toBe(10);

    await grantFreeMonthlyCredits(t.deps, new Date("2025-03-31T10:00:00Z"));
    expect((await freeGrants(old.userId)).map((g) => g.reference).sort()).toEqual([
      "free:1",
      "free:2",
    ]);
    expect(await freeGrants(fresh.userId)).toEqual([]);
    expect(await freeGrants(subscriber.userId)).toEqual([]);
    expect((await creditHistory(t, old.auth)).entries[0]).toMatchObject({
      delta: 5,
      balance_after: 15,
      reason: "plan_grant",
      description: "Free plan: 5 credits for the new month",
    });
  });

  it("shows a Free user the month their credits cover", async () => {
    const user = await newUser();
    const createdAt = new Date(Date.now() - 40 * 86_400_000);
    // Day 28 at most, so "one month later" is the same day in JavaScript and PostgreSQL.
    createdAt.setUTCDate(Math.min(createdAt.getUTCDate(), 28));
    await setCreatedAt(user.userId, createdAt);
    const info = await billingInfo(t, user.auth);
    const start = new Date(createdAt);
    start.setUTCMonth(start.getUTCMonth() + 1);
    expect(info.plan).toBe("free");
    expect(info.current_period_start).toBe(start.toISOString());
    expect(Date.parse(info.current_period_end)).toBeGreaterThan(Date.now());
    expect(info.days_remaining).toBeGreaterThan(15);
    expect(info.cancel_url).toBeNull();
  });

  it("registers the sweep as an hourly pg-boss schedule", async () => {
    const { rows } = await t.deps.database.raw.query<{ cron: string }>(
      "select cron from pgboss.schedule where name = $1",
      ["billing.monthly-credits"],
    );
    expect(rows).toEqual([{ cron: "17 * * * *" }]);
  });
});

describe("cancelled plans", () => {
  it("ends a cancelled plan an hour after its period end when Stripe's deletion never came", async () => {
    const { userId, auth } = await newUser();
    await subscribe(t, auth, userId, "gold");
    const periodEnd = new Date(Date.now() - 2 * 3_600_000);
    await t.deps.database.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: 1, currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.userId, userId));
    const renewing = await newUser();
    await subscribe(t, renewing.auth, renewing.userId, "gold");
    await t.deps.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.userId, renewing.userId));

    expect(await endLapsedSubscriptions(t.deps)).toBe(1);
    expect(await billingInfo(t, auth)).toMatchObject({ plan: "free", cancel_url: null });
    expect((await billingInfo(t, renewing.auth)).plan).toBe("gold");
    expect(await endLapsedSubscriptions(t.deps)).toBe(0);
  });
});

describe("credit history", () => {
  it("pages the caller's own ledger, newest first, and validates the page", async () => {
    const owner = await newUser();
    const other = await newUser();
    await subscribe(t, owner.auth, owner.userId, "gold");
    const page1 = await creditHistory(t, owner.auth, "?limit=1");
    const page2 = await creditHistory(t, owner.auth, "?limit=1&offset=1");
    expect(page1.total).toBe(2);
    expect(page1.entries.map((e) => e.reason)).toEqual(["purchase"]);
    expect(page2.entries.map((e) => e.reason)).toEqual(["signup_grant"]);
    expect((await creditHistory(t, other.auth)).entries.map((e) => e.reason)).toEqual([
      "signup_grant",
    ]);
    for (const query of ["?limit=0", "?limit=101", "?offset=-1", "?limit=abc"]) {
      const response = await t.app.inject({
        url: `/api/credits/history${query}`,
        headers: owner.auth,
      });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ url: "/api/credits/history" })).statusCode).toBe(401);
  });
});
