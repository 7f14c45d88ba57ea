import { MESSAGES } from "@reachout/contract/messages";
import { Link } from "react-router";
import { ListLoading, MoreContactsStatus } from "../../../../components/list-states";
import { Button } from "../../../../components/ui/button";
import { Pagination } from "../../../../components/ui/pagination";
import { NO_FILTERS } from "../../lib/filters";
import type { MyNetwork } from "../../lib/use-my-network";
import { ContactCard } from "../contact-card";
import { SelectionBar } from "./selection-bar";

/** The saved contacts: loading, empty, nothing matching, or a page of cards with the selection. */
export function NetworkList({ network }: { network: MyNetwork }) {
  const { list, shown, selected } = network;
  if (list.isLoading || network.listPending) {
    return <ListLoading label="Loading your contacts..." />;
  }
  if (list.items.length === 0 && !list.hasMore) return <EmptyNetwork />;
  return (
    <>
      <SelectionBar network={network} />
      <h2 className="sr-only">Saved contacts</h2>
      {network.visible.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          <p>No contacts match your search or filters.</p>
          <Button
            variant="ghost"
            className="mt-2"
            onClick={() => network.changeFilters(NO_FILTERS)}
          >
            Clear search and filters
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved contacts">
          {shown.map((contact) => (
            <li key={contact.id} className="min-w-0">
              <ContactCard
                contact={contact}
                selected={selected.has(contact.id)}
                onSelectedChange={(on) => network.toggle(contact.id, on)}
                onEmail={(person) => network.openDialog({ name: "email", contact: person })}
                onRevealEmail={(person) => void network.revealEmail(person)}
                sequence={network.sequenceOf.get(contact.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <MoreContactsStatus list={list} />
      {network.pageCount > 1 && (
        <Pagination
          page={network.page}
          pageCount={network.pageCount}
          onPageChange={network.setPage}
        />
      )}
    </>
  );
}

function EmptyNetwork() {
  return (
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
  );
}
