import { Coins } from "lucide-react";
import { useCreditBalance } from "../lib/use-credits";

/** The user's credit balance as a badge (shared by the contact pages). */
export function CreditsBadge() {
  const { credits } = useCreditBalance();
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
      data-testid="credits-balance"
    >
      <Coins className="size-4" aria-hidden />
      {credits === undefined ? "— credits" : `${credits} credit${credits === 1 ? "" : "s"}`}
    </span>
  );
}
