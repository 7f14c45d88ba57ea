import type { ContactStatus } from "@reachout/contract/constants";
import type { GeneratedEmail } from "@reachout/contract/emails";
import { MESSAGES } from "@reachout/contract/messages";
import { givenNameOf } from "@reachout/contract/names";
import {
  MESSAGE_TYPES,
  WRITER_FALLBACK_NOTICES,
  WRITER_FORMAT_LABELS,
  type WriterFormat,
} from "@reachout/contract/writer";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Repeat, Send, Sparkles, Target } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ContactStatusBadge } from "../../../../components/contact-status-badge";
import { FormatHint } from "../../../../components/format-hint";
import { LinkToApplication } from "../../../../components/link-to-application";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { Input, Label, Textarea } from "../../../../components/ui/input";
import { ApiError, errorDetail } from "../../../../lib/api";
import { toast } from "../../../../lib/toast";
import { updateProfile } from "../../../../lib/update-profile";
import { useSession } from "../../../../lib/use-session";
import { useSetupStatus } from "../../../../lib/use-setup-status";
import {
  type GenerateInput,
  SCHEDULED_KEY,
  scheduleEmail,
  sendEmail,
  streamGeneratedEmail,
  THREAD_KEY,
  useEmailThread,
} from "../../api/emails";
import { useNetworkContactDetails } from "../../api/network";
import { ConversationPanel } from "./conversation-panel";
import { CopiedReplyForm, CopyModeActions } from "./copy-mode-actions";
import { clearDraft, loadDraft, saveDraft } from "./drafts";
import { FollowUpsDialog } from "./follow-ups-dialog";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { formatWhen } from "./schedule-time";
import { SuppressedNotice } from "./suppressed-notice";
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
  /** Whether anyone may write to the address (the card's); the thread's answer wins when known. */
  email_status?: string;
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
  const copyMode = Boolean(useSetupStatus().data?.copy_mode);
  const thread = useEmailThread(contact?.id, open);
  // A record of My Network's list carries no first name (the list keeps to what its cards
  // show): the greeting's name comes from the whole record, asked for as the dialog opens.
  const details = useNetworkContactDetails(contact?.id, open && contact?.first_name === undefined);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const [generating, setGenerating] = useState<WriterFormat | null>(null);
  /** The last generated email's format and source, shown under the buttons. */
  const [shown, setShown] = useState<
    | (Pick<GeneratedEmail, "writer" | "fallback_reason" | "sender_name_missing"> & {
        format: WriterFormat;
      })
    | null
  >(null);
  const [senderName, setSenderName] = useState("");
  const [savingName, setSavingName] = useState(false);
  const nameId = useId();
  const menuId = useId();
  const [sending, setSending] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // The writer format of the text in the fields (insights count replies by it); own text: null.
  const [format, setFormat] = useState<WriterFormat | null>(null);
  const [sentEmailId, setSentEmailId] = useState<string | null>(null);
  const [followUpsOpen, setFollowUpsOpen] = useState(false);
  const initialized = useRef<string | null>(null);
  // The student changed the draft since it was written: a format change asks first.
  const editedByStudent = useRef(false);
  // A referral, thank-you or career-fair note the server could not write without the
  // student's words: the dialog asks for them in one line.
  const [asking, setAsking] = useState<{ format: WriterFormat; question: string } | null>(null);
  const [contextText, setContextText] = useState("");
  const [topicText, setTopicText] = useState("");
  const contextId = useId();
  const topicId = useId();
  // A random start per dialog, then one more per click (the server's writer varies by it).
  const variant = useRef(Math.floor(Math.random() * 500_000));
  const subjectId = useId();
  const bodyId = useId();

  // A local draft wins; otherwise the thread's suggestion fills the fields once it arrives.
  useEffect(() => {
    if (!open || !contact) {
      initialized.current = null;
      return;
    }
    if (initialized.current === contact.id) return;
    setFormat(null);
    setSentEmailId(null);
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
    setShown(null);
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
  const firstName = firstNameOfContact({
    ...contact,
    first_name: contact.first_name ?? details.data?.first_name,
  });
  // Nobody may write to this address (a permanent bounce, an opt-out): the dialog says so first
  // and offers nothing to send; the conversation stays readable.
  const barredStatus = thread.data?.email_status ?? contact.email_status ?? "ok";
  const barred = barredStatus !== "ok";
  const busy = generating !== null || sending;
  const canSend = subject.trim().length > 0 && body.trim().length > 0 && !busy;

  const edit = (next: { subject?: string; body?: string }) => {
    initialized.current = contact.id; // what the student writes wins over a late suggestion
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

  const generate = async (format: WriterFormat, context?: GenerateInput["context"]) => {
    if (!gate.require()) return;
    if (
      editedByStudent.current &&
      (subject.trim() || body.trim()) &&
      !window.confirm(
        `Replace your edited draft with a new ${WRITER_FORMAT_LABELS[format]} email? Your changes will be lost.`,
      )
    ) {
      return;
    }
    initialized.current = contact.id; // a suggestion arriving now must not replace the email
    setGenerating(format);
    setShown(null);
    let streamedSubject = "";
    let streamedBody = "";
    try {
      // The words appear as they are written; the finished email replaces them.
      // Each click asks for the next variant: never the text just shown again.
      variant.current += 1;
      const request = { contact, userId: user?.id, format, variant: variant.current, context };
      const email = await streamGeneratedEmail(request, (delta) => {
        if (delta.field === "subject") {
          streamedSubject = delta.text;
          streamedBody = "";
        } else streamedBody += delta.text;
        setSubject(streamedSubject);
        setBody(streamedBody);
      });
      edit({ subject: email.subject, body: email.body });
      editedByStudent.current = false;
      setAsking(null);
      setFormat(format);
      setShown({
        format,
        writer: email.writer,
        fallback_reason: email.fallback_reason,
        sender_name_missing: email.sender_name_missing,
      });
    } catch (error) {
      if (await gate.explain(error)) return;
      if (error instanceof ApiError && error.status === 422 && error.detail) {
        // Nothing was written: the fields go back to the draft they held.
        setSubject(subject);
        setBody(body);
        setAsking({ format, question: error.detail });
        return;
      }
      const message =
        format === "precision" ? MESSAGES.email.smartFailed : MESSAGES.email.generateFailed;
      setDraftError(message);
      toast.error(message);
    } finally {
      setGenerating(null);
    }
  };

  const saveSenderName = async (event: React.FormEvent) => {
    event.preventDefault();
    const name = senderName.trim();
    if (!name || !shown) return;
    setSavingName(true);
    try {
      await updateProfile({ full_name: name });
      toast.success(`Saved. Your emails are now signed ${name}.`);
      setSenderName("");
      await generate(shown.format);
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.profile.updateFailed));
    } finally {
      setSavingName(false);
    }
  };

  const send = async () => {
    if (!canSend || !gate.require()) return;
    setSending(true);
    try {
      const result = await sendEmail(contact.id, {
        subject: subject.trim(),
        body,
        email_format: format,
      });
      setSentEmailId(result.id);
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
        email_format: format,
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
          {barred ? <SuppressedNotice status={barredStatus} contact={contact} /> : null}
          <div className="space-y-4" hidden={barred}>
            <div>
              <Label htmlFor={subjectId}>Subject</Label>
              <Input
                id={subjectId}
                value={subject}
                maxLength={300}
                onChange={(event) => {
                  editedByStudent.current = true;
                  edit({ subject: event.target.value });
                }}
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
                onChange={(event) => {
                  editedByStudent.current = true;
                  edit({ body: event.target.value });
                }}
                disabled={generating !== null}
                aria-busy={generating !== null}
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
                <BusyIcon busy={generating === "original"} icon={Sparkles} />
                Personalize Email
              </Button>
              <Button variant="secondary" onClick={() => generate("precision")} disabled={busy}>
                <BusyIcon busy={generating === "precision"} icon={Target} />
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
                  if (format) void generate(format);
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
              {copyMode ? null : (
                <div className="flex flex-1 flex-wrap justify-end gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => gate.require() && setScheduleOpen(true)}
                    disabled={!canSend}
                  >
                    <CalendarClock className="size-4" aria-hidden />
                    Schedule
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => gate.require() && setFollowUpsOpen(true)}
                    disabled={!canSend}
                  >
                    <Repeat className="size-4" aria-hidden />
                    Send with follow-ups
                  </Button>
                  <Button onClick={send} disabled={!canSend}>
                    <BusyIcon busy={sending} icon={Send} />
                    {sending ? "Sending..." : "Send Email"}
                  </Button>
                </div>
              )}
            </div>
            {copyMode ? (
              <>
                <CopyModeActions
                  contact={contact}
                  subject={subject}
                  body={body}
                  format={format}
                  onRecorded={(emailId) => {
                    setSentEmailId(emailId);
                    afterChange();
                    setSubject("");
                    setBody("");
                  }}
                />
                {thread.data && thread.data.status !== "Uncontacted" ? (
                  <CopiedReplyForm contact={contact} onRecorded={afterChange} />
                ) : null}
              </>
            ) : null}
            {asking ? (
              <form
                className="flex flex-wrap items-end gap-2 rounded-md border border-amber-200 bg-amber-50 p-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  const said = contextText.trim();
                  if (!said) return;
                  const context =
                    asking.format === "referral"
                      ? { role: said }
                      : asking.format === "career_fair"
                        ? { occasion: said, topic: topicText.trim() }
                        : { occasion: said };
                  void generate(asking.format, context);
                }}
              >
                <div className="min-w-48 flex-1">
                  <Label htmlFor={contextId}>{asking.question}</Label>
                  <Input
                    id={contextId}
                    value={contextText}
                    maxLength={200}
                    placeholder={asking.format === "career_fair" ? "The fair" : undefined}
                    onChange={(event) => setContextText(event.target.value)}
                  />
                </div>
                {asking.format === "career_fair" ? (
                  <div className="min-w-48 flex-1">
                    <Label htmlFor={topicId}>What you talked about</Label>
                    <Input
                      id={topicId}
                      value={topicText}
                      maxLength={200}
                      onChange={(event) => setTopicText(event.target.value)}
                    />
                  </div>
                ) : null}
                <Button type="submit" variant="secondary" disabled={!contextText.trim() || busy}>
                  Write it
                </Button>
              </form>
            ) : null}
            <FormatHint contactId={contact.id} enabled={open} />
            {sentEmailId ? <LinkToApplication key={sentEmailId} emailId={sentEmailId} /> : null}
            {generating ? (
              <p role="status" className="text-sm text-slate-600">
                Writing your {WRITER_FORMAT_LABELS[generating]} email…
              </p>
            ) : shown ? (
              <div className="space-y-2 text-sm text-slate-600" data-testid="generated-info">
                <p role="status">
                  Showing: <strong>{WRITER_FORMAT_LABELS[shown.format]}</strong> email
                </p>
                {shown.fallback_reason ? (
                  <p className="text-xs text-slate-500">
                    {WRITER_FALLBACK_NOTICES[shown.fallback_reason]}
                  </p>
                ) : null}
                {shown.sender_name_missing ? (
                  <form
                    onSubmit={saveSenderName}
                    className="flex flex-wrap items-end gap-2 rounded-md border border-amber-200 bg-amber-50 p-3"
                  >
                    <div className="min-w-48 flex-1">
                      <Label htmlFor={nameId}>
                        What's your full name? Your emails are signed with it.
                      </Label>
                      <Input
                        id={nameId}
                        value={senderName}
                        maxLength={120}
                        autoComplete="name"
                        placeholder="e.g. Ada Lovelace"
                        onChange={(event) => setSenderName(event.target.value)}
                      />
                    </div>
                    <Button
                      type="submit"
                      variant="secondary"
                      disabled={!senderName.trim() || savingName}
                    >
                      {savingName ? "Saving..." : "Save name"}
                    </Button>
                  </form>
                ) : null}
              </div>
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
      <FollowUpsDialog
        open={followUpsOpen}
        onOpenChange={setFollowUpsOpen}
        contact={contact}
        draft={{ subject, body, email_format: format }}
        onEnrolled={() => {
          afterChange();
          setSubject("");
          setBody("");
          onOpenChange(false);
        }}
      />
      {gate.prompt}
    </>
  );
}
