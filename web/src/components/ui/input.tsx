import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "../../lib/cn";

const FIELD =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    // A caller's own height (h-8 beside small buttons) replaces the default: both classes at
    // once would leave the winner to the stylesheet's order.
    const height = /(^|\s)h-/.test(className ?? "") ? undefined : "h-10";
    return <input ref={ref} className={cn(FIELD, height, className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(FIELD, className)} {...props} />;
});

export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
    <label className={cn("mb-1 block text-sm font-medium text-slate-700", className)} {...props} />
  );
}

/** A field that edits one string: its id, its value, and what to do with a new value. */
export interface StringFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled text box: its label, the Input, and a hint under it when there is one. */
export function TextField({
  id,
  label,
  hint,
  ...props
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
