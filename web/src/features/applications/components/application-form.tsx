import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
} from "@reachout/contract/applications";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Input, Label, Textarea } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCreateApplication } from "../api/applications";

const SELECT =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

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
        <div>
          <Label htmlFor={`${id}-company`}>Company</Label>
          <Input
            id={`${id}-company`}
            value={company}
            onChange={(event) => setCompany(event.target.value)}
            required
            maxLength={200}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-role`}>Role</Label>
          <Input
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value)}
            required
            maxLength={200}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-url`}>Posting URL (optional)</Label>
          <Input
            id={`${id}-url`}
            type="url"
            value={postingUrl}
            onChange={(event) => setPostingUrl(event.target.value)}
            placeholder="https://"
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-location`}>Location (optional)</Label>
            <Input
              id={`${id}-location`}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              maxLength={200}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-stage`}>Stage</Label>
            <select
              id={`${id}-stage`}
              className={SELECT}
              value={stage}
              onChange={(event) => setStage(event.target.value as ApplicationStage)}
            >
              {APPLICATION_STAGES.map((value) => (
                <option key={value} value={value}>
                  {APPLICATION_STAGE_LABELS[value]}
                </option>
              ))}
            </select>
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
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            Add application
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
