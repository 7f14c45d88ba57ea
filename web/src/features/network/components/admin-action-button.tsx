import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { useIsAdmin } from "../../../lib/use-session";

/**
 * A button only admins see (the server checks too), busy while its action runs. The action
 * reports its own success and failure.
 */
export function AdminActionButton({
  icon: Icon,
  label,
  busyLabel,
  onRun,
}: {
  icon: LucideIcon;
  label: string;
  busyLabel: string;
  onRun: () => Promise<void>;
}) {
  const isAdmin = useIsAdmin();
  const [busy, setBusy] = useState(false);
  if (!isAdmin) return null;
  const run = async () => {
    setBusy(true);
    try {
      await onRun();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={run} disabled={busy}>
      <Icon className="size-4" aria-hidden />
      {busy ? busyLabel : label}
    </Button>
  );
}
