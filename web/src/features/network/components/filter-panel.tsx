import { CONTACT_STATUSES, DATE_RANGES, SCHEDULED_STATUSES } from "@reachout/contract/constants";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { FilterSelect } from "../../../components/ui/select";
import { WarmSortControls } from "../../../components/warm-sort-controls";
import type { DateRange, NetworkFilters } from "../lib/filters";
import { NO_FILTERS } from "../lib/filters";

const DATE_LABELS: Record<DateRange, string> = {
  today: "Today",
  tomorrow: "Tomorrow",
  this_week: "This week",
  past_due: "Past due",
};
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The three lists, each with "all" (the filter off) first. */
const SELECTS: Array<{
  field: "status" | "scheduled" | "dateRange";
  label: string;
  any: string;
  options: readonly string[];
  show?: (option: string) => string;
}> = [
  { field: "status", label: "Status", any: "All statuses", options: CONTACT_STATUSES },
  {
    field: "scheduled",
    label: "Scheduled emails",
    any: "Any",
    options: SCHEDULED_STATUSES,
    show: capitalized,
  },
  {
    field: "dateRange",
    label: "Scheduled date",
    any: "Any time",
    options: DATE_RANGES,
    show: (range) => DATE_LABELS[range as DateRange],
  },
];

/**
 * Status (derived from messages), scheduled-email status, the scheduled date range, the order
 * (newest or warm first) and a warm-only switch.
 */
export function FilterPanel({
  id,
  filters,
  onChange,
}: {
  id: string;
  filters: NetworkFilters;
  onChange: (filters: NetworkFilters) => void;
}) {
  const ids = useId();
  return (
    <section
      id={id}
      aria-label="Filters"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {SELECTS.map(({ field, label, any, options, show }) => (
        <FilterSelect
          key={field}
          id={`${ids}-${field}`}
          label={label}
          value={filters[field]}
          // Each list holds only its filter's values, and "all".
          onChange={(value) => onChange({ ...filters, [field]: value } as NetworkFilters)}
          any={any}
          anyValue="all"
          options={options}
          show={show}
        />
      ))}
      <div className="flex items-end">
        <WarmSortControls
          order={filters.order}
          own={{ value: "newest", label: "Newest first" }}
          warmOnly={filters.warmOnly}
          onOrder={(order) => onChange({ ...filters, order })}
          onWarmOnly={(warmOnly) => onChange({ ...filters, warmOnly })}
        />
      </div>
      <div className="flex items-end">
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => onChange({ ...NO_FILTERS, search: filters.search })}
        >
          Clear filters
        </Button>
      </div>
    </section>
  );
}
