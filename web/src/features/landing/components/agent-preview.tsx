import { Mail, Sparkles } from "lucide-react";
import { cn } from "../../../lib/cn";

const CONTACTS = [
  {
    initials: "MC",
    name: "Maya Chen",
    title: "Vice President · Hartwell Capital",
    status: "Responded",
    tone: "bg-emerald-100 text-emerald-800",
  },
  {
    initials: "DR",
    name: "Daniel Reyes",
    title: "Campus Recruiter · Northbridge",
    status: "Contacted",
    tone: "bg-sky-100 text-sky-800",
  },
  {
    initials: "AO",
    name: "Amara Okafor",
    title: "Associate · Linden Street",
    status: "Uncontacted",
    tone: "bg-slate-100 text-slate-700",
  },
];

/** An illustration of the product in the hero: what the agent finds and writes. Decorative. */
export function AgentPreview({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={cn(
        "relative rounded-3xl border border-slate-200 bg-white/90 p-5 shadow-2xl shadow-brand-600/10 backdrop-blur",
        className,
      )}
    >
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-2">
          <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Sparkles className="size-4" />
          </span>
          <div>
            <p className="text-sm font-semibold text-slate-900">AI Agent</p>
            <p className="text-xs text-slate-500">Investment Banking Analyst · New York</p>
          </div>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700">
          <span className="size-1.5 animate-pulse rounded-full bg-emerald-500" />
          Running
        </span>
      </div>

      <div className="mt-4">
        <div className="flex justify-between text-xs text-slate-500">
          <span>Contacts found</span>
          <span className="font-medium text-slate-700">36 / 100</span>
        </div>
        <div className="mt-1.5 h-1.5 rounded-full bg-slate-100">
          <div className="h-full w-[36%] rounded-full bg-gradient-to-r from-brand-500 to-violet-500" />
        </div>
      </div>

      <ul className="mt-4 flex flex-col gap-2">
        {CONTACTS.map((contact) => (
          <li
            key={contact.name}
            className="flex items-center gap-3 rounded-xl border border-slate-100 bg-slate-50/60 px-3 py-2.5"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-violet-100 text-xs font-bold text-brand-700">
              {contact.initials}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold text-slate-900">
                {contact.name}
              </span>
              <span className="block truncate text-xs text-slate-500">{contact.title}</span>
            </span>
            <span
              className={cn(
                "shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold",
                contact.tone,
              )}
            >
              {contact.status}
            </span>
          </li>
        ))}
      </ul>

      <div className="mt-4 rounded-xl border border-brand-100 bg-brand-50/60 p-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold text-brand-700">
          <Mail className="size-3.5" />
          Draft for Amara · sent from your Gmail
        </p>
        <p className="mt-2 text-sm font-medium text-slate-900">
          Cornell junior interested in Linden Street's restructuring work
        </p>
        <p className="mt-1 line-clamp-2 text-xs leading-relaxed text-slate-600">
          Hi Amara, I'm a finance major at Cornell and read about Linden Street's role in the Apex
          Retail restructuring. As a fellow Big Red alum, I'd value 15 minutes of your time to hear
          how you got into advisory work…
        </p>
      </div>
    </div>
  );
}
