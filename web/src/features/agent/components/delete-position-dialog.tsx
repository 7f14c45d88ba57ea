import { MESSAGES } from "@reachout/contract/messages";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

export function DeletePositionDialog({
  open,
  name,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Delete target position"
      description={MESSAGES.positions.deleteConfirm}
    >
      <p className="text-sm text-slate-600">
        The agent stops searching for <strong>{name}</strong>. Contacts it already found stay in My
        Network.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
