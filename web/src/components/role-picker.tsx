// Imports the roles leaf file, not the contract index: the picker sits on the landing page,
// whose first load must not pull in the schemas.
import { ROLE_CATEGORIES, type RoleCategory, TARGET_ROLES } from "@reachout/contract/roles";
import { Check, ChevronDown, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { cn } from "../lib/cn";
import { toggled } from "../lib/toggle";
import { SearchInput } from "./ui/search-input";

export interface RolePickerProps {
  /** Selected role ids (the lowercase role names of TARGET_ROLES). */
  value: string[];
  onChange: (value: string[]) => void;
  /** Several roles (checkboxes, the default) or exactly one (radio buttons). */
  multiple?: boolean;
  /** Accessible name of the whole picker. */
  label?: string;
  className?: string;
}

const matches = (name: string, query: string) => name.toLowerCase().includes(query);

/** The target roles of the five categories, grouped, with a filter and a selection summary. */
export function RolePicker({
  value,
  onChange,
  multiple = true,
  label = "Target roles",
  className,
}: RolePickerProps) {
  const baseId = useId();
  const [query, setQuery] = useState("");
  // Groups start closed, except those holding a selected role (an edit form shows its picks).
  const [open, setOpen] = useState<Set<RoleCategory>>(
    () =>
      new Set(
        ROLE_CATEGORIES.filter((category) =>
          TARGET_ROLES.some((role) => role.category === category && value.includes(role.id)),
        ),
      ),
  );
  const needle = query.trim().toLowerCase();
  const groups = useMemo(
    () =>
      ROLE_CATEGORIES.map((category) => ({
        category,
        roles: TARGET_ROLES.filter(
          (role) => role.category === category && (!needle || matches(role.name, needle)),
        ),
      })).filter((group) => group.roles.length > 0),
    [needle],
  );

  const toggleRole = (id: string) => {
    if (!multiple) return onChange([id]);
    onChange(toggled(value, id, !value.includes(id)));
  };
  const toggleGroup = (category: RoleCategory) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  return (
    <fieldset aria-label={label} className={cn("flex min-w-0 flex-col gap-3", className)}>
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          className="min-w-48 flex-1"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Filter roles, e.g. analyst"
          aria-label="Filter roles"
        />
        <p className="text-sm text-slate-600" aria-live="polite">
          {value.length === 0 ? "No roles selected" : `${value.length} selected`}
        </p>
        {value.length > 0 && (
          <button
            type="button"
            onClick={() => onChange([])}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="size-3.5" aria-hidden />
            Clear
          </button>
        )}
      </div>

      {groups.length === 0 && (
        <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
          No roles match “{query.trim()}”.
        </p>
      )}

      <div className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {groups.map(({ category, roles }) => {
          const isOpen = Boolean(needle) || open.has(category);
          const picked = roles.filter((role) => value.includes(role.id)).length;
          const panelId = `${baseId}-${ROLE_CATEGORIES.indexOf(category)}`;
          return (
            <fieldset key={category} className="min-w-0">
              <legend className="contents">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggleGroup(category)}
                  disabled={Boolean(needle)}
                  className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-default disabled:hover:bg-transparent"
                >
                  <span>{category}</span>
                  <span className="flex items-center gap-2">
                    {picked > 0 && (
                      <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        {picked} selected
                      </span>
                    )}
                    <ChevronDown
                      className={cn(
                        "size-4 text-slate-500 transition-transform",
                        isOpen && "rotate-180",
                      )}
                      aria-hidden
                    />
                  </span>
                </button>
              </legend>
              <div id={panelId} hidden={!isOpen} className="flex flex-wrap gap-2 px-4 pb-4">
                {roles.map((role) => {
                  const checked = value.includes(role.id);
                  return (
                    <label
                      key={role.id}
                      className={cn(
                        "inline-flex cursor-pointer select-none items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                        checked
                          ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
                          : "border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700",
                      )}
                    >
                      <input
                        type={multiple ? "checkbox" : "radio"}
                        name={multiple ? undefined : `${baseId}-role`}
                        value={role.id}
                        checked={checked}
                        onChange={() => toggleRole(role.id)}
                        className="sr-only"
                      />
                      {checked && <Check className="size-3.5" aria-hidden />}
                      {role.name}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
