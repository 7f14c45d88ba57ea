import type { NetworkContact } from "@reachout/contract";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { deleteNetworkContact } from "../contacts";
import { transitionToContact } from "./messages";
import type { WriteInput } from "./writer";

/**
 * Removes a contact from the user's network, by contact id or saved-row id; 404 when it is not
 * theirs. Emails still waiting to go to that person are cancelled in the same transaction (a
 * conditional UPDATE, so a send already under way is left to finish). It lives with the emails
 * because it changes both: the contacts module does not depend on the emails module.
 */
export async function removeFromNetwork(
  db: Db,
  userId: string,
  id: string,
): Promise<{ message: string; contact_id: string }> {
  return db.transaction(async (tx) => {
    const contactId = await deleteNetworkContact(tx, userId, id);
    if (!contactId) throw notFound("Contact not found");
    await transitionToContact(tx, { userId, contactId }, ["scheduled"], { status: "cancelled" });
    return { message: "Contact removed", contact_id: contactId };
  });
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
