import { LIMITS } from "@reachout/contract/constants";
import {
  NetworkContact,
  NetworkPageResponse,
  RemoveContactResponse,
  StudentImportResponse,
} from "@reachout/contract/contacts";
import { z } from "zod";
import { api } from "../../../lib/api";
import { NETWORK_FIRST_BATCH, NETWORK_KEY } from "../../../lib/contact-query-keys";
import { parseInSlices } from "../../../lib/parse-in-slices";
import type { Batch } from "../../../lib/use-batched-list";

export const NETWORK_LIST_KEY = [...NETWORK_KEY, "mine"] as const;
export const SAVED_CONTACTS_KEY = [...NETWORK_KEY, "saved"] as const;

/** A batch's envelope; its records are validated a slice at a time (parseInSlices). */
const NetworkBatch = NetworkPageResponse.extend({ data: z.array(z.unknown()) });

/** The first batch (initial_load) or the next one (load-more), 1000 at a time. */
export async function fetchNetworkBatch(
  offset: number,
  signal?: AbortSignal,
): Promise<Batch<NetworkContact>> {
  const page =
    offset === 0
      ? await api(NETWORK_FIRST_BATCH.path, {
          query: NETWORK_FIRST_BATCH.query,
          schema: NetworkBatch,
          signal,
        })
      : await api("/api/my-network/mine/load-more", {
          query: { offset, limit: LIMITS.fetchBatchSize },
          schema: NetworkBatch,
          signal,
        });
  return { items: await parseInSlices(NetworkContact, page.data), hasMore: page.has_more };
}

/** The saved contacts list of the dashboard. */
export async function fetchSavedContacts(): Promise<NetworkContact[]> {
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

export function removeContact(id: string) {
  return api(`/api/my-network/remove/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: RemoveContactResponse,
  });
}

/** Admin: "Scrape Cornell Biz Students" (imports from the configured contact source). */
export function importStudents() {
  return api("/api/scrape-linkedin-students", { method: "POST", schema: StudentImportResponse });
}
