import { ClipboardCopy } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { errorDetail } from "../../../lib/api";
import { startGmailConnect, startOutlookConnect } from "../../../lib/gmail-connect";
import { useMailboxStatus, useSetMailboxMode } from "../../../lib/mailbox";
import { toast } from "../../../lib/toast";
import { useSession } from "../../../lib/use-session";

export const COPY_MODE_EXPLAINED =
  "In copy mode Reachout still writes every email. You copy it into your own mail app (or open it there with one click), attach your resume, send it yourself, and tell Reachout it went, so your network and your insights stay up to date. Pick follow-up reminders when you mark an email sent, and Reachout lists each follow-up on the day it is due.";

/** Turns copy mode on or off, saying what happened. */
function useModeSwitch() {
  const setMode = useSetMailboxMode();
  const [busy, setBusy] = useState(false);
  const run = async (mode: "manual" | "none") => {
    setBusy(true);
    try {
      await setMode(mode);
      if (mode === "manual") toast.success("Copy mode is on. Write an email from My Network.");
    } catch (error) {
      toast.error(errorDetail(error, "That didn't work. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** Starts a mailbox connection; a refusal (a switch to confirm, a lost session) is shown. */
async function connect(start: () => Promise<void>) {
  try {
    await start();
  } catch (error) {
    toast.error(errorDetail(error, "That didn't work. Please try again."));
  }
}

/**
 * Back from a mailbox connection that never returned: Google stops students whose university
 * blocks mail apps on its own error page, with no way back, and Microsoft asks for an
 * administrator's approval. Say what probably happened, for the mailbox that was started, and
 * offer the ways on.
 */
export function UnfinishedConnectionCard() {
  const status = useMailboxStatus();
  const { token } = useSession();
  const { busy, run } = useModeSwitch();
  if (!status.data?.unfinished_connection) return null;
  const outlook = status.data.unfinished_provider === "microsoft";
  return (
    <Card
      role="region"
      aria-labelledby="unfinished-connection-title"
      className="border-amber-300 bg-amber-50"
    >
      <h2 id="unfinished-connection-title" className="text-lg font-semibold text-slate-900">
        {outlook ? "Did connecting Outlook work?" : "Did connecting Gmail work?"}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {outlook
          ? `You started connecting Outlook but never came back from Microsoft. If Microsoft said "Need admin approval" or that your organization doesn't allow the app, your university's administrator doesn't allow mail apps like Reachout on university accounts. Nothing is wrong with your account, and you can still use Reachout:`
          : `You started connecting Gmail but never came back from Google. If Google showed "Access blocked" or "Error 400: admin_policy_enforced", your university's administrator doesn't allow mail apps like Reachout on university accounts. Nothing is wrong with your account, and you can still use Reachout:`}
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          <strong>Copy mode.</strong> {COPY_MODE_EXPLAINED}
        </li>
        {outlook ? (
          <li>
            <strong>Gmail.</strong> If you have a Gmail account, connect it instead: Reachout sends
            from it the same way.
          </li>
        ) : (
          <li>
            <strong>Outlook.</strong> If your university mail is Microsoft 365 (Outlook), connect it
            instead: Reachout sends from it the same way.
          </li>
        )}
        <li>
          <strong>{outlook ? "A personal Outlook account." : "A personal Gmail account."}</strong>{" "}
          Connect again and pick your own {outlook ? "Outlook.com" : "Gmail"} address on{" "}
          {outlook ? "Microsoft's" : "Google's"} page instead of the university one.
        </li>
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => run("manual")} disabled={busy}>
          <ClipboardCopy className="size-4" aria-hidden />
          Use copy mode
        </Button>
        <Button
          variant="secondary"
          disabled={!token || busy}
          onClick={() => token && connect(outlook ? startGmailConnect : startOutlookConnect)}
        >
          {outlook ? "Connect Gmail" : "Connect Outlook"}
        </Button>
        <Button
          variant="secondary"
          disabled={!token || busy}
          onClick={() => token && connect(outlook ? startOutlookConnect : startGmailConnect)}
        >
          {outlook ? "Connect another Outlook account" : "Connect another Gmail"}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => run("none")}>
          Not now
        </Button>
      </div>
    </Card>
  );
}

/** Under the Gmail row: copy mode for a student who cannot or prefers not to connect. */
export function CopyModeToggle({ copyMode }: { copyMode: boolean }) {
  const { busy, run } = useModeSwitch();
  if (copyMode) {
    return (
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => run("none")}>
        Turn off copy mode
      </Button>
    );
  }
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => run("manual")}>
      Use copy mode instead
    </Button>
  );
}
