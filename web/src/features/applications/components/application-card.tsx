import { useDraggable } from "@dnd-kit/core";
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type Application,
  type ApplicationStage,
} from "@reachout/contract/applications";
import type { ContactStatus } from "@reachout/contract/constants";
import { ExternalLink, GripVertical, Search, Trash2, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { ContactStatusBadge } from "../../../components/contact-status-badge";
import { NewTabLink } from "../../../components/ui/new-tab-link";
import { cn } from "../../../lib/cn";

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });

/**
 * The directory filtered to the application's company and role. The role is not a position
 * filter (the directory holds the people who hire, whose titles are not the student's role): the
 * server reads it as the role's field or team; the directory page links on to the agent.
 */
export const directoryLinkOf = (application: Application) =>
  `/connect?${new URLSearchParams({ organization: application.company, role: application.role })}`;
/** The agent with a new target position started from the role and location. */
export const agentLinkOf = (application: Application) =>
  `/agent?${new URLSearchParams({
    role: application.role,
    company: application.company,
    ...(application.location ? { location: application.location } : {}),
  })}`;

export interface ApplicationCardProps {
  application: Application;
  onMove: (stage: ApplicationStage) => void;
  onLinkContacts: () => void;
  onDelete: () => void;
  isOverlay?: boolean;
}

/** A card on the board: draggable by its handle (pointer, or keyboard through dnd-kit). */
export function ApplicationCard(props: ApplicationCardProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: props.application.id,
  });
  return (
    <ApplicationCardView
      {...props}
      nodeRef={setNodeRef}
      handleProps={{ ...attributes, ...listeners }}
      isDragging={isDragging}
    />
  );
}

/** The card's content; the drag overlay shows it without registering a second draggable. */
export function ApplicationCardView({
  application,
  onMove,
  onLinkContacts,
  onDelete,
  isOverlay,
  nodeRef,
  handleProps,
  isDragging,
}: ApplicationCardProps & {
  nodeRef?: (element: HTMLElement | null) => void;
  handleProps?: Record<string, unknown>;
  isDragging?: boolean;
}) {
  const label = `${application.role} at ${application.company}`;
  return (
    <article
      ref={nodeRef}
      aria-label={label}
      data-testid="application-card"
      data-application-id={isOverlay ? undefined : application.id}
      className={cn(
        "rounded-xl border border-slate-200 bg-white p-3 shadow-sm",
        isDragging && !isOverlay && "opacity-40",
        isOverlay && "shadow-lg ring-2 ring-brand-500",
      )}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          className="mt-0.5 cursor-grab touch-none rounded p-0.5 text-slate-400 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Move ${label}`}
          {...handleProps}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <div className="min-w-0 flex-1">
          {/* Wrapped, not cut: in a wide screen's six narrow columns an ellipsis hid which
              company and role a card was for. */}
          <h3 className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {application.company}
          </h3>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{application.role}</p>
        </div>
        {application.posting_url ? (
          <NewTabLink
            href={application.posting_url}
            className="rounded p-0.5 text-slate-400 hover:text-brand-600"
            aria-label={`Posting for ${label}`}
          >
            <ExternalLink className="size-4" aria-hidden />
          </NewTabLink>
        ) : null}
      </div>

      <p className="mt-2 text-xs text-slate-600" data-testid="application-outreach">
        {application.outreach.sent} sent · {application.outreach.replied} replied
      </p>

      {application.contacts.length > 0 ? (
        <ul className="mt-2 space-y-1.5">
          {application.contacts.map((contact) => (
            <li key={contact.contact_id} className="text-xs">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium text-slate-800">{contact.full_name}</span>
                <ContactStatusBadge status={contact.status as ContactStatus} />
              </div>
              {contact.last_message ? (
                <p className="truncate text-slate-500">
                  {contact.last_message.direction === "inbound" ? "Replied" : "You wrote"}{" "}
                  {shortDate(contact.last_message.sent_at)}: {contact.last_message.subject}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <Link
          to={directoryLinkOf(application)}
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Search className="size-3.5" aria-hidden />
          Find people here
        </Link>
        <Link to={agentLinkOf(application)} className="text-brand-700 hover:underline">
          Agent
        </Link>
        <button
          type="button"
          onClick={onLinkContacts}
          className="inline-flex items-center gap-1 text-slate-600 hover:text-slate-900"
        >
          <UserPlus className="size-3.5" aria-hidden />
          Contacts
        </button>
        <button
          type="button"
          onClick={onDelete}
          className="ml-auto rounded p-0.5 text-slate-400 hover:text-red-600"
          aria-label={`Delete ${label}`}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      </div>

      <label className="mt-2 flex items-center gap-2 text-xs text-slate-500">
        Stage
        <select
          value={application.stage}
          onChange={(event) => onMove(event.target.value as ApplicationStage)}
          className="h-7 flex-1 rounded-md border border-slate-300 bg-white px-1 text-xs text-slate-800"
          aria-label={`Stage of ${label}`}
        >
          {APPLICATION_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {APPLICATION_STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      </label>
    </article>
  );
}
