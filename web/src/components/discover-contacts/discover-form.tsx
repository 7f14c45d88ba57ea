import {
  COMPANY_SIZES,
  FINANCIAL_INDUSTRIES,
  REVENUE_RANGES,
  type SearchStrategy,
} from "@reachout/contract/constants";
import type { ContactSearchResponse } from "@reachout/contract/contacts";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Search } from "lucide-react";
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { DIRECTORY_KEY, NETWORK_KEY } from "../../lib/contact-query-keys";
import { toast } from "../../lib/toast";
import { toggled } from "../../lib/toggle";
import { setCachedCredits } from "../../lib/use-credits";
import { useIsAdmin, useSession } from "../../lib/use-session";
import { BusyIcon } from "../ui/busy-icon";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Label, TextField } from "../ui/input";
import { FilterSelect, Select } from "../ui/select";
import {
  type DiscoverMode,
  type DiscoverValues,
  initialValues,
  RESULT_LIMITS,
  runSearch,
  validateDiscover,
} from "./search-contacts";
import { TagInput } from "./tag-input";

const STRATEGIES: Array<{ value: SearchStrategy; label: string; adminOnly?: boolean }> = [
  { value: "deepseek", label: "Hiring managers & recruiters (AI)" },
  { value: "apollo_search", label: "Apollo people search" },
  { value: "financial_sales", label: "Financial Sales" },
  { value: "sales_students", label: "Students (sales campaign)", adminOnly: true },
];

function Field({
  label,
  children,
  htmlFor,
}: {
  label: string;
  children: ReactNode;
  htmlFor: string;
}) {
  return (
    <div>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

export interface DiscoverFormProps {
  /** "dashboard": the manual search (1–25 results); "full": strategies and 1–100 results. */
  mode: DiscoverMode;
  /** Called with the saved contacts after a successful search. */
  onSaved?: (result: ContactSearchResponse) => void;
  /** Fields to start from (an application's role, company and location). */
  initial?: Partial<DiscoverValues>;
}

/**
 * "Discover Contacts": finds people for a role and saves them to My Network at 1 credit each.
 * Shared by the dashboard, /discover and the agent page.
 */
export function DiscoverContactsForm({ mode, onSaved, initial }: DiscoverFormProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const queryClient = useQueryClient();
  const { refreshProfile } = useSession();
  const isAdmin = useIsAdmin();
  const [values, setValues] = useState<DiscoverValues>(() => ({ ...initialValues(), ...initial }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof DiscoverValues>(key: K, value: DiscoverValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  /** What each free-text box shares: its id, value and change, at most 200 characters. */
  const text = (key: "jobTitle" | "location" | "company" | "exclude") => ({
    id: id(key),
    value: values[key],
    maxLength: 200,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
  });
  /** Likewise for the two filter lists. */
  const choice = (key: "revenueRange" | "companySize") => ({
    id: id(key),
    value: values[key],
    onChange: (value: string) => set(key, value),
  });
  const limits = RESULT_LIMITS[mode];
  const isFinancial = mode === "full" && values.strategy === "financial_sales";
  const isStudents = mode === "full" && values.strategy === "sales_students";

  const chooseStrategy = (strategy: SearchStrategy) =>
    setValues((current) => ({
      ...current,
      strategy,
      // Financial Sales starts from what the single fields held.
      jobTitles:
        strategy === "financial_sales" && current.jobTitles.length === 0 && current.jobTitle.trim()
          ? [current.jobTitle.trim()]
          : current.jobTitles,
      locations:
        strategy === "financial_sales" && current.locations.length === 0 && current.location.trim()
          ? [current.location.trim()]
          : current.locations,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDiscover(values, mode);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const outcome = await runSearch(values, mode);
    setBusy(false);
    if (outcome.kind === "error") {
      setError(outcome.message);
      toast.error(outcome.message);
      return;
    }
    const { result } = outcome;
    toast.success(MESSAGES.search.found(result.saved));
    if (result.notice) toast.info(result.notice);
    setCachedCredits(queryClient, result.credits_remaining);
    void queryClient.invalidateQueries({ queryKey: NETWORK_KEY });
    void queryClient.invalidateQueries({ queryKey: DIRECTORY_KEY });
    void refreshProfile();
    onSaved?.(result);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Discover Contacts" className="space-y-4">
      {mode === "full" && (
        <Field label="Search strategy" htmlFor={id("strategy")}>
          <Select
            id={id("strategy")}
            value={values.strategy}
            onChange={(event) => chooseStrategy(event.target.value as SearchStrategy)}
          >
            {STRATEGIES.filter((s) => !s.adminOnly || isAdmin).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </Field>
      )}

      {isFinancial ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TagInput
            label="Job titles"
            values={values.jobTitles}
            onChange={(next) => set("jobTitles", next)}
            placeholder="e.g. Vice President"
          />
          <TagInput
            label="Locations"
            values={values.locations}
            onChange={(next) => set("locations", next)}
            placeholder="e.g. New York"
          />
          <fieldset className="sm:col-span-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">Industries</legend>
            <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-3">
              {FINANCIAL_INDUSTRIES.map((industry) => (
                <Checkbox
                  key={industry}
                  className="text-sm text-slate-700"
                  checked={values.industries.includes(industry)}
                  onChange={(on) => set("industries", toggled(values.industries, industry, on))}
                >
                  {industry}
                </Checkbox>
              ))}
            </div>
            <p className="mt-1 text-xs text-slate-500">None selected searches all twenty.</p>
          </fieldset>
          <FilterSelect
            label="Revenue range"
            any="Any revenue"
            options={REVENUE_RANGES}
            {...choice("revenueRange")}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={isStudents ? "School or program (optional)" : "Job title"}
            required={!isStudents}
            placeholder={isStudents ? "e.g. Cornell" : "e.g. Software Engineering Intern"}
            {...text("jobTitle")}
          />
          <TextField label="Location" {...text("location")} />
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id("count")}
          label={`Number of results (${limits.min}–${limits.max})`}
          type="number"
          inputMode="numeric"
          min={limits.min}
          max={limits.max}
          value={values.numResults}
          onChange={(event) => set("numResults", event.target.value)}
        />
      </div>

      {/* Open when a link filled the company (an application's), so the filter is seen. */}
      <details
        open={Boolean(initial?.company)}
        className="group rounded-lg border border-slate-200 bg-slate-50/60 px-4 py-2"
      >
        <summary className="flex cursor-pointer list-none items-center justify-between py-1 text-sm font-medium text-slate-700">
          More filters
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <div className="grid gap-4 py-3 sm:grid-cols-2">
          <TextField label="Company" {...text("company")} />
          <FilterSelect
            label="Company size"
            any="Any size"
            options={COMPANY_SIZES}
            show={(size) => `${size} employees`}
            {...choice("companySize")}
          />
          <TextField
            label="Exclude (comma-separated)"
            placeholder="e.g. staffing, agency"
            {...text("exclude")}
          />
          <Checkbox
            className="self-end pb-2 text-sm text-slate-700"
            checked={values.mustBeHiring}
            onChange={(on) => set("mustBeHiring", on)}
          >
            Must be hiring
          </Checkbox>
        </div>
      </details>

      {error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          <BusyIcon busy={busy} icon={Search} />
          {busy ? "Searching..." : "Search and save"}
        </Button>
        <p className="text-xs text-slate-500">
          1 contact found = 1 credit. Results go to My Network.
        </p>
      </div>
    </form>
  );
}
