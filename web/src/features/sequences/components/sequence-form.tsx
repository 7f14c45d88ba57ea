import {
  DEFAULT_SEQUENCE_STEPS,
  FOLLOW_UP_KIND_LABELS,
  FOLLOW_UP_KINDS,
  type FollowUpKind,
  MAX_SEQUENCE_STEPS,
  type Sequence,
} from "@reachout/contract/sequences";
import { Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormFooter } from "../../../components/ui/form-footer";
import { Input, Label } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import {
  browserTimeZone,
  createSequence,
  splitWait,
  updateSequence,
  WAIT_UNITS,
  type WaitUnit,
} from "../../../lib/sequences";
import { useHealth } from "../../../lib/use-sandbox";

interface StepDraft {
  amount: string;
  unit: WaitUnit;
  kind: FollowUpKind;
}

const toDraft = (step: { wait_minutes: number; email_format: FollowUpKind }): StepDraft => {
  const { amount, unit } = splitWait(step.wait_minutes);
  return { amount: String(amount), unit, kind: step.email_format };
};

/**
 * Creates or edits a sequence: a name, up to ten follow-ups each with its wait (business days
 * or hours; minutes too in sandbox mode) and kind of text, and optional sending hours.
 */
export function SequenceForm({
  sequence,
  onSaved,
  onCancel,
}: {
  sequence?: Sequence;
  onSaved: (saved: Sequence) => void;
  onCancel?: () => void;
}) {
  const health = useHealth();
  const sandbox = health.data?.mode === "sandbox";
  const nameId = useId();
  const [name, setName] = useState(sequence?.name ?? "Follow-ups");
  const [steps, setSteps] = useState<StepDraft[]>(
    (sequence?.steps ?? DEFAULT_SEQUENCE_STEPS).map(toDraft),
  );
  const [hours, setHours] = useState({
    start: sequence?.window_start ?? "",
    end: sequence?.window_end ?? "",
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const units = (Object.keys(WAIT_UNITS) as WaitUnit[]).filter(
    (unit) => unit !== "minutes" || sandbox || steps.some((s) => s.unit === "minutes"),
  );

  const change = (index: number, next: Partial<StepDraft>) =>
    setSteps((current) => current.map((s, i) => (i === index ? { ...s, ...next } : s)));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const body = {
        name,
        steps: steps.map((s) => ({
          wait_minutes: Math.round(Number(s.amount) * WAIT_UNITS[s.unit].minutes),
          email_format: s.kind,
        })),
        window_start: hours.start || null,
        window_end: hours.end || null,
        time_zone: sequence?.time_zone ?? browserTimeZone(),
      };
      onSaved(sequence ? await updateSequence(sequence.id, body) : await createSequence(body));
    } catch (caught) {
      setError(errorDetail(caught, "The sequence could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="space-y-4"
      aria-label={sequence ? `Edit ${sequence.name}` : "New sequence"}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div>
        <Label htmlFor={nameId}>Name</Label>
        <Input id={nameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
      <ol className="space-y-2">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional.
          <li key={index} className="flex flex-wrap items-end gap-2 rounded-lg bg-slate-50 p-3">
            <span className="w-full text-sm font-semibold text-slate-800 sm:w-28">
              Follow-up {index + 1}
            </span>
            <div className="text-sm text-slate-700">
              <span aria-hidden>Wait</span>
              <Input
                type="number"
                min={1}
                step="any"
                aria-label={`Follow-up ${index + 1} wait`}
                value={step.amount}
                onChange={(e) => change(index, { amount: e.target.value })}
                className="mt-1 w-24"
              />
            </div>
            <select
              aria-label={`Follow-up ${index + 1} wait unit`}
              value={step.unit}
              onChange={(e) => change(index, { unit: e.target.value as WaitUnit })}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {units.map((unit) => (
                <option key={unit} value={unit}>
                  {WAIT_UNITS[unit].label}
                </option>
              ))}
            </select>
            <span className="pb-2 text-sm text-slate-600">after the previous email</span>
            <select
              aria-label={`Follow-up ${index + 1} kind`}
              value={step.kind}
              onChange={(e) => change(index, { kind: e.target.value as FollowUpKind })}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            >
              {FOLLOW_UP_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {FOLLOW_UP_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove follow-up ${index + 1}`}
              disabled={steps.length === 1}
              onClick={() => setSteps((current) => current.filter((_, i) => i !== index))}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={steps.length >= MAX_SEQUENCE_STEPS}
        onClick={() =>
          setSteps((current) => [...current, { amount: "3", unit: "days", kind: "close" }])
        }
      >
        <Plus className="size-4" aria-hidden />
        Add follow-up
      </Button>
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Sending hours, business days only, in the recipient's time zone (default 08:00–18:00
          {sandbox ? "; none in sandbox mode unless set" : ""})
        </legend>
        <div className="text-sm text-slate-700">
          <span aria-hidden>From</span>
          <Input
            type="time"
            aria-label="Sending hours from"
            value={hours.start}
            onChange={(e) => setHours((h) => ({ ...h, start: e.target.value }))}
            className="mt-1 w-32"
          />
        </div>
        <div className="text-sm text-slate-700">
          <span aria-hidden>To</span>
          <Input
            type="time"
            aria-label="Sending hours to"
            value={hours.end}
            onChange={(e) => setHours((h) => ({ ...h, end: e.target.value }))}
            className="mt-1 w-32"
          />
        </div>
      </fieldset>
      <FormFooter error={error} onCancel={onCancel} busy={saving}>
        <Button type="submit" disabled={saving}>
          {sequence ? "Save sequence" : "Create sequence"}
        </Button>
      </FormFooter>
    </form>
  );
}
