import type { NetworkListContact } from "@reachout/contract/contacts";
import { CalendarClock, Linkedin, type LucideIcon, Mail, MapPin, Send } from "lucide-react";
import type { ReactNode } from "react";
import { ContactStatusBadge } from "../../../components/contact-status-badge";
import { EmailStatusBadge, RecentOutreachBadge } from "../../../components/deliverability-badges";
import { InitialsAvatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { LinkedInLink } from "../../../components/ui/new-tab-link";
import { WarmBadges } from "../../../components/warm-badges";
import { cn } from "../../../lib/cn";

// Built once: toLocale*String with options builds a new formatter on every call, which made
// rendering a page of cards slow enough to notice while typing in the search box.
const dateOnlyFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const dateOnly = (iso: string) => dateOnlyFormat.format(new Date(iso));
const dateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A line of the card's facts: an icon, and a term only screen readers read. */
function Fact({
  term,
  icon: Icon,
  truncate,
  children,
}: {
  term: string;
  icon: LucideIcon;
  truncate?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt className="sr-only">{term}</dt>
      <Icon className="size-4 shrink-0 text-slate-400" aria-hidden />
      <dd className={truncate ? "min-w-0 truncate" : undefined}>{children}</dd>
    </div>
  );
}

/** One saved contact: who they are, their status, and the Email action. */
export function ContactCard({
  contact,
  selected,
  onSelectedChange,
  onEmail,
  onRevealEmail,
  sequence,
}: {
  contact: NetworkListContact;
  /** The contact's latest sequence enrolment, when they have one. */
  sequence?: { name: string; status: string };
  selected?: boolean;
  onSelectedChange?: (selected: boolean) => void;
  onEmail?: (contact: NetworkListContact) => void;
  /** Reveals an "email available" address for a credit. */
  onRevealEmail?: (contact: NetworkListContact) => void;
}) {
  const role = [contact.title, contact.company].filter(Boolean).join(" @ ");
  return (
    <article
      aria-label={contact.full_name}
      className={cn(
        "flex h-full min-w-0 flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm transition-colors",
        selected ? "border-brand-500 ring-2 ring-brand-100" : "border-slate-200",
      )}
    >
      <div className="flex items-start gap-3">
        {onSelectedChange && (
          <input
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-brand-600"
            checked={Boolean(selected)}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={`Select ${contact.full_name}`}
          />
        )}
        <InitialsAvatar name={contact.full_name} className="bg-brand-100 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">{contact.full_name}</h3>
          {role && <p className="truncate text-sm text-slate-600">{role}</p>}
        </div>
      </div>
      <dl className="space-y-1 text-sm text-slate-600">
        {contact.location && (
          <Fact term="Location" icon={MapPin} truncate>
            {contact.location}
          </Fact>
        )}
        {contact.email ? (
          <Fact term="Email" icon={Mail} truncate>
            {contact.email}
          </Fact>
        ) : (
          <Fact term="Email" icon={Mail}>
            <span className="text-slate-500">no email yet</span>
            {contact.email_available && (
              <Badge tone="green" className="ml-2">
                email available
              </Badge>
            )}
          </Fact>
        )}
        {contact.next_scheduled_at && (
          <Fact term="Next scheduled email" icon={CalendarClock}>
            Email scheduled {dateTime(contact.next_scheduled_at)}
          </Fact>
        )}
      </dl>
      <div className="flex flex-wrap gap-1.5">
        <ContactStatusBadge status={contact.status} />
        <EmailStatusBadge status={contact.email_status} heldUntil={contact.email_held_until} />
        <RecentOutreachBadge count={contact.recent_outreach_count} />
        <WarmBadges signals={contact.warm_signals} />
        {sequence && (
          <Badge tone={sequence.status === "Active" ? "brand" : "slate"} title={sequence.name}>
            Sequence: {sequence.status}
          </Badge>
        )}
        {contact.target_position_name && <Badge tone="brand">{contact.target_position_name}</Badge>}
        {contact.is_hiring && <Badge tone="green">Hiring</Badge>}
        <Badge>Saved {dateOnly(contact.saved_at)}</Badge>
      </div>
      <div className="mt-auto flex items-center gap-2 pt-1">
        {onRevealEmail && !contact.email && contact.email_available && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onRevealEmail(contact)}
            aria-label={`Reveal email of ${contact.full_name} (1 credit)`}
          >
            <Mail className="size-4" aria-hidden />
            Reveal email · 1 credit
          </Button>
        )}
        {onEmail && contact.email && (
          <Button
            size="sm"
            onClick={() => onEmail(contact)}
            aria-label={`Email ${contact.full_name}`}
          >
            <Send className="size-4" aria-hidden />
            Email
          </Button>
        )}
        <LinkedInLink
          url={contact.linkedin}
          name={contact.full_name}
          className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Linkedin className="size-4" aria-hidden />
          LinkedIn
        </LinkedInLink>
      </div>
    </article>
  );
}
