import { Activity, Lock, ShieldCheck } from "lucide-react";

const BADGES = [
  { icon: ShieldCheck, label: "SOC 2 Compliant" },
  { icon: Lock, label: "Enterprise Security" },
  { icon: Activity, label: "99.9% Uptime" },
];

export function TrustBadges() {
  return (
    <ul className="flex flex-wrap items-center gap-x-5 gap-y-2" aria-label="Trust and security">
      {BADGES.map(({ icon: Icon, label }) => (
        <li key={label} className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
          <Icon className="size-4 text-emerald-600" aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}
