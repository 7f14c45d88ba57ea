import { useQueryClient } from "@tanstack/react-query";
import { Briefcase } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { errorDetail } from "../lib/api";
import { APPLICATIONS_KEY, linkEmailToApplication, useApplications } from "../lib/applications";
import { toast } from "../lib/toast";
import { Button } from "./ui/button";

/** After a send: links the email (and its contact) to one of the student's applications. */
export function LinkToApplication({ emailId }: { emailId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const applications = useApplications();
  const [chosen, setChosen] = useState("");
  const [linked, setLinked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (linked) {
    return (
      <p role="status" className="text-sm text-emerald-700">
        Linked to {linked}.
      </p>
    );
  }
  const list = applications.data ?? [];
  const link = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const application = await linkEmailToApplication(chosen, emailId);
      setLinked(`${application.role} at ${application.company}`);
      void queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY });
    } catch (error) {
      toast.error(errorDetail(error, "Could not link the email. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2 text-sm">
      <Briefcase className="size-4 text-slate-500" aria-hidden />
      {list.length === 0 ? (
        <span className="text-slate-600">
          Track this outreach with an{" "}
          <Link to="/applications" className="text-brand-700 underline">
            application
          </Link>
          .
        </span>
      ) : (
        <>
          <label htmlFor={id} className="text-slate-700">
            Link this email to an application
          </label>
          <select
            id={id}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">Choose…</option>
            {list.map((application) => (
              <option key={application.id} value={application.id}>
                {application.role} at {application.company}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" onClick={link} disabled={!chosen || busy}>
            Link
          </Button>
        </>
      )}
    </div>
  );
}
