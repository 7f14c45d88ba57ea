import type { NetworkListContact } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Download, FileUp, Filter, Mail, Trash2, UserPlus } from "lucide-react";
import { useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { ContactSearchField } from "../../../components/contact-search-field";
import { ListLoadFailed, ListLoading, MoreContactsStatus } from "../../../components/list-states";
import { OnboardingChecklist } from "../../../components/onboarding-checklist";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Pagination } from "../../../components/ui/pagination";
import { errorDetail } from "../../../lib/api";
import { BILLING_INFO_KEY } from "../../../lib/billing-info";
import { ENROLLMENT_STATUS_LABELS, useEnrollments } from "../../../lib/sequences";
import { toast } from "../../../lib/toast";
import { pageCountOf, pageOf, useNextBatchAtLastPage } from "../../../lib/use-batched-list";
import { ONBOARDING_KEY } from "../../../lib/use-onboarding";
import { useSession } from "../../../lib/use-session";
import { removeContact } from "../api/network";
import { revealContactEmail } from "../api/own-contacts";
import { ContactCard } from "../components/contact-card";
import { ContactLookupDialog } from "../components/contact-lookup-dialog";
import { BulkEmailDialog } from "../components/email/bulk-email-dialog";
import { ContactEmailDialog } from "../components/email/contact-email-dialog";
import { SalesCampaignButton } from "../components/email/sales-campaign-button";
import { ScheduledEmailsManager } from "../components/email/scheduled-emails-manager";
import { FilterPanel } from "../components/filter-panel";
import { AddContactDialog } from "../components/own-contacts/add-contact-dialog";
import { ImportContactsDialog } from "../components/own-contacts/import-contacts-dialog";
import { RemoveDialog } from "../components/remove-dialog";
import { StudentImportButton } from "../components/student-import-button";
import { contactsToCsv, downloadCsv } from "../lib/csv";
import {
  isFiltering,
  matchesFilters,
  type NetworkFilters,
  NO_FILTERS,
  orderContacts,
} from "../lib/filters";
import { useDeepLink } from "../lib/use-deep-link";
import { useNetworkList } from "../lib/use-network-list";

export default function MyNetworkPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <p className="text-slate-700">{MESSAGES.network.notLoggedIn}</p>
      </section>
    );
  }
  return <MyNetwork />;
}

