import { MESSAGES } from "@reachout/contract/messages";
import { useEffect, useState } from "react";
import { ScheduleDialog } from "../../../components/schedule-dialog";
import { fromLocalInputValue, toLocalInputValue } from "../../../lib/local-time";
import { compactToast } from "../../../lib/toast";
import { earliestFounderSchedule } from "../lib/schedule";

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
  const [min, setMin] = useState(() => toLocalInputValue(earliestFounderSchedule()));

  useEffect(() => {
    if (!open) return;
    // Default and minimum: tomorrow 07:30 local, computed when the dialog opens.
    const earliest = toLocalInputValue(earliestFounderSchedule());
    setMin(earliest);
    setValue(earliest);
    setError(null);
  }, [open]);

  const submit = () => {
    if (!value) {
      compactToast.error(MESSAGES.email.scheduleTimeRequired);
      return;
    }
    const at = fromLocalInputValue(value);
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
    <ScheduleDialog
      open={open}
      onOpenChange={onOpenChange}
      description="Founders read email early: the earliest slot is tomorrow at 07:30 your time."
      to={to}
      subject={subject}
      body={body}
      value={value}
      min={min}
      onValueChange={(next) => {
        setValue(next);
        setError(null);
      }}
      error={error}
      isBusy={busy}
      onSubmit={submit}
    />
  );
}
