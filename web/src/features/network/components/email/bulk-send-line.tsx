import type { BulkSendResponse, ScheduledEmail } from "@reachout/contract/emails";
import { MESSAGES } from "@reachout/contract/messages";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, XCircle } from "lucide-react";
import { fetchScheduledEmails, SCHEDULED_KEY } from "../../api/emails";
import { BulkProgressBar, DoneFooter, FailureList } from "./bulk-outcome";

/** How often the dialog looks at the line while some of its emails wait to leave. */
const WATCH_MS = 2000;

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: "numeric", minute: "2-digit", second: "2-digit" });

const day = (iso: string) => {
  const at = new Date(iso);
  const today = new Date();
  return at.toDateString() === today.toDateString()
    ? clock(iso)
    : `${at.toLocaleDateString([], { month: "short", day: "numeric" })}, ${clock(iso)}`;
};

type Line = BulkSendResponse["queued"][number] & { name: string };

function whereIs(line: Line, row: ScheduledEmail | undefined) {
  if (row?.status === "sent" && row.sent_at) {
    return { done: true, ok: true, text: `Sent at ${day(row.sent_at)}` };
  }
  if (row?.status === "failed" || row?.status === "cancelled") {
    return { done: true, ok: false, text: row.error ?? `The email was ${row.status}.` };
  }
  if (row?.status === "sending") return { done: false, ok: true, text: "Leaving now" };
  return {
    done: false,
    ok: true,
    text: line.leaves_at
      ? `Leaves at ${day(line.leaves_at)}`
      : "Waits until the mailbox's daily limit frees a send",
  };
}

/**
 * What the bulk dialog shows once its emails are on the mailbox's line: when each is planned to
 * leave (one every GMAIL_MIN_SPACING_SECONDS, within the day's cap), then, as it watches the line,
 * each one sent or failed; the spec's "Sent {x} emails, {y} failed" once none is left waiting.
 * The emails go whether or not the dialog stays open.
 */
export function BulkSendLine({
  answer,
  names,
  scheduled,
  onClose,
}: {
  answer: BulkSendResponse;
  names: Map<string, string>;
  scheduled: boolean;
  onClose: () => void;
}) {
  const lines: Line[] = answer.queued
    .map((q) => ({ ...q, name: names.get(q.contact_id) ?? q.contact_id }))
    .sort((a, b) => (a.leaves_at ?? "~").localeCompare(b.leaves_at ?? "~"));
  const ids = new Set(lines.map((l) => l.email_id));
  const watching = !scheduled && lines.length > 0;
  const { data } = useQuery({
    queryKey: SCHEDULED_KEY,
    queryFn: fetchScheduledEmails,
    enabled: watching,
    refetchInterval: (query) => {
      const rows = query.state.data?.scheduled_emails ?? [];
      const open = rows.filter(
        (r) => ids.has(r.id) && (r.status === "scheduled" || r.status === "sending"),
      );
      return watching && (!query.state.data || open.length > 0) ? WATCH_MS : false;
    },
  });
  const rows = new Map(
    (data?.scheduled_emails ?? []).filter((r) => ids.has(r.id)).map((r) => [r.id, r]),
  );
  const states = lines.map((line) => ({ line, at: whereIs(line, rows.get(line.email_id)) }));
  const sent = states.filter((s) => s.at.done && s.at.ok).length;
  const failed = states.filter((s) => s.at.done && !s.at.ok).length + answer.refused.length;
  const finished = states.every((s) => s.at.done);

  const headline = scheduled
    ? `Scheduled ${lines.length} emails, ${answer.refused.length} failed`
    : finished
      ? MESSAGES.bulk.result(sent, failed)
      : answer.message;

  return (
    <div className="space-y-4">
      <p role="status" className="text-base font-semibold text-slate-900">
        {headline}
      </p>
      {!scheduled && !finished ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">
            Sending {sent} of {lines.length}. Reachout sends them one at a time
            {answer.spacing_seconds > 0 ? `, ${answer.spacing_seconds} seconds apart,` : ""} from{" "}
            {answer.from_email} to protect its sender reputation; they keep going if you close this
            window.
          </p>
          <BulkProgressBar current={sent} total={lines.length} />
        </div>
      ) : null}
      {lines.length > 0 ? (
        <section aria-label="When each email leaves">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">
            {scheduled ? "Scheduled" : "Your emails"}
          </h3>
          <ul
            className="max-h-[45vh] space-y-1 overflow-y-auto text-sm"
            aria-label="When each email leaves"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable and scrollable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
            tabIndex={0}
          >
            {states.map(({ line, at }) => (
              <li
                key={line.email_id}
                data-testid="bulk-line-item"
                data-leaves-at={line.leaves_at ?? ""}
                className="flex items-start gap-2 text-slate-700"
              >
                {at.done && at.ok ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                ) : at.done ? (
                  <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
                ) : (
                  <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                )}
                <span>
                  <span className="font-medium">{line.name}</span>: {at.text}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FailureList
        title="Not sent"
        failures={answer.refused.map((r) => ({
          key: r.contact_id,
          name: names.get(r.contact_id) ?? r.contact_id,
          reason: r.detail,
        }))}
      />
      <DoneFooter onClose={onClose} />
    </div>
  );
}
