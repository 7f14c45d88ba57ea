import type { BillingInfo } from "@reachout/contract/billing";
import { ExternalLink } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Badge, Card } from "../../../components/ui/card";
import { billingCycle, periodProgress, planName } from "../lib/subscription";

/** Subscription Plan: plan, Active badge, billing cycle, days remaining and period progress. */
export function SubscriptionCard({
  billing,
  fallbackPlan,
}: {
  billing: BillingInfo | undefined;
  fallbackPlan: string | undefined;
}) {
  const cycle = billing
    ? billingCycle(billing.current_period_start, billing.current_period_end)
    : null;
  const days = billing?.days_remaining ?? null;
  const progress = periodProgress(days);
  const cancelUrl = billing?.cancel_url;

  return (
    <Card className="flex flex-col gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Subscription Plan</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="plan-name">
            {planName(billing?.plan ?? fallbackPlan)}
          </p>
        </div>
        <Badge tone="green">Active</Badge>
      </div>
      <dl className="grid gap-2 text-sm">
        {cycle ? (
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">Billing cycle</dt>
            <dd className="font-medium text-slate-900">{cycle}</dd>
          </div>
        ) : null}
        {days !== null ? (
          <div className="flex flex-wrap justify-between gap-2">
            <dt className="text-slate-600">Days remaining</dt>
            <dd className="font-medium text-slate-900">{days}</dd>
          </div>
        ) : null}
        {billing?.cancel_at_period_end && billing.current_period_end ? (
          <p className="text-amber-700">Cancelled: your plan ends at the end of this period.</p>
        ) : null}
      </dl>
      <div>
        <div
          className="h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Billing period elapsed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
        </div>
        <p className="mt-1 text-xs text-slate-500">{progress}% of this period used</p>
      </div>
      {cancelUrl ? (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => window.open(cancelUrl, "_blank", "noopener,noreferrer")}
        >
          Cancel Subscription
          <ExternalLink className="size-4" aria-hidden />
        </Button>
      ) : null}
    </Card>
  );
}
