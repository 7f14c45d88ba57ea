import { Mail } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { startGmailConnect } from "../../../lib/gmail-connect";
import { useSession } from "../../../lib/use-session";

/** Connect Gmail / Reconnect Gmail: a full-page trip through Google's consent screen. */
export function GmailConnectButton({ connected }: { connected: boolean }) {
  const { token } = useSession();
  return (
    <Button
      size="sm"
      variant={connected ? "secondary" : "primary"}
      disabled={!token}
      onClick={() => token && startGmailConnect(token)}
    >
      <Mail className="size-4" aria-hidden />
      {connected ? "Reconnect Gmail" : "Connect Gmail"}
    </Button>
  );
}
