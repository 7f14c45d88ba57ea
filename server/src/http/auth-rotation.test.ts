import { describe, expect, it } from "vitest";
import { signSessionToken, signUpVerified } from "../../tests/auth-users";
import { useTestApp } from "../../tests/helpers";
import { sessions } from "../db/schema";
import { sha256 } from "../lib/crypto";
import { issueSession, resolveUser } from "./auth";

describe("rotating JWT_SECRET with JWT_PREVIOUS_SECRET", () => {
  const t = useTestApp();
  const oldSecret = new TextEncoder().encode("o".repeat(48));
  const newSecret = new TextEncoder().encode("n".repeat(48));

  it("keeps a session signed with the previous secret, and signs new ones with the newest", async () => {
    const { userId } = await signUpVerified(t, "rotation@uni.example");
    const before = { ...t.deps.config, jwtSecret: oldSecret, jwtPreviousSecrets: [] };
    const token = await issueSession(t.deps.database.db, before, {
      id: userId,
      email: "rotation@uni.example",
    });

    const rotated = { ...t.deps.config, jwtSecret: newSecret, jwtPreviousSecrets: [oldSecret] };
    expect((await resolveUser(t.deps.database.db, rotated, token))?.id).toBe(userId);
    // Once the grace period is over (the previous secret removed), it no longer verifies.
    const after = { ...t.deps.config, jwtSecret: newSecret, jwtPreviousSecrets: [] };
    expect(await resolveUser(t.deps.database.db, after, token)).toBeNull();

    const fresh = await issueSession(t.deps.database.db, rotated, {
      id: userId,
      email: "rotation@uni.example",
    });
    expect((await resolveUser(t.deps.database.db, after, fresh))?.id).toBe(userId);
    expect(await resolveUser(t.deps.database.db, before, fresh)).toBeNull();
  });

  it("still refuses an expired session signed with the previous secret", async () => {
    const { userId } = await signUpVerified(t, "rotation-late@uni.example");
    const jti = "rotation-expired";
    await t.deps.database.db.insert(sessions).values({
      idHash: sha256(jti),
      userId,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const expired = await signSessionToken({
      userId,
      jti,
      key: oldSecret,
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
    });
    const rotated = { ...t.deps.config, jwtSecret: newSecret, jwtPreviousSecrets: [oldSecret] };
    expect(await resolveUser(t.deps.database.db, rotated, expired)).toBeNull();
  });
});
