import { MESSAGES } from "@reachout/contract/messages";
import { useEffect, useState } from "react";
import { ScheduleDialog } from "../../../../components/schedule-dialog";
import { useMailboxName } from "../../../../lib/mailbox";
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
  const mailbox = useMailboxName();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setValue("");
      setError(null);
    }
  }, [open]);

  const submit = async () => {
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
    <ScheduleDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      description={`Pick when it should leave your ${mailbox}.`}
      to={to}
      subject={subject}
      body={body}
      value={value}
      min={currentMinuteValue()}
      onValueChange={(next) => {
        setValue(next);
        setError(null);
      }}
      error={error}
      isBusy={busy}
      onSubmit={() => void submit()}
    />
  );
}
