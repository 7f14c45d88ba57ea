import { NetworkPageResponse } from "@reachout/contract/contacts";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormFooter } from "../../../components/ui/form-footer";
import { Label, Textarea, TextField } from "../../../components/ui/input";
import { api, errorDetail } from "../../../lib/api";
import { enrollContacts, useInvalidateSequences } from "../../../lib/sequences";
import { toast } from "../../../lib/toast";
import { toggled } from "../../../lib/toggle";

/**
 * Enrols contacts of My Network from the sequence page: one first email (with {{first_name}}
 * and the other template variables filled per contact), then the sequence's follow-ups.
 */
export function EnrollForm({ sequenceId, onDone }: { sequenceId: string; onDone: () => void }) {
  const network = useQuery({
    queryKey: ["network", "all-for-sequences"],
    queryFn: () => api("/api/my-network/mine/all", { schema: NetworkPageResponse }),
  });
  const invalidate = useInvalidateSequences();
  const [picked, setPicked] = useState<string[]>([]);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("Hi {{first_name}},\n\n");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const subjectId = useId();
  const bodyId = useId();
  const reachable = (network.data?.data ?? []).filter((c) => c.email);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await enrollContacts(sequenceId, { contact_ids: picked, subject, body });
      invalidate();
      toast.success(
        `Enrolled ${result.enrolled.length} contact${result.enrolled.length === 1 ? "" : "s"}.`,
      );
      if (result.refused.length > 0) {
        setError(
          result.refused
            .map(
              (r) =>
                `${reachable.find((c) => c.id === r.contact_id)?.full_name ?? r.contact_id}: ${r.detail}`,
            )
            .join(" "),
        );
        return;
      }
      onDone();
    } catch (caught) {
      setError(errorDetail(caught, "The contacts could not be enrolled. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Contacts from My Network
        </legend>
        {network.isLoading ? <p className="text-sm text-slate-500">Loading your network…</p> : null}
        {network.data && reachable.length === 0 ? (
          <p className="text-sm text-slate-600">
            No contact of your network has an email address yet.
          </p>
        ) : null}
        <ul className="max-h-48 space-y-1 overflow-y-auto">
          {reachable.map((contact) => (
            <li key={contact.id}>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="accent-brand-600"
                  checked={picked.includes(contact.id)}
                  onChange={(e) =>
                    setPicked((current) => toggled(current, contact.id, e.target.checked))
                  }
                />
                {contact.full_name}
                {contact.company ? (
                  <span className="text-slate-500">· {contact.company}</span>
                ) : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        id={subjectId}
        label="First email subject"
        value={subject}
        maxLength={300}
        onChange={(e) => setSubject(e.target.value)}
      />
      <div>
        <Label htmlFor={bodyId}>First email body</Label>
        <Textarea id={bodyId} rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
        <p className="mt-1 text-xs text-slate-500">
          {"{{first_name}}, {{company}} and the other template variables are filled per contact."}
        </p>
      </div>
      <FormFooter error={error} onCancel={onDone} busy={busy}>
        <Button
          onClick={submit}
          disabled={busy || picked.length === 0 || !subject.trim() || !body.trim()}
        >
          Enrol {picked.length || ""} contact{picked.length === 1 ? "" : "s"}
        </Button>
      </FormFooter>
    </div>
  );
}
