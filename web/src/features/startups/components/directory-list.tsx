import type { ContactStatus } from "@reachout/contract/constants";
import type { Startup, StartupFounder } from "@reachout/contract/startups";
import { Pagination } from "../../../components/ui/pagination";
import { type DirectoryPage, orgKey } from "../lib/directory";
import { StartupCard } from "./startup-card";

export function DirectoryList({
  shown,
  onPageChange,
  expanded,
  onToggle,
  statuses,
  onEmail,
}: {
  shown: DirectoryPage;
  onPageChange: (page: number) => void;
  expanded: Readonly<Record<string, boolean>>;
  onToggle: (key: string) => void;
  statuses: ReadonlyMap<string, ContactStatus> | undefined;
  onEmail: (startup: Startup, founder: StartupFounder) => void;
}) {
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Startups</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {/* Counts read as the stat cards above do: "1,000", not "1000". */}
          Showing {shown.from.toLocaleString("en-US")} - {shown.to.toLocaleString("en-US")} of{" "}
          {shown.total.toLocaleString("en-US")} startups
        </p>
        {/* Pages are reachable from the top too, not only after the last card. */}
        {shown.pageCount > 1 ? (
          <Pagination
            label="Pagination (top)"
            page={shown.page}
            pageCount={shown.pageCount}
            onPageChange={onPageChange}
          />
        ) : null}
      </div>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        {shown.items.map((startup) => {
          const key = orgKey(startup);
          return (
            <StartupCard
              key={startup.id}
              startup={startup}
              expanded={Boolean(expanded[key])}
              onToggle={() => onToggle(key)}
              statuses={statuses}
              onEmail={(founder) => onEmail(startup, founder)}
            />
          );
        })}
      </div>
      <Pagination page={shown.page} pageCount={shown.pageCount} onPageChange={onPageChange} />
    </div>
  );
}
