import type { ContactStatus, EmailFormat } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { givenNameOf } from "@reachout/contract/names";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Loader2, Send, Sparkles, Target } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Input, Label, Textarea } from "../../../../components/ui/input";
import { errorDetail } from "../../../../lib/api";
import { toast } from "../../../../lib/toast";
import { useSession } from "../../../../lib/use-session";
import {
  generateEmail,
  SCHEDULED_KEY,
  scheduleEmail,
  sendEmail,
  THREAD_KEY,
  useEmailThread,
} from "../../api/emails";
import { ConversationPanel } from "./conversation-panel";
import { clearDraft, loadDraft, saveDraft } from "./drafts";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { formatWhen } from "./schedule-time";
import { ContactStatusBadge } from "./status-badge";
import { useSetupGate } from "./use-setup-gate";

export interface EmailContact {
  id: string;
  full_name: string;
  first_name?: string | null;
  title?: string | null;
  company?: string | null;
  location?: string | null;
  email?: string | null;
  /** The status the page shows; a different one in the thread (a new reply) refreshes the page. */
  status?: ContactStatus;
}

export interface ContactEmailDialogProps {
  contact: EmailContact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after an email was sent or scheduled (the page refreshes its list). */
  onChanged?: () => void;
}

const firstNameOfContact = (contact: EmailContact) =>
  givenNameOf({ firstName: contact.first_name, fullName: contact.full_name }) || contact.full_name;

/**
 * The single-contact email dialog: subject and body (kept as a local draft per contact, which
 * wins over the suggested draft), Personalize Email / Precision Email, Send Email, Schedule,
 * and the Conversation side panel.
 */
