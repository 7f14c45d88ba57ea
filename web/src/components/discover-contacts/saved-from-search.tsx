import type { ContactSearchResponse } from "@reachout/contract/contacts";
import type { ReactNode } from "react";
import { Link } from "react-router";

const LOOKS = {
  /** A page of its own (/discover): a section with a large title. */
  page: {
    row: "flex items-end justify-between gap-3",
    title: "text-xl font-semibold text-slate-900",
    empty:
      "rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700",
  },
  /** Under the form in a card (the agent page). */
  panel: {
    row: "mb-2 flex items-center justify-between gap-3",
    title: "text-sm font-semibold text-slate-900",
    empty: "text-sm text-slate-600",
  },
} as const;

/**
 * What the last Discover Contacts search saved: how many, the way to My Network, then `children`
 * (the contacts), or a hint to widen the search when it saved nobody new.
 */
export function SavedFromSearch({
  result,
  look,
  titleId,
  children,
}: {
  result: ContactSearchResponse;
  look: keyof typeof LOOKS;
  titleId?: string;
  children: ReactNode;
}) {
  const style = LOOKS[look];
  const Title = look === "page" ? "h2" : "h3";
  return (
    <>
      <div className={style.row}>
        <Title id={titleId} className={style.title}>
          Saved from this search ({result.saved})
        </Title>
        <Link to="/my-network" className="text-sm font-medium text-brand-700 hover:underline">
          Open My Network
        </Link>
      </div>
      {result.data.length === 0 ? (
        <p className={style.empty}>
          No new contacts matched. Try a broader title or another location.
        </p>
      ) : (
        children
      )}
    </>
  );
}
