import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { Pagination } from "../../../components/ui/pagination";
import { cn } from "../../../lib/cn";
import { HISTORY_PAGE_SIZE, useCreditHistory } from "../api/billing";
import { formatDate } from "../lib/subscription";

/** Labels for the ledger's reasons (server/src/modules/credits CreditReason). */
const REASONS: Record<string, string> = {
  signup_grant: "Welcome credits",
  plan_grant: "Plan credits",
  purchase: "Credits purchased",
  contact_save: "Contact saved",
  contact_search: "Contact search",
  agent_search: "AI Agent search",
  adjustment: "Adjustment",
};

const describe = (reason: string) =>
  REASONS[reason] ?? reason.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** View Usage History: the credit ledger, newest first, a page at a time. */
export function UsageHistoryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const history = useCreditHistory(page, open);
  const pageCount = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Usage History"
      description="Every credit added to or spent from your account."
      className="max-w-2xl"
    >
      {history.isPending ? (
        <div className="flex justify-center py-8" role="status" aria-label="Loading history">
          <Loader2 className="size-6 animate-spin text-brand-600" aria-hidden />
        </div>
      ) : history.isError ? (
        <p className="py-6 text-center text-sm text-red-700">
          Your usage history could not be loaded. Please try again.
        </p>
      ) : history.data.entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No credit activity yet.</p>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-slate-100" aria-label="Credit activity">
            {history.data.entries.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {entry.description || describe(entry.reason)}
                  </p>
                  <p className="text-xs text-slate-500">
                    {formatDate(entry.created_at)} · balance {entry.balance_after}
                  </p>
                </div>
                <span
                  className={cn(
                    "shrink-0 font-semibold tabular-nums",
                    entry.delta < 0 ? "text-red-700" : "text-emerald-700",
                  )}
                >
                  {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                </span>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <Pagination page={page} pageCount={pageCount} onPageChange={setPage} />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
