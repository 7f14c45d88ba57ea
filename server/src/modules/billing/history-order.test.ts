import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { debitCredits, grantCredits } from "../credits/service";

const t = useTestApp();

describe("GET /api/credits/history", () => {
  it("lists newest first, also for several changes made in one transaction", async () => {
    const user = await createUser(t, { credits: 0 });
    await t.deps.database.db.transaction((tx) =>
      grantCredits(tx, { userId: user.id, amount: 10, reason: "adjustment" }),
    );
    await t.deps.database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6]) {
        await debitCredits(tx, {
          userId: user.id,
          amount: 1,
          reason: "contact_save",
          reference: `contact-${n}`,
          description: `Saved person ${n}`,
        });
      }
    });
    const response = await t.app.inject({ url: "/api/credits/history", headers: user.auth });
    expect(response.statusCode).toBe(200);
    const entries = response.json().entries as Array<{
      description: string;
      balance_after: number;
    }>;
    // Random ids alone would order six same-time rows right once in 720.
    expect(entries.map((e) => [e.description, e.balance_after])).toEqual([
      ["Saved person 6", 4],
      ["Saved person 5", 5],
      ["Saved person 4", 6],
      ["Saved person 3", 7],
      ["Saved person 2", 8],
      ["Saved person 1", 9],
      [null, 10],
    ]);
  });
});
