import type { NetworkContact } from "@reachout/contract/contacts";
import { WarmBadges } from "../../../components/warm-badges";
import { cn } from "../../../lib/cn";

/** A found person in the agent's lists: name, "title at company · location", warm badges. */
export function ContactSummary({
  contact,
  truncate = false,
}: {
  contact: NetworkContact;
  /** One line each, cut with an ellipsis (a list row with actions beside it). */
  truncate?: boolean;
}) {
  return (
    <>
      <p className={cn("text-sm font-medium text-slate-900", truncate && "truncate")}>
        {contact.full_name}
      </p>
      <p className={cn("text-xs text-slate-600", truncate && "truncate")}>
        {[contact.title, contact.company].filter(Boolean).join(" at ")}
        {contact.location ? ` · ${contact.location}` : ""}
      </p>
      {contact.warm_signals.length > 0 ? (
        <div className="mt-1 flex flex-wrap gap-1">
          <WarmBadges signals={contact.warm_signals} />
        </div>
      ) : null}
    </>
  );
}
