import { MESSAGES } from "@reachout/contract/messages";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useReducer, useRef } from "react";
import { errorDetail } from "../../../../lib/api";
import { enrollContacts, useInvalidateSequences } from "../../../../lib/sequences";
import { toast } from "../../../../lib/toast";
import { useSession } from "../../../../lib/use-session";
import { useSetupStatus } from "../../../../lib/use-setup-status";
import { refreshEmails, useGenerateEmail, useQueueBulkEmails } from "../../api/emails";
import type { BulkItem } from "./bulk-email-item";
import { bulk, isReady, NO_BULK, type Outcome } from "./bulk-state";
import { companyVariants } from "./bulk-variants";
import type { EmailContact } from "./email-contact";
import { resolveSequenceId } from "./sequence-picker";
import { useSetupGate } from "./use-setup-gate";

export interface BulkEmailOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contacts: EmailContact[];
  onChanged?: () => void;
}

/**
 * The bulk email dialog's state and actions: an email generated per contact, then all of them
 * queued on the mailbox's line, or enrolled one by one when follow-ups are chosen.
 */
export function useBulkEmail({ open, contacts, onChanged }: BulkEmailOptions) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const gate = useSetupGate();
  const copyMode = Boolean(useSetupStatus().data?.copy_mode);
  const valid = useMemo(() => contacts.filter((c) => c.id && c.full_name), [contacts]);
  const [state, dispatch] = useReducer(bulk, NO_BULK);
  const writer = useGenerateEmail();
  const queue = useQueueBulkEmails();
  const invalidateSequences = useInvalidateSequences();
  const { items, format, sequenceValue } = state;

  // A fresh start each time the dialog opens (not on every re-render of the page behind it).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current) dispatch({ type: "opened", contacts: valid });
    wasOpen.current = open;
  }, [open, valid]);

  const update = (id: string, change: Partial<BulkItem>) =>
    dispatch({ type: "item-changed", id, change });

  const generateAll = async () => {
    if (!gate.require()) return;
    dispatch({ type: "blocked", message: null });
    const targets = items.filter((item) => !isReady(item));
    // People at one company get different variants: their texts differ beyond the name.
    const variants = companyVariants(items.map((item) => item.contact));
    for (const [index, item] of targets.entries()) {
      dispatch({ type: "generating", count: { current: index + 1, total: targets.length } });
      update(item.contact.id, { state: "generating", error: undefined });
      try {
        const email = await writer.mutateAsync({
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
    dispatch({ type: "generating", count: null });
  };

  /** Sending is blocked until every contact has a generated email (spec). */
  const checkReady = (): boolean => {
    const missing = items.filter((item) => !isReady(item)).length;
    dispatch({ type: "blocked", message: missing > 0 ? MESSAGES.bulk.incomplete(missing) : null });
    return missing === 0;
  };

  /** Each email the first of a sequence, enrolled one contact at a time for per-contact results. */
  const enrollEach = async (sequenceId: string, result: Outcome, scheduledAt?: string) => {
    for (const [index, item] of items.entries()) {
      dispatch({ type: "progressed", progress: { current: index + 1, total: items.length } });
      const name = item.contact.full_name;
      if (!isReady(item)) {
        result.failed.push({ name, reason: MESSAGES.bulk.missing });
        continue;
      }
      try {
        const { refused } = await enrollContacts(sequenceId, {
          contact_ids: [item.contact.id],
          subject: item.subject.trim(),
          body: item.body,
          email_format: item.format ?? null,
          scheduled_at: result.mode === "schedule" ? scheduledAt : null,
        });
        if (refused.length > 0) result.failed.push({ name, reason: refused[0].detail });
        else result.success.push(name);
      } catch (error) {
        const fallback =
          result.mode === "send" ? MESSAGES.email.sendFailed : MESSAGES.bulk.scheduleFailed(name);
        result.failed.push({ name, reason: errorDetail(error, fallback) });
      }
    }
  };

  const run = async (mode: Outcome["mode"], scheduledAt?: string) => {
    const result: Outcome = { mode, success: [], failed: [] };
    dispatch({ type: "progressed", progress: { current: 0, total: items.length } });
    try {
      const sequenceId = sequenceValue ? await resolveSequenceId(sequenceValue) : null;
      if (!sequenceId) {
        // One request: every email on the mailbox's line, spaced and capped like sequences.
        const answer = await queue.mutateAsync({
          emails: items.filter(isReady).map((item) => ({
            contact_id: item.contact.id,
            subject: item.subject.trim(),
            body: item.body,
            email_format: item.format ?? null,
          })),
          scheduled_at: mode === "schedule" ? scheduledAt : null,
        });
        dispatch({ type: "queued", line: { answer, scheduled: mode === "schedule" } });
        onChanged?.();
        return;
      }
      await enrollEach(sequenceId, result, scheduledAt);
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.bulk.sendFailed));
      if (!sequenceValue) {
        dispatch({ type: "run-abandoned" });
        return;
      }
    }
    dispatch({ type: "finished", outcome: result });
    invalidateSequences();
    refreshEmails(queryClient);
    onChanged?.();
  };

  const ready = items.filter(isReady).length;
  return {
    state,
    dispatch,
    valid,
    copyMode,
    gate,
    ready,
    fellBack: items.filter((item) => isReady(item) && item.fallback_reason).length,
    busy: state.generating !== null || state.phase === "running",
    update,
    generateAll,
    run,
    /** Schedule All or Send All: only with every email ready and the setup complete. */
    confirm: (step: "send" | "schedule") =>
      checkReady() && gate.require() && dispatch({ type: "confirming", confirming: step }),
    sendNow: () => {
      dispatch({ type: "confirming", confirming: null });
      void run("send");
    },
    scheduleAt: async (scheduledAt: string) => {
      dispatch({ type: "confirming", confirming: null });
      await run("schedule", scheduledAt);
    },
  };
}

export type BulkEmail = ReturnType<typeof useBulkEmail>;
