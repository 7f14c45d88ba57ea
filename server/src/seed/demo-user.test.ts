import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/helpers";
import { creditLedger } from "../db/schema";
import { DEMO_USER, ensureDemoUser, findDemoUserId } from "./demo-user";

const t = useTestApp();

describe("ensureDemoUser", () => {
  it("creates a verified demo login with 25 credits, once however often it runs", async () => {
    expect(await findDemoUserId(t.deps.database.db)).toBeUndefined();
    const id = await ensureDemoUser(t.deps);
    expect(await ensureDemoUser(t.deps)).toBe(id);
    expect(await findDemoUserId(t.deps.database.db)).toBe(id);

    const ledger = await t.deps.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, id));
    expect(ledger.map((row) => [row.reason, row.delta])).toEqual(
      expect.arrayContaining([
        ["signup_grant", 5],
        ["adjustment", 20],
      ]),
    );
    expect(ledger).toHaveLength(2);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(login.statusCode).toBe(200);
    const credits = await t.app.inject({
      url: "/api/user/credits",
      headers: { authorization: `Bearer ${login.json().access_token}` },
    });
    expect(credits.json()).toEqual({ credits: 25 });
  });
});
