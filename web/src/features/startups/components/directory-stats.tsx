import { Building2, MapPin, Users } from "lucide-react";
import type { DirectoryStats as Stats } from "../lib/directory";

const CARDS = [
  {
    key: "startups",
    label: "Active Startups",
    icon: Building2,
    tone: "bg-brand-50 text-brand-700",
  },
  { key: "founders", label: "Total Founders", icon: Users, tone: "bg-emerald-50 text-emerald-700" },
  { key: "locations", label: "Locations", icon: MapPin, tone: "bg-amber-50 text-amber-700" },
] as const;

export function DirectoryStats({ stats }: { stats: Stats }) {
  return (
    // A list of cards (a dl may not hold the cards' icons and wrappers: axe definition-list).
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Directory figures">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <li
          key={key}
          className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${tone}`}>
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <p
              className="text-2xl font-bold tabular-nums text-slate-900"
              data-testid={`stat-${key}`}
            >
              {stats[key].toLocaleString("en-US")}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
