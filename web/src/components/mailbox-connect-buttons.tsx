import { mailboxName } from "@reachout/contract/names";
import { Mail } from "lucide-react";
import { useState } from "react";
import { errorDetail } from "../lib/api";
import { startGmailConnect, startOutlookConnect } from "../lib/gmail-connect";
import { useMailboxStatus } from "../lib/mailbox";
import { toast } from "../lib/toast";
import { useSession } from "../lib/use-session";
import { Button } from "./ui/button";

type Provider = "gmail" | "microsoft";

/**
 * Connect Gmail and Connect Outlook, side by side: a full-page trip through the provider's
 * consent screen. Reachout sends from one mailbox at a time, so choosing the other provider
 * first asks whether to replace the stored mailbox.
 */
export function MailboxConnectButtons({ connected }: { connected: boolean }) {
  const { token } = useSession();
  const mailbox = useMailboxStatus();
  const [asking, setAsking] = useState<Provider | null>(null);
  const [starting, setStarting] = useState(false);
  const current =
    mailbox.data?.provider === "gmail" || mailbox.data?.provider === "microsoft"
      ? mailbox.data.provider
      : null;
  // Without the mailbox status, a connection is a Gmail one (what the spec's status says, §7).
  const holder: Provider | null = current ?? (connected ? "gmail" : null);

  const start = async (provider: Provider, confirmed: boolean) => {
    if (!token || starting) return;
    setStarting(true);
    try {
      await (provider === "gmail" ? startGmailConnect(confirmed) : startOutlookConnect(confirmed));
    } catch (error) {
      setStarting(false);
      toast.error(
        errorDetail(
          error,
          `Could not start connecting ${mailboxName(provider)}. Please try again.`,
        ),
      );
    }
  };
  const choose = (provider: Provider) => {
    if (holder && holder !== provider) setAsking(provider);
    else start(provider, false);
  };

  if (asking && holder) {
    return (
      <div
        role="alertdialog"
        aria-labelledby="mailbox-switch-title"
        className="max-w-sm rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm"
      >
        <p id="mailbox-switch-title" className="font-medium text-slate-900">
          Switch to {mailboxName(asking)}?
        </p>
        <p className="mt-1 text-slate-700">
          Reachout sends from one mailbox at a time. Connecting {mailboxName(asking)} replaces your{" "}
          {mailboxName(holder)}
          {mailbox.data?.address ? ` (${mailbox.data.address})` : ""}.
        </p>
        <div className="mt-3 flex gap-2">
          <Button size="sm" disabled={starting} onClick={() => start(asking, true)}>
            Switch to {mailboxName(asking)}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAsking(null)}>
            Keep {mailboxName(holder)}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      {(["gmail", "microsoft"] as const).map((provider) => (
        <Button
          key={provider}
          size="sm"
          variant={holder === provider || (holder && holder !== provider) ? "secondary" : "primary"}
          disabled={!token || starting}
          onClick={() => choose(provider)}
        >
          <Mail className="size-4" aria-hidden />
          {holder === provider
            ? `Reconnect ${mailboxName(provider)}`
            : `Connect ${mailboxName(provider)}`}
        </Button>
      ))}
    </div>
  );
}
