import { StartupsResponse } from "@reachout/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../tests/helpers";
import { rowsOf } from "../../db/client";
import { waitlist } from "../../db/schema";
import { seedStartups } from "./seed";

const t = useTestApp();

const count = async (table: string) =>
  rowsOf<{ n: number }>(
    await t.deps.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  )[0].n;

describe("seedStartups", () => {
  it("loads the demo directory once and approves the demo login", async () => {
    await seedStartups(t.deps.database.db, { accessFor: "demo@reachout.example" });
    const startups = await count("startups");
    const founders = await count("founders");
    expect(startups).toBeGreaterThanOrEqual(1000);
    expect(founders).toBeGreaterThanOrEqual(2500);

    await seedStartups(t.deps.database.db, { accessFor: "demo@reachout.example" });
    expect(await count("startups")).toBe(startups);
    expect(await count("founders")).toBe(founders);
    const entries = await t.deps.database.db.select().from(waitlist);
    expect(entries).toEqual([
      expect.objectContaining({ email: "demo@reachout.example", approvedAt: expect.any(Date) }),
    ]);
  });

  it("serves the seeded directory de-duplicated, with at least 2,500 founders", async () => {
    const response = await t.app.inject({ url: "/api/startups" });
    const list = StartupsResponse.parse(response.json());
    const shown = list.reduce((sum, s) => sum + s.founders.length, 0);
    expect(list.length).toBeGreaterThanOrEqual(1000);
    expect(shown).toBeGreaterThanOrEqual(2500);
    expect(shown).toBeLessThan(await count("founders"));
    expect(response.body).not.toContain("@");
  });
});
