import { CalendarClock, FileUp, UserPlus } from "lucide-react";
import { Button } from "../../../../components/ui/button";
import type { MyNetwork } from "../../lib/use-my-network";
import { SalesCampaignButton } from "../email/sales-campaign-button";
import { StudentImportButton } from "../student-import-button";

/** The page title with the count, and the ways to add contacts or see what is scheduled. */
export function NetworkHeader({ network }: { network: MyNetwork }) {
  const { list } = network;
  const count = list.items.length;
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My Network</h1>
        <p className="text-sm text-slate-600">
          {list.isLoading
            ? "Loading your contacts..."
            : `${count}${list.hasMore ? "+" : ""} saved contact${count === 1 ? "" : "s"}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => network.openDialog({ name: "add" })}>
          <UserPlus className="size-4" aria-hidden />
          Add Contact
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => network.openDialog({ name: "import" })}
        >
          <FileUp className="size-4" aria-hidden />
          Import CSV
        </Button>
        <SalesCampaignButton onDone={network.refresh} />
        <StudentImportButton />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => network.openDialog({ name: "scheduled" })}
        >
          <CalendarClock className="size-4" aria-hidden />
          Scheduled Emails
        </Button>
      </div>
    </header>
  );
}
