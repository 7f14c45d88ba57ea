import type { MailboxProvider } from "@reachout/contract/auth";
import type { SendingStatus } from "@reachout/contract/deliverability";
import { mailboxName } from "@reachout/contract/names";
import { Gauge } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { errorDetail } from "../../../lib/api";
import { useMailboxStatus } from "../../../lib/mailbox";
import { useResumeSending, useSendingStatus } from "../api/sending-status";

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const NOT_CONNECTED = "Connect Gmail or Outlook to start sending.";

type Mailbox = MailboxProvider | null | undefined;

function warmupText(status: SendingStatus, mailbox: Mailbox): string {
  if (mailbox === "manual") return "None in copy mode: your own mail app sends.";
  if (status.warmup_day === null) return NOT_CONNECTED;
  if (!status.is_warming_up) return `Fully warmed up: up to ${status.full_daily_cap} emails a day.`;
  return `Warming up, day ${status.warmup_day}: today's cap grows each day until it reaches ${status.full_daily_cap}.`;
}

/** What the card says the pacing is for, in the student's mailbox's name. */
function pacingText(mailbox: Mailbox): string {
  if (mailbox === "manual") {
    return "Copy mode: each email you mark sent counts toward the same daily limit, so your sender reputation stays good.";
  }
  const name = mailbox ? mailboxName(mailbox) : "mailbox";
  return `Reachout paces your ${name} so your sender reputation stays good.`;
}

/**
 * Sending health: today's sends against the (warm-up) cap, the bounce rate, and any pause.
 * `enabled` once the student can send: from a connected mailbox or in copy mode.
 */
export function SendingHealthCard({ enabled }: { enabled: boolean }) {
  const mailbox = useMailboxStatus().data?.provider;
  const status = useSendingStatus(enabled);
  const resume = useResumeSending();
  const data = status.data;
  return (
    <Card className="flex flex-col gap-4" role="region" aria-label="Sending health">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Sending health</h2>
          <p className="mt-1 text-sm text-slate-600">{pacingText(mailbox)}</p>
        </div>
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
          <Gauge className="size-5" aria-hidden />
        </span>
      </div>
      {!enabled ? (
        // Nothing to load without a mailbox: "Loading..." would stay on screen for ever.
        <p className="text-sm text-slate-600" data-testid="sending-health-empty">
          {NOT_CONNECTED}
        </p>
      ) : !data ? (
        <p className="text-sm text-slate-600">
          {status.isError ? "Sending health could not be loaded." : "Loading..."}
        </p>
      ) : (
        <>
          {data.automated_paused && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <p className="text-red-800">{data.paused_notice}</p>
              <Button
                size="sm"
                className="mt-2"
                disabled={resume.isPending}
                onClick={() => resume.mutate()}
              >
                Resume sending
              </Button>
              {resume.isError && (
                <p className="mt-1 text-red-700">
                  {errorDetail(resume.error, "Sending could not be resumed. Please try again.")}
                </p>
              )}
            </div>
          )}
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Sent today</dt>
              <dd className="text-xl font-bold text-slate-900" data-testid="sent-today">
                {data.sent_today} / {data.daily_cap}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Warm-up</dt>
              <dd className="text-slate-900">{warmupText(data, mailbox)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Bounce rate (30 days)</dt>
              <dd className="text-xl font-bold text-slate-900">
                {percent(data.bounce_rate_30d)}
                <span className="ml-1 text-xs font-normal text-slate-500">
                  {data.bounces_30d} of {data.sends_30d} emails
                </span>
              </dd>
            </div>
          </dl>
          {data.sender_rejections.length > 0 && (
            <section
              aria-label="Refused emails"
              className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
              data-testid="sender-rejections"
            >
              <h3 className="font-medium text-amber-900">Mail systems refused your email</h3>
              <ul className="mt-1 flex flex-col gap-2">
                {data.sender_rejections.map((r) => (
                  <li key={r.at} className="text-amber-900">
                    <p>{r.notice}</p>
                    {r.sentence && (
                      <p className="mt-0.5 text-xs text-amber-800">
                        {r.status ? `${r.status}: ` : ""}"{r.sentence}"
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Card>
  );
}
