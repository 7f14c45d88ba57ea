import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, insertPeople } from "../../tests/factories";
import { useTestApp } from "../../tests/helpers";
import { users } from "../db/schema";
import { SYNTHETIC_COHORT_DOMAIN } from "../modules/insights";
import { seedSyntheticCohort } from "./synthetic-cohort";

const t = useTestApp();

describe("the sandbox's synthetic cohort", () => {
  it("gives the insights page labelled cohort figures, once", async () => {
    await insertPeople(
      t,
      Array.from({ length: 80 }, (_, i) => ({ industry: i % 2 ? "software" : "private equity" })),
    );
    await seedSyntheticCohort(t.deps);
    await seedSyntheticCohort(t.deps);
    const synthetic = await t.deps.database.db
      .select()
      .from(users)
      .where(like(users.email, `%@${SYNTHETIC_COHORT_DOMAIN}`));
    expect(synthetic).toHaveLength(24);

    const viewer = await createUser(t);
    const answer = await t.app.inject({ url: "/api/insights/benchmarks", headers: viewer.auth });
    const benchmarks = answer.json();
    expect(benchmarks.synthetic_students).toBe(24);
    expect(benchmarks.overall.students).toBe(24);
    expect(benchmarks.by_format.map((row: { format: string }) => row.format).sort()).toEqual([
      "original",
      "precision",
    ]);
    expect(benchmarks.by_step.map((row: { step: number }) => row.step)).toEqual([0, 1]);
  });
});
