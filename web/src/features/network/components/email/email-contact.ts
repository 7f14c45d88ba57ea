import type { ContactStatus } from "@reachout/contract/constants";
import { givenNameOf } from "@reachout/contract/names";

/** Who an email dialog writes to: a card of My Network, the dashboard or a deep link. */
export interface EmailContact {
  id: string;
  full_name: string;
  first_name?: string | null;
  title?: string | null;
  company?: string | null;
  location?: string | null;
  email?: string | null;
  /** The status the page shows; a different one in the thread (a new reply) refreshes the page. */
  status?: ContactStatus;
  /** Whether anyone may write to the address (the card's); the thread's answer wins when known. */
  email_status?: string;
}

export const firstNameOfContact = (contact: EmailContact) =>
  givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }) || contact.full_name;
