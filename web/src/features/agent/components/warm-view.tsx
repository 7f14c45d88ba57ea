import type { NetworkContact } from "@reachout/contract/contacts";
import { useId, useState } from "react";
import { isWarm, warmFirst } from "../../../lib/warmth";

/**
 * "Warm first" and "Warm contacts only" over an agent result list. The agent's lists arrive
 * whole (a position's contacts, one search's saves), so ordering them here is exact.
 */
export function useWarmView(contacts: NetworkContact[]) {
  const ids = useId();
  const [order, setOrder] = useState<"found" | "warm">("found");
  const [warmOnly, setWarmOnly] = useState(false);
  const kept = warmOnly ? contacts.filter(isWarm) : contacts;
  const shown = order === "warm" ? warmFirst(kept) : kept;
  const controls = (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
      <label htmlFor={`${ids}-order`} className="flex items-center gap-1.5">
        Sort
        <select
          id={`${ids}-order`}
          className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-900"
          value={order}
          onChange={(event) => setOrder(event.target.value as "found" | "warm")}
        >
          <option value="found">As found</option>
          <option value="warm">Warm first</option>
        </select>
      </label>
      <label className="flex items-center gap-1.5">
        <input
          type="checkbox"
          className="size-3.5 accent-brand-600"
          checked={warmOnly}
          onChange={(event) => setWarmOnly(event.target.checked)}
        />
        Warm contacts only
      </label>
    </div>
  );
  return { shown, controls };
}
