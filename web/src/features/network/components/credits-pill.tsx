import { Link } from "react-router";
import { CreditsBadge } from "../../../components/credits-badge";

/** The balance, with the rule that each contact costs one credit. */
export function CreditsPill() {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <CreditsBadge />
      <span className="text-slate-600">1 contact = 1 credit</span>
      <Link to="/pricing" className="font-medium text-brand-700 hover:underline">
        Buy more
      </Link>
    </div>
  );
}
