import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { FormFooter } from "../../../components/ui/form-footer";

/** The "Remove Contacts" confirmation. */
export function RemoveDialog({
  open,
  count,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Remove Contacts"
      description={`Remove ${count} contact${count === 1 ? "" : "s"} from My Network? Emails still scheduled to them are cancelled. Credits spent are not refunded.`}
    >
      <FormFooter onCancel={() => onOpenChange(false)} busy={busy}>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          <BusyIcon busy={busy} />
          {busy ? "Removing..." : "Remove"}
        </Button>
      </FormFooter>
    </Dialog>
  );
}
