import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { profiles, resumes } from "../../db/schema";
import { findLatestResume } from "../resumes/service";
import { seedDemoProfile } from "./demo-seed";

const t = useTestApp();

describe("seedDemoProfile", () => {
  it("gives the user school details and a readable PDF resume, once", async () => {
    const user = await createUser(t, { email: "demo-seed@reachout.example" });
    await seedDemoProfile(t.deps, user.email);
    await seedDemoProfile(t.deps, user.email);

    const db = t.deps.database.db;
    expect(await db.select().from(resumes).where(eq(resumes.userId, user.id))).toHaveLength(1);
    const resume = await findLatestResume(db, user.id);
    expect(resume?.mimeType).toBe("application/pdf");
    expect(resume?.text).toContain("Summer Analyst, Hudson Ridge Partners");
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile).toMatchObject({ university: "Cornell University", graduationYear: 2026 });

    const status = await t.app.inject({ url: "/api/user/profile_status", headers: user.auth });
    expect(status.json()).toMatchObject({ resume_uploaded: true, major: "Economics" });
  });

  it("keeps a profile the user already edited", async () => {
    const user = await createUser(t, { email: "edited@reachout.example" });
    await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: user.auth,
      payload: { university: "MIT" },
    });
    await seedDemoProfile(t.deps, user.email);
    const [profile] = await t.deps.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    expect(profile.university).toBe("MIT");
  });

  it("does nothing when the user does not exist", async () => {
    await expect(seedDemoProfile(t.deps, "nobody@reachout.example")).resolves.toBeUndefined();
  });
});
