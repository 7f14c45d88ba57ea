import { LIMITS } from "@reachout/contract/constants";
import { PLANS, type PlanId } from "@reachout/contract/plans";

/** Spec: progress = (30 − days remaining) / 30, as a percentage clamped to 0..100. */
export function periodProgress(daysRemaining: number | null | undefined): number {
  const days = daysRemaining ?? LIMITS.subscriptionDays;
  const percent = ((LIMITS.subscriptionDays - days) / LIMITS.subscriptionDays) * 100;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

export function planName(plan: string | undefined): string {
  if (!plan) return PLANS.free.name;
  return PLANS[plan as PlanId]?.name ?? plan.charAt(0).toUpperCase() + plan.slice(1);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** "start to end" when both dates exist, else null (spec, Subscription Plan card). */
export function billingCycle(start: string | null, end: string | null): string | null {
  const from = formatDate(start);
  const to = formatDate(end);
  return from && to ? `${from} to ${to}` : null;
}
