import { MESSAGES } from "@reachout/contract/messages";
import { Megaphone } from "lucide-react";
import { errorDetail } from "../../../../lib/api";
import { toast } from "../../../../lib/toast";
import { runSalesCampaign } from "../../api/emails";
import { AdminActionButton } from "../admin-action-button";

/** Admin-only "Send Mass Student Sales Emails" (hidden for others; the server checks too). */
export function SalesCampaignButton({ onDone }: { onDone?: () => void }) {
  const run = async () => {
    try {
      const result = await runSalesCampaign();
      toast.success(
        `Queued ${result.sent} sales email${result.sent === 1 ? "" : "s"} to students${result.failed ? `; ${result.failed} without a usable address` : ""}.`,
      );
      onDone?.();
    } catch (error) {
      toast.error(errorDetail(error, MESSAGES.admin.salesFailed));
    }
  };
  return (
    <AdminActionButton
      icon={Megaphone}
      label="Send Mass Student Sales Emails"
      busyLabel="Sending..."
      onRun={run}
    />
  );
}
