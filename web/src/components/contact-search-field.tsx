import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { Input } from "./ui/input";

/** The "Search contacts" box of a contact list: a magnifier, and a label for screen readers. */
export function ContactSearchField({
  id,
  ...props
}: { id: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        Search contacts
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input id={id} type="search" className="pl-9" {...props} />
    </div>
  );
}
