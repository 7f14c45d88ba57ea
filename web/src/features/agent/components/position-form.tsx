import type { TargetPosition } from "@reachout/contract/agent";
import {
  DEFAULT_SEARCH_FREQUENCY,
  LIMITS,
  PRIORITIES,
  SEARCH_FREQUENCIES,
} from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { TARGET_ROLES } from "@reachout/contract/roles";
import { Plus, Save } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { RolePicker } from "../../../components/role-picker";
import { Button } from "../../../components/ui/button";
import { Input, Label } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSavePosition } from "../api/positions";

const DEFAULTS = { location: "", priority: 1, frequency: DEFAULT_SEARCH_FREQUENCY };

const roleIdOf = (jobTitle: string) =>
  TARGET_ROLES.find((role) => role.id === jobTitle.trim().toLowerCase())?.id;
const roleName = (id: string) => TARGET_ROLES.find((role) => role.id === id)?.name ?? id;

export interface PositionFormProps {
  credits: number;
  /** The position being edited, or null to add new ones. */
  editing: TargetPosition | null;
  onDone: () => void;
}

/**
 * Add mode: one target position per selected role. Edit mode: the position's fields, prefilled
 * (render it with key={editing.id} so switching positions starts afresh). Cancel or save resets
 * to an empty location, priority 1 and every 12 hours.
 */
export function PositionForm({ credits, editing, onDone }: PositionFormProps) {
  const formId = useId();
  const [roles, setRoles] = useState<string[]>(() => {
    const id = editing && roleIdOf(editing.job_title);
    return id ? [id] : [];
  });
  const [location, setLocation] = useState(editing?.location ?? DEFAULTS.location);
  const [priority, setPriority] = useState(editing?.priority ?? DEFAULTS.priority);
  const [frequency, setFrequency] = useState<number>(
    editing?.search_frequency_hours ?? DEFAULTS.frequency,
  );
  const [locationError, setLocationError] = useState(false);
  const locationRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const save = useSavePosition();

  const reset = () => {
    setRoles([]);
    setLocation(DEFAULTS.location);
    setPriority(DEFAULTS.priority);
    setFrequency(DEFAULTS.frequency);
    setLocationError(false);
  };
  const cancel = () => {
    reset();
    onDone();
  };

  // An edited position may carry a free-text title that is not one of the picker's roles.
  const customTitle = editing && roles.length === 0 ? editing.job_title : null;
  const addDisabled = !editing && credits < LIMITS.agentMinCredits;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (roles.length === 0 && !customTitle) return toast.error(MESSAGES.positions.selectRole);
    if (!location.trim()) {
      setLocationError(true);
      locationRef.current?.focus();
      return;
    }
    if (credits < LIMITS.saveContactMinCredits) {
      return toast.error(MESSAGES.positions.insufficientCredits);
    }
    const base = {
      location: location.trim(),
      priority: priority as 1 | 2 | 3,
      search_frequency_hours: frequency as (typeof SEARCH_FREQUENCIES)[number],
    };
    setBusy(true);
    try {
      if (editing) {
        const jobTitle = customTitle ?? roleName(roles[0]);
        await save.mutateAsync({ id: editing.id, body: { ...base, job_title: jobTitle } });
        toast.success(`Updated ${jobTitle} in ${base.location}`);
      } else {
        let added = 0;
        for (const id of roles) {
          try {
            await save.mutateAsync({ body: { ...base, job_title: roleName(id) } });
            added++;
          } catch (error) {
            toast.error(errorDetail(error, MESSAGES.positions.saveFailed));
          }
        }
        if (added === 0) return;
        toast.success(
          `Added ${added} target position${added === 1 ? "" : "s"} in ${base.location}`,
        );
      }
      reset();
      onDone();
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.positions.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-labelledby={`${formId}-title`}
      noValidate
    >
      <h2 id={`${formId}-title`} className="text-lg font-semibold text-slate-900">
        {editing ? "Edit target position" : "Add target positions"}
      </h2>
      <div>
        <span className="mb-1 block text-sm font-medium text-slate-700">
          {editing ? "Role" : "Roles"}
        </span>
        {customTitle && (
          <p className="mb-2 text-sm text-slate-600">
            Current: <strong>{customTitle}</strong>. Pick a role to replace it.
          </p>
        )}
        <RolePicker
          value={roles}
          onChange={setRoles}
          multiple={!editing}
          label={editing ? "Target role" : "Target roles"}
        />
      </div>
      <div>
        <Label htmlFor={`${formId}-location`}>Location</Label>
        <Input
          id={`${formId}-location`}
          ref={locationRef}
          value={location}
          onChange={(event) => {
            setLocation(event.target.value);
            if (event.target.value.trim()) setLocationError(false);
          }}
          placeholder="e.g. New York"
          maxLength={120}
          required
          aria-invalid={locationError}
          aria-describedby={locationError ? `${formId}-location-error` : undefined}
        />
        {locationError && (
          <p id={`${formId}-location-error`} className="mt-1 text-sm text-red-600">
            Please enter a location
          </p>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${formId}-priority`}>Priority</Label>
          <Select
            id={`${formId}-priority`}
            value={priority}
            onChange={(event) => setPriority(Number(event.target.value))}
          >
            {PRIORITIES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${formId}-frequency`}>Search frequency</Label>
          <Select
            id={`${formId}-frequency`}
            value={frequency}
            onChange={(event) => setFrequency(Number(event.target.value))}
          >
            {SEARCH_FREQUENCIES.map((hours) => (
              <option key={hours} value={hours}>
                Every {hours} hours
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy || addDisabled}>
          {editing ? (
            <Save className="size-4" aria-hidden />
          ) : (
            <Plus className="size-4" aria-hidden />
          )}
          {busy ? "Saving..." : editing ? "Save Changes" : "Add Target Position"}
        </Button>
        {(editing || roles.length > 0 || location) && (
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
        )}
        {addDisabled && <p className="text-sm text-slate-600">{MESSAGES.positions.lowCredits}</p>}
      </div>
    </form>
  );
}
