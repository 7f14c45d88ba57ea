import { LIMITS } from "@reachout/contract/constants";
import type { DirectoryContact } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { LayoutGrid, List } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CreditsBadge } from "../../../components/credits-badge";
import { ListLoadFailed, ListLoading, MoreContactsStatus } from "../../../components/list-states";
import { Pagination } from "../../../components/ui/pagination";
import { ApiError, errorDetail } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { NETWORK_KEY } from "../../../lib/contact-query-keys";
import { toast } from "../../../lib/toast";
import {
  pageCountOf,
  pageOf,
  useBatchedList,
  useNextBatchAtLastPage,
} from "../../../lib/use-batched-list";
import { setCachedCredits, useCreditBalance } from "../../../lib/use-credits";
import {
  DIRECTORY_STATS_KEY,
  type DirectoryFilters,
  directoryListKey,
  fetchDirectoryBatch,
  isFilteringDirectory,
  NO_DIRECTORY_FILTERS,
  saveDirectoryContact,
  useDirectoryCount,
  useDirectoryStats,
} from "../api/directory";
import { DirectoryCard, type DirectoryView } from "../components/directory-card";
import { DirectoryFiltersBar } from "../components/directory-filters";
import { RoleFilterNotice } from "../components/role-filter-notice";

/** /connect: the Global Contacts Database — browse, filter and save people who hire. */
export default function DirectoryPage() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // An application's "Find people here" opens the directory filtered to its company and role.
  const [filters, setFilters] = useState<DirectoryFilters>(() => ({
    ...NO_DIRECTORY_FILTERS,
    organization: searchParams.get("organization") ?? "",
    position: searchParams.get("position") ?? "",
    role: searchParams.get("role") ?? "",
  }));
  const [view, setView] = useState<DirectoryView>("grid");
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState<string | null>(null);
  const key = useMemo(() => directoryListKey(filters), [filters]);
  const list = useBatchedList<DirectoryContact>({
    key,
    // The directory pages by offset: its batches carry no cursor, so every start is a number.
    fetchBatch: (start, signal) => fetchDirectoryBatch(filters, Number(start), signal),
  });
  const stats = useDirectoryStats();
  const counted = useDirectoryCount(filters);
  const listTop = useRef<HTMLParagraphElement>(null);
  const { credits } = useCreditBalance();
  const canSave = (credits ?? 0) >= LIMITS.saveContactMinCredits;

  const { items, hasMore } = list;
  // One total for the whole page: the server's count for these filters (exact up to its cap,
  // then "10,000+"), so the page count does not grow while paging.
  const count = counted.data;
  const exactTotal = count && !count.capped && !hasMore ? items.length : count?.count;
  const loadedPages = pageCountOf(items.length);
  const pageCount =
    count && !count.capped ? Math.max(loadedPages, pageCountOf(count.count)) : loadedPages;
  const current = Math.min(page, pageCount);
  useNextBatchAtLastPage(list, current, loadedPages, MESSAGES.global.loadFailed);
  const pageItems = pageOf(items, current);
  // The new page starts at the top of the list, not where the pagination was: scrolled to once
  // its people are on screen (a page past the loaded batches arrives later, and scrolling at the
  // click left the list's top off screen when the batches before it grew the page).
  const scrollToTop = useRef(false);
  const shownFirst = pageItems[0]?.id;
  useEffect(() => {
    if (!scrollToTop.current || shownFirst === undefined) return;
    scrollToTop.current = false;
    listTop.current?.scrollIntoView({ block: "start" });
  }, [shownFirst]);
  const changePage = (next: number) => {
    scrollToTop.current = true;
    setPage(next);
    listTop.current?.scrollIntoView({ block: "start" });
  };

  const changeFilters = (next: DirectoryFilters) => {
    setFilters(next);
    setPage(1);
  };

  const save = async (contact: DirectoryContact) => {
    if (!canSave) return;
    setSaving(contact.id);
    try {
      const { credits_remaining } = await saveDirectoryContact(contact);
      list.removeItems([contact.id]);
      setCachedCredits(queryClient, credits_remaining);
      toast.success(`Saved ${contact.full_name} to My Network`);
      void queryClient.invalidateQueries({ queryKey: NETWORK_KEY });
      void queryClient.invalidateQueries({ queryKey: DIRECTORY_STATS_KEY });
      void queryClient.invalidateQueries({ queryKey: [...key, "count"], exact: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        toast.error(MESSAGES.global.insufficientCredits);
        setCachedCredits(queryClient, 0);
      } else {
        toast.error(errorDetail(error, MESSAGES.global.saveFailed));
      }
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Global Contacts Database</h1>
          <p className="text-sm text-slate-600">
            {/* One sentence whatever has loaded: a count arriving late rewrapped this line on a
                phone and moved the pagination under a finger (and a test's click). */}
            Recruiters, hiring managers and leaders who hire students. Saving one adds them, with
            their email address, to{" "}
            <Link to="/my-network" className="font-medium text-brand-700 hover:underline">
              My Network
            </Link>
            .
          </p>
        </div>
        <div className="flex items-center gap-3">
          <CreditsBadge />
          <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
            <legend className="sr-only">View</legend>
            {(["grid", "list"] as const).map((option) => {
              const Icon = option === "grid" ? LayoutGrid : List;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={view === option}
                  aria-label={option === "grid" ? "Grid view" : "List view"}
                  onClick={() => setView(option)}
                  className={cn(
                    "rounded-md p-2 focus-visible:outline-2 focus-visible:outline-brand-600",
                    view === option
                      ? "bg-brand-600 text-white"
                      : "text-slate-600 hover:bg-slate-100",
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                </button>
              );
            })}
          </fieldset>
        </div>
      </header>

      {!canSave && credits !== undefined && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          You need at least 1 credit to save a contact.{" "}
          <Link to="/pricing" className="font-semibold underline">
            Get more credits
          </Link>
        </p>
      )}

      <DirectoryFiltersBar
        filters={filters}
        places={stats.data?.top_locations.map((place) => place.name)}
        onChange={changeFilters}
      />
      {filters.role ? (
        <RoleFilterNotice
          role={filters.role}
          organization={filters.organization}
          onClear={() => changeFilters({ ...filters, role: "" })}
        />
      ) : null}

      {list.isError ? (
        <ListLoadFailed
          message={errorDetail(list.error, MESSAGES.global.loadFailed)}
          onRetry={() => void list.refetch()}
        />
      ) : list.isLoading ? (
        <ListLoading label="Loading contacts..." />
      ) : items.length === 0 && !hasMore ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
          {isFilteringDirectory(filters)
            ? MESSAGES.global.noMatch
            : MESSAGES.global.unexpectedEmpty}
        </p>
      ) : (
        <>
          <p ref={listTop} className="scroll-mt-20 text-sm text-slate-600" aria-live="polite">
            {pageItems.length > 0
              ? `Showing ${(current - 1) * LIMITS.contactsPageSize + 1}–${(current - 1) * LIMITS.contactsPageSize + pageItems.length}`
              : "Loading this page"}
            {count
              ? ` of ${(exactTotal ?? count.count).toLocaleString("en-US")}${count.capped ? "+" : ""} contacts`
              : " contacts"}
          </p>
          <ul
            aria-label="Contacts"
            className={cn(
              "grid gap-4",
              view === "grid" ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-1",
            )}
          >
            {pageItems.map((contact) => (
              <li key={contact.id} className="min-w-0">
                <DirectoryCard
                  contact={contact}
                  view={view}
                  canSave={canSave}
                  saving={saving === contact.id}
                  onSave={save}
                />
              </li>
            ))}
          </ul>
          <MoreContactsStatus list={list} />
          <Pagination
            page={current}
            pageCount={pageCount}
            more={Boolean(count?.capped) && hasMore}
            onPageChange={changePage}
          />
        </>
      )}
    </section>
  );
}
