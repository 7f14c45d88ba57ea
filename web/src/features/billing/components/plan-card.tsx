import type { PricingPlanInfo } from "@reachout/contract/billing";
import { PLANS } from "@reachout/contract/plans";
import { Check, Loader2 } from "lucide-react";
import { Link } from "react-router";
import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { Badge, Card } from "../../../components/ui/card";
import { cn } from "../../../lib/cn";
import { formatUsd, type PlanOffer } from "../lib/plan-offer";

const LINK_BUTTON =
  "inline-flex h-12 w-full items-center justify-center rounded-lg px-6 text-base font-medium shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

interface PlanCardProps {
  plan: PricingPlanInfo;
  offer: PlanOffer;
  salesEmail: string | undefined;
  /** This card's checkout is starting. */
  isPending: boolean;
  /** Another card's checkout is starting. */
  isLocked: boolean;
  onChoose: (plan: PricingPlanInfo) => void;
}

export function PlanCard({
  plan,
  offer,
  salesEmail,
  isPending,
  isLocked,
  onChoose,
}: PlanCardProps) {
  const isCurrent = offer.kind === "current";
  const headingId = `plan-${plan.plan_id}`;
  // The highlighted credits line already says what a "N credits per month" feature would.
  const features = plan.features.filter(
    (feature) => !feature.startsWith(`${plan.credits} credits`),
  );
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      data-testid={`plan-${plan.plan_id}`}
      className={cn(
        "relative flex flex-col gap-5",
        plan.most_popular && "border-brand-600 ring-1 ring-brand-600",
        isCurrent && "border-emerald-500 ring-1 ring-emerald-500",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {plan.name}
        </h2>
        <div className="flex flex-wrap gap-1.5">
          {plan.most_popular ? <Badge tone="brand">Most Popular</Badge> : null}
          {isCurrent ? <Badge tone="green">Current plan</Badge> : null}
        </div>
      </div>
      <p className="flex items-baseline gap-1">
        {plan.price_cents === null ? (
          <span className="text-4xl font-extrabold tracking-tight text-slate-900">Custom</span>
        ) : (
          <>
            <span className="text-4xl font-extrabold tracking-tight text-slate-900">
              {formatUsd(plan.price_cents)}
            </span>
            <span className="text-sm font-medium text-slate-500">/month</span>
          </>
        )}
      </p>
      <p className="text-sm font-semibold text-brand-700">
        {plan.plan_id === "enterprise"
          ? "Credits sized to your team"
          : `${plan.credits} credits every month`}
      </p>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <PlanAction
        plan={plan}
        offer={offer}
        salesEmail={salesEmail}
        isPending={isPending}
        isLocked={isLocked}
        onChoose={onChoose}
      />
    </Card>
  );
}

function PlanAction({ plan, offer, salesEmail, isPending, isLocked, onChoose }: PlanCardProps) {
  switch (offer.kind) {
    case "signup":
      return (
        <Link
          to="/signup"
          className={cn(
            LINK_BUTTON,
            "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
          )}
        >
          Get Started
        </Link>
      );
    case "sales":
      return salesEmail ? (
        <a
          href={`mailto:${salesEmail}?subject=${encodeURIComponent("Reachout Enterprise")}`}
          className={cn(
            LINK_BUTTON,
            "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
          )}
        >
          Contact Sales
        </a>
      ) : (
        <Button size="lg" variant="secondary" className="w-full" disabled>
          Contact Sales
        </Button>
      );
    case "current":
      return (
        <Button size="lg" variant="secondary" className="w-full" disabled>
          Your current plan
        </Button>
      );
    case "included":
      return (
        <Button size="lg" variant="secondary" className="w-full" disabled>
          Included in {PLANS[offer.in].name}
        </Button>
      );
    case "loading":
      return (
        <Button size="lg" variant="secondary" className="w-full" disabled>
          <Loader2 className="size-4 animate-spin" aria-hidden />
          Checking your plan...
        </Button>
      );
    default: {
      const label = offer.kind === "upgrade" ? `Upgrade to ${plan.name}` : `Choose ${plan.name}`;
      return (
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            variant={plan.most_popular ? "primary" : "secondary"}
            className="w-full"
            disabled={isPending || isLocked}
            aria-busy={isPending}
            onClick={() => onChoose(plan)}
          >
            <BusyIcon busy={isPending} />
            {isPending ? "Redirecting to checkout..." : label}
          </Button>
          {offer.kind === "upgrade" ? (
            <p className="text-center text-xs text-slate-600">
              Pay only the {formatUsd(offer.differenceCents)} difference for this billing period.
            </p>
          ) : null}
        </div>
      );
    }
  }
}
