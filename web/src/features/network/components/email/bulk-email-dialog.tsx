import type { EmailFormat } from "@reachout/contract/constants";
import type { BulkSendResponse } from "@reachout/contract/emails";
import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CheckCircle2, Send, Sparkles, XCircle } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { BusyIcon } from "../../../../components/ui/busy-icon";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { errorDetail } from "../../../../lib/api";
import { useMailboxName } from "../../../../lib/mailbox";
import { enrollContacts, useInvalidateSequences } from "../../../../lib/sequences";
import { toast } from "../../../../lib/toast";
import { useSession } from "../../../../lib/use-session";
import { useSetupStatus } from "../../../../lib/use-setup-status";
import { generateEmail, queueBulkEmails, SCHEDULED_KEY } from "../../api/emails";
import { BulkEmailItem, type BulkItem } from "./bulk-email-item";
import { BulkSendLine } from "./bulk-send-line";
import { companyVariants } from "./bulk-variants";
import type { EmailContact } from "./contact-email-dialog";
import { ScheduleEmailDialog } from "./schedule-email-dialog";
import { NO_FOLLOW_UPS, resolveSequenceId, SequencePicker } from "./sequence-picker";
import { useSetupGate } from "./use-setup-gate";

type Phase = "compose" | "running" | "done";
interface Outcome {
  mode: "send" | "schedule";
  success: string[];
  failed: Array<{ name: string; reason: string }>;
}

export interface BulkEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contacts: EmailContact[];
  onChanged?: () => void;
}

const isReady = (item: BulkItem) =>
  item.state === "ready" && item.subject.trim().length > 0 && item.body.trim().length > 0;

/**
 * Bulk email: generates an email per selected contact (each ready or failed), refuses to send
 * while any is missing, then sends or schedules them one by one with "current of total"
 * progress and ends with the sent and failed lists.
 */
