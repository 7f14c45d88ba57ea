import { useId } from "react";
import { ContactStatusBadge } from "../../../../components/contact-status-badge";
import { FormatHint } from "../../../../components/format-hint";
import { LinkToApplication } from "../../../../components/link-to-application";
import { Dialog } from "../../../../components/ui/dialog";
import { Input, Label, Textarea } from "../../../../components/ui/input";
import { ComposeActions } from "./compose-actions";
import { ConversationPanel } from "./conversation-panel";
import { CopiedReplyForm, CopyModeActions } from "./copy-mode-actions";
import { FollowUpsDialog } from "./follow-ups-dialog";
import { GeneratedInfo } from "./generated-info";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { SuppressedNotice } from "./suppressed-notice";
import { type ContactEmailOptions, useContactEmail } from "./use-contact-email";
import { WriterQuestionForm } from "./writer-question-form";

export type { EmailContact } from "./email-contact";
export type ContactEmailDialogProps = ContactEmailOptions;

/**
 * The single-contact email dialog: subject and body (kept as a local draft per contact, which
 * wins over the suggested draft), Personalize Email / Precision Email, Send Email, Schedule,
 * and the Conversation side panel.
 */
export function ContactEmailDialog(props: ContactEmailDialogProps) {
  const email = useContactEmail(props);
  const subjectId = useId();
  const bodyId = useId();
  if (!email) return null;
  const { contact, state, dispatch, thread } = email;
  const { open, onOpenChange } = props;
  const writing = state.generating !== null;

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={
          <span className="flex flex-wrap items-center gap-2">
            Email {contact.full_name}
            {thread.data ? <ContactStatusBadge status={thread.data.status} /> : null}
          </span>
        }
        description={[contact.title, contact.company].filter(Boolean).join(" at ") || undefined}
        className="sm:max-w-2xl lg:max-w-5xl"
      >
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {email.barredStatus !== "ok" ? (
            <SuppressedNotice status={email.barredStatus} contact={contact} />
          ) : null}
          <div className="space-y-4" hidden={email.barredStatus !== "ok"}>
            <div>
              <Label htmlFor={subjectId}>Subject</Label>
              <Input
                id={subjectId}
                value={state.subject}
                maxLength={300}
                onChange={(event) => email.write({ subject: event.target.value })}
                disabled={writing}
                placeholder={thread.isLoading ? "Loading suggestion..." : "Subject"}
              />
            </div>
            <div>
              <Label htmlFor={bodyId}>Body</Label>
              <Textarea
                id={bodyId}
                value={state.body}
                rows={14}
                onChange={(event) => email.write({ body: event.target.value })}
                disabled={writing}
                aria-busy={writing}
                placeholder={`Write to ${email.firstName}, or let Personalize Email draft it from your resume.`}
              />
            </div>
            {state.error ? (
              <p role="alert" className="text-sm text-red-600">
                {state.error}
              </p>
            ) : null}
            <ComposeActions email={email} />
            {email.copyMode ? (
              <>
                <CopyModeActions
                  contact={contact}
                  subject={state.subject}
                  body={state.body}
                  format={state.format}
                  onRecorded={email.recorded}
                />
                {thread.data && thread.data.status !== "Uncontacted" ? (
                  <CopiedReplyForm contact={contact} onRecorded={email.afterChange} />
                ) : null}
              </>
            ) : null}
            {state.asking ? (
              <WriterQuestionForm
                asking={state.asking}
                answer={state.answer}
                onAnswerChange={(answer) => dispatch({ type: "answered", answer })}
                onSubmit={email.answer}
                busy={email.busy}
              />
            ) : null}
            <FormatHint contactId={contact.id} enabled={open} />
            {state.sentEmailId ? (
              <LinkToApplication key={state.sentEmailId} emailId={state.sentEmailId} />
            ) : null}
            <GeneratedInfo
              generating={state.generating}
              shown={state.shown}
              senderName={state.senderName}
              onSenderNameChange={(name) => dispatch({ type: "sender-name-changed", name })}
              onSaveSenderName={() => void email.saveSenderName()}
              isSavingName={email.isSavingName}
            />
          </div>
          <ConversationPanel
            thread={thread.data}
            isLoading={thread.isLoading}
            isError={thread.isError}
            firstName={email.firstName}
          />
        </div>
      </Dialog>
      <ScheduleEmailDialog
        open={state.over === "schedule"}
        onOpenChange={(isOpen) => !isOpen && email.closeOver()}
        to={contact.email ? `${contact.full_name} <${contact.email}>` : contact.full_name}
        subject={state.subject}
        body={state.body}
        onSchedule={email.schedule}
      />
      <FollowUpsDialog
        open={state.over === "follow-ups"}
        onOpenChange={(isOpen) => !isOpen && email.closeOver()}
        contact={contact}
        draft={{ subject: state.subject, body: state.body, email_format: state.format }}
        onEnrolled={email.enrolled}
      />
      {email.gate.prompt}
    </>
  );
}
