import { useId } from "react";

/**
 * The "Sort" select (the list's own order, or Warm first) and the "Warm contacts only" switch,
 * alike over the directory, My Network and the agent's lists; `compact` for a list inside a card.
 */
export function WarmSortControls<Order extends string>({
  order,
  own,
  warmOnly,
  onOrder,
  onWarmOnly,
  compact = false,
}: {
  order: Order | "warm";
  /** The list's own order: its value and label ("Newest first", "As found"). */
  own: { value: Order; label: string };
  warmOnly: boolean;
  onOrder: (order: Order | "warm") => void;
  onWarmOnly: (warmOnly: boolean) => void;
  compact?: boolean;
}) {
  const ids = useId();
  return (
    <div
      className={`flex flex-wrap items-center text-slate-700 ${compact ? "gap-x-4 gap-y-1 text-xs" : "gap-x-5 gap-y-2 text-sm"}`}
    >
      <span className={`flex items-center ${compact ? "gap-1.5" : "gap-2"}`}>
        <label htmlFor={`${ids}-order`}>Sort</label>
        <select
          id={`${ids}-order`}
          className={
            compact
              ? "h-8 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-900"
              : "h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
          }
          value={order}
          onChange={(event) => onOrder(event.target.value as Order | "warm")}
        >
          <option value={own.value}>{own.label}</option>
          <option value="warm">Warm first</option>
        </select>
      </span>
      <label className={`flex items-center ${compact ? "gap-1.5" : "gap-2"}`}>
        <input
          type="checkbox"
          className={`accent-brand-600 ${compact ? "size-3.5" : "size-4"}`}
          checked={warmOnly}
          onChange={(event) => onWarmOnly(event.target.checked)}
        />
        Warm contacts only
      </label>
    </div>
  );
}
