import { useState } from "react";
import { SetupPrompt } from "../../../../components/setup-prompt";
import { ApiError } from "../../../../lib/api";
import { isSetupComplete, missingSetup, useSetupStatus } from "../../../../lib/use-setup-status";

/**
 * Guards writing and sending: `require()` opens "Complete Your Setup" when the resume or Gmail
 * is missing; `explain(error)` does the same after the server refused with 409 (for instance
 * a Gmail grant revoked since the page loaded). Render `prompt` once in the caller.
 */
export function useSetupGate() {
  const status = useSetupStatus();
  const [open, setOpen] = useState(false);
  const missing = missingSetup(status.data);

  const require = () => {
    if (status.data && !isSetupComplete(missing)) {
      setOpen(true);
      return false;
    }
    return true;
  };

  /** True when the error was a missing setup step (and the prompt is now open). */
  const explain = async (error: unknown): Promise<boolean> => {
    if (!(error instanceof ApiError) || error.status !== 409) return false;
    const fresh = await status.refetch();
    if (fresh.data && !isSetupComplete(missingSetup(fresh.data))) {
      setOpen(true);
      return true;
    }
    return false;
  };

  const prompt = <SetupPrompt open={open} onOpenChange={setOpen} missing={missing} />;
  return { require, explain, prompt };
}
