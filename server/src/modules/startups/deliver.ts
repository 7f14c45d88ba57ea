import {
  firstNameOf,
  MESSAGES,
  type ScheduleStartupEmailRequest,
  type SendStartupEmailRequest,
  type StartupEmailResponse,
} from "@reachout/contract";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { founders, startups } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { notFound } from "../../http/errors";
import { addPersonToNetwork, removeUnusedNetworkEntry } from "../contacts";
import { type EmailRow, scheduleEmail, sendEmailNow } from "../emails";
import { requireStartupCaller } from "./access";
import { sortFounders, usableLinkedin } from "./founders";
import { checkFounderScheduleTime } from "./schedule-window";

export const FOUNDER_EMAIL_UNKNOWN = "No founder in the directory has this email address.";

interface FounderTarget {
  founder: typeof founders.$inferSelect;
  startup: typeof startups.$inferSelect;
}

/**
 * The founder an address belongs to. Recipients must be directory founders: the composer
 * cannot be used to write to, or add to the contacts database, arbitrary addresses.
 */
async function findFounderByEmail(
  db: DbOrTx,
  email: string,
  orgName: string,
): Promise<FounderTarget> {
  const rows = await db
    .select({ founder: founders, startup: startups })
    .from(founders)
    .innerJoin(startups, eq(startups.id, founders.startupId))
    .where(sql`lower(${founders.personEmail}) = ${email.toLowerCase()}`);
  const sameOrg = rows.filter((r) => r.startup.orgName.toLowerCase() === orgName.toLowerCase());
  const pool = sameOrg.length > 0 ? sameOrg : rows;
  const [first] = sortFounders(pool.map((r) => r.founder));
  const match = pool.find((r) => r.founder.id === first?.id);
  if (!match) throw notFound(FOUNDER_EMAIL_UNKNOWN);
  return match;
}

/**
 * Makes the founder a contact in the caller's network (the contacts row is keyed by email),
 * so outreach status and the conversation work as for any contact. Emailing a founder is not
 * a contact search: it costs no credit (ADR 012).
 */
function addFounderToNetwork(tx: Tx, userId: string, { founder, startup }: FounderTarget) {
  const name = founder.personName?.trim() || null;
  return addPersonToNetwork(tx, userId, {
    fullName: name ?? `${startup.orgName} founder`,
    firstName: name ? firstNameOf(name) : null,
    lastName: name?.includes(" ") ? name.split(/\s+/).slice(1).join(" ") : null,
    title: founder.personTitle?.trim() || "Founder",
    company: startup.orgName,
    location: startup.location,
    email: founder.personEmail!.trim().toLowerCase(),
    linkedin: usableLinkedin(founder.personLinkedin),
    personProfileUrl: founder.personProfileUrl,
    source: "startup_founder",
  });
}

/**
 * Emails the founder as a contact of the caller's: `deliver` sends or schedules the email to that
 * contact. A contact added for an email that then fails is removed again.
 */
async function emailFounder(
  deps: AppDeps,
  userId: string,
  target: FounderTarget,
  message: string,
  deliver: (contactId: string) => Promise<EmailRow>,
): Promise<StartupEmailResponse> {
  const db = deps.database.db;
  const { contactId, added } = await db.transaction((tx) =>
    addFounderToNetwork(tx, userId, target),
  );
  try {
    const row = await deliver(contactId);
    return {
      message,
      email_id: row.id,
      contact_id: contactId,
      status: row.status,
      // A scheduled email always has its time; one sent now has none.
      scheduled_at: row.scheduledAt?.toISOString() ?? null,
    };
  } catch (error) {
    if (added) await removeUnusedNetworkEntry(db, userId, contactId).catch(() => {});
    throw error;
  }
}

/** POST /api/startups/send_email: sends now from the caller's Gmail, like any contact email. */
export async function sendFounderEmail(
  deps: AppDeps,
  user: AuthUser,
  request: SendStartupEmailRequest,
): Promise<StartupEmailResponse> {
  const db = deps.database.db;
  await requireStartupCaller(db, user, request);
  const target = await findFounderByEmail(db, request.founder_email, request.org_name);
  return emailFounder(deps, user.id, target, MESSAGES.startups.sent, (contactId) =>
    sendEmailNow(deps, user.id, {
      contactId,
      subject: request.subject,
      body: request.body,
      emailFormat: request.email_format ?? null,
    }),
  );
}

/** POST /api/startups/schedule_send: queued like any scheduled email, from tomorrow 07:30. */
export async function scheduleFounderEmail(
  deps: AppDeps,
  user: AuthUser,
  request: ScheduleStartupEmailRequest,
): Promise<StartupEmailResponse> {
  const db = deps.database.db;
  await requireStartupCaller(db, user, request);
  const scheduledAt = new Date(request.scheduled_at);
  checkFounderScheduleTime(scheduledAt, request.time_zone);
  const target = await findFounderByEmail(db, request.recipient_email, request.org_name);
  return emailFounder(deps, user.id, target, MESSAGES.startups.scheduled, (contactId) =>
    scheduleEmail(deps, user.id, {
      contactId,
      subject: request.subject,
      body: request.body,
      emailFormat: request.email_format ?? null,
      scheduledAt,
    }),
  );
}
