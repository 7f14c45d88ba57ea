import type { OnboardingStatus } from "@reachout/contract/onboarding";
import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { useOnboarding } from "../lib/use-onboarding";

/** The five setup steps, in the order a new user does them, each with where it is done. */
export const ONBOARDING_STEPS: Array<{
  key: keyof OnboardingStatus;
  label: string;
  to: string;
}> = [
  { key: "email_verified", label: "Verify your email", to: "/verify" },
  { key: "resume_uploaded", label: "Upload your resume", to: "/account" },
  { key: "gmail_connected", label: "Connect Gmail or Outlook", to: "/account" },
  { key: "has_contacts", label: "Find your first contacts", to: "/discover" },
  { key: "sent_email", label: "Send your first email", to: "/my-network" },
];

/**
 * "Get started": the setup checklist, shown until every step is done (on My Network and the
 * Account page). Each open step links to where it is done.
 */
export function OnboardingChecklist({ here }: { here?: string }) {
  const { data } = useOnboarding();
  if (!data) return null;
  const done = ONBOARDING_STEPS.filter((step) => data[step.key]).length;
  if (done === ONBOARDING_STEPS.length) return null;
  return (
    <section
      aria-labelledby="onboarding-title"
      className="rounded-2xl border border-brand-100 bg-brand-50/60 p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="onboarding-title" className="text-base font-semibold text-slate-900">
          Get started with Reachout
        </h2>
        <p className="text-sm text-slate-600">
          {done} of {ONBOARDING_STEPS.length} done
        </p>
      </div>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {ONBOARDING_STEPS.map((step) => {
          const complete = data[step.key];
          return (
            <li
              key={step.key}
              data-testid={`onboarding-${step.key}`}
              data-done={complete}
              className="flex items-center gap-2 rounded-xl bg-white px-3 py-2 text-sm shadow-sm"
            >
              {complete ? (
                <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle className="size-5 shrink-0 text-slate-400" aria-label="To do" />
              )}
              {complete || step.to === here ? (
                <span className={complete ? "text-slate-500 line-through" : "text-slate-900"}>
                  {step.label}
                </span>
              ) : (
                <Link to={step.to} className="font-medium text-brand-700 hover:underline">
                  {step.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
