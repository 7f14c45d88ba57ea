import { MESSAGES } from "@reachout/contract/messages";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "../../../../components/ui/button";
import type { Count, Outcome } from "./bulk-state";

/** "Sending 3 of 10" while the emails go out. */
export function BulkProgress({ current, total }: Count) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        Sending {current} of {total}
      </p>
      <BulkProgressBar current={current} total={total} />
    </div>
  );
}

/** The bar under a bulk send's count: how many of the emails have gone. */
export function BulkProgressBar({ current, total }: Count) {
  const percent = total ? Math.round((current / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label="Bulk email progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={current}
      className="h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The emails of a bulk send that did not go, each with its reason. */
export function FailureList({
  title,
  failures,
}: {
  title: string;
  failures: { key: string; name: string; reason: string }[];
}) {
  if (failures.length === 0) return null;
  return (
    <section aria-label="Failed">
      <h3 className="mb-2 text-sm font-semibold text-red-700">{title}</h3>
      <ul className="space-y-1 text-sm">
        {failures.map((failure) => (
          <li key={failure.key} className="flex items-start gap-2 text-slate-700">
            <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
            <span>
              <span className="font-medium">{failure.name}</span>: {failure.reason}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The one way out of a finished bulk send. */
export function DoneFooter({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex justify-end">
      <Button onClick={onClose}>Done</Button>
    </div>
  );
}

/** With follow-ups: who was enrolled and who was not, and why. */
export function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const headline =
    outcome.mode === "send"
      ? MESSAGES.bulk.result(outcome.success.length, outcome.failed.length)
      : `Scheduled ${outcome.success.length} emails, ${outcome.failed.length} failed`;
  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-slate-900">
        {headline}
      </p>
      {outcome.success.length > 0 ? (
        <section aria-label="Succeeded">
          <h3 className="mb-2 text-sm font-semibold text-emerald-700">
            {outcome.mode === "send" ? "Sent" : "Scheduled"}
          </h3>
          <ul className="space-y-1 text-sm">
            {outcome.success.map((name) => (
              <li key={name} className="flex items-center gap-2 text-slate-700">
                <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
                {name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FailureList
        title="Failed"
        failures={outcome.failed.map((failure) => ({ key: failure.name, ...failure }))}
      />
      <DoneFooter onClose={onClose} />
    </div>
  );
}
