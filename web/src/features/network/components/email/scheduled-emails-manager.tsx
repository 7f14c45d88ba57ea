import { SCHEDULED_STATUSES } from "@reachout/contract/constants";
import type { ScheduledEmail } from "@reachout/contract/emails";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Pencil, XCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Badge } from "../../../../components/ui/card";
import { Dialog } from "../../../../components/ui/dialog";
import { cn } from "../../../../lib/cn";
import { useMailboxName } from "../../../../lib/mailbox";
import { toast } from "../../../../lib/toast";
import { SCHEDULED_KEY, updateScheduledEmail, useScheduledEmails } from "../../api/emails";
import { formatWhen } from "./schedule-time";
import { ScheduledEmailEditor } from "./scheduled-email-editor";

type Filter = (typeof SCHEDULED_STATUSES)[number];

const LABELS: Record<Filter, string> = {
  scheduled: "Scheduled",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Failed",
};
const TONES = {
  scheduled: "brand",
  sending: "amber",
  sent: "green",
  cancelled: "slate",
  failed: "red",
} as const;

/** "sending" (under way, or awaiting Gmail's confirmation) is listed with the scheduled ones. */
const filterOf = (status: ScheduledEmail["status"]): Filter =>
  status === "sending" ? "scheduled" : status;

/** The Scheduled Emails manager: four filters, cancel, and a working Edit (time, subject, body). */
export function ScheduledEmailsManager({
  open,
  onOpenChange,
  onChanged,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged?: () => void;
}) {
  const queryClient = useQueryClient();
  const mailbox = useMailboxName();
  const query = useScheduledEmails(open);
  const [filter, setFilter] = useState<Filter>("scheduled");
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // Cancelling is final (the email will not be sent): the Cancel button asks first.
  const [confirming, setConfirming] = useState<string | null>(null);
  const emails = query.data?.scheduled_emails ?? [];
  const shown = emails.filter((email) => filterOf(email.status) === filter);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
    onChanged?.();
  };

  const cancel = async (email: ScheduledEmail) => {
    setConfirming(null);
    setPending(email.id);
    try {
      await updateScheduledEmail(email.id, { status: "cancelled" });
      toast.success(`Cancelled the email to ${email.contacts.full_name}`);
      refresh();
    } catch {
      toast.error(MESSAGES.scheduled.updateFailed);
    } finally {
      setPending(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scheduled Emails"
      description={`Emails waiting to leave your ${mailbox}, and what happened to earlier ones.`}
      className="sm:max-w-3xl"
    >
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">Filter by status</legend>
        {SCHEDULED_STATUSES.map((status) => {
          const count = emails.filter((e) => filterOf(e.status) === status).length;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={filter === status}
              onClick={() => setFilter(status)}
              className={cn(
                "rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                filter === status
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {LABELS[status]} ({count})
            </button>
          );
        })}
      </fieldset>

      {query.isLoading ? (
        <p role="status" className="text-sm text-slate-600">
          Loading scheduled emails…
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {MESSAGES.scheduled.loadFailed}
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">No {LABELS[filter].toLowerCase()} emails.</p>
      ) : (
        <ul className="max-h-[55vh] space-y-3 overflow-y-auto pr-1">
          {shown.map((email) => (
            <li
              key={email.id}
              className="rounded-xl border border-slate-200 p-4"
              data-testid="scheduled-email"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {email.contacts.full_name}
                    {email.contacts.company ? (
                      <span className="font-normal text-slate-500">
                        {" "}
                        @ {email.contacts.company}
                      </span>
                    ) : null}
                  </p>
                  <p className="flex items-center gap-1 text-sm text-slate-600">
                    <CalendarClock className="size-4" aria-hidden />
                    {email.status === "sent" && email.sent_at
                      ? `Sent ${formatWhen(email.sent_at)}`
                      : formatWhen(email.scheduled_at)}
                  </p>
                </div>
                <Badge tone={TONES[email.status]}>{email.status}</Badge>
              </div>
              {editing === email.id ? (
                <ScheduledEmailEditor
                  email={email}
                  onDone={(changed) => {
                    setEditing(null);
                    if (changed) refresh();
                  }}
                />
              ) : (
                <>
                  <p className="mt-2 text-sm font-medium text-slate-800">{email.subject}</p>
                  <p className="mt-1 line-clamp-2 whitespace-pre-wrap text-sm text-slate-600">
                    {email.body}
                  </p>
                  {email.error && email.status !== "sent" ? (
                    <p className="mt-2 text-sm text-red-700">{email.error}</p>
                  ) : null}
                  {email.status === "scheduled" && confirming === email.id ? (
                    <fieldset className="mt-3 flex flex-col gap-2 rounded-lg bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
                      <legend className="sr-only">
                        Confirm cancelling the email to {email.contacts.full_name}
                      </legend>
                      <p className="text-sm text-amber-900">
                        Cancel this email to {email.contacts.full_name}? It will not be sent.
                      </p>
                      <div className="flex shrink-0 gap-2">
                        <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                          Keep It
                        </Button>
                        <Button size="sm" variant="danger" autoFocus onClick={() => cancel(email)}>
                          Cancel Email
                        </Button>
                      </div>
                    </fieldset>
                  ) : email.status === "scheduled" ? (
                    <div className="mt-3 flex gap-2">
                      <Button size="sm" variant="secondary" onClick={() => setEditing(email.id)}>
                        <Pencil className="size-4" aria-hidden />
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={pending === email.id}
                        onClick={() => setConfirming(email.id)}
                        aria-label={`Cancel the email to ${email.contacts.full_name}`}
                      >
                        <XCircle className="size-4" aria-hidden />
                        Cancel
                      </Button>
                    </div>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
