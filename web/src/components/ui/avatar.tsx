import { cn } from "../../lib/cn";

/** "Grace Brewster Hopper" → "GB": the first letters of the first two words. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** A person's initials in a circle; hidden from screen readers, since the name stands beside it. */
export function InitialsAvatar({ name, className }: { name: string; className: string }) {
  return (
    <div
      aria-hidden
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
        className,
      )}
    >
      {initials(name)}
    </div>
  );
}
