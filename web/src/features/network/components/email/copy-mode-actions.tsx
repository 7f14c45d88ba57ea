import { MESSAGES } from "@reachout/contract/messages";
import type { WriterFormat } from "@reachout/contract/writer";
import { Check, Download, MessageSquareReply } from "lucide-react";
import { useId, useRef, useState } from "react";
import { CopyEmailButtons } from "../../../../components/copy-email-buttons";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button, buttonClasses } from "../../../../components/ui/button";
import { Label, Textarea } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { useLatestResume } from "../../../../lib/latest-resume";
import { enrollContacts, useInvalidateSequences } from "../../../../lib/sequences";
import { toast } from "../../../../lib/toast";
import { markCopiedSent, recordCopiedReply } from "../../api/emails";
import type { EmailContact } from "./email-contact";
import { NO_FOLLOW_UPS, resolveSequenceId, SequencePicker } from "./sequence-picker";

/**
 * Copy mode's sending: the student copies the email (or opens it in their own mail app),
 * attaches the resume and sends it themselves, then says so. The same caps apply. With a
 * sequence picked, marking it sent also enrols the contact: each follow-up becomes a reminder.
 */
export function CopyModeActions({
  contact,
  subject,
  body,
  format,
  onRecorded,
}: {
  contact: EmailContact;
  subject: string;
  body: string;
  format: WriterFormat | null;
  onRecorded: (emailId: string | null) => void;
}) {
  const resume = useLatestResume(true);
  const invalidateSequences = useInvalidateSequences();
  const [recording, setRecording] = useState(false);
  const [sequence, setSequence] = useState(NO_FOLLOW_UPS);
  // One key per draft: a double click or a retry records the email once.
  const key = useRef(crypto.randomUUID());
  const ready = subject.trim().length > 0 && body.trim().length > 0 && !recording;

  const markSent = async () => {
    if (!ready) return;
    setRecording(true);
    try {
      if (sequence === NO_FOLLOW_UPS) {
        const result = await markCopiedSent(contact.id, {
          subject: subject.trim(),
          body,
          email_format: format,
          key: key.current,
        });
        toast.success(result.message);
        onRecorded(result.id);
      } else {
        await enrollContacts(await resolveSequenceId(sequence), {
          contact_ids: [contact.id],
          subject: subject.trim(),
          body,
          email_format: format,
          copied_key: key.current,
        });
        invalidateSequences();
        toast.success(
          "Marked as sent. Reachout will remind you on the Sequences page when each follow-up is due.",
        );
        onRecorded(null);
      }
      key.current = crypto.randomUUID();
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.email.sendFailed));
    } finally {
      setRecording(false);
    }
  };

  return (
    <div
      className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3"
      data-testid="copy-mode-actions"
    >
      <p className="text-sm text-slate-700">
        Copy mode: send this from your own mail app, with your resume attached, then mark it sent.
      </p>
      <div className="flex flex-wrap gap-2">
        <CopyEmailButtons to={contact.email} subject={subject} body={body} />
        {resume.data ? (
          <a
            href={resume.data.resume_url}
            download={resume.data.filename}
            className={buttonClasses("secondary", "sm")}
          >
            <Download className="size-4" aria-hidden />
            Download resume
          </a>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <SequencePicker
            label="Follow-up reminders"
            value={sequence}
            onChange={setSequence}
            disabled={recording}
          />
        </div>
        <Button size="sm" onClick={markSent} disabled={!ready}>
          <BusyIcon busy={recording} icon={Check} />I sent it
        </Button>
      </div>
    </div>
  );
}

/** Copy mode's "They replied": the reply arrived in the student's own mailbox. */
export function CopiedReplyForm({
  contact,
  onRecorded,
}: {
  contact: EmailContact;
  onRecorded: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const key = useRef(crypto.randomUUID());
  const textId = useId();

  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <MessageSquareReply className="size-4" aria-hidden />
        They replied
      </Button>
    );
  }
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const result = await recordCopiedReply(contact.id, {
        text: text.trim() || null,
        key: key.current,
      });
      key.current = crypto.randomUUID();
      if (result.kind === "opt_out") {
        toast.info(
          `${contact.full_name} asked not to be written to again; Reachout won't send to them from your account. To stop every Reachout student writing to them, they can use ${window.location.origin}/opt-out.`,
        );
      } else if (result.kind === "auto_reply") {
        toast.info("That reads like an automatic reply, so it isn't counted as a response.");
      } else toast.success(`Recorded: ${contact.full_name} replied.`);
      setText("");
      setOpen(false);
      onRecorded();
    } catch (error) {
      toast.error(errorDetail(error, "The reply could not be recorded. Please try again."));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} className="space-y-2 rounded-md border border-slate-200 p-3">
      <Label htmlFor={textId}>Paste their reply (optional)</Label>
      <Textarea
        id={textId}
        rows={4}
        value={text}
        maxLength={20_000}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Saving..." : "Record reply"}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
