import type { ReactNode, SelectHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./input";

const SELECT =
  "h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** A select box that matches Input (height, border, focus ring). */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn(SELECT, className)} {...props} />;
}

export interface FilterSelectProps<T extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange" | "children"> {
  id: string;
  label: ReactNode;
  /** The label of the first choice, which turns the filter off ("Any size"). */
  any: string;
  /** The value of that first choice: "" unless the filter calls "off" something else. */
  anyValue?: string;
  options: readonly T[];
  /** What an option reads as; the option itself by default. */
  show?: (option: T) => ReactNode;
  onChange: (value: string) => void;
}

/** A filter's labelled select: "any" first, then one choice per option. */
export function FilterSelect<T extends string>({
  id,
  label,
  any,
  anyValue = "",
  options,
  show = (option) => option,
  onChange,
  ...props
}: FilterSelectProps<T>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} {...props} onChange={(event) => onChange(event.target.value)}>
        <option value={anyValue}>{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {show(option)}
          </option>
        ))}
      </Select>
    </div>
  );
}
