import { MESSAGES } from "@reachout/contract/messages";
import { WRITER_FORMAT_LABELS, type WriterFormat } from "@reachout/contract/writer";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer, useRef } from "react";
import { ApiError, errorDetail } from "../../../../lib/api";
import { toast } from "../../../../lib/toast";
import { useUpdateProfile } from "../../../../lib/update-profile";
import { useSession } from "../../../../lib/use-session";
import { useSetupStatus } from "../../../../lib/use-setup-status";
import {
  type GenerateInput,
  refreshEmails,
  useEmailThread,
  useScheduleEmail,
  useSendEmail,
  useStreamGeneratedEmail,
} from "../../api/emails";
import { useNetworkContactDetails } from "../../api/network";
import { compose, NOTHING_COMPOSED } from "./compose-state";
import { clearDraft, type Draft, loadDraft, saveDraft } from "./drafts";
import { type EmailContact, firstNameOfContact } from "./email-contact";
import { formatWhen } from "./schedule-time";
import { useSetupGate } from "./use-setup-gate";

export interface ContactEmailOptions {
  contact: EmailContact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called after an email was sent or scheduled (the page refreshes its list). */
  onChanged?: () => void;
}

/**
 * The single-contact email dialog's state and actions: the draft (kept locally per contact,
 * winning over the suggested one), writing, sending, scheduling and the thread. Null while
 * there is no contact.
 */
