import { Bell, BellOff } from "lucide-react";
import { cn } from "../../../lib/cn";
import { unlockSound } from "../lib/beep";

export function NotificationsSwitch({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      onClick={() => {
        unlockSound();
        onChange(!enabled);
      }}
      className="inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {enabled ? (
        <Bell className="size-4 text-brand-600" aria-hidden />
      ) : (
        <BellOff className="size-4 text-slate-400" aria-hidden />
      )}
      New contact notifications
      <span
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors",
          enabled ? "bg-brand-600" : "bg-slate-300",
        )}
        aria-hidden
      >
        <span
          className={cn(
            "size-4 rounded-full bg-white shadow transition-transform",
            enabled ? "translate-x-4.5" : "translate-x-0.5",
          )}
        />
      </span>
    </button>
  );
}
