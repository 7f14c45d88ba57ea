import {
  firstNameOf,
  formatMoneyRaised,
  type GeneratedStartupEmail,
  type GenerateStartupEmailRequest,
  MESSAGES,
} from "@reachout/contract";
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { founders, startups } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { badRequest, notFound } from "../../http/errors";
import { createEmailWriter, loadSender } from "../emails";
import { requireStartupCaller } from "./access";
import { isValidFounderEmail, sortFounders, usableLinkedin } from "./founders";

export const STARTUP_NOT_FOUND = "Startup not found.";

type StartupRow = typeof startups.$inferSelect;

export async function getStartupByName(db: DbOrTx, orgName: string): Promise<StartupRow> {
  const [row] = await db
    .select()
    .from(startups)
    .where(sql`lower(${startups.orgName}) = lower(${orgName})`)
    .limit(1);
  if (!row) throw notFound(STARTUP_NOT_FOUND);
  return row;
}

/** POST /api/startups/lookup_email: a founder's email from the directory, by LinkedIn URL. */
export async function lookupFounderEmail(
  db: DbOrTx,
  user: AuthUser,
  request: { linkedin_url: string; user_id: string },
): Promise<{ email: string }> {
  await requireStartupCaller(db, user, request);
  const linkedin = usableLinkedin(request.linkedin_url);
  if (!linkedin) throw notFound(MESSAGES.startups.noValidEmail);
  const rows = await db
    .select({ email: founders.personEmail })
    .from(founders)
    .where(and(eq(founders.personLinkedin, linkedin), isNotNull(founders.personEmail)))
    .orderBy(asc(founders.id));
  const found = rows.map((row) => row.email?.trim()).find(isValidFounderEmail);
  if (!found) throw notFound(MESSAGES.startups.noValidEmail);
  return { email: found.toLowerCase() };
}

let writer: ReturnType<typeof createEmailWriter> | undefined;
let writerConfig: AppDeps["config"] | undefined;
function writerFor(config: AppDeps["config"]) {
  if (!writer || writerConfig !== config) {
    writer = createEmailWriter(config);
    writerConfig = config;
  }
  return writer;
}

/**
 * POST /api/startups/generate_email: an email to a founder about their round, written from the
 * caller's resume and profile. Funding facts come from the directory, not from the request.
 */
export async function generateFounderEmail(
  deps: AppDeps,
  user: AuthUser,
  request: GenerateStartupEmailRequest,
): Promise<GeneratedStartupEmail> {
  const db = deps.database.db;
  await requireStartupCaller(db, user, request);
  const startup = await getStartupByName(db, request.org_name);
  const sender = await loadSender(db, user.id);
  if (sender.resumeText === null) throw badRequest(MESSAGES.startups.noResume);

  const founder = await findFounderByName(db, startup.id, request.founder_name);
  const fullName = founder?.personName ?? request.founder_name ?? null;
  const written = await writerFor(deps.config).write({
    format: request.email_format,
    sender,
    recipient: {
      fullName: fullName ?? `${startup.orgName} founder`,
      firstName: fullName ? firstNameOf(fullName) : null,
      title: founder?.personTitle ?? request.founder_title ?? "Founder",
      company: startup.orgName,
      industry: null,
      location: startup.location,
      university: null,
      interests: [],
    },
    startup: {
      orgName: startup.orgName,
      orgUrl: startup.orgUrl,
      fundingType: startup.fundingType,
      moneyRaised: formatMoneyRaised(
        startup.moneyRaisedCents === null ? null : startup.moneyRaisedCents / 100,
      ),
      announcedDate: startup.announcedDate,
      location: startup.location,
    },
    customIntro: request.email_format === "precision" ? (request.custom_intro ?? null) : null,
  });
  return written;
}

async function findFounderByName(db: DbOrTx, startupId: string, name: string | null | undefined) {
  if (!name) return undefined;
  const rows = await db
    .select()
    .from(founders)
    .where(
      and(eq(founders.startupId, startupId), sql`lower(${founders.personName}) = lower(${name})`),
    );
  return sortFounders(rows)[0];
}