export function BulkEmailDialog({ open, onOpenChange, contacts, onChanged }: BulkEmailDialogProps) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const gate = useSetupGate();
  const copyMode = Boolean(useSetupStatus().data?.copy_mode);
  const mailbox = useMailboxName();
  const valid = useMemo(() => contacts.filter((c) => c.id && c.full_name), [contacts]);
  const [items, setItems] = useState<BulkItem[]>([]);
  const [format, setFormat] = useState<EmailFormat>("original");
  const [generating, setGenerating] = useState<{ current: number; total: number } | null>(null);
  const [phase, setPhase] = useState<Phase>("compose");
  const [progress, setProgress] = useState({ current: 0, total: 0 });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Without follow-ups the emails go on the mailbox's line in one request: when each leaves.
  const [line, setLine] = useState<{ answer: BulkSendResponse; scheduled: boolean } | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [sequenceValue, setSequenceValue] = useState(NO_FOLLOW_UPS);
  const invalidateSequences = useInvalidateSequences();

  // A fresh start each time the dialog opens (not on every re-render of the page behind it).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) {
      setItems(valid.map((contact) => ({ contact, state: "pending", subject: "", body: "" })));
      setPhase("compose");
      setOutcome(null);
      setLine(null);
      setBlocked(null);
      setGenerating(null);
      setSequenceValue(NO_FOLLOW_UPS);
    }
    wasOpen.current = open;
  }, [open, valid]);

  const update = (id: string, change: Partial<BulkItem>) =>
    setItems((current) =>
      current.map((item) => (item.contact.id === id ? { ...item, ...change } : item)),
    );

  const generateAll = async () => {
    if (!gate.require()) return;
    setBlocked(null);
    const targets = items.filter((item) => !isReady(item));
    // People at one company get different variants: their texts differ beyond the name.
    const variants = companyVariants(items.map((item) => item.contact));
    for (const [index, item] of targets.entries()) {
      setGenerating({ current: index + 1, total: targets.length });
      update(item.contact.id, { state: "generating", error: undefined });
      try {
        const email = await generateEmail({
          contact: item.contact,
          userId: user?.id,
          format,
          variant: variants.get(item.contact.id),
        });
        update(item.contact.id, {
          state: "ready",
          subject: email.subject,
          body: email.body,
          fallback_reason: email.fallback_reason ?? null,
          format,
        });
      } catch (error) {
        if (await gate.explain(error)) {
          update(item.contact.id, { state: "pending" });
          break;
        }
        update(item.contact.id, {
          state: "error",
          error: errorDetail(error, MESSAGES.bulk.generateFailed),
        });
      }
    }
    setGenerating(null);
  };

  /** Sending is blocked until every contact has a generated email (spec). */
  const checkReady = (): boolean => {
    const missing = items.filter((item) => !isReady(item)).length;
    if (missing > 0) {
      setBlocked(MESSAGES.bulk.incomplete(missing));
      return false;
    }
    setBlocked(null);
    return true;
  };

  const run = async (mode: Outcome["mode"], scheduledAt?: string) => {
    const result: Outcome = { mode, success: [], failed: [] };
    setPhase("running");
    setProgress({ current: 0, total: items.length });
    try {
      // With follow-ups, each email is the first of a sequence (enrolled one contact at a time,
      // so the progress and per-contact results stay as without).
      const sequenceId = sequenceValue ? await resolveSequenceId(sequenceValue) : null;
      if (!sequenceId) {
        // One request: every email on the mailbox's line, spaced and capped like sequences.
        const answer = await queueBulkEmails({
          emails: items.filter(isReady).map((item) => ({
            contact_id: item.contact.id,
            subject: item.subject.trim(),
            body: item.body,
            email_format: item.format ?? null,
          })),
          scheduled_at: mode === "schedule" ? scheduledAt : null,
        });
        setLine({ answer, scheduled: mode === "schedule" });
        setPhase("done");
        void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
        onChanged?.();
        return;
      }
      for (const [index, item] of items.entries()) {
        setProgress({ current: index + 1, total: items.length });
        const name = item.contact.full_name;
        if (!isReady(item)) {
          result.failed.push({ name, reason: MESSAGES.bulk.missing });
          continue;
        }
        const draft = { subject: item.subject.trim(), body: item.body };
        try {
          if (sequenceId) {
            const { refused } = await enrollContacts(sequenceId, {
              contact_ids: [item.contact.id],
              ...draft,
              email_format: item.format ?? null,
              scheduled_at: mode === "schedule" ? scheduledAt : null,
            });
            if (refused.length > 0) {
              result.failed.push({ name, reason: refused[0].detail });
              continue;
            }
          }
          result.success.push(name);
        } catch (error) {
          const fallback =
            mode === "send" ? MESSAGES.email.sendFailed : MESSAGES.bulk.scheduleFailed(name);
          result.failed.push({ name, reason: errorDetail(error, fallback) });
        }
      }
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.bulk.sendFailed));
      if (!sequenceValue) {
        setPhase("compose");
        return;
      }
    }
    setOutcome(result);
    setPhase("done");
    if (sequenceValue) invalidateSequences();
    void queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY });
    onChanged?.();
  };

  // Sending to many people cannot be undone: Send All asks once more, naming how many.
  const [confirmingSend, setConfirmingSend] = useState(false);
  const ready = items.filter(isReady).length;
  const fellBack = items.filter((item) => isReady(item) && item.fallback_reason).length;
  const busy = generating !== null || phase === "running";

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => phase !== "running" && onOpenChange(next)}
        title="Bulk Email"
        description={
          valid.length > 0
            ? `${valid.length} contact${valid.length === 1 ? "" : "s"} selected · ${ready} ready`
            : undefined
        }
        className="sm:max-w-3xl"
      >
        {valid.length === 0 ? (
          <p role="alert" className="text-sm text-slate-700">
            {MESSAGES.bulk.noneSelected}
          </p>
        ) : copyMode ? (
          <p role="alert" className="text-sm text-slate-700" data-testid="bulk-copy-mode">
            You are in copy mode, so Reachout can't send emails for you. Open each contact's Email
            button to write, copy and mark an email sent, or connect Gmail or Outlook on your
            Account page to send in bulk.
          </p>
        ) : phase === "done" && line ? (
          <BulkSendLine
            answer={line.answer}
            scheduled={line.scheduled}
            names={new Map(items.map((item) => [item.contact.id, item.contact.full_name]))}
            onClose={() => onOpenChange(false)}
          />
        ) : phase === "done" && outcome ? (
          <BulkOutcome outcome={outcome} onClose={() => onOpenChange(false)} />
        ) : (
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
                    checked={format === value}
                    onChange={() => setFormat(value)}
                    className="accent-brand-600"
                  />
                  {value === "original" ? "Personalize (warm)" : "Precision (short, direct)"}
                </label>
              ))}
              <Button onClick={generateAll} disabled={busy || ready === items.length}>
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
                  onEdit={(change) => update(item.contact.id, change)}
                />
              ))}
            </ul>

            <div className="sm:max-w-md">
              <SequencePicker value={sequenceValue} onChange={setSequenceValue} disabled={busy} />
            </div>

            {fellBack > 0 ? (
              <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                {MESSAGES.bulk.fellBack(fellBack, items.length)}
              </p>
            ) : null}

            {phase === "running" ? <Progress {...progress} /> : null}
            {blocked ? (
              <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {blocked}
              </p>
            ) : null}

            {confirmingSend ? (
              <fieldset className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
                <legend className="sr-only">Confirm sending</legend>
                <p className="text-sm text-amber-900">
                  Send {items.length} email{items.length === 1 ? "" : "s"} now from your {mailbox}?
                  Sent emails cannot be recalled.
                </p>
                <div className="flex shrink-0 gap-2">
                  <Button variant="secondary" onClick={() => setConfirmingSend(false)}>
                    Back
                  </Button>
                  <Button
                    autoFocus
                    onClick={() => {
                      setConfirmingSend(false);
                      void run("send");
                    }}
                  >
                    <Send className="size-4" aria-hidden />
                    Send {items.length} Email{items.length === 1 ? "" : "s"}
                  </Button>
                </div>
              </fieldset>
            ) : (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => checkReady() && gate.require() && setScheduleOpen(true)}
                >
                  <CalendarClock className="size-4" aria-hidden />
                  Schedule All
                </Button>
                <Button
                  disabled={busy}
                  onClick={() => checkReady() && gate.require() && setConfirmingSend(true)}
                >
                  <Send className="size-4" aria-hidden />
                  Send All
                </Button>
              </div>
            )}
          </div>
        )}
      </Dialog>
      <ScheduleEmailDialog
        open={scheduleOpen}
        onOpenChange={setScheduleOpen}
        to={`${items.length} contacts`}
        subject={items[0]?.subject ?? ""}
        body={
          items[0]
            ? `${items[0].body}\n\n(Each contact gets their own generated email; this is ${items[0].contact.full_name}'s.)`
            : ""
        }
        onSchedule={async (scheduledAt) => {
          setScheduleOpen(false);
          await run("schedule", scheduledAt);
        }}
      />
      {gate.prompt}
    </>
  );
}

