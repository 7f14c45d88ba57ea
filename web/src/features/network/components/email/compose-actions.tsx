import { MESSAGE_TYPES, WRITER_FORMAT_LABELS, type WriterFormat } from "@reachout/contract/writer";
import { CalendarClock, Repeat, Send, Sparkles, Target } from "lucide-react";
import { useId } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import type { ContactEmail } from "./use-contact-email";

/**
 * The buttons under the draft: Personalize Email, Precision Email and the other message types;
 * then Schedule, Send with follow-ups and Send Email (none in copy mode, which sends by hand).
 */
export function ComposeActions({ email }: { email: ContactEmail }) {
  const menuId = useId();
  const { busy, canSend, state } = email;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => email.generate("original")} disabled={busy}>
        <BusyIcon busy={state.generating === "original"} icon={Sparkles} />
        Personalize Email
      </Button>
      <Button variant="secondary" onClick={() => email.generate("precision")} disabled={busy}>
        <BusyIcon busy={state.generating === "precision"} icon={Target} />
        Precision Email
      </Button>
      <label htmlFor={menuId} className="sr-only">
        More message types
      </label>
      <select
        id={menuId}
        value=""
        disabled={busy}
        onChange={(event) => {
          const format = event.target.value as WriterFormat;
          if (format) void email.generate(format);
        }}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
      >
        <option value="">More message types…</option>
        {MESSAGE_TYPES.map((type) => (
          <option key={type} value={type}>
            {WRITER_FORMAT_LABELS[type]}
          </option>
        ))}
      </select>
      {email.copyMode ? null : (
        <div className="flex flex-1 flex-wrap justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => email.openOver("schedule")}
            disabled={!canSend}
          >
            <CalendarClock className="size-4" aria-hidden />
            Schedule
          </Button>
          <Button
            variant="secondary"
            onClick={() => email.openOver("follow-ups")}
            disabled={!canSend}
          >
            <Repeat className="size-4" aria-hidden />
            Send with follow-ups
          </Button>
          <Button onClick={email.send} disabled={!canSend}>
            <BusyIcon busy={email.isSending} icon={Send} />
            {email.isSending ? "Sending..." : "Send Email"}
          </Button>
        </div>
      )}
    </div>
  );
}
