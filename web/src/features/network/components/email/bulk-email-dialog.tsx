import { MESSAGES } from "@reachout/contract/messages";
import { Dialog } from "../../../../components/ui/dialog";
import { BulkCompose } from "./bulk-compose";
import { BulkOutcome } from "./bulk-outcome";
import { BulkSendLine } from "./bulk-send-line";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { type BulkEmailOptions, useBulkEmail } from "./use-bulk-email";

export type BulkEmailDialogProps = BulkEmailOptions;

/**
 * Bulk email: generates an email per selected contact (each ready or failed), refuses to send
 * while any is missing, then sends or schedules them one by one with "current of total"
 * progress and ends with the sent and failed lists.
 */
export function BulkEmailDialog(props: BulkEmailDialogProps) {
  const email = useBulkEmail(props);
  const { state, valid } = email;
  const { items, phase } = state;
  const close = () => props.onOpenChange(false);
  const first = items[0];

  return (
    <>
      <Dialog
        open={props.open}
        onOpenChange={(next) => phase !== "running" && props.onOpenChange(next)}
        title="Bulk Email"
        description={
          valid.length > 0
            ? `${valid.length} contact${valid.length === 1 ? "" : "s"} selected · ${email.ready} ready`
            : undefined
        }
        className="sm:max-w-3xl"
      >
        {valid.length === 0 ? (
          <p role="alert" className="text-sm text-slate-700">
            {MESSAGES.bulk.noneSelected}
          </p>
        ) : email.copyMode ? (
          <p role="alert" className="text-sm text-slate-700" data-testid="bulk-copy-mode">
            You are in copy mode, so Reachout can't send emails for you. Open each contact's Email
            button to write, copy and mark an email sent, or connect Gmail or Outlook on your
            Account page to send in bulk.
          </p>
        ) : phase === "done" && state.line ? (
          <BulkSendLine
            answer={state.line.answer}
            scheduled={state.line.scheduled}
            names={new Map(items.map((item) => [item.contact.id, item.contact.full_name]))}
            onClose={close}
          />
        ) : phase === "done" && state.outcome ? (
          <BulkOutcome outcome={state.outcome} onClose={close} />
        ) : (
          <BulkCompose email={email} onCancel={close} />
        )}
      </Dialog>
      <ScheduleEmailDialog
        open={state.confirming === "schedule"}
        onOpenChange={(isOpen) =>
          email.dispatch({ type: "confirming", confirming: isOpen ? "schedule" : null })
        }
        to={`${items.length} contacts`}
        subject={first?.subject ?? ""}
        body={
          first
            ? `${first.body}\n\n(Each contact gets their own generated email; this is ${first.contact.full_name}'s.)`
            : ""
        }
        onSchedule={email.scheduleAt}
      />
      {email.gate.prompt}
    </>
  );
}
