import type { ContactSearchResponse } from "@reachout/contract/contacts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { DiscoverContactsForm } from "../../../components/discover-contacts/discover-form";
import { SavedFromSearch } from "../../../components/discover-contacts/saved-from-search";
import { Card } from "../../../components/ui/card";
import { ContactSummary } from "./contact-summary";
import { useWarmView } from "./warm-view";

/** The agent's one-off search: every strategy, 1 to 100 results, saved to My Network. */
export function AgentDiscover() {
  const [result, setResult] = useState<ContactSearchResponse | null>(null);
  const { shown, controls } = useWarmView(result?.data ?? []);
  // An application's "Agent" link starts the search from its role, company and location.
  const [params] = useSearchParams();
  const [initial] = useState(() => ({
    ...(params.get("role") ? { jobTitle: params.get("role") as string } : {}),
    ...(params.get("company") ? { company: params.get("company") as string } : {}),
    ...(params.get("location") ? { location: params.get("location") as string } : {}),
  }));
  return (
    <section aria-labelledby="agent-discover-title" className="flex flex-col gap-3">
      <div>
        <h2 id="agent-discover-title" className="text-lg font-semibold text-slate-900">
          Discover Contacts
        </h2>
        <p className="text-sm text-slate-600">
          Search once, right now, without adding a target position.
        </p>
      </div>
      <Card>
        <DiscoverContactsForm mode="full" onSaved={setResult} initial={initial} />
        {result && (
          <div className="mt-6 border-t border-slate-100 pt-4">
            <SavedFromSearch result={result} look="panel">
              <div className="mb-2">{controls}</div>
              <ul
                className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
                aria-label="Contacts saved from this search"
              >
                {shown.map((contact) => (
                  <li key={contact.user_contact_id} className="px-3 py-2">
                    <ContactSummary contact={contact} />
                  </li>
                ))}
              </ul>
            </SavedFromSearch>
          </div>
        )}
      </Card>
    </section>
  );
}