function MyNetwork() {
  const list = useNetworkList(true);
  const { items, hasMore, loadAll, removeItems } = list;
  const [filters, setFilters] = useState<NetworkFilters>(NO_FILTERS);
  const [showFilters, setShowFilters] = useState(false);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const enrollments = useEnrollments();
  // Each contact's latest enrolment (the list is newest first).
  const sequenceOf = useMemo(() => {
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
  const [emailContact, setEmailContact] = useState<NetworkListContact | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [scheduledOpen, setScheduledOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const queryClient = useQueryClient();
  const deepLink = useDeepLink(items, !list.isLoading);
  const filtersId = useId();
  const searchId = useId();

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
  useNextBatchAtLastPage(list, page, pageCount, MESSAGES.network.loadMoreFailed);
  useEffect(() => {
    if (page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  const changeFilters = (next: NetworkFilters) => {
    setFilters(next);
    setPage(1);
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = visible.length > 0 && !hasMore && visible.every((c) => selected.has(c.id));
  const pageSelected = shown.length > 0 && shown.every((c) => selected.has(c.id));

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
  const selectPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const contact of shown) {
        if (on) next.add(contact.id);
        else next.delete(contact.id);
      }
      return next;
    });

  const exportCsv = async () => {
    try {
      const all = selected.size > 0 ? selectedContacts : await loadAll();
      const rows = selected.size > 0 ? all : all.filter((c) => matchesFilters(c, filters));
      downloadCsv(contactsToCsv(rows));
    } catch {
      toast.error(MESSAGES.network.fetchFailed);
    }
  };

  const openRemove = () => {
    if (selected.size === 0) toast.error(MESSAGES.network.noneToRemove);
    else setRemoveOpen(true);
  };
  const removeSelected = async () => {
    setRemoving(true);
    const ids = [...selected];
    const results = await Promise.allSettled(ids.map((id) => removeContact(id)));
    const removed = ids.filter((_, i) => results[i].status === "fulfilled");
    removeItems(removed);
    setSelected(new Set(ids.filter((id) => !removed.includes(id))));
    setRemoving(false);
    setRemoveOpen(false);
    if (removed.length < ids.length) toast.error(MESSAGES.network.removeFailed);
    else toast.success(`Removed ${removed.length} contact${removed.length === 1 ? "" : "s"}.`);
  };
  const openBulk = () => {
    if (selected.size === 0) toast.error(MESSAGES.bulk.noneSelected);
    else setBulkOpen(true);
  };
  const refresh = () => {
    void list.refetch();
    void queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY });
  };
  const revealEmail = async (contact: NetworkListContact) => {
    try {
      const revealed = await revealContactEmail(contact.id);
      toast.success(`${revealed.full_name}: ${revealed.email}`);
      void list.refetch();
      void queryClient.invalidateQueries({ queryKey: BILLING_INFO_KEY });
    } catch (failure) {
      toast.error(errorDetail(failure, "The email could not be revealed. Please try again."));
    }
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">My Network</h1>
          <p className="text-sm text-slate-600">
            {list.isLoading
              ? "Loading your contacts..."
              : `${items.length}${hasMore ? "+" : ""} saved contact${items.length === 1 ? "" : "s"}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setAddOpen(true)}>
            <UserPlus className="size-4" aria-hidden />
            Add Contact
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setImportOpen(true)}>
            <FileUp className="size-4" aria-hidden />
            Import CSV
          </Button>
          <SalesCampaignButton onDone={refresh} />
          <StudentImportButton />
          <Button variant="secondary" size="sm" onClick={() => setScheduledOpen(true)}>
            <CalendarClock className="size-4" aria-hidden />
            Scheduled Emails
          </Button>
        </div>
      </header>

      <OnboardingChecklist here="/my-network" />

      {list.isError ? (
        <ListLoadFailed message={MESSAGES.network.fetchFailed} onRetry={refresh} />
      ) : (
        <>
          {/* The toolbar shows at once (it is the page's largest text); the list fills in below. */}
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
            <ContactSearchField
              id={searchId}
              placeholder="Name, title, company, location or email"
              value={filters.search}
              onChange={(event) => changeFilters({ ...filters, search: event.target.value })}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                aria-expanded={showFilters}
                aria-controls={filtersId}
                onClick={() => setShowFilters((open) => !open)}
              >
                <Filter className="size-4" aria-hidden />
                Filters
              </Button>
              <Button variant="secondary" onClick={exportCsv}>
                <Download className="size-4" aria-hidden />
                Export CSV
              </Button>
              <Button variant="secondary" onClick={openBulk}>
                <Mail className="size-4" aria-hidden />
                Bulk Email
              </Button>
              <Button variant="secondary" onClick={openRemove}>
                <Trash2 className="size-4" aria-hidden />
                Remove
              </Button>
            </div>
          </div>
          {showFilters && <FilterPanel id={filtersId} filters={filters} onChange={changeFilters} />}
          {list.isLoading || listPending ? (
            <ListLoading label="Loading your contacts..." />
          ) : items.length === 0 && !hasMore ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <p className="text-lg font-medium text-slate-800">{MESSAGES.network.empty}</p>
              <p className="mt-2 text-sm text-slate-600">
                Find people who hire on{" "}
                <Link className="font-medium text-brand-700 underline" to="/discover">
                  Discover
                </Link>{" "}
                or browse the{" "}
                <Link className="font-medium text-brand-700 underline" to="/connect">
                  global contacts database
                </Link>
                , or add people you already know with Add Contact or Import CSV (free).
              </p>
            </div>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
                <Checkbox checked={allSelected} onChange={(on) => void selectAll(on)}>
                  Select all{filtering ? " matching" : ""}
                </Checkbox>
                <Checkbox checked={pageSelected} onChange={selectPage}>
                  Select page
                </Checkbox>
                <span aria-live="polite">{selected.size} selected</span>
                {selected.size > 0 && (
                  <button
                    type="button"
                    className="font-medium text-brand-700 hover:underline"
                    onClick={() => setSelected(new Set())}
                  >
                    Clear selection
                  </button>
                )}
              </div>

              <h2 className="sr-only">Saved contacts</h2>
              {visible.length === 0 ? (
                <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
                  <p>No contacts match your search or filters.</p>
                  <Button
                    variant="ghost"
                    className="mt-2"
                    onClick={() => changeFilters(NO_FILTERS)}
                  >
                    Clear search and filters
                  </Button>
                </div>
              ) : (
                <ul
                  className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
                  aria-label="Saved contacts"
                >
                  {shown.map((contact) => (
                    <li key={contact.id} className="min-w-0">
                      <ContactCard
                        contact={contact}
                        selected={selected.has(contact.id)}
                        onSelectedChange={(on) => toggle(contact.id, on)}
                        onEmail={setEmailContact}
                        onRevealEmail={(person) => void revealEmail(person)}
                        sequence={sequenceOf.get(contact.id)}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <MoreContactsStatus list={list} />
              {pageCount > 1 && (
                <Pagination
                  page={Math.min(page, pageCount)}
                  pageCount={pageCount}
                  onPageChange={setPage}
                />
              )}
            </>
          )}
        </>
      )}

      <ContactEmailDialog
        contact={emailContact}
        open={emailContact !== null}
        onOpenChange={(open) => !open && setEmailContact(null)}
        onChanged={refresh}
      />
      <BulkEmailDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        contacts={selectedContacts}
        onChanged={refresh}
      />
      <ScheduledEmailsManager
        open={scheduledOpen}
        onOpenChange={setScheduledOpen}
        onChanged={refresh}
      />
      <AddContactDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        onAdded={(contact) => {
          toast.success(`Added ${contact.full_name} to My Network.`);
          refresh();
        }}
      />
      <ImportContactsDialog open={importOpen} onOpenChange={setImportOpen} onImported={refresh} />
      <RemoveDialog
        open={removeOpen}
        count={selected.size}
        busy={removing}
        onOpenChange={setRemoveOpen}
        onConfirm={removeSelected}
      />
      {deepLink.link.state === "looking" || deepLink.link.state === "not-found" ? (
        <ContactLookupDialog state={deepLink.link.state} onClose={deepLink.close} />
      ) : null}
      {deepLink.link.state === "found" && (
        <ContactEmailDialog
          contact={deepLink.link.contact}
          open
          onOpenChange={(open) => !open && deepLink.close()}
          onChanged={refresh}
        />
      )}
    </section>
  );
}