export function useContactEmail({ contact, open, onOpenChange, onChanged }: ContactEmailOptions) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const gate = useSetupGate();
  const copyMode = Boolean(useSetupStatus().data?.copy_mode);
  const thread = useEmailThread(contact?.id, open);
  // A record of My Network's list carries no first name (the list keeps to what its cards
  // show): the greeting's name comes from the whole record, asked for as the dialog opens.
  const details = useNetworkContactDetails(contact?.id, open && contact?.first_name === undefined);
  const [state, dispatch] = useReducer(compose, NOTHING_COMPOSED);
  const writer = useStreamGeneratedEmail();
  const sending = useSendEmail();
  const scheduling = useScheduleEmail();
  const profile = useUpdateProfile();
  const initialized = useRef<string | null>(null);
  // The student changed the draft since it was written: a format change asks first.
  const editedByStudent = useRef(false);
  // A random start per dialog, then one more per click (the server's writer varies by it).
  const variant = useRef(Math.floor(Math.random() * 500_000));

  // A local draft wins; otherwise the thread's suggestion fills the fields once it arrives.
  useEffect(() => {
    if (!open || !contact) {
      initialized.current = null;
      return;
    }
    if (initialized.current === contact.id) return;
    const suggested = thread.data ?? (thread.isError ? { subject: "", body: "" } : null);
    const draft =
      loadDraft(contact.id) ??
      (suggested ? { subject: suggested.subject, body: suggested.body } : null);
    if (draft) initialized.current = contact.id;
    dispatch({ type: "opened", draft });
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
  const { subject, body } = state;
  const firstName = firstNameOfContact({
    ...contact,
    first_name: contact.first_name ?? details.data?.first_name,
  });
  // Nobody may write to this address (a permanent bounce, an opt-out): the dialog says so first
  // and offers nothing to send; the conversation stays readable.
  const barredStatus = thread.data?.email_status ?? contact.email_status ?? "ok";
  const busy = state.generating !== null || sending.isPending;
  const canSend = subject.trim().length > 0 && body.trim().length > 0 && !busy;

  const edit = (draft: Draft) => {
    initialized.current = contact.id; // what the student writes wins over a late suggestion
    dispatch({ type: "edited", draft });
    saveDraft(contact.id, draft);
  };

  /** The student typed in the subject or body. */
  const write = (change: Partial<Draft>) => {
    editedByStudent.current = true;
    edit({ subject, body, ...change });
  };

  /** The email left the dialog (sent, recorded, enrolled): the page and the thread catch up. */
  const afterChange = () => {
    clearDraft(contact.id);
    refreshEmails(queryClient, contact.id);
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
    dispatch({ type: "generation-started", format });
    const streamed = { subject: "", body: "" };
    try {
      // The words appear as they are written; the finished email replaces them.
      // Each click asks for the next variant: never the text just shown again.
      variant.current += 1;
      const input = { contact, userId: user?.id, format, variant: variant.current, context };
      const email = await writer.mutateAsync({
        input,
        onDelta: (delta) => {
          if (delta.field === "subject") {
            streamed.subject = delta.text;
            streamed.body = "";
          } else streamed.body += delta.text;
          dispatch({ type: "streamed", draft: { ...streamed } });
        },
      });
      edit({ subject: email.subject, body: email.body });
      editedByStudent.current = false;
      dispatch({
        type: "generated",
        shown: {
          format,
          writer: email.writer,
          fallback_reason: email.fallback_reason,
          sender_name_missing: email.sender_name_missing,
          written_as: email.written_as,
        },
      });
    } catch (error) {
      if (await gate.explain(error)) return;
      if (error instanceof ApiError && error.status === 422 && error.detail) {
        dispatch({
          type: "asked",
          question: { format, question: error.detail },
          draft: { subject, body },
        });
        return;
      }
      const message =
        format === "precision" ? MESSAGES.email.smartFailed : MESSAGES.email.generateFailed;
      dispatch({ type: "failed", error: message });
      toast.error(message);
    } finally {
      dispatch({ type: "generation-ended" });
    }
  };

  /** The writer's question answered: the same format again, with the student's words. */
  const answer = () => {
    const said = state.answer.text.trim();
    if (!said || !state.asking) return;
    const { format } = state.asking;
    const context =
      format === "referral"
        ? { role: said }
        : format === "career_fair"
          ? { occasion: said, topic: state.answer.topic.trim() }
          : { occasion: said };
    void generate(format, context);
  };

  /** The email was signed with no name: save the one given, then write the email again. */
  const saveSenderName = async () => {
    const name = state.senderName.trim();
    if (!name || !state.shown) return;
    try {
      await profile.mutateAsync({ full_name: name });
      toast.success(`Saved. Your emails are now signed ${name}.`);
      dispatch({ type: "sender-name-changed", name: "" });
      await generate(state.shown.format);
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.profile.updateFailed));
    }
  };

  const send = async () => {
    if (!canSend || !gate.require()) return;
    try {
      const draft = { subject: subject.trim(), body, email_format: state.format };
      const result = await sending.mutateAsync({ contactId: contact.id, draft });
      if (result.status === "sent") toast.success(result.message);
      else toast.info(result.message);
      clearDraft(contact.id);
      onChanged?.();
      dispatch({ type: "sent", emailId: result.id });
    } catch (error) {
      if (await gate.explain(error)) return;
      const message = errorDetail(error, MESSAGES.email.sendFailed);
      dispatch({ type: "failed", error: message });
      toast.error(message);
    }
  };

  const schedule = async (scheduledAt: string) => {
    try {
      const draft = { subject: subject.trim(), body, scheduledAt, email_format: state.format };
      const scheduled = await scheduling.mutateAsync({ contactId: contact.id, draft });
      toast.success(MESSAGES.email.scheduled(formatWhen(scheduled.scheduled_at)));
      clearDraft(contact.id);
      onChanged?.();
      dispatch({ type: "over", over: null });
      onOpenChange(false);
    } catch (error) {
      if (await gate.explain(error)) {
        dispatch({ type: "over", over: null });
        return;
      }
      toast.error(errorDetail(error, MESSAGES.email.scheduleFailed));
    }
  };

  return {
    contact,
    state,
    dispatch,
    thread,
    firstName,
    barredStatus,
    copyMode,
    busy,
    canSend,
    isSending: sending.isPending,
    isSavingName: profile.isPending,
    gate,
    write,
    generate,
    answer,
    saveSenderName,
    send,
    schedule,
    /** Opens Schedule or Send with follow-ups, once the setup allows sending. */
    openOver: (over: "schedule" | "follow-ups") =>
      gate.require() && dispatch({ type: "over", over }),
    closeOver: () => dispatch({ type: "over", over: null }),
    /** Recorded from copy mode: as if sent. */
    recorded: (emailId: string | null) => {
      afterChange();
      dispatch({ type: "sent", emailId });
    },
    afterChange,
    /** Enrolled in a sequence: the first email is on its way and the dialog closes. */
    enrolled: () => {
      afterChange();
      dispatch({ type: "emptied" });
      onOpenChange(false);
    },
  };
}

export type ContactEmail = NonNullable<ReturnType<typeof useContactEmail>>;
