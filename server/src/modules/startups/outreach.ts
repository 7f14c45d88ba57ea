import type { FounderStatusesResponse } from "@reachout/contract";
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts, founders, userContacts } from "../../db/schema";
import { deriveFounderStatus, groupFounders, type NetworkSignal, usableLinkedin } from "./founders";

/**
 * The caller's outreach status for every founder they have written to (the others are
 * Uncontacted), derived from their own network contacts only. Keys are the founder ids the
 * public directory shows (the first row of each de-duplicated person).
 */
export async function listFounderStatuses(
  db: DbOrTx,
  userId: string,
): Promise<FounderStatusesResponse> {
  const signals: NetworkSignal[] = await db
    .select({
      email: contacts.email,
      linkedin: contacts.linkedin,
      profileUrl: contacts.personProfileUrl,
      messageCount: userContacts.messageCount,
      replied: userContacts.replied,
    })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), gt(userContacts.messageCount, 0)));
  if (signals.length === 0) return { statuses: [] };

  const emails = [...new Set(signals.map((s) => s.email?.trim().toLowerCase()).filter(isText))];
  const linkedins = [...new Set(signals.map((s) => usableLinkedin(s.linkedin)).filter(isText))];
  const profiles = [...new Set(signals.map((s) => s.profileUrl?.trim()).filter(isText))];
  const matches = [
    emails.length ? inArray(sql`lower(${founders.personEmail})`, emails) : undefined,
    linkedins.length ? inArray(founders.personLinkedin, linkedins) : undefined,
    profiles.length ? inArray(founders.personProfileUrl, profiles) : undefined,
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return { statuses: [] };

  // Every row of the startups involved, so duplicates group exactly as the directory does.
  const startupIds = db
    .selectDistinct({ id: founders.startupId })
    .from(founders)
    .where(or(...matches));
  const rows = await db
    .select({
      id: founders.id,
      startupId: founders.startupId,
      personName: founders.personName,
      personTitle: founders.personTitle,
      personEmail: founders.personEmail,
      personLinkedin: founders.personLinkedin,
      personProfileUrl: founders.personProfileUrl,
    })
    .from(founders)
    .where(inArray(founders.startupId, startupIds));

  const byStartup = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byStartup.get(row.startupId) ?? [];
    list.push(row);
    byStartup.set(row.startupId, list);
  }
  const statuses: FounderStatusesResponse["statuses"] = [];
  for (const list of byStartup.values()) {
    for (const person of groupFounders(list)) {
      const status = deriveFounderStatus(person, signals);
      if (status !== "Uncontacted") statuses.push({ founder_id: person[0].id, status });
    }
  }
  return { statuses };
}

function isText(value: string | null | undefined): value is string {
  return Boolean(value);
}
