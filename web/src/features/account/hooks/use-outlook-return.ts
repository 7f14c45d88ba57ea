import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { compactToast } from "../../../lib/toast";

/**
 * Back from Microsoft's consent page: ?outlook=connected refreshes every view of the mailbox
 * and says so once; ?outlook=error&message=… shows what went wrong once.
 */
export function useOutlookReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get("outlook");
  const message = params.get("message");

  useEffect(() => {
    if (outcome === "error") {
      compactToast.error(message || "Outlook connection failed. Please try again.");
      setParams({}, { replace: true });
    } else if (outcome === "connected") {
      compactToast.success("Outlook connected. Emails now go out from your Outlook account.");
      void queryClient.invalidateQueries();
      setParams({}, { replace: true });
    }
  }, [outcome, message, setParams, queryClient]);
}
