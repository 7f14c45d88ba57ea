import { Checkbox } from "../../../../components/ui/checkbox";
import type { MyNetwork } from "../../lib/use-my-network";

/** Select all (matching), select page, how many are selected, and a way to clear them. */
export function SelectionBar({ network }: { network: MyNetwork }) {
  const count = network.selected.size;
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700">
      <Checkbox checked={network.allSelected} onChange={(on) => void network.selectAll(on)}>
        Select all{network.filtering ? " matching" : ""}
      </Checkbox>
      <Checkbox checked={network.pageSelected} onChange={network.selectPage}>
        Select page
      </Checkbox>
      <span aria-live="polite">{count} selected</span>
      {count > 0 && (
        <button
          type="button"
          className="font-medium text-brand-700 hover:underline"
          onClick={network.clearSelection}
        >
          Clear selection
        </button>
      )}
    </div>
  );
}
