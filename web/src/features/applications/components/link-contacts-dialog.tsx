import type { Application } from "@reachout/contract/applications";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSetApplicationContacts, useSuggestions } from "../api/applications";

/**
 * The application's contacts: those linked, and the My Network people at the same company
 * suggested for linking. Saving sends the whole set.
 */
export function LinkContactsDialog({
  application,
  onOpenChange,
}: {
  application: Application | null;
  onOpenChange: (open: boolean) => void;
}) {
  const open = application !== null;
  const suggestions = useSuggestions(application?.id ?? "", open);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const save = useSetApplicationContacts();

  useEffect(() => {
    setChosen(new Set(application?.contacts.map((contact) => contact.contact_id) ?? []));
  }, [application]);

  if (!application) return null;
  const people = [
    ...application.contacts.map((contact) => ({ ...contact, isLinked: true })),
    ...(suggestions.data ?? []).map((contact) => ({ ...contact, isLinked: false })),
  ];
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    try {
      await save.mutateAsync({ id: application.id, contactIds: [...chosen] });
      toast.success(`Contacts of ${application.company} saved`);
      onOpenChange(false);
    } catch (failure) {
      toast.error(errorDetail(failure, "Could not link the contacts. Please try again."));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Contacts for ${application.role} at ${application.company}`}
      description="People in My Network at this company. Their emails count towards this application."
    >
      {suggestions.isLoading ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {people.length === 0 && !suggestions.isLoading ? (
        <p className="text-sm text-slate-600">
          Nobody in My Network works at {application.company} yet. Use “Find people here” to find
          some.
        </p>
      ) : null}
      <ul className="max-h-80 space-y-1 overflow-y-auto">
        {people.map((person) => (
          <li key={person.contact_id}>
            <label className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50">
              <input
                type="checkbox"
                checked={chosen.has(person.contact_id)}
                onChange={() => toggle(person.contact_id)}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{person.full_name}</span>
                <span className="block truncate text-xs text-slate-500">{person.title}</span>
              </span>
              {person.isLinked ? null : <Badge tone="brand">Suggested</Badge>}
              <Badge>{person.status}</Badge>
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={save.isPending}>
          Save contacts
        </Button>
      </div>
    </Dialog>
  );
}
