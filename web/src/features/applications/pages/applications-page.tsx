import { APPLICATION_STAGE_LABELS, type Application } from "@reachout/contract/applications";
import { Briefcase, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ListLoadFailed, ListLoading } from "../../../components/list-states";
import { Button } from "../../../components/ui/button";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useApplications, useDeleteApplication, useMoveApplication } from "../api/applications";
import { ApplicationBoard } from "../components/application-board";
import { NewApplicationDialog } from "../components/application-form";
import { LinkContactsDialog } from "../components/link-contacts-dialog";

/** /applications: the jobs a student wants, one column per stage, with the outreach for each. */
export default function ApplicationsPage() {
  const applications = useApplications();
  const move = useMoveApplication();
  const remove = useDeleteApplication();
  const [creating, setCreating] = useState(false);
  const [linking, setLinking] = useState<Application | null>(null);

  const moveTo = async (application: Application, stage: Application["stage"]) => {
    try {
      await move(application.id, stage);
      toast.success(`Moved to ${APPLICATION_STAGE_LABELS[stage]}`);
    } catch (error) {
      toast.error(errorDetail(error, "Could not move the application. Please try again."));
    }
  };
  const deleteOne = async (application: Application) => {
    if (!window.confirm(`Delete ${application.role} at ${application.company}?`)) return;
    try {
      await remove.mutateAsync(application.id);
    } catch (error) {
      toast.error(errorDetail(error, "Could not delete the application. Please try again."));
    }
  };

  return (
    <section className="mx-auto flex max-w-[100rem] flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Applications</h1>
          <p className="mt-1 text-sm text-slate-600">
            The jobs you want, the people you wrote to there, and where each one stands. See what
            earns replies in{" "}
            <Link to="/insights" className="text-brand-700 underline">
              Insights
            </Link>
            .
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          New application
        </Button>
      </header>

      {applications.isLoading ? <ListLoading label="Loading your applications…" /> : null}
      {applications.isError ? (
        <ListLoadFailed
          message="Could not load your applications."
          onRetry={() => void applications.refetch()}
        />
      ) : null}
      {applications.data?.length === 0 ? (
        <NoApplications onAdd={() => setCreating(true)} />
      ) : applications.data ? (
        <ApplicationBoard
          applications={applications.data}
          onMove={moveTo}
          onLinkContacts={setLinking}
          onDelete={deleteOne}
        />
      ) : null}

      <NewApplicationDialog open={creating} onOpenChange={setCreating} />
      <LinkContactsDialog
        application={linking}
        onOpenChange={(open) => (open ? undefined : setLinking(null))}
      />
    </section>
  );
}

/** Instead of six empty columns: what the board is for and the one step that starts it. */
function NoApplications({ onAdd }: { onAdd: () => void }) {
  return (
    <div
      data-testid="applications-empty"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Briefcase className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-slate-900">No applications yet</h2>
      <p className="max-w-md text-sm text-slate-600">
        Add a job you want (the company and the role) to follow it from Saved to Offer, with the
        people you wrote to there and who replied.
      </p>
      <Button onClick={onAdd}>
        <Plus className="size-4" aria-hidden />
        Add your first application
      </Button>
    </div>
  );
}
