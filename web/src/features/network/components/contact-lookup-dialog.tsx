import { MESSAGES } from "@reachout/contract/messages";
import { Loader2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

/** A contact opened by link: "Looking up contact..." then, if it is gone, "Contact not found". */
export function ContactLookupDialog({
  state,
  onClose,
}: {
  state: "looking" | "not-found";
  onClose: () => void;
}) {
  if (state === "looking") {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title="Opening contact">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {MESSAGES.network.lookingUp}
        </p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={MESSAGES.network.notFoundTitle}
      description={MESSAGES.network.notFoundText}
    >
      <div className="flex justify-end">
        <Button onClick={onClose}>Back to Agent</Button>
      </div>
    </Dialog>
  );
}
