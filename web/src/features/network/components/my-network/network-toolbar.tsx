import { Download, Filter, Mail, Trash2 } from "lucide-react";
import { useId } from "react";
import { ContactSearchField } from "../../../../components/contact-search-field";
import { Button } from "../../../../components/ui/button";
import type { MyNetwork } from "../../lib/use-my-network";
import { FilterPanel } from "../filter-panel";

/** Search, the filters (folded away until asked for), and what acts on the list or selection. */
export function NetworkToolbar({ network }: { network: MyNetwork }) {
  const filtersId = useId();
  const searchId = useId();
  const { filters, changeFilters } = network;
  return (
    <>
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
            aria-expanded={network.showFilters}
            aria-controls={filtersId}
            onClick={network.toggleFilters}
          >
            <Filter className="size-4" aria-hidden />
            Filters
          </Button>
          <Button variant="secondary" onClick={network.exportCsv}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
          <Button variant="secondary" onClick={network.openBulk}>
            <Mail className="size-4" aria-hidden />
            Bulk Email
          </Button>
          <Button variant="secondary" onClick={network.openRemove}>
            <Trash2 className="size-4" aria-hidden />
            Remove
          </Button>
        </div>
      </div>
      {network.showFilters && (
        <FilterPanel id={filtersId} filters={filters} onChange={changeFilters} />
      )}
    </>
  );
}
