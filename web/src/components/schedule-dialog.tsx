import { CalendarClock } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";
import { Input, Label } from "./ui/input";

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the earliest time is and why, under the title. */
  description: string;
  /** Who it goes to, as shown in the preview ("Grace Hopper <grace@bank.example>", "5 contacts"). */
  to: string;
  subject: string;
  body: string;
  /** The picker's datetime-local value ("2025-06-05T09:30") and its minimum. */
  value: string;
  min: string;
  onValueChange: (value: string) => void;
  /** Shown under the picker when the chosen time is refused. */
  error: string | null;
  isBusy: boolean;
  /** The caller checks the value against its own rules before scheduling. */
  onSubmit: () => void;
}

/** The "Schedule Email" dialog: a time picker, a preview of what will be sent, and the buttons. */
export function ScheduleDialog({
  open,
  onOpenChange,
  description,
  to,
  subject,
  body,
  value,
  min,
  onValueChange,
  error,
  isBusy,
  onSubmit,
}: ScheduleDialogProps) {
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Email"
      description={description}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <Label htmlFor={inputId}>Scheduled Time</Label>
          <Input
            id={inputId}
            type="datetime-local"
            value={value}
            min={min}
            onChange={(event) => onValueChange(event.target.value)}
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
          <p className="break-words">
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
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" disabled={isBusy}>
            <CalendarClock className="size-4" aria-hidden />
            {isBusy ? "Scheduling..." : "Schedule Email"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
