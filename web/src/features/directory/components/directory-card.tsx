import type { DirectoryContact } from "@reachout/contract/contacts";
import { Bookmark, Building2, GraduationCap, MapPin } from "lucide-react";
import { EmailStatusBadge, RecentOutreachBadge } from "../../../components/deliverability-badges";
import { InitialsAvatar } from "../../../components/ui/avatar";
import { BusyIcon } from "../../../components/ui/busy-icon";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { WarmBadges } from "../../../components/warm-badges";
import { cn } from "../../../lib/cn";

export type DirectoryView = "grid" | "list";

/** A person of the directory, as a card (grid) or a row (list), with Save. */
export function DirectoryCard({
  contact,
  view,
  canSave,
  saving,
  onSave,
}: {
  contact: DirectoryContact;
  view: DirectoryView;
  canSave: boolean;
  saving: boolean;
  onSave: (contact: DirectoryContact) => void;
}) {
  const isList = view === "list";
  return (
    <article
      aria-label={contact.full_name}
      className={cn(
        "flex min-w-0 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm",
        isList ? "flex-col sm:flex-row sm:items-center" : "h-full flex-col",
      )}
    >
      <div className={cn("flex min-w-0 items-start gap-3", isList && "sm:flex-1")}>
        <InitialsAvatar name={contact.full_name} className="bg-slate-100 text-slate-700" />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">{contact.full_name}</h3>
          {contact.title && <p className="truncate text-sm text-slate-700">{contact.title}</p>}
          {/* A card lists company, location and school one under the other (side by side when
              two were short, they read as one "New York, NY Duke University"); a row, side by side. */}
          <div
            className={cn(
              "mt-1 flex gap-1 text-sm text-slate-600",
              isList ? "flex-wrap gap-x-3" : "flex-col",
            )}
          >
            {contact.company && (
              <span className="flex items-center gap-1">
                <Building2 className="size-3.5 shrink-0" aria-hidden />
                {contact.company}
              </span>
            )}
            {contact.location && (
              <span className="flex items-center gap-1">
                <MapPin className="size-3.5 shrink-0" aria-hidden />
                {contact.location}
              </span>
            )}
            {!isList && contact.university && (
              <span className="flex items-center gap-1">
                <GraduationCap className="size-3.5 shrink-0" aria-hidden />
                {contact.university}
              </span>
            )}
          </div>
        </div>
      </div>
      <div className={cn("flex flex-wrap gap-1.5", isList && "sm:w-64")}>
        <WarmBadges signals={contact.warm_signals} />
        {contact.industry && <Badge tone="blue">{contact.industry}</Badge>}
        {contact.is_hiring && <Badge tone="green">Hiring</Badge>}
        {!contact.has_email && <Badge tone="amber">No email</Badge>}
        <EmailStatusBadge status={contact.email_status} />
        <RecentOutreachBadge count={contact.recent_outreach_count} />
        {!isList &&
          contact.interests.slice(0, 3).map((interest) => <Badge key={interest}>{interest}</Badge>)}
      </div>
      <div className={cn(!isList && "mt-auto")}>
        <Button
          size="sm"
          className={cn(!isList && "w-full")}
          disabled={!canSave || saving}
          title={canSave ? undefined : "You need at least 1 credit to save a contact"}
          onClick={() => onSave(contact)}
          aria-label={`Save ${contact.full_name}`}
        >
          <BusyIcon busy={saving} icon={Bookmark} />
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </article>
  );
}
