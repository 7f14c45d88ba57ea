import type { ScheduledEmail } from "@reachout/contract/emails";
import { MESSAGES } from "@reachout/contract/messages";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { FormFooter } from "../../../../components/ui/form-footer";
import { Label, Textarea, TextField } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { toLocalInputValue } from "../../../../lib/local-time";
import { toast } from "../../../../lib/toast";
import { updateScheduledEmail } from "../../api/emails";
import { currentMinuteValue, localValueToIso } from "./schedule-time";

/** Inline edit of a scheduled email's time, subject and body. */
export function ScheduledEmailEditor({
  email,
  onDone,
}: {
  email: ScheduledEmail;
  onDone: (changed: boolean) => void;
}) {
  const [when, setWhen] = useState(toLocalInputValue(new Date(email.scheduled_at)));
  const [isTimeChanged, setIsTimeChanged] = useState(false);
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const iso = isTimeChanged ? localValueToIso(when) : null;
    if (isTimeChanged && !iso) return setError(MESSAGES.email.scheduleTimeRequired);
    if (isTimeChanged && when < currentMinuteValue()) {
      return setError("Pick a time from the current minute onwards.");
    }
    if (!subject.trim() || !body.trim()) return setError("Subject and body cannot be empty.");
    setError(null);
    setSaving(true);
    try {
      const changes = {
        ...(iso ? { scheduled_at: iso } : {}),
        ...(subject !== email.subject ? { subject } : {}),
        ...(body !== email.body ? { body } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await updateScheduledEmail(email.id, changes);
        toast.success("Scheduled email updated");
      }
      onDone(Object.keys(changes).length > 0);
    } catch (caught) {
      const message = errorDetail(caught, MESSAGES.scheduled.updateFailed);
      setError(message);
      toast.error(MESSAGES.scheduled.updateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="mt-3 space-y-3" aria-label="Edit scheduled email">
      <TextField
        id={`${id}-when`}
        label="Scheduled Time"
        type="datetime-local"
        value={when}
        min={currentMinuteValue()}
        onChange={(event) => {
          setWhen(event.target.value);
          setIsTimeChanged(true);
        }}
      />
      <TextField
        id={`${id}-subject`}
        label="Subject"
        value={subject}
        maxLength={300}
        onChange={(event) => setSubject(event.target.value)}
      />
      <div>
        <Label htmlFor={`${id}-body`}>Body</Label>
        <Textarea
          id={`${id}-body`}
          rows={6}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      <FormFooter
        error={error}
        onCancel={() => onDone(false)}
        cancelLabel="Discard"
        busy={saving}
        size="sm"
      >
        <Button size="sm" type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </FormFooter>
    </form>
  );
}
