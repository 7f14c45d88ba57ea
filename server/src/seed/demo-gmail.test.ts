import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../tests/helpers";
import { mailboxes } from "../db/schema";
import { createGmailClient } from "../integrations/gmail";
import { connectDemoGmail, DEMO_GMAIL } from "./demo-gmail";
import { ensureDemoUser } from "./demo-user";

const t = useTestApp();

describe("connectDemoGmail", () => {
  it("connects the demo login to a sandbox mailbox that really answers, at every start", async () => {
    const userId = await ensureDemoUser(t.deps);
    await connectDemoGmail(t.deps);
    await connectDemoGmail(t.deps);

    const rows = await t.deps.database.db
      .select()
      .from(mailboxes)
      .where(eq(mailboxes.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: DEMO_GMAIL, status: "connected" });
    expect(rows[0].refreshTokenEnc).not.toMatch(/^1\/\//);
    // An established mailbox, past a new one's warm-up (20 a day at first).
    const ageDays = (Date.now() - rows[0].warmupStartedAt.getTime()) / (24 * 3600_000);
    expect(ageDays).toBeGreaterThan(30);

    const gmail = createGmailClient(t.deps.config, rows[0]);
    const profile = await gmail.getProfile();
    expect(profile.emailAddress).toBe(DEMO_GMAIL);

    const status = await t.app.inject({
      url: "/api/auth/gmail/status",
      headers: { authorization: `Bearer ${await loginDemo()}` },
    });
    expect(status.json()).toEqual({ connected: true });
  });

  it("leaves a Gmail the person connected themselves alone", async () => {
    const userId = await ensureDemoUser(t.deps);
    await t.deps.database.db
      .update(mailboxes)
      .set({ email: "my.own@gmail.example" })
      .where(eq(mailboxes.userId, userId));
    await connectDemoGmail(t.deps);
    const [row] = await t.deps.database.db
      .select({ email: mailboxes.email })
      .from(mailboxes)
      .where(eq(mailboxes.userId, userId));
    expect(row.email).toBe("my.own@gmail.example");
  });
});

async function loginDemo(): Promise<string> {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: "demo@reachout.example", password: "reachout-demo" },
  });
  return login.json().access_token;
}
