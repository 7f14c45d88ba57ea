import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { Input } from "./input";

/**
 * A search box with a magnifier inside its left edge. `label` names it for screen readers
 * (with `id`); `className` goes to the box around it, which sizes it in its row. A box with a
 * look of its own (a page's hero) gives the magnifier's size and place and the input's classes.
 */
export function SearchInput({
  id,
  label,
  className,
  iconClassName = "left-3 size-4",
  inputClassName,
  ...props
}: {
  label?: string;
  iconClassName?: string;
  inputClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <div className={cn("relative", className)}>
      {label ? (
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
      ) : null}
      <Search
        className={cn(
          "pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400",
          iconClassName,
        )}
        aria-hidden
      />
      {inputClassName ? (
        <input id={id} type="search" className={inputClassName} {...props} />
      ) : (
        <Input id={id} type="search" className="pl-9" {...props} />
      )}
    </div>
  );
}
