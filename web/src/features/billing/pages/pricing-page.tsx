import type { PricingPlanInfo } from "@reachout/contract/billing";
import { MESSAGES } from "@reachout/contract/messages";
import { PLANS, type PlanId } from "@reachout/contract/plans";
import { Info } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api";
import { useBillingInfo } from "../../../lib/billing-info";
import { cn } from "../../../lib/cn";
import { useSession } from "../../../lib/use-session";
import { useCheckout } from "../api/checkout";
import { usePlans } from "../api/plans";
import { PlanCard } from "../components/plan-card";
import { offerFor } from "../lib/plan-offer";

export default function PricingPage() {
  const { user, isLoggedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plans = usePlans();
  const billing = useBillingInfo(isLoggedIn);
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const checkout = useCheckout({
    onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
    onError: (error) => {
      setChoosing(null);
      // A refusal the server explains (already on that plan) is worth its words; anything
      // else is the spec's generic checkout failure (§8).
      const detail = error instanceof ApiError && error.status === 409 ? error.detail : undefined;
      window.alert(detail ?? MESSAGES.checkout.failed);
    },
  });

  const currentPlan = billing.data?.plan;
  const visible = (plans.data?.plans ?? []).filter(
    (plan) => !(isLoggedIn && plan.plan_id === "free"),
  );

  function choose(plan: PricingPlanInfo) {
    if (!isLoggedIn || !user) {
      navigate("/login", { state: { from: "/pricing" } });
      return;
    }
    if (plan.plan_id !== "gold" && plan.plan_id !== "black") return;
    setChoosing(plan.plan_id);
    checkout.mutate({
      user_id: user.id,
      plan: plan.plan_id,
      credits: plan.credits,
      price_id: plan.price_id,
    });
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Plans that grow with your search
        </h1>
        <p className="mt-3 text-base text-slate-600">
          Every contact found or saved costs 1 credit. Credits arrive at the start of each monthly
          period.
        </p>
        <p className="mt-2 text-sm font-semibold text-brand-700">
          Upgrades pay only the difference.
        </p>
      </header>

      {params.get("checkout") === "cancelled" ? (
        <p
          role="status"
          className="mx-auto mt-6 flex max-w-xl items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <Info className="size-4 shrink-0" aria-hidden />
          Checkout cancelled. You have not been charged.
        </p>
      ) : null}

      {plans.isPending ? (
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {["free", "gold", "black", "enterprise"].map((id) => (
            <div key={id} className="h-96 animate-pulse rounded-2xl bg-slate-200/70" />
          ))}
          <span className="sr-only" role="status">
            Loading plans...
          </span>
        </div>
      ) : plans.isError ? (
        <div role="alert" className="mt-10 flex flex-col items-center gap-3 text-center">
          <p className="text-slate-700">We could not load the plans. Please try again.</p>
          <Button variant="secondary" onClick={() => plans.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div
          className={cn(
            "mt-10 grid gap-6 md:grid-cols-2",
            visible.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3",
          )}
        >
          {visible.map((plan) => (
            <PlanCard
              key={plan.plan_id}
              plan={plan}
              offer={offerFor(plan, {
                isLoggedIn,
                currentPlan: currentPlan ?? (billing.isError ? "free" : undefined),
                currentPriceCents: currentPlan ? PLANS[currentPlan].priceCents : null,
              })}
              salesEmail={plans.data?.sales_email}
              isPending={choosing === plan.plan_id}
              isLocked={choosing !== null && choosing !== plan.plan_id}
              onChoose={choose}
            />
          ))}
        </div>
      )}
      <p className="mt-8 text-center text-xs text-slate-500">
        Prices in US dollars. Plans renew monthly; cancel anytime from your Account page and keep
        your plan until the end of the period.
      </p>
    </section>
  );
}
