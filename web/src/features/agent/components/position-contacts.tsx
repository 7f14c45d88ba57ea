import { MESSAGES } from "@reachout/contract/messages";
import { ExternalLink, Mail } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { ContactStatusBadge } from "../../../components/contact-status-badge";
import { EmailStatusBadge, RecentOutreachBadge } from "../../../components/deliverability-badges";
import { LinkedInLink } from "../../../components/ui/new-tab-link";
import { toast } from "../../../lib/toast";
import { usePositionContacts } from "../api/positions";
import { ContactSummary } from "./contact-summary";
import { useWarmView } from "./warm-view";

/** The contacts found for one position, in a list with a maximum height that scrolls. */
export function PositionContacts({ positionId, id }: { positionId: string; id: string }) {
  const query = usePositionContacts(positionId, true);
  const { shown, controls } = useWarmView(query.data ?? []);

  useEffect(() => {
    if (query.isError) toast.error(MESSAGES.positions.contactsFailed);
  }, [query.isError]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <p className="p-3 text-sm text-slate-500">Loading contacts...</p>;
  } else if (query.isError) {
    body = <p className="p-3 text-sm text-red-600">{MESSAGES.positions.contactsFailed}</p>;
  } else if (query.data.length === 0) {
    body = (
      <p className="p-3 text-sm text-slate-600">
        No contacts found yet. The agent searches on schedule, or press Search now.
      </p>
    );
  } else {
    body = (
      <>
        <div className="border-b border-slate-100 px-3 py-2">{controls}</div>
        {shown.length === 0 ? (
          <p className="p-3 text-sm text-slate-600">
            Nobody here shares a school, employer, interest, major or city with you yet.
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100" aria-label="Contacts found">
          {shown.map((contact) => (
            <li
              key={contact.user_contact_id}
              className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <ContactSummary contact={contact} truncate />
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <ContactStatusBadge status={contact.status} />
                <EmailStatusBadge status={contact.email_status} />
                <RecentOutreachBadge count={contact.recent_outreach_count} />
                {contact.email && (
                  // Reachout's email dialog (AI draft, resume, Gmail, tracking), not the mail app:
                  // My Network opens it from the contact id and returns here when it closes.
                  <Link
                    to="/my-network"
                    state={{ contactId: contact.contact_id }}
                    className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
                    aria-label={`Email ${contact.full_name}`}
                  >
                    <Mail className="size-4" aria-hidden />
                  </Link>
                )}
                <LinkedInLink
                  url={contact.linkedin}
                  name={contact.full_name}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-700"
                >
                  <ExternalLink className="size-4" aria-hidden />
                </LinkedInLink>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div
      id={id}
      className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50"
    >
      {body}
    </div>
  );
}
