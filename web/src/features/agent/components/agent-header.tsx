import { Rocket } from "lucide-react";
import { Link } from "react-router";
import { CreditsBadge } from "../../../components/credits-badge";

export function AgentHeader() {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">AI Agent</h1>
        <p className="mt-1 max-w-xl text-sm text-slate-600">
          Tell the agent which roles you want and where. It keeps finding the people who hire for
          them and saves them to My Network.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex flex-col items-start gap-0.5 sm:items-end">
          <CreditsBadge />
          <span className="text-xs text-slate-500">1 contact = 1 credit</span>
        </div>
        <Link
          to="/startups"
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Rocket className="size-4" aria-hidden />
          View Startups
        </Link>
      </div>
    </header>
  );
}
