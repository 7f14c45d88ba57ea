import type { ContactStatus } from "@reachout/contract/constants";
import { formatMoneyRaised, type Startup, type StartupFounder } from "@reachout/contract/startups";
import { CalendarDays, ChevronDown, ExternalLink, MapPin } from "lucide-react";
import { useId } from "react";
import { Badge } from "../../../components/ui/card";
import { NewTabLink } from "../../../components/ui/new-tab-link";
import { founderStatus } from "../lib/founder";
import { FounderRow } from "./founder-row";

/** "2025-01-10" → "Jan 10, 2025" (a calendar date: no time-zone shift). */
export function formatAnnounced(date: string | null): string | null {
  if (!date) return null;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

export function StartupCard({
  startup,
  expanded,
  onToggle,
  statuses,
  onEmail,
}: {
  startup: Startup;
  expanded: boolean;
  onToggle: () => void;
  statuses: ReadonlyMap<string, ContactStatus> | undefined;
  onEmail: (founder: StartupFounder) => void;
}) {
  const foundersId = useId();
  const titleId = useId();
  const money = formatMoneyRaised(startup.money_raised);
  const announced = formatAnnounced(startup.announced_date);
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md sm:p-5"
    >
      <div className="flex items-start gap-4">
        <span
          className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-600 text-lg font-bold text-white sm:size-12"
          aria-hidden
        >
          {startup.org_name.trim()[0]?.toUpperCase() ?? "?"}
        </span>
        <div className="min-w-0 flex-1">
          {/* On a phone the link sits under the name on every card (beside a short name only, it
              made cards look different from one another). */}
          <div className="flex flex-col items-start gap-1 sm:flex-row sm:flex-wrap sm:justify-between sm:gap-2">
            <h3 id={titleId} className="text-lg font-semibold text-slate-900">
              {startup.org_name}
            </h3>
            {startup.org_url ? (
              <NewTabLink
                href={startup.org_url}
                className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                Startup data
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">for {startup.org_name} (opens in a new tab)</span>
              </NewTabLink>
            ) : null}
          </div>
          {startup.location ? (
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
              <MapPin className="size-4 shrink-0" aria-hidden />
              {startup.location}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {startup.funding_type ? <Badge tone="brand">{startup.funding_type}</Badge> : null}
            {money ? (
              <Badge tone="green">
                <span className="sr-only">Raised </span>
                {money}
              </Badge>
            ) : null}
            {announced ? (
              <span className="inline-flex items-center gap-1 text-xs text-slate-500">
                <CalendarDays className="size-3.5" aria-hidden />
                Announced {announced}
              </span>
            ) : null}
          </div>
        </div>
      </div>
      {startup.founders.length > 0 ? (
        <div className="mt-3 border-t border-slate-100 pt-2 sm:mt-4 sm:pt-3">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={expanded ? foundersId : undefined}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {expanded ? "Hide Founders" : "Show Founders"}
            <span className="text-slate-500" aria-hidden>
              ({startup.founders.length})
            </span>
            <ChevronDown
              className={`size-4 transition-transform ${expanded ? "rotate-180" : ""}`}
              aria-hidden
            />
          </button>
          {expanded ? (
            <ul
              id={foundersId}
              className="mt-1 divide-y divide-slate-100"
              aria-label={`Founders of ${startup.org_name}`}
            >
              {startup.founders.map((founder) => (
                <FounderRow
                  key={founder.id}
                  founder={founder}
                  status={founderStatus(statuses, founder.id)}
                  onEmail={() => onEmail(founder)}
                />
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-500">
          No founders listed.
        </p>
      )}
    </article>
  );
}
