import { Coins, History } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { UsageHistoryDialog } from "./usage-history-dialog";

/** Credits: the balance, Buy More Credits (→ /pricing) and View Usage History. */
export function CreditsCard({ credits }: { credits: number | undefined }) {
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Credits</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="credits-available">
            {credits ?? "—"}
          </p>
          <p className="text-sm text-slate-600">credits available</p>
        </div>
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-700">
          <Coins className="size-5" aria-hidden />
        </span>
      </div>
      <p className="text-sm text-slate-600">1 contact found or saved = 1 credit.</p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link
          to="/pricing"
          className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Buy More Credits
        </Link>
        <Button variant="secondary" onClick={() => setHistoryOpen(true)}>
          <History className="size-4" aria-hidden />
          View Usage History
        </Button>
      </div>
      <UsageHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
    </Card>
  );
}
