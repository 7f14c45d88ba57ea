import type { ContactSearchResponse } from "@reachout/contract/contacts";
import { useState } from "react";
import { DiscoverContactsForm } from "../../../components/discover-contacts/discover-form";
import { SavedFromSearch } from "../../../components/discover-contacts/saved-from-search";
import { Card } from "../../../components/ui/card";
import { ContactCard } from "../components/contact-card";
import { CreditsPill } from "../components/credits-pill";

/** /discover: the Discover Contacts form with every strategy, and what the last search saved. */
export default function DiscoverPage() {
  const [result, setResult] = useState<ContactSearchResponse | null>(null);
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Discover Contacts</h1>
        <CreditsPill />
      </header>
      <Card>
        <DiscoverContactsForm mode="full" onSaved={setResult} />
      </Card>
      {result && (
        <section aria-labelledby="discover-results" className="space-y-3">
          <SavedFromSearch result={result} look="page" titleId="discover-results">
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Search results">
              {result.data.map((contact) => (
                <li key={contact.id} className="min-w-0">
                  <ContactCard contact={contact} />
                </li>
              ))}
            </ul>
          </SavedFromSearch>
        </section>
      )}
    </section>
  );
}