export function ContactEmailDialog({
  contact,
  open,
  onOpenChange,
  onChanged,
}: ContactEmailDialogProps) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const gate = useSetupGate();
  const thread = useEmailThread(contact?.id, open);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const [generating, setGenerating] = useState<EmailFormat | null>(null);
  const [sending, setSending] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const initialized = useRef<string | null>(null);
  const subjectId = useId();
  const bodyId = useId();

  // A local draft wins; otherwise the thread's suggestion fills the fields once it arrives.
  useEffect(() => {
    if (!open || !contact) {
      initialized.current = null;
      return;
    }
    if (initialized.current === contact.id) return;
    const draft = loadDraft(contact.id);
    if (draft) {
      setSubject(draft.subject);
      setBody(draft.body);
      initialized.current = contact.id;
    } else if (thread.data) {
      setSubject(thread.data.subject);
      setBody(thread.data.body);
      initialized.current = contact.id;
    } else if (thread.isError) {
      setSubject("");
      setBody("");
      initialized.current = contact.id;
    }
    setDraftError(null);
  }, [open, contact, thread.data, thread.isError]);

  // Opening the conversation syncs replies: tell the page when the status moved on.
  // Once per contact and status, so a page that re-renders meanwhile is not asked again.
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const notified = useRef<string | null>(null);
  const threadStatus = thread.data?.status;
  const shownStatus = contact?.status;
  const contactId = contact?.id;
  useEffect(() => {
    if (!open || !threadStatus || !shownStatus || threadStatus === shownStatus) return;
    const key = `${contactId}:${threadStatus}`;
    if (notified.current === key) return;
    notified.current = key;
    onChangedRef.current?.();
  }, [open, threadStatus, shownStatus, contactId]);

  if (!contact) return null;
  const firstName = firstNameOfContact(contact);
  const busy = generating !== null || sending;
  const canSend = subject.trim().length > 0 && body.trim().length > 0 && !busy;

  const edit = (next: { subject?: string; body?: string }) => {
    const draft = { subject: next.subject ?? subject, body: next.body ?? body };
    setSubject(draft.subject);
    setBody(draft.body);
    setDraftError(null);
    saveDraft(contact.id, draft);
  };

  const afterChange = () => {
    clearDraft(contact.id);
    void queryClient.invalidateQueries({ queryKey: THREAD_KEY(contact.id) });
    void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
    onChanged?.();
  };

  const generate = async (format: EmailFormat) => {
    if (!gate.require()) return;
    setGenerating(format);
    try {
      const email = await generateEmail({ contact, userId: user?.id, format });
      edit({ subject: email.subject, body: email.body });
    } catch (error) {
      if (await gate.explain(error)) return;
      const message =
        format === "precision" ? MESSAGES.email.smartFailed : MESSAGES.email.generateFailed;
      setDraftError(message);
      toast.error(message);
    } finally {
      setGenerating(null);
    }
  };

  const send = async () => {
    if (!canSend || !gate.require()) return;
    setSending(true);
    try {
      const result = await sendEmail(contact.id, { subject: subject.trim(), body });
      if (result.status === "sent") toast.success(result.message);
      else toast.info(result.message);
      afterChange();
      setSubject("");
      setBody("");
    } catch (error) {
      if (await gate.explain(error)) return;
      const message = errorDetail(error, MESSAGES.email.sendFailed);
      setDraftError(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  };

  const schedule = async (scheduledAt: string) => {
    try {
      const scheduled = await scheduleEmail(contact.id, {
        subject: subject.trim(),
        body,
        scheduledAt,
      });
      toast.success(MESSAGES.email.scheduled(formatWhen(scheduled.scheduled_at)));
      afterChange();
      setScheduleOpen(false);
      onOpenChange(false);
    } catch (error) {
      if (await gate.explain(error)) {
        setScheduleOpen(false);
        return;
      }
      toast.error(errorDetail(error, MESSAGES.email.scheduleFailed));
    }
  };

  const title = (
    <span className="flex flex-wrap items-center gap-2">
      Email {contact.full_name}
      {thread.data ? <ContactStatusBadge status={thread.data.status} /> : null}
    </span>
  );

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        description={[contact.title, contact.company].filter(Boolean).join(" at ") || undefined}
        className="sm:max-w-2xl lg:max-w-5xl"
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-4">
            <div>
              <Label htmlFor={subjectId}>Subject</Label>
              <Input
                id={subjectId}
                value={subject}
                maxLength={300}
                onChange={(event) => edit({ subject: event.target.value })}
                disabled={generating !== null}
                placeholder={thread.isLoading ? "Loading suggestion..." : "Subject"}
              />
            </div>
            <div>
              <Label htmlFor={bodyId}>Body</Label>
              <Textarea
                id={bodyId}
                value={body}
                rows={14}
                onChange={(event) => edit({ body: event.target.value })}
                disabled={generating !== null}
                className={generating ? "blur-[1px]" : undefined}
                placeholder={`Write to ${firstName}, or let Personalize Email draft it from your resume.`}
              />
            </div>
            {draftError ? (
              <p role="alert" className="text-sm text-red-600">
                {draftError}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => generate("original")} disabled={busy}>
                {generating === "original" ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Sparkles className="size-4" aria-hidden />
                )}
                Personalize Email
              </Button>
              <Button variant="secondary" onClick={() => generate("precision")} disabled={busy}>
                {generating === "precision" ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Target className="size-4" aria-hidden />
                )}
                Precision Email
              </Button>
              <div className="flex flex-1 flex-wrap justify-end gap-2">
                <Button
                  variant="secondary"
                  onClick={() => gate.require() && setScheduleOpen(true)}
                  disabled={!canSend}
                >
                  <CalendarClock className="size-4" aria-hidden />
                  Schedule
                </Button>
                <Button onClick={send} disabled={!canSend}>
                  {sending ? (
                    <Loader2 className="size-4 animate-spin" aria-hidden />
                  ) : (
                    <Send className="size-4" aria-hidden />
                  )}
                  {sending ? "Sending..." : "Send Email"}
                </Button>
              </div>
            </div>
            {generating ? (
              <p role="status" className="text-sm text-slate-600">
                Writing your {generating === "precision" ? "precision" : "personalized"} email…
              </p>
            ) : null}
          </div>
          <ConversationPanel
            thread={thread.data}
            isLoading={thread.isLoading}
            isError={thread.isError}
            firstName={firstName}
          />
        </div>
      </Dialog>
      <ScheduleEmailDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        to={contact.email ? `${contact.full_name} <${contact.email}>` : contact.full_name}
        subject={subject}
        body={body}
        onSchedule={schedule}
      />
      {gate.prompt}
    </>
  );
}
