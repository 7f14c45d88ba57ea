import type { TargetPositionStats } from "@reachout/contract/agent";
import { cn } from "../../../lib/cn";

/** The progress bar's goal: total contacts found out of 100, capped at 100%. */
const CONTACTS_GOAL = 100;

export function contactsProgress(totalContacts: number): number {
  return Math.min(100, Math.max(0, Math.round((totalContacts / CONTACTS_GOAL) * 100)));
}

function Stat({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

export function AgentStats({ stats }: { stats: TargetPositionStats | undefined }) {
  const total = stats?.total_contacts_found ?? 0;
  const progress = contactsProgress(total);
  const running = stats?.worker_active ?? false;
  const dash = "–";
  return (
    <section aria-labelledby="agent-stats-title" className="flex flex-col gap-4">
      <h2 id="agent-stats-title" className="sr-only">
        Agent statistics
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Stat label="Total positions" value={stats?.total_positions ?? dash} />
        <Stat label="Active" value={stats?.active_positions ?? dash} />
        <Stat label="Contacts found" value={stats ? total : dash} />
        <Stat label="Needing search" value={stats?.positions_needing_search ?? dash} />
        <Stat
          label="Worker"
          value={
            <span className="inline-flex items-center gap-2 text-lg" data-testid="worker-state">
              <span
                className={cn(
                  "size-2.5 rounded-full",
                  running ? "bg-emerald-500 motion-safe:animate-pulse" : "bg-slate-400",
                )}
                aria-hidden
              />
              {stats ? (running ? "Running" : "Stopped") : dash}
            </span>
          }
        />
      </dl>
      <div>
        <div className="mb-1 flex items-center justify-between text-sm">
          <span id="contacts-progress-label" className="font-medium text-slate-700">
            Progress toward {CONTACTS_GOAL} contacts
          </span>
          <span className="text-slate-600">
            {total} / {CONTACTS_GOAL}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="contacts-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
          className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
            style={{ width: `${progress}%` }}
          />
        </div>
      </div>
    </section>
  );
}
