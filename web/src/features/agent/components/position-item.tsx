import type { TargetPosition } from "@reachout/contract/agent";
import { LIMITS, PRIORITIES } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import {
  ChevronDown,
  Clock,
  MapPin,
  Pause,
  Pencil,
  Play,
  Search,
  Trash2,
  Users,
} from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { errorDetail } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { toast } from "../../../lib/toast";
import { useSearchNow, useTogglePosition } from "../api/positions";
import { unlockSound } from "../lib/beep";
import { formatRelative } from "../lib/relative-time";
import { PositionContacts } from "./position-contacts";

/** Search now asks for at most the credits the user has, and at least 1. */
export const capSearchCount = (requested: number, credits: number) =>
  Math.max(1, Math.min(Math.trunc(requested) || 1, credits, LIMITS.agentSearchResultsMax));

const PRIORITY_TONE = { 1: "brand", 2: "amber", 3: "slate" } as const;

export interface PositionItemProps {
  position: TargetPosition;
  credits: number;
  onEdit: (position: TargetPosition) => void;
  onDelete: (position: TargetPosition) => void;
}

export function PositionItem({ position, credits, onEdit, onDelete }: PositionItemProps) {
  const baseId = useId();
  const [expanded, setExpanded] = useState(false);
  const maxCount = Math.max(1, Math.min(credits, LIMITS.agentSearchResultsMax));
  const [count, setCount] = useState(String(Math.min(LIMITS.agentSearchResultsDefault, maxCount)));
  const toggle = useTogglePosition();
  const searchNow = useSearchNow();
  const priority = PRIORITIES.find((p) => p.value === position.priority);

  const onToggle = () => {
    if (!position.is_active && credits < LIMITS.agentMinCredits) {
      return toast.error(MESSAGES.positions.resumeNoCredits);
    }
    toggle.mutate(position.id, {
      onSuccess: (updated) =>
        toast.success(
          updated.is_active
            ? `Resumed the search for ${updated.job_title}`
            : `Paused the search for ${updated.job_title}`,
        ),
      onError: (error) => toast.error(errorDetail(error, MESSAGES.positions.toggleFailed)),
    });
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    unlockSound();
    const numResults = capSearchCount(Number(count), credits);
    setCount(String(numResults));
    searchNow.mutate(
      { id: position.id, numResults },
      {
        onSuccess: (result) => {
          if (result.saved > 0) toast.success(result.message);
          else toast.info(result.message);
        },
        onError: (error) => toast.error(errorDetail(error, MESSAGES.positions.searchFailed)),
      },
    );
  };

  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`${baseId}-title`}
      data-testid="target-position"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${baseId}-title`} className="text-base font-semibold text-slate-900">
              {position.job_title}
            </h3>
            <Badge tone={position.is_active ? "green" : "slate"}>
              {position.is_active ? "Active" : "Paused"}
            </Badge>
            {priority && (
              <Badge tone={PRIORITY_TONE[priority.value]}>{priority.label} priority</Badge>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden />
              {position.location}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden />
              Every {position.search_frequency_hours} hours
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-3.5" aria-hidden />
              <span data-testid="contacts-found">{position.contacts_found_count}</span> contacts
              found
            </span>
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {position.last_searched_at
              ? `Last searched ${formatRelative(position.last_searched_at)}`
              : "Not searched yet"}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onToggle}
            disabled={toggle.isPending}
            aria-label={`${position.is_active ? "Pause" : "Resume"} ${position.job_title} in ${position.location}`}
          >
            {position.is_active ? (
              <Pause className="size-4" aria-hidden />
            ) : (
              <Play className="size-4" aria-hidden />
            )}
            {position.is_active ? "Pause" : "Resume"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onEdit(position)}
            aria-label={`Edit ${position.job_title} in ${position.location}`}
          >
            <Pencil className="size-4" aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={() => onDelete(position)}
            aria-label={`Delete ${position.job_title} in ${position.location}`}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>

      <div className="mt-3 flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${baseId}-contacts`}
          onClick={() => setExpanded((open) => !open)}
          className="inline-flex items-center gap-1.5 self-start rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ChevronDown
            className={cn("size-4 transition-transform", expanded && "rotate-180")}
            aria-hidden
          />
          {expanded ? "Hide contacts" : "Show contacts"} ({position.contacts_found_count})
        </button>
        <form onSubmit={onSearch} className="flex items-center gap-2">
          <label htmlFor={`${baseId}-count`} className="text-sm text-slate-600">
            Results
          </label>
          <div className="w-20">
            <Input
              id={`${baseId}-count`}
              type="number"
              min={1}
              max={maxCount}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              className="h-8"
            />
          </div>
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            className="whitespace-nowrap"
            disabled={searchNow.isPending || credits < 1}
            aria-label={`Search now for ${position.job_title} in ${position.location}`}
          >
            <Search className="size-4" aria-hidden />
            {searchNow.isPending ? "Searching..." : "Search now"}
          </Button>
        </form>
      </div>
      {expanded && (
        <div className="mt-3">
          <PositionContacts positionId={position.id} id={`${baseId}-contacts`} />
        </div>
      )}
    </li>
  );
}
