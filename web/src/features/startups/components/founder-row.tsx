import type { ContactStatus } from "@reachout/contract/constants";
import type { StartupFounder } from "@reachout/contract/startups";
import { Linkedin, Mail } from "lucide-react";
import { ContactStatusBadge } from "../../../components/contact-status-badge";
import { Button } from "../../../components/ui/button";
import { LinkedInLink } from "../../../components/ui/new-tab-link";
import { founderLinkedin, founderName, founderTitle, initialsOf } from "../lib/founder";

export function FounderRow({
  founder,
  status,
  onEmail,
}: {
  founder: StartupFounder;
  status: ContactStatus;
  onEmail: () => void;
}) {
  const name = founderName(founder);
  const linkedin = founderLinkedin(founder);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
      <span
        className="grid size-10 shrink-0 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700"
        aria-hidden
      >
        {initialsOf(founder.person_name)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">{founderTitle(founder)}</p>
      </div>
      <div className="flex w-full items-center justify-end gap-2 sm:w-auto">
        <LinkedInLink
          url={linkedin}
          name={name}
          className="grid size-8 place-items-center rounded-lg text-sky-700 hover:bg-sky-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Linkedin className="size-4" aria-hidden />
        </LinkedInLink>
        <ContactStatusBadge status={status} aria-label={`Outreach status: ${status}`} />
        <Button
          size="sm"
          onClick={onEmail}
          disabled={status === "Responded"}
          aria-label={`Email ${name}`}
          title={status === "Responded" ? `${name} already replied` : undefined}
        >
          <Mail className="size-4" aria-hidden />
          Email
        </Button>
      </div>
    </li>
  );
}
