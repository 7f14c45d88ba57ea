import type { RecommendedFormat } from "@reachout/contract";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { contacts, userContacts } from "../../db/schema";
import { notFound } from "../../http/errors";
import { recommendedFormatFor } from "./benchmarks";

/** The email dialog's hint: the cohort's best format for a My Network contact's industry. */
export async function recommendFormatForContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<RecommendedFormat> {
  const [contact] = await db
    .select({ industry: contacts.industry })
    .from(userContacts)
    .innerJoin(contacts, eq(contacts.id, userContacts.contactId))
    .where(and(eq(userContacts.userId, userId), eq(userContacts.contactId, contactId)));
  if (!contact) throw notFound("Contact not found in your network");
  const best = await recommendedFormatFor(db, contact.industry);
  return {
    industry: contact.industry,
    format: best?.format ?? null,
    reply_rate: best?.reply_rate ?? null,
    students: best?.students ?? 0,
  };
}
