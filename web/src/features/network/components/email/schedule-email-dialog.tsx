import { MESSAGES } from "@reachout/contract/messages";
import { CalendarClock } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Input, Label } from "../../../../components/ui/input";
import { currentMinuteValue, localValueToIso } from "./schedule-time";

export interface ScheduleEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who it goes to, as shown in the preview ("Grace Hopper <grace@bank.example>", "5 contacts"). */
  to: string;
  subject: string;
  body: string;
  /** Schedules at the chosen ISO time and reports its own errors; the caller closes the dialog. */
  onSchedule: (scheduledAt: string) => Promise<void>;
}

/** Picks a time (from the current minute on) and shows what will be sent. */
export function ScheduleEmailDialog({
  open,
  onOpenChange,
  to,
  subject,
  body,
  onSchedule,
}: ScheduleEmailDialogProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (open) {
      setValue("");
      setError(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const iso = localValueToIso(value);
    if (!iso) {
      setError(MESSAGES.email.scheduleTimeRequired);
      return;
    }
    if (value < currentMinuteValue()) {
      setError("Pick a time from the current minute onwards.");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSchedule(iso);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Schedule Email"
      description="Pick when it should leave your Gmail."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={inputId}>Scheduled Time</Label>
          <Input
            id={inputId}
            type="datetime-local"
            value={value}
            min={currentMinuteValue()}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
        <section
          aria-label="Preview"
          className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
        >
          <p>
            <span className="font-medium text-slate-700">To:</span> {to}
          </p>
          <p>
            <span className="font-medium text-slate-700">Subject:</span> {subject}
          </p>
          <div>
            <span className="font-medium text-slate-700">Body:</span>
            <p className="mt-1 max-h-48 overflow-y-auto whitespace-pre-wrap text-slate-700">
              {body}
            </p>
          </div>
        </section>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            <CalendarClock className="size-4" aria-hidden />
            {busy ? "Scheduling..." : "Schedule Email"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
