import {
  WRITER_FALLBACK_NOTICES,
  type WriterFallbackReason,
  type WriterFormat,
} from "@reachout/contract/writer";
import { AlertCircle, CheckCircle2, ChevronDown, Circle, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { Input, Label, Textarea } from "../../../../components/ui/input";
import type { EmailContact } from "./email-contact";

export interface BulkItem {
  contact: EmailContact;
  state: "pending" | "generating" | "ready" | "error";
  subject: string;
  body: string;
  error?: string;
  /** Why Reachout's own writer drafted this email in place of the AI writer's, as in the single dialog. */
  fallback_reason?: WriterFallbackReason | null;
  /** The writer format it was generated in (kept with the sent email for insights). */
  format?: WriterFormat;
}

function StateLine({ item }: { item: BulkItem }) {
  switch (item.state) {
    case "generating":
      return (
        <span className="flex items-center gap-1 text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Generating…
        </span>
      );
    case "ready":
      return (
        <span className="flex items-center gap-1 text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden /> Ready
        </span>
      );
    case "error":
      return (
        <span className="flex items-center gap-1 text-red-700">
          <AlertCircle className="size-4 shrink-0" aria-hidden /> {item.error}
        </span>
      );
    default:
      return (
        <span className="flex items-center gap-1 text-slate-500">
          <Circle className="size-4" aria-hidden /> Not generated yet
        </span>
      );
  }
}

/** One contact of a bulk email: its state and, when expanded, its editable subject and body. */
export function BulkEmailItem({
  item,
  disabled,
  onEdit,
}: {
  item: BulkItem;
  disabled: boolean;
  onEdit: (change: Partial<BulkItem>) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const canEdit = item.state === "ready";
  return (
    <li className="rounded-xl border border-slate-200 bg-white" data-testid="bulk-item">
      <div className="flex flex-wrap items-center justify-between gap-2 p-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{item.contact.full_name}</p>
          <p className="truncate text-xs text-slate-500">
            {[item.contact.title, item.contact.company].filter(Boolean).join(" · ")}
          </p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <StateLine item={item} />
          {canEdit ? (
            <button
              type="button"
              className="flex items-center gap-1 rounded-md px-2 py-1 text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? "Hide" : "Review"}
              <ChevronDown
                className={`size-4 transition-transform ${expanded ? "rotate-180" : ""}`}
                aria-hidden
              />
            </button>
          ) : null}
        </div>
      </div>
      {canEdit && item.fallback_reason ? (
        <p className="px-3 pb-3 text-xs text-slate-500" data-testid="bulk-item-fallback">
          {WRITER_FALLBACK_NOTICES[item.fallback_reason]}
        </p>
      ) : null}
      {expanded && canEdit ? (
        <div id={panelId} className="space-y-2 border-t border-slate-200 p-3">
          <div>
            <Label htmlFor={`${panelId}-subject`}>Subject</Label>
            <Input
              id={`${panelId}-subject`}
              value={item.subject}
              disabled={disabled}
              onChange={(event) => onEdit({ subject: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${panelId}-body`}>Body</Label>
            <Textarea
              id={`${panelId}-body`}
              rows={8}
              value={item.body}
              disabled={disabled}
              onChange={(event) => onEdit({ body: event.target.value })}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}
