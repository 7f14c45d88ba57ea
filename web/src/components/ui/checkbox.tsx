import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A checkbox with its label beside it; the whole label toggles it. */
export function Checkbox({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label's classes beside its flex row (text size and colour, place in a grid). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn("flex items-center gap-2", className)}>
      <input
        type="checkbox"
        className="size-4 accent-brand-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
