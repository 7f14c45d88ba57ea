import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSender, createUser, sendEmail } from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { users } from "../../db/schema";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "0" });

const status = async (auth: Record<string, string>) =>
  (await t.app.inject({ url: "/api/user/onboarding", headers: auth })).json();

describe("GET /api/user/onboarding", () => {
  it("ticks each setup step as the user does it", async () => {
    const fresh = await createUser(t);
    await t.deps.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, fresh.id));
    expect(await status(fresh.auth)).toEqual({
      email_verified: false,
      resume_uploaded: false,
      gmail_connected: false,
      has_contacts: false,
      sent_email: false,
    });

    const ada = await createSender(t);
    expect(await status(ada.auth)).toEqual({
      email_verified: true,
      resume_uploaded: true,
      gmail_connected: true,
      has_contacts: false,
      sent_email: false,
    });
    const added = await t.app.inject({
      method: "POST",
      url: "/api/my-network/contacts",
      headers: ada.auth,
      payload: { full_name: "Grace Hopper", email: "grace@navy.example" },
    });
    expect((await status(ada.auth)).has_contacts).toBe(true);
    const sent = await sendEmail(t, ada.auth, added.json().id, {
      subject: "Hello",
      body: "Hi Grace",
    });
    expect(sent.statusCode).toBe(200);
    expect((await status(ada.auth)).sent_email).toBe(true);
  });

  it("needs a session", async () => {
    expect((await t.app.inject({ url: "/api/user/onboarding" })).statusCode).toBe(401);
  });
});
