import type { TargetPosition } from "@reachout/contract/agent";
import { MESSAGES } from "@reachout/contract/messages";
import { Target } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { errorDetail } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useDeletePosition } from "../api/positions";
import { DeletePositionDialog } from "./delete-position-dialog";
import { PositionItem } from "./position-item";

export interface PositionListProps {
  positions: TargetPosition[] | undefined;
  isError: boolean;
  onRetry: () => void;
  credits: number;
  onEdit: (position: TargetPosition) => void;
  /** Called after a position was deleted (the form may be editing it). */
  onDeleted: (id: string) => void;
}

export function PositionList({
  positions,
  isError,
  onRetry,
  credits,
  onEdit,
  onDeleted,
}: PositionListProps) {
  const [deleting, setDeleting] = useState<TargetPosition | null>(null);
  const remove = useDeletePosition();

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, job_title } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(`Deleted ${job_title}`);
        onDeleted(id);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorDetail(error, MESSAGES.positions.deleteFailed)),
    });
  };

  if (isError && !positions) {
    return (
      <div
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        role="alert"
      >
        <p>{MESSAGES.positions.loadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!positions) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label="Loading target positions">
        {[0, 1].map((i) => (
          <li key={i} className="h-32 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </ul>
    );
  }
  if (positions.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <Target className="size-8 text-brand-500" aria-hidden />
        <p className="font-medium text-slate-900">No target positions yet</p>
        <p className="max-w-sm text-sm text-slate-600">
          Pick the roles you want and a location. The agent searches for the people who hire for
          them and saves them to My Network.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Target positions">
        {positions.map((position) => (
          <PositionItem
            key={position.id}
            position={position}
            credits={credits}
            onEdit={onEdit}
            onDelete={setDeleting}
          />
        ))}
      </ul>
      <DeletePositionDialog
        open={deleting !== null}
        name={deleting ? `${deleting.job_title} in ${deleting.location}` : ""}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
