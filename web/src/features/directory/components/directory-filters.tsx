import { DIRECTORY_FILTERS } from "@reachout/contract/contacts";
import { ChevronDown, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ContactSearchField } from "../../../components/contact-search-field";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Input, Label } from "../../../components/ui/input";
import { FilterSelect } from "../../../components/ui/select";
import { WarmSortControls } from "../../../components/warm-sort-controls";
import { type DirectoryFilters, NO_DIRECTORY_FILTERS } from "../api/directory";

/** A value that came with the link (an application's company) stays visible in its list. */
const withCurrent = (options: readonly string[], value: string) =>
  value === "" || options.includes(value) ? options : [value, ...options];

const ADVANCED: Array<{
  key: keyof typeof DIRECTORY_FILTERS;
  field: keyof DirectoryFilters;
  label: string;
  any: string;
}> = [
  { key: "organizations", field: "organization", label: "Organization", any: "Any organization" },
  { key: "positions", field: "position", label: "Position", any: "Any position" },
  { key: "education", field: "education", label: "Education", any: "Any school" },
  { key: "industries", field: "industry", label: "Industry", any: "Any industry" },
  { key: "interests", field: "interests", label: "Interests", any: "Any interest" },
];

/** The search box and the advanced filters (fixed lists) of the directory. */
export function DirectoryFiltersBar({
  filters,
  places = [],
  onChange,
}: {
  filters: DirectoryFilters;
  /** The directory's most common locations, offered as the location filter's suggestions. */
  places?: readonly string[];
  onChange: (filters: DirectoryFilters) => void;
}) {
  const ids = useId();
  const [text, setText] = useState(filters.q);
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, q: text.trim() });
  };
  const activeCount =
    ADVANCED.filter(({ field }) => filters[field] !== "").length + (filters.location ? 1 : 0);
  return (
    <div className="space-y-3">
      <search>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <ContactSearchField
            id={`${ids}-q`}
            placeholder="Search names, titles, companies or cities"
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit">Search</Button>
            <Button
              variant="secondary"
              aria-expanded={open}
              aria-controls={`${ids}-advanced`}
              onClick={() => setOpen((value) => !value)}
            >
              Advanced filters{activeCount > 0 ? ` (${activeCount})` : ""}
              <ChevronDown
                className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
                aria-hidden
              />
            </Button>
          </div>
        </form>
      </search>
      <WarmSortControls
        order={filters.sort}
        own={{ value: "default", label: "Default order" }}
        warmOnly={filters.warmOnly}
        onOrder={(sort) => onChange({ ...filters, sort })}
        onWarmOnly={(warmOnly) => onChange({ ...filters, warmOnly })}
      />
      {open && (
        <section
          id={`${ids}-advanced`}
          aria-label="Advanced filters"
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {ADVANCED.map(({ key, field, label, any }) => (
            <FilterSelect
              key={field}
              id={`${ids}-${field}`}
              label={label}
              value={filters[field] as string}
              onChange={(value) => onChange({ ...filters, [field]: value })}
              any={any}
              options={withCurrent(DIRECTORY_FILTERS[key], filters[field] as string)}
            />
          ))}
          <LocationFilter
            id={`${ids}-location`}
            value={filters.location}
            places={places}
            onChange={(location) => onChange({ ...filters, location })}
          />
          <Checkbox
            className="self-end pb-2 text-sm text-slate-700"
            checked={filters.showAll}
            onChange={(showAll) => onChange({ ...filters, showAll })}
          >
            Include people without an email address
          </Checkbox>
          <div className="flex items-end sm:col-span-2 lg:col-span-3">
            <Button
              variant="ghost"
              onClick={() => {
                setText("");
                onChange(NO_DIRECTORY_FILTERS);
              }}
            >
              <X className="size-4" aria-hidden />
              Clear all filters
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * A place typed or picked from the directory's common locations; the list narrows when the
 * student presses Enter or leaves the field, not at every keystroke.
 */
function LocationFilter({
  id,
  value,
  places,
  onChange,
}: {
  id: string;
  value: string;
  places: readonly string[];
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  // "Clear all filters" empties the value from outside.
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <div>
      <Label htmlFor={id}>Location</Label>
      <Input
        id={id}
        type="search"
        list={`${id}-places`}
        placeholder="Any location (city or state)"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
      />
      <datalist id={`${id}-places`}>
        {places.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
    </div>
  );
}
