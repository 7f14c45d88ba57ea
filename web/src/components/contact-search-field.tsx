import type { InputHTMLAttributes } from "react";
import { SearchInput } from "./ui/search-input";

/** The "Search contacts" box of a contact list: a magnifier, and a label for screen readers. */
export function ContactSearchField({
  id,
  ...props
}: { id: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return <SearchInput id={id} label="Search contacts" className="flex-1" {...props} />;
}