function Progress({ current, total }: { current: number; total: number }) {
  const percent = total ? Math.round((current / total) * 100) : 0;
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        Sending {current} of {total}
      </p>
      <div
        role="progressbar"
        aria-label="Bulk email progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function BulkOutcome({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const headline =
    outcome.mode === "send"
      ? MESSAGES.bulk.result(outcome.success.length, outcome.failed.length)
      : `Scheduled ${outcome.success.length} emails, ${outcome.failed.length} failed`;
  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-slate-900">
        {headline}
      </p>
      {outcome.success.length > 0 ? (
        <section aria-label="Succeeded">
          <h3 className="mb-2 text-sm font-semibold text-emerald-700">
            {outcome.mode === "send" ? "Sent" : "Scheduled"}
          </h3>
          <ul className="space-y-1 text-sm">
            {outcome.success.map((name) => (
              <li key={name} className="flex items-center gap-2 text-slate-700">
                <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
                {name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {outcome.failed.length > 0 ? (
        <section aria-label="Failed">
          <h3 className="mb-2 text-sm font-semibold text-red-700">Failed</h3>
          <ul className="space-y-1 text-sm">
            {outcome.failed.map((failure) => (
              <li key={failure.name} className="flex items-start gap-2 text-slate-700">
                <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
                <span>
                  <span className="font-medium">{failure.name}</span>: {failure.reason}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}
