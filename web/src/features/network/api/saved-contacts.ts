import { useQuery } from "@tanstack/react-query";
import { fetchSavedContacts, SAVED_CONTACTS_KEY } from "./network";

/** "Your Saved Contacts" on the dashboard (GET /api/contacts/mine). */
export function useSavedContacts() {
  return useQuery({ queryKey: SAVED_CONTACTS_KEY, queryFn: fetchSavedContacts });
}
