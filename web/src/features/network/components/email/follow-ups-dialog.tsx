import type { WriterFormat } from "@reachout/contract/writer";
import { Repeat } from "lucide-react";
import { useEffect, useState } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { FormFooter } from "../../../../components/ui/form-footer";
import { errorDetail } from "../../../../lib/api";
import { useMailboxName } from "../../../../lib/mailbox";
import { enrollContacts, useInvalidateSequences, useSequences } from "../../../../lib/sequences";
import { toast } from "../../../../lib/toast";
import { DEFAULT_SEQUENCE, resolveSequenceId, SequencePicker } from "./sequence-picker";

/**
 * "Send with follow-ups": the email as written goes now as the first email of a sequence;
 * each follow-up is written now (readable and editable on the Sequences page) or when due,
 * and the sequence stops when the contact replies.
 */
export function FollowUpsDialog({
  open,
  onOpenChange,
  contact,
  draft,
  onEnrolled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: { id: string; full_name: string };
  draft: { subject: string; body: string; email_format?: WriterFormat | null };
  onEnrolled: () => void;
}) {
  const sequences = useSequences(open);
  const mailbox = useMailboxName();
  const invalidate = useInvalidateSequences();
  const [sequenceId, setSequenceId] = useState(DEFAULT_SEQUENCE);
  const [writeWhenDue, setWriteWhenDue] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const firstId = sequences.data?.[0]?.id;
  useEffect(() => {
    if (open) {
      setSequenceId(firstId ?? DEFAULT_SEQUENCE);
      setError(null);
    }
  }, [open, firstId]);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const id = await resolveSequenceId(sequenceId);
      const result = await enrollContacts(id, {
        contact_ids: [contact.id],
        subject: draft.subject.trim(),
        body: draft.body,
        email_format: draft.email_format ?? null,
        write_when_due: writeWhenDue,
      });
      invalidate();
      if (result.refused.length > 0) {
        setError(result.refused[0].detail);
        return;
      }
      toast.success(
        `Sending to ${contact.full_name} with follow-ups. They stop as soon as ${contact.full_name} replies.`,
      );
      onEnrolled();
      onOpenChange(false);
    } catch (caught) {
      setError(errorDetail(caught, "The follow-ups could not be set up. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send with follow-ups"
      description={`Your email goes to ${contact.full_name} now. Each follow-up goes in the same ${mailbox} thread and stops when they reply.`}
    >
      <div className="space-y-4">
        <SequencePicker
          value={sequenceId}
          onChange={setSequenceId}
          allowNone={false}
          disabled={busy}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={writeWhenDue}
            onChange={(event) => setWriteWhenDue(event.target.checked)}
            className="accent-brand-600"
          />
          Write each follow-up when it is due (instead of now, to read and edit first)
        </label>
        <FormFooter error={error} onCancel={() => onOpenChange(false)} busy={busy}>
          <Button onClick={submit} disabled={busy}>
            <BusyIcon busy={busy} icon={Repeat} />
            Start sequence
          </Button>
        </FormFooter>
      </div>
    </Dialog>
  );
}
