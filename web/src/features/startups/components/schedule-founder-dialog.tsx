import { MESSAGES } from "@reachout/contract/messages";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Input, Label } from "../../../components/ui/input";
import { compactToast } from "../../../lib/toast";
import { earliestFounderSchedule, fromDatetimeLocal, toDatetimeLocal } from "../lib/schedule";

export function ScheduleFounderDialog({
  open,
  onOpenChange,
  to,
  subject,
  body,
  busy,
  onSchedule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  to: string;
  subject: string;
  body: string;
  busy: boolean;
  onSchedule: (at: Date) => void;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [min, setMin] = useState(() => toDatetimeLocal(earliestFounderSchedule()));

  useEffect(() => {
    if (!open) return;
    // Default and minimum: tomorrow 07:30 local, computed when the dialog opens.
    const earliest = toDatetimeLocal(earliestFounderSchedule());
    setMin(earliest);
    setValue(earliest);
    setError(null);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) {
      compactToast.error(MESSAGES.email.scheduleTimeRequired);
      return;
    }
    const at = fromDatetimeLocal(value);
    if (!at) {
      setError(MESSAGES.email.scheduleTimeRequired);
      return;
    }
    if (at < earliestFounderSchedule()) {
      setError("Founder emails can be scheduled from tomorrow at 07:30 onward.");
      return;
    }
    onSchedule(at);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Email"
      description="Founders read email early: the earliest slot is tomorrow at 07:30 your time."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="founder-schedule-time">Scheduled Time</Label>
          <Input
            id="founder-schedule-time"
            type="datetime-local"
            value={value}
            min={min}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "founder-schedule-error" : undefined}
          />
          {error ? (
            <p id="founder-schedule-error" role="alert" className="mt-1.5 text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
        <section
          aria-label="Preview"
          className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm"
        >
          <p>
            <span className="font-semibold text-slate-700">To: </span>
            <span className="break-all">{to}</span>
          </p>
          <p>
            <span className="font-semibold text-slate-700">Subject: </span>
            {subject}
          </p>
          <div>
            <p className="font-semibold text-slate-700">Body:</p>
            <p className="mt-1 max-h-48 overflow-y-auto whitespace-pre-wrap text-slate-800">
              {body}
            </p>
          </div>
        </section>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Scheduling..." : "Schedule Email"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
