import type { NetworkListContact } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Pagination } from "../../../components/ui/pagination";
import { pageCountOf, pageOf } from "../../../lib/use-batched-list";
import { useSavedContacts } from "../api/saved-contacts";
import { ContactCard } from "./contact-card";
import { ContactEmailDialog } from "./email/contact-email-dialog";

/** "Your Saved Contacts": the network, 30 per page, each with its Email action. */
export function SavedContacts() {
  const query = useSavedContacts();
  const [page, setPage] = useState(1);
  const [emailContact, setEmailContact] = useState<NetworkListContact | null>(null);
  const contacts = query.data ?? [];
  const pageCount = pageCountOf(contacts.length);
  return (
    <section aria-labelledby="saved-contacts-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="saved-contacts-title" className="text-xl font-semibold text-slate-900">
          Your Saved Contacts
        </h2>
        <Link
          to="/my-network"
          className="whitespace-nowrap text-sm font-medium text-brand-700 hover:underline"
        >
          Open My Network
        </Link>
      </div>
      {query.isLoading ? (
        <p role="status" className="flex items-center gap-2 text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Loading your saved contacts...
        </p>
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {MESSAGES.network.loadSavedFailed}
        </p>
      ) : contacts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {MESSAGES.network.empty}
        </p>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your saved contacts">
            {pageOf(contacts, Math.min(page, pageCount)).map((contact) => (
              <li key={contact.id} className="min-w-0">
                <ContactCard contact={contact} onEmail={setEmailContact} />
              </li>
            ))}
          </ul>
          {pageCount > 1 && <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />}
        </>
      )}
      <ContactEmailDialog
        contact={emailContact}
        open={emailContact !== null}
        onOpenChange={(open) => !open && setEmailContact(null)}
        onChanged={() => void query.refetch()}
      />
    </section>
  );
}
