import { LIMITS } from "@reachout/contract/constants";
import {
  NetworkContact,
  NetworkListContact,
  NetworkPageResponse,
  RemoveContactResponse,
  StudentImportResponse,
} from "@reachout/contract/contacts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api";
import { NETWORK_FIRST_BATCH, NETWORK_KEY } from "../../../lib/contact-query-keys";
import { parseInSlices } from "../../../lib/parse-in-slices";
import type { Batch, BatchStart } from "../../../lib/use-batched-list";

export const NETWORK_LIST_KEY = [...NETWORK_KEY, "mine"] as const;
export const SAVED_CONTACTS_KEY = [...NETWORK_KEY, "saved"] as const;
export const networkContactKey = (id: string) => [...NETWORK_KEY, "contact", id] as const;

/** A batch's envelope; its records are validated a slice at a time (parseInSlices). */
const NetworkBatch = NetworkPageResponse.extend({ data: z.array(z.unknown()) });

/**
 * The first batch (initial_load, one screen and a bit: FIRST_SCREEN_BATCH_SIZE) or the next
 * one (load-more after the previous batch's cursor, 1000 at a time). The server answers 304 to the browser's revalidation while the list
 * is unchanged, and the browser then hands over the copy it kept.
 */
export async function fetchNetworkBatch(
  start: BatchStart,
  signal?: AbortSignal,
): Promise<Batch<NetworkListContact>> {
  const page =
    start === 0
      ? await api(NETWORK_FIRST_BATCH.path, {
          query: NETWORK_FIRST_BATCH.query,
          schema: NetworkBatch,
          signal,
        })
      : await api("/api/my-network/mine/load-more", {
          query:
            typeof start === "string"
              ? { after: start, limit: LIMITS.fetchBatchSize }
              : { offset: start, limit: LIMITS.fetchBatchSize },
          schema: NetworkBatch,
          signal,
        });
  return {
    items: await parseInSlices(NetworkListContact, page.data),
    hasMore: page.has_more,
    next: page.next_cursor ?? undefined,
  };
}

/** The saved contacts list of the dashboard. */
export async function fetchSavedContacts(): Promise<NetworkListContact[]> {
  return (await api("/api/contacts/mine", { schema: NetworkPageResponse })).data;
}

/** One saved contact (the deep link); null when it is not in the network. */
export async function fetchNetworkContact(id: string): Promise<NetworkContact | null> {
  try {
    return await api(`/api/my-network/contacts/${encodeURIComponent(id)}`, {
      schema: NetworkContact,
    });
  } catch (error) {
    if (
      (error as { status?: number }).status === 404 ||
      (error as { status?: number }).status === 400
    ) {
      return null;
    }
    throw error;
  }
}

/**
 * The whole record of a saved contact, for what the list does not carry (the first name the
 * email dialog greets with): asked for when the dialog opens, kept a few minutes.
 */
export function useNetworkContactDetails(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: networkContactKey(id ?? ""),
    queryFn: () => fetchNetworkContact(id as string),
    enabled: enabled && Boolean(id),
    staleTime: 5 * 60_000,
  });
}

export function removeContact(id: string) {
  return api(`/api/my-network/remove/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: RemoveContactResponse,
  });
}

/**
 * Removes each contact on its own request: answers the ids that went (the rest stay selected,
 * to be tried again). The page drops them from its list; nothing else is refetched.
 */
export function useRemoveContacts() {
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => removeContact(id)));
      return ids.filter((_, i) => results[i].status === "fulfilled");
    },
  });
}

/** Admin: "Scrape Cornell Biz Students" (imports from the configured contact source). */
export function importStudents() {
  return api("/api/scrape-linkedin-students", { method: "POST", schema: StudentImportResponse });
}
