import { CONTACT_STATUSES, DATE_RANGES, SCHEDULED_STATUSES } from "@reachout/contract/constants";
import { useId } from "react";
import { Button } from "../../../components/ui/button";
import { Label } from "../../../components/ui/input";
import { WarmSortControls } from "../../../components/warm-sort-controls";
import type { NetworkFilters } from "../lib/filters";
import { NO_FILTERS } from "../lib/filters";

const SELECT =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

const DATE_LABELS: Record<(typeof DATE_RANGES)[number], string> = {
  today: "Today",
  tomorrow: "Tomorrow",
  this_week: "This week",
  past_due: "Past due",
};
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
      <div>
        <Label htmlFor={`${ids}-status`}>Status</Label>
        <select
          id={`${ids}-status`}
          className={SELECT}
          value={filters.status}
          onChange={(event) =>
            onChange({ ...filters, status: event.target.value as NetworkFilters["status"] })
          }
        >
          <option value="all">All statuses</option>
          {CONTACT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${ids}-scheduled`}>Scheduled emails</Label>
        <select
          id={`${ids}-scheduled`}
          className={SELECT}
          value={filters.scheduled}
          onChange={(event) =>
            onChange({ ...filters, scheduled: event.target.value as NetworkFilters["scheduled"] })
          }
        >
          <option value="all">Any</option>
          {SCHEDULED_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalized(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${ids}-date`}>Scheduled date</Label>
        <select
          id={`${ids}-date`}
          className={SELECT}
          value={filters.dateRange}
          onChange={(event) =>
            onChange({ ...filters, dateRange: event.target.value as NetworkFilters["dateRange"] })
          }
        >
          <option value="all">Any time</option>
          {DATE_RANGES.map((range) => (
            <option key={range} value={range}>
              {DATE_LABELS[range]}
            </option>
          ))}
        </select>
      </div>
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
