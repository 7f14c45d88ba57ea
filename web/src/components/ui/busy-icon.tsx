import { Loader2, type LucideIcon } from "lucide-react";
import { cn } from "../../lib/cn";

/** A button's icon, turned into a spinner while the button's action runs. */
export function BusyIcon({ busy, icon }: { busy: boolean; icon?: LucideIcon }) {
  const Icon = busy ? Loader2 : icon;
  if (!Icon) return null;
  return <Icon className={cn("size-4", busy && "animate-spin")} aria-hidden />;
}
