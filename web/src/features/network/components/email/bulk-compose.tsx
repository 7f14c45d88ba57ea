import { MESSAGES } from "@reachout/contract/messages";
import { CalendarClock, Send, Sparkles } from "lucide-react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { useMailboxName } from "../../../../lib/mailbox";
import { BulkEmailItem } from "./bulk-email-item";
import { BulkProgress } from "./bulk-outcome";
import { SequencePicker } from "./sequence-picker";
import type { BulkEmail } from "./use-bulk-email";

/**
 * The bulk dialog before sending: the format, Generate Emails, each contact's email, the
 * follow-ups, and Send All (asked once more) or Schedule All.
 */
export function BulkCompose({ email, onCancel }: { email: BulkEmail; onCancel: () => void }) {
  const mailbox = useMailboxName();
  const { state, dispatch, busy } = email;
  const { items, generating } = state;
  const count = items.length;
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-3" disabled={busy}>
        <legend className="sr-only">Email format</legend>
        {(["original", "precision"] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="bulk-format"
              value={value}
              checked={state.format === value}
              onChange={() => dispatch({ type: "format-chosen", format: value })}
              className="accent-brand-600"
            />
            {value === "original" ? "Personalize (warm)" : "Precision (short, direct)"}
          </label>
        ))}
        <Button onClick={email.generateAll} disabled={busy || email.ready === count}>
          <BusyIcon busy={Boolean(generating)} icon={Sparkles} />
          {generating
            ? `Generating ${generating.current} of ${generating.total}`
            : "Generate Emails"}
        </Button>
      </fieldset>

      <ul className="max-h-[45vh] space-y-2 overflow-y-auto pr-1">
        {items.map((item) => (
          <BulkEmailItem
            key={item.contact.id}
            item={item}
            disabled={busy}
            onEdit={(change) => email.update(item.contact.id, change)}
          />
        ))}
      </ul>

      <div className="sm:max-w-md">
        <SequencePicker
          value={state.sequenceValue}
          onChange={(value) => dispatch({ type: "sequence-chosen", value })}
          disabled={busy}
        />
      </div>

      {email.fellBack > 0 ? (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          {MESSAGES.bulk.fellBack(email.fellBack, count)}
        </p>
      ) : null}

      {state.phase === "running" ? <BulkProgress {...state.progress} /> : null}
      {state.blocked ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {state.blocked}
        </p>
      ) : null}

      {/* Sending to many people cannot be undone: Send All asks once more, naming how many. */}
      {state.confirming === "send" ? (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <legend className="sr-only">Confirm sending</legend>
          <p className="text-sm text-amber-900">
            Send {count} email{count === 1 ? "" : "s"} now from your {mailbox}? Sent emails cannot
            be recalled.
          </p>
          <div className="flex shrink-0 gap-2">
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: "confirming", confirming: null })}
            >
              Back
            </Button>
            <Button autoFocus onClick={email.sendNow}>
              <Send className="size-4" aria-hidden />
              Send {count} Email{count === 1 ? "" : "s"}
            </Button>
          </div>
        </fieldset>
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => email.confirm("schedule")}>
            <CalendarClock className="size-4" aria-hidden />
            Schedule All
          </Button>
          <Button disabled={busy} onClick={() => email.confirm("send")}>
            <Send className="size-4" aria-hidden />
            Send All
          </Button>
        </div>
      )}
    </div>
  );
}
