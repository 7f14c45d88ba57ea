import type { NetworkContact } from "@reachout/contract/contacts";
import { useState } from "react";
import { WarmSortControls } from "../../../components/warm-sort-controls";
import { isWarm, warmFirst } from "../../../lib/warmth";

/**
 * "Warm first" and "Warm contacts only" over an agent result list. The agent's lists arrive
 * whole (a position's contacts, one search's saves), so ordering them here is exact.
 */
export function useWarmView(contacts: NetworkContact[]) {
  const [order, setOrder] = useState<"found" | "warm">("found");
  const [warmOnly, setWarmOnly] = useState(false);
  const kept = warmOnly ? contacts.filter(isWarm) : contacts;
  const shown = order === "warm" ? warmFirst(kept) : kept;
  const controls = (
    <WarmSortControls
      order={order}
      own={{ value: "found", label: "As found" }}
      warmOnly={warmOnly}
      onOrder={setOrder}
      onWarmOnly={setWarmOnly}
      compact
    />
  );
  return { shown, controls };
}
