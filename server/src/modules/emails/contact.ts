import type { NetworkContact } from "@reachout/contract";
import type { DbOrTx } from "../../db/client";
import { notFound } from "../../http/errors";
import { selectNetworkContacts } from "../contacts/records";
import type { WriteInput } from "./writer";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A contact of this user's network, or null (another user's contact is simply not found). */
export async function loadNetworkContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<NetworkContact | null> {
  if (!UUID.test(contactId)) return null;
  const [contact] = await selectNetworkContacts(db, userId, { contactIds: [contactId] });
  return contact ?? null;
}

export async function findNetworkContact(
  db: DbOrTx,
  userId: string,
  contactId: string,
): Promise<NetworkContact> {
  const contact = await loadNetworkContact(db, userId, contactId);
  if (!contact) throw notFound("Contact not found");
  return contact;
}

/** The writer's view of a contact: facts from the database, never from the client. */
export function recipientOf(contact: NetworkContact): WriteInput["recipient"] {
  return {
    fullName: contact.full_name,
    firstName: contact.first_name,
    title: contact.title,
    company: contact.company,
    industry: contact.industry,
    location: contact.location,
    university: contact.university,
    interests: contact.interests,
  };
}
