import { DEFAULT_SEQUENCE_STEPS } from "@reachout/contract/sequences";
import { useId } from "react";
import { Label } from "../../../../components/ui/input";
import {
  browserTimeZone,
  createSequence,
  describeWait,
  useSequences,
} from "../../../../lib/sequences";

/** The value standing for "create the default sequence when it is first used". */
export const DEFAULT_SEQUENCE = "default";
export const NO_FOLLOW_UPS = "";
const DEFAULT_NAME = "Follow-ups after 3 and 7 business days";

/** The id to enrol into: the picked sequence, or the default one created now. */
export async function resolveSequenceId(value: string): Promise<string> {
  if (value !== DEFAULT_SEQUENCE) return value;
  const created = await createSequence({
    name: DEFAULT_NAME,
    steps: DEFAULT_SEQUENCE_STEPS.map((step) => ({ ...step })),
    time_zone: browserTimeZone(),
  });
  return created.id;
}

/**
 * "Follow-ups": none, one of the student's sequences, or (when they have none yet) the default
 * follow-ups after 3 and 7 business days.
 */
export function SequencePicker({
  value,
  onChange,
  disabled,
  allowNone = true,
  label = "Follow-ups",
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  allowNone?: boolean;
  label?: string;
}) {
  const id = useId();
  const sequences = useSequences();
  const list = sequences.data ?? [];
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled || sequences.isLoading}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
      >
        {allowNone ? <option value={NO_FOLLOW_UPS}>No follow-ups</option> : null}
        {list.length === 0 ? <option value={DEFAULT_SEQUENCE}>{DEFAULT_NAME}</option> : null}
        {list.map((sequence) => (
          <option key={sequence.id} value={sequence.id}>
            {sequence.name} (
            {sequence.steps.map((s) => describeWait(s.wait_minutes)).join(", then ")})
          </option>
        ))}
      </select>
    </div>
  );
}
