import { randomBytes } from "node:crypto";
import { like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { optOutMailBudget, optOutRequests } from "../../src/db/schema";
import { optOutAddressKey } from "../../src/modules/deliverability/opt-out";
import { useTestApp } from "../helpers";

/**
 * Issue 32, item 5: the public opt-out form sends at most 3 confirmation emails per inbox a day,
 * however many requests arrive at once, from however many addresses, and however the address is
 * spelled (case, `+sub-address`, Gmail's dots). Run on PostgreSQL too (TEST_DATABASE_URL): the
 * race that let 7–17 emails through showed there.
 */
const t = useTestApp({ AUTH_RATE_LIMIT_MAX: "1000", RATE_LIMIT_MAX: "1000" });

const ask = (email: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/opt-out", payload: { email }, remoteAddress });

/** Confirmation emails queued for an inbox: one opt_out_requests row per email, same transaction. */
async function emailsQueued(pattern: string): Promise<number> {
  const rows = await t.deps.database.db
    .select({ email: optOutRequests.email })
    .from(optOutRequests)
    .where(like(optOutRequests.email, pattern));
  return rows.length;
}

const tag = () => randomBytes(4).toString("hex");

describe("the opt-out form's mail limit", () => {
  it("folds case, sub-addresses and Gmail's dots into one inbox", () => {
    expect(optOutAddressKey(" Bob+1@Example.ORG ")).toBe("bob@example.org");
    expect(optOutAddressKey("bob+news+x@example.org")).toBe("bob@example.org");
    expect(optOutAddressKey("B.o.b+x@gmail.com")).toBe("bob@gmail.com");
    // Dots matter elsewhere, and a bare "+" local part is kept as typed.
    expect(optOutAddressKey("b.o.b@example.org")).toBe("b.o.b@example.org");
    expect(optOutAddressKey("+@example.org")).toBe("+@example.org");
  });

  it("sends 3 emails to 10 requests at once from one IP", async () => {
    const local = `bob-${tag()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ask(`${local}@example.org`, "10.71.0.1")),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(202));
    expect(await emailsQueued(`${local}%`)).toBe(3);
  });

  it("sends 3 emails to 30 spellings of one inbox at once from 30 IPs", async () => {
    const local = `bob-${tag()}`;
    const spellings = (i: number) =>
      [
        `${local}+${i}@example.org`,
        `${local.toUpperCase()}@Example.org`,
        `${local}+x${i}@EXAMPLE.ORG`,
      ][i % 3];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => ask(spellings(i), `10.72.0.${i + 1}`)),
    );
    // The form answers the same to every request: it never tells who is being limited.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(202));
    expect(await emailsQueued(`${local}%`)).toBe(3);

    const dotted = `${tag()}bobby`; // 13 letters: 12 places for a dot
    const gmail = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ask(`${dotted.slice(0, i + 1)}.${dotted.slice(i + 1)}@gmail.com`, `10.73.0.${i + 1}`),
      ),
    );
    expect(gmail.every((a) => a.statusCode === 202)).toBe(true);
    expect(await emailsQueued(`${dotted.slice(0, 1)}%@gmail.com`)).toBe(3);
  });

  it("another inbox keeps its own 3, and the day's 3 return after 24 hours", async () => {
    const bob = `bob-${tag()}`;
    const alice = `alice-${tag()}`;
    for (let i = 0; i < 4; i++) await ask(`${bob}@example.org`, "10.74.0.1");
    for (let i = 0; i < 4; i++) await ask(`${alice}@example.org`, "10.74.0.1");
    expect(await emailsQueued(`${bob}%`)).toBe(3);
    expect(await emailsQueued(`${alice}%`)).toBe(3);

    await t.deps.database.db
      .update(optOutMailBudget)
      .set({ windowStartedAt: sql`now() - interval '25 hours'` })
      .where(like(optOutMailBudget.addressKey, `${bob}%`));
    await ask(`${bob}+later@example.org`, "10.74.0.1");
    expect(await emailsQueued(`${bob}%`)).toBe(4);
  });
});
