import { mailboxName } from "@reachout/contract/names";
import { Coins, Crown, Mail } from "lucide-react";
import { useMailboxStatus } from "../../../lib/mailbox";
import { planName } from "../lib/subscription";

/** Which mailbox Reachout sends the student's emails from, in one line. */
function SendingMailbox() {
  const { data } = useMailboxStatus();
  if (!data) return null;
  const text =
    data.provider === "manual"
      ? "Copy mode: you send each email from your own mail app."
      : data.provider && data.address
        ? `Emails go out from ${data.address} (${mailboxName(data.provider)})${data.connected ? "" : ", which needs reconnecting"}.`
        : "No mailbox connected yet: connect Gmail or Outlook below to send.";
  return (
    <p
      className="mt-1 flex items-center gap-1.5 text-sm text-slate-600"
      data-testid="sending-mailbox"
    >
      <Mail className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 break-all">{text}</span>
    </p>
  );
}

/** The page header: who is signed in, their credits and their plan. */
export function AccountHeader({
  email,
  credits,
  plan,
}: {
  email: string | undefined;
  credits: number | undefined;
  plan: string | undefined;
}) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">Account</h1>
        {email ? <p className="mt-1 truncate text-slate-600">{email}</p> : null}
        <SendingMailbox />
      </div>
      <div className="flex flex-wrap gap-2" data-testid="account-summary">
        <span className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-800 ring-1 ring-amber-200">
          <Coins className="size-4" aria-hidden />
          {credits === undefined ? "— credits" : `${credits} credit${credits === 1 ? "" : "s"}`}
        </span>
        <span className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-100">
          <Crown className="size-4" aria-hidden />
          {planName(plan)} plan
        </span>
      </div>
    </header>
  );
}
