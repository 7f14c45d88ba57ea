import type { NetworkListContact } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { errorDetail } from "../../../lib/api";
import { ENROLLMENT_STATUS_LABELS, useEnrollments } from "../../../lib/sequences";
import { toast } from "../../../lib/toast";
import { pageCountOf, pageOf, useNextBatchAtLastPage } from "../../../lib/use-batched-list";
import { ONBOARDING_KEY } from "../../../lib/use-onboarding";
import { useRemoveContacts } from "../api/network";
import { useRevealContactEmail } from "../api/own-contacts";
import { contactsToCsv, downloadCsv } from "./csv";
import {
  isFiltering,
  matchesFilters,
  type NetworkFilters,
  NO_FILTERS,
  orderContacts,
} from "./filters";
import { useDeepLink } from "./use-deep-link";
import { useNetworkList } from "./use-network-list";

/** The dialog My Network has open over the list (one at a time). */
export type NetworkDialog =
  | { name: "email"; contact: NetworkListContact }
  | { name: "bulk" | "scheduled" | "remove" | "add" | "import" };
/** The dialogs opened with nothing but their name. */
export type PlainDialog = Exclude<NetworkDialog["name"], "email">;

/**
 * My Network's state: the saved contacts (batched), the search and filters, the page, the
 * selection, the dialog open over the list, and what the page changes (remove, reveal, export).
 */
export function useMyNetwork() {
  const list = useNetworkList(true);
  const { items, hasMore, loadAll, removeItems } = list;
  const [filters, setFilters] = useState<NetworkFilters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<NetworkDialog | null>(null);
  const queryClient = useQueryClient();
  const removal = useRemoveContacts();
  const reveal = useRevealContactEmail();
  const deepLink = useDeepLink(items, !list.isLoading);
  const sequenceOf = useLatestEnrollments();

  const filtering = isFiltering(filters);
  // The list follows the inputs a beat behind: each key shows at once, while thousands of
  // contacts are filtered and the page re-rendered in a render React can interrupt.
  const listFilters = useDeferredValue(filters);
  // A new batch is rendered the same way, in slices the browser can interleave with input and
  // paint, instead of one long task on a slow phone. Until then the list says it is loading.
  const listItems = useDeferredValue(items);
  const listPending = listItems !== items && listItems.length === 0;
  const visible = useMemo(
    () =>
      orderContacts(
        listItems.filter((contact) => matchesFilters(contact, listFilters)),
        listFilters.order,
      ),
    [listItems, listFilters],
  );
  const pageCount = pageCountOf(visible.length);
  const shown = pageOf(visible, Math.min(page, pageCount));
  const selectedContacts = useMemo(
    () => items.filter((c) => selected.has(c.id)),
    [items, selected],
  );

  // Filters look at every contact, so the rest are fetched once one is active.
  useEffect(() => {
    if (filtering && hasMore) loadAll().catch(() => toast.error(MESSAGES.network.loadMoreFailed));
  }, [filtering, hasMore, loadAll]);
  // While the first batch is still being rendered (the deferred list empty), no page is shown
  // yet, so none is the last: counted as one page, each batch that arrived meanwhile asked for
  // the next, and a slow first render loaded five batches in a row (Lighthouse, a loaded phone).
  useNextBatchAtLastPage(
    list,
    page,
    listPending ? Number.POSITIVE_INFINITY : pageCount,
    MESSAGES.network.loadMoreFailed,
  );
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  /** Closes that dialog, if it is still the one open. */
  const closeDialog = (name: NetworkDialog["name"]) =>
    setDialog((current) => (current?.name === name ? null : current));

  const changeFilters = (next: NetworkFilters) => {
    setFilters(next);
    setPage(1);
  };
  /** Adds or takes away contacts from the selection. */
  const mark = (contacts: Array<{ id: string }>, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const contact of contacts) {
        if (on) next.add(contact.id);
        else next.delete(contact.id);
      }
      return next;
    });

  const selectAll = async (on: boolean) => {
    if (!on) {
      setSelected(new Set());
      return;
    }
    try {
      const all = await loadAll();
      setSelected(new Set(all.filter((c) => matchesFilters(c, filters)).map((c) => c.id)));
    } catch {
      toast.error(MESSAGES.network.selectAllFailed);
    }
  };

  const exportCsv = async () => {
    try {
      const all = selected.size > 0 ? selectedContacts : await loadAll();
      const rows = selected.size > 0 ? all : all.filter((c) => matchesFilters(c, filters));
      downloadCsv(contactsToCsv(rows));
    } catch {
      toast.error(MESSAGES.network.fetchFailed);
    }
  };

  /** Remove and Bulk Email act on the selection: with none, they say so instead of opening. */
  const openForSelection = (name: "remove" | "bulk", noneMessage: string) => {
    if (selected.size === 0) toast.error(noneMessage);
    else setDialog({ name });
  };

  const removeSelected = async () => {
    const ids = [...selected];
    const removed = await removal.mutateAsync(ids);
    removeItems(removed);
    setSelected(new Set(ids.filter((id) => !removed.includes(id))));
    closeDialog("remove");
    if (removed.length < ids.length) toast.error(MESSAGES.network.removeFailed);
    else toast.success(`Removed ${removed.length} contact${removed.length === 1 ? "" : "s"}.`);
  };

  const refresh = () => {
    void list.refetch();
    void queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY });
  };

  const revealEmail = async (contact: NetworkListContact) => {
    try {
      const revealed = await reveal.mutateAsync(contact.id);
      toast.success(`${revealed.full_name}: ${revealed.email}`);
      void list.refetch();
    } catch (failure) {
      toast.error(errorDetail(failure, "The email could not be revealed. Please try again."));
    }
  };

  return {
    list,
    deepLink,
    sequenceOf,
    filters,
    filtering,
    changeFilters,
    showFilters,
    toggleFilters: () => setShowFilters((open) => !open),
    listPending,
    visible,
    shown,
    page: Math.min(page, pageCount),
    pageCount,
    setPage,
    selected,
    selectedContacts,
    allSelected: visible.length > 0 && !hasMore && visible.every((c) => selected.has(c.id)),
    pageSelected: shown.length > 0 && shown.every((c) => selected.has(c.id)),
    toggle: (id: string, on: boolean) => mark([{ id }], on),
    selectAll,
    selectPage: (on: boolean) => mark(shown, on),
    clearSelection: () => setSelected(new Set()),
    dialog,
    openDialog: setDialog,
    closeDialog,
    openRemove: () => openForSelection("remove", MESSAGES.network.noneToRemove),
    openBulk: () => openForSelection("bulk", MESSAGES.bulk.noneSelected),
    isRemoving: removal.isPending,
    removeSelected,
    exportCsv,
    refresh,
    revealEmail,
  };
}

export type MyNetwork = ReturnType<typeof useMyNetwork>;

/** Each contact's latest enrolment (the list is newest first), for the sequence on its card. */
function useLatestEnrollments() {
  const enrollments = useEnrollments();
  return useMemo(() => {
    const map = new Map<string, { name: string; status: string }>();
    for (const e of enrollments.data ?? []) {
      if (!map.has(e.contact_id)) {
        map.set(e.contact_id, {
          name: e.sequence_name,
          status: ENROLLMENT_STATUS_LABELS[e.status],
        });
      }
    }
    return map;
  }, [enrollments.data]);
}
