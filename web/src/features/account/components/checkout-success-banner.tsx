import { PLANS } from "@reachout/contract/plans";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Loader2, X } from "lucide-react";
import { useSearchParams } from "react-router";
import { fetchBillingInfo } from "../../../lib/billing-info";

/** How long to wait for Stripe's webhook to change the plan before saying it is still coming. */
const CONFIRM_POLLS = 15;
const POLL_MS = 2000;

/**
 * Back from a paid checkout (/account?checkout=success): says what changed, the plan and the
 * credits, once the server has them (Stripe's webhook may arrive a moment after the user).
 */
export function CheckoutSuccessBanner() {
  const [params, setParams] = useSearchParams();
  const returned = params.get("checkout") === "success";
  const billing = useQuery({
    queryKey: ["billing-info"],
    queryFn: fetchBillingInfo,
    enabled: returned,
    refetchInterval: (query) => {
      const paid = query.state.data && query.state.data.plan !== "free";
      return paid || query.state.dataUpdateCount >= CONFIRM_POLLS ? false : POLL_MS;
    },
  });
  if (!returned) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete("checkout");
    setParams(next, { replace: true });
  };
  const data = billing.data;
  const confirmed = data && data.plan !== "free";
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      {confirmed ? (
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
      ) : (
        <Loader2 className="mt-0.5 size-5 shrink-0 animate-spin" aria-hidden />
      )}
      <p className="flex-1">
        {confirmed
          ? `Payment complete. You're on the ${PLANS[data.plan].name} plan with ${data.user_credits.toLocaleString("en-US")} credits.`
          : billing.isFetching || !data
            ? "Payment received. Confirming your new plan..."
            : "Payment received. Your new plan and credits will appear here within a few minutes."}
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss"
        className="rounded-md p-1 text-emerald-800 hover:bg-emerald-100"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
