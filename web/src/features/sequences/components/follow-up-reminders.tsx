import type { FollowUpReminder } from "@reachout/contract/sequences";
import { Check } from "lucide-react";
import { useState } from "react";
import { CopyEmailButtons } from "../../../components/copy-email-buttons";
import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { errorDetail } from "../../../lib/api";
import {
  markReminderSent,
  useFollowUpReminders,
  useInvalidateSequences,
} from "../../../lib/sequences";
import { toast } from "../../../lib/toast";
import { formatTime } from "./enrollment-row";

/**
 * Copy mode's follow-ups that are due: the student copies each one (or opens it in their mail
 * app), sends it as a reply in the same conversation, and marks it sent. A reply recorded with
 * "They replied" removes it.
 */
export function FollowUpReminders() {
  const reminders = useFollowUpReminders();
  const list = reminders.data ?? [];
  return (
    <Card className="space-y-4" role="region" aria-label="Follow-ups to send">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Follow-ups to send</h2>
        <p className="text-sm text-slate-600">
          Copy mode: send each follow-up from your own mail app as a reply to your first email, so
          it stays in the same conversation, then mark it sent. If they replied, record it with
          "They replied" on the contact and the follow-ups stop.
        </p>
      </div>
      {reminders.isLoading ? <p className="text-sm text-slate-500">Loading reminders…</p> : null}
      {reminders.data && list.length === 0 ? (
        <p className="text-sm text-slate-700">
          Nothing is due. Reachout lists each follow-up here on the day it is due.
        </p>
      ) : null}
      <ul className="space-y-3">
        {list.map((reminder) => (
          <ReminderItem
            key={`${reminder.enrollment_id}:${reminder.position}`}
            reminder={reminder}
          />
        ))}
      </ul>
    </Card>
  );
}

function ReminderItem({ reminder }: { reminder: FollowUpReminder }) {
  const invalidate = useInvalidateSequences();
  const [saving, setSaving] = useState(false);
  const markSent = async () => {
    setSaving(true);
    try {
      await markReminderSent(reminder.enrollment_id, reminder.position);
      toast.success(`Follow-up to ${reminder.contact_name} marked as sent.`);
      invalidate();
    } catch (error) {
      toast.error(errorDetail(error, "The follow-up could not be marked as sent."));
      invalidate();
    } finally {
      setSaving(false);
    }
  };
  return (
    <li
      className="space-y-2 rounded-lg border border-slate-200 p-3"
      aria-label={`Follow-up ${reminder.position} to ${reminder.contact_name}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-900">
          {reminder.contact_name}{" "}
          <span className="font-normal break-all text-slate-600">&lt;{reminder.to_email}&gt;</span>
        </p>
        <p className="text-xs text-slate-500">
          {reminder.sequence_name} · follow-up {reminder.position} · due{" "}
          {formatTime(reminder.due_at)}
        </p>
      </div>
      <p className="text-sm font-medium text-slate-800">{reminder.subject}</p>
      <p className="whitespace-pre-wrap text-sm text-slate-700">{reminder.body}</p>
      <div className="flex flex-wrap gap-2">
        <CopyEmailButtons to={reminder.to_email} subject={reminder.subject} body={reminder.body} />
        <Button size="sm" onClick={markSent} disabled={saving}>
          <BusyIcon busy={saving} icon={Check} />I sent it
        </Button>
      </div>
    </li>
  );
}
