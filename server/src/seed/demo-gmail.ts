import { eq } from "drizzle-orm";
import { mailboxes } from "../db/schema";
import type { AppDeps } from "../deps";
import { GOOGLE_SCOPES } from "../integrations/google";
import { saveMailboxConnection } from "../modules/auth";
import { DEMO_USER, findDemoUserId } from "./demo-user";

export const DEMO_GMAIL = "demo.student@gmail.example";
const DEMO_MAILBOX_AGE_DAYS = 60;

/**
 * Connects the demo login's Gmail to the sandbox Google stand-in. The stand-in keeps grants in
 * memory, so this runs at every sandbox start and re-grants the same address; a Gmail the
 * person connected themselves (another address) is left alone.
 */
export async function connectDemoGmail(deps: AppDeps): Promise<void> {
  const google = deps.sandbox?.google;
  if (!google) return;
  const { db } = deps.database;
  const userId = await findDemoUserId(db);
  if (!userId) return;
  const [current] = await db
    .select({ email: mailboxes.email })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId));
  if (current && current.email !== DEMO_GMAIL) return;
  const scopes = [...GOOGLE_SCOPES.gmail];
  const refreshToken = google.grants.grantOffline(DEMO_GMAIL, DEMO_USER.name, scopes);
  // The demo student has used this mailbox for a while: past a new mailbox's warm-up.
  const warmupStartedAt = new Date(Date.now() - DEMO_MAILBOX_AGE_DAYS * 24 * 3600_000);
  await saveMailboxConnection(db, deps.config, {
    userId,
    email: DEMO_GMAIL,
    refreshToken,
    scopes,
    warmupStartedAt,
  });
}
