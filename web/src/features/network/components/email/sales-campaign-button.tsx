import { MESSAGES } from "@reachout/contract/messages";
import { Megaphone } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../components/ui/button";
import { errorDetail } from "../../../../lib/api";
import { toast } from "../../../../lib/toast";
import { useIsAdmin } from "../../../../lib/use-session";
import { runSalesCampaign } from "../../api/emails";

/** Admin-only "Send Mass Student Sales Emails" (hidden for others; the server checks too). */
export function SalesCampaignButton({ onDone }: { onDone?: () => void }) {
  const isAdmin = useIsAdmin();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const run = async () => {
    setBusy(true);
    try {
      const result = await runSalesCampaign();
      toast.success(
        `Queued ${result.sent} sales email${result.sent === 1 ? "" : "s"} to students${result.failed ? `; ${result.failed} without a usable address` : ""}.`,
      );
      onDone?.();
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.admin.salesFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={run} disabled={busy}>
      <Megaphone className="size-4" aria-hidden />
      {busy ? "Sending..." : "Send Mass Student Sales Emails"}
    </Button>
  );
}
