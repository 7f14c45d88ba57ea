import type { EmailThread } from "@reachout/contract/emails";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "../../../../lib/cn";
import { formatWhen } from "./schedule-time";

type ThreadMessage = EmailThread["messages"][number];

/** The label of an inbound message that is not a plain reply. */
const KIND_LABELS: Partial<Record<ThreadMessage["kind"], string>> = {
  auto_reply: "Automatic reply",
  bounce: "Bounced",
  delay: "Delivery delayed",
  delivered: "Delivery report",
  opt_out: "Opted out",
};

/** What the student can no longer do with this address, shown above the messages. */
export const EMAIL_STATUS_NOTICES = {
  bounced: "This address bounced permanently. Reachout won't send to it again, for anyone.",
  opted_out: "This person asked not to be contacted. Reachout won't send to them again.",
  held: "This mailbox could not take mail (full, or its server unreachable). Your sequences wait 14 days before writing to it again.",
} as const;

const isFromMailSystem = (message: ThreadMessage) =>
  message.kind === "bounce" || message.kind === "delay" || message.kind === "delivered";

/**
 * The Conversation side panel: the thread with this contact, oldest first, scrolled to the
 * newest message (a reply is what the user opened it for); each message says who wrote it and when.
 */
export function ConversationPanel({
  thread,
  isLoading,
  isError,
  firstName,
}: {
  thread: EmailThread | undefined;
  isLoading: boolean;
  isError: boolean;
  firstName: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const newest = thread?.messages.at(-1)?.id;
  useEffect(() => {
    const box = scroller.current;
    if (newest && box) box.scrollTo({ top: box.scrollHeight });
  }, [newest]);
  return (
    <section
      aria-label="Conversation"
      className="flex min-h-48 flex-col rounded-xl border border-slate-200 bg-slate-50"
    >
      <h3 className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">
        <MessagesSquare className="size-4 text-brand-600" aria-hidden />
        Conversation
      </h3>
      <div
        ref={scroller}
        data-testid="conversation-scroller"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable and scrollable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable)
        tabIndex={0}
        role="log"
        aria-label={`Messages with ${firstName}`}
        className="flex-1 space-y-3 overflow-y-auto p-4 lg:max-h-[30rem] max-h-80"
      >
        {thread && thread.email_status !== "ok" ? (
          <p
            role="status"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {EMAIL_STATUS_NOTICES[thread.email_status]}
          </p>
        ) : null}
        {isLoading ? (
          <div className="space-y-3" role="status" aria-label="Loading conversation">
            <div className="h-14 w-3/4 animate-pulse rounded-xl bg-slate-200" />
            <div className="ml-auto h-14 w-3/4 animate-pulse rounded-xl bg-slate-200" />
          </div>
        ) : isError ? (
          <p className="text-sm text-slate-600">The conversation could not be loaded right now.</p>
        ) : !thread || thread.messages.length === 0 ? (
          <p className="text-sm text-slate-600">
            No messages yet. Your emails with {firstName} and their replies will appear here.
          </p>
        ) : (
          <ol className="space-y-3">
            {thread.messages.map((message) => {
              const mine = message.sender === "user";
              const label = KIND_LABELS[message.kind];
              const author = mine
                ? "You"
                : isFromMailSystem(message)
                  ? "Mail delivery system"
                  : firstName;
              return (
                <li key={message.id} className={cn("flex", mine ? "justify-end" : "justify-start")}>
                  <article
                    aria-label={
                      mine ? "You wrote" : label ? `${label} from ${author}` : `${firstName} wrote`
                    }
                    className={cn(
                      "max-w-[90%] rounded-2xl px-3 py-2 text-sm shadow-sm",
                      mine
                        ? "rounded-br-sm bg-brand-600 text-white"
                        : label
                          ? "rounded-bl-sm border border-dashed border-amber-300 bg-amber-50 text-slate-800"
                          : "rounded-bl-sm border border-slate-200 bg-white text-slate-800",
                    )}
                  >
                    <p className={cn("mb-1 text-xs", mine ? "text-brand-100" : "text-slate-500")}>
                      {author} · {formatWhen(message.sent_at)}
                      {label ? (
                        <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 font-medium text-amber-900">
                          {label}
                        </span>
                      ) : null}
                    </p>
                    {message.note ? (
                      <p className="mb-1 text-xs font-medium text-amber-900">{message.note}</p>
                    ) : null}
                    <p className="whitespace-pre-wrap break-words">{message.body}</p>
                  </article>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
