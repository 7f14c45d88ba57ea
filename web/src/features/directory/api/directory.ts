import { LIMITS } from "@reachout/contract/constants";
import {
  CreditsRemainingResponse,
  DirectoryContact,
  DirectoryCount,
  DirectoryResponse,
  DirectoryStats,
} from "@reachout/contract/contacts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../lib/api";
import { DIRECTORY_KEY, FIRST_SCREEN_BATCH_SIZE } from "../../../lib/contact-query-keys";
import { parseInSlices } from "../../../lib/parse-in-slices";
import type { Batch } from "../../../lib/use-batched-list";

export interface DirectoryFilters {
  q: string;
  organization: string;
  position: string;
  education: string;
  industry: string;
  interests: string;
  /** A place named in the person's location ("Denver", "CO"). */
  location: string;
  /** A target role (from an application): its field's people and its team. */
  role: string;
  showAll: boolean;
  /** Only people the student shares something with (a warm signal). */
  warmOnly: boolean;
  /** "warm": the server ranks the strongest shared signal first, across every page. */
  sort: "default" | "warm";
}

export const NO_DIRECTORY_FILTERS: DirectoryFilters = {
  q: "",
  organization: "",
  position: "",
  education: "",
  industry: "",
  interests: "",
  location: "",
  role: "",
  showAll: false,
  warmOnly: false,
  sort: "default",
};

/** Whether the list is narrowed (the empty state then says nothing matched). */
export const isFilteringDirectory = (filters: DirectoryFilters) =>
  filters.warmOnly ||
  (
    [
      "q",
      "organization",
      "position",
      "education",
      "industry",
      "interests",
      "location",
      "role",
    ] as const
  ).some((key) => filters[key] !== "");

export const directoryListKey = (filters: DirectoryFilters) =>
  [...DIRECTORY_KEY, "list", filters] as const;
export const DIRECTORY_STATS_KEY = [...DIRECTORY_KEY, "stats"] as const;

/** A batch's envelope; its records are validated a slice at a time (parseInSlices). */
const DirectoryBatch = DirectoryResponse.extend({ contacts: z.array(z.unknown()) });

/** One batch of 1000 from the directory. */
const filterQuery = (filters: DirectoryFilters) => ({
  show_all: filters.showAll ? "true" : undefined,
  q: filters.q.trim(),
  organization: filters.organization,
  position: filters.position,
  education: filters.education,
  industry: filters.industry,
  interests: filters.interests,
  location: filters.location.trim(),
  role: filters.role,
  warm_only: filters.warmOnly ? "true" : undefined,
  sort: filters.sort === "warm" ? "warm" : undefined,
});

export async function fetchDirectoryBatch(
  filters: DirectoryFilters,
  offset: number,
  signal?: AbortSignal,
): Promise<Batch<DirectoryContact>> {
  const page = await api("/api/global-contacts/all", {
    // One screen and a bit first, the rest behind it 1000 at a time (ADR 039).
    query: {
      limit: offset === 0 ? FIRST_SCREEN_BATCH_SIZE : LIMITS.fetchBatchSize,
      offset,
      ...filterQuery(filters),
    },
    schema: DirectoryBatch,
    signal,
  });
  return { items: await parseInSlices(DirectoryContact, page.contacts), hasMore: page.has_more };
}

/** How many people the list holds for these filters (exact, or "at least" past the cap). */
export function useDirectoryCount(filters: DirectoryFilters) {
  return useQuery({
    queryKey: [...directoryListKey(filters), "count"],
    queryFn: ({ signal }) =>
      api("/api/global-contacts/count", {
        query: filterQuery(filters),
        schema: DirectoryCount,
        signal,
      }),
  });
}

export function useDirectoryStats() {
  return useQuery({
    queryKey: DIRECTORY_STATS_KEY,
    queryFn: () => api("/api/global-contacts/stats", { schema: DirectoryStats }),
  });
}

export function saveDirectoryContact(contact: DirectoryContact) {
  return api("/api/global-contacts/save", {
    body: { contact_id: contact.id, job_title: contact.title, location: contact.location },
    schema: CreditsRemainingResponse,
  });
}
