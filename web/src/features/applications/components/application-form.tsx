import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
} from "@reachout/contract/applications";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FormFooter } from "../../../components/ui/form-footer";
import { Label, Textarea, TextField } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCreateApplication } from "../api/applications";

export function NewApplicationDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: { company?: string };
}) {
  const id = useId();
  const [company, setCompany] = useState(initial?.company ?? "");
  const [role, setRole] = useState("");
  const [postingUrl, setPostingUrl] = useState("");
  const [location, setLocation] = useState("");
  const [stage, setStage] = useState<ApplicationStage>("saved");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApplication();
  /** What company, role and location share: an id, the value and its setter, 200 characters. */
  const text = (name: string, value: string, setValue: (value: string) => void) => ({
    id: `${id}-${name}`,
    value,
    maxLength: 200,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await create.mutateAsync({
        company,
        role,
        stage,
        posting_url: postingUrl || null,
        location: location || null,
        notes: notes || null,
      });
      toast.success(`Added ${created.role} at ${created.company}`);
      setCompany("");
      setRole("");
      setPostingUrl("");
      setLocation("");
      setNotes("");
      setStage("saved");
      onOpenChange(false);
    } catch (failure) {
      setError(errorDetail(failure, "Could not save the application. Please try again."));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New application">
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TextField label="Company" required {...text("company", company, setCompany)} />
        <TextField label="Role" required {...text("role", role, setRole)} />
        <TextField
          id={`${id}-url`}
          label="Posting URL (optional)"
          type="url"
          value={postingUrl}
          onChange={(event) => setPostingUrl(event.target.value)}
          placeholder="https://"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Location (optional)" {...text("location", location, setLocation)} />
          <div>
            <Label htmlFor={`${id}-stage`}>Stage</Label>
            <Select
              id={`${id}-stage`}
              value={stage}
              onChange={(event) => setStage(event.target.value as ApplicationStage)}
            >
              {APPLICATION_STAGES.map((value) => (
                <option key={value} value={value}>
                  {APPLICATION_STAGE_LABELS[value]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div>
          <Label htmlFor={`${id}-notes`}>Notes (optional)</Label>
          <Textarea
            id={`${id}-notes`}
            rows={3}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            maxLength={5000}
          />
        </div>
        <FormFooter error={error} onCancel={() => onOpenChange(false)}>
          <Button type="submit" disabled={create.isPending}>
            Add application
          </Button>
        </FormFooter>
      </form>
    </Dialog>
  );
}
