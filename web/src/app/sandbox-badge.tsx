import { NewTabLink } from "../components/ui/new-tab-link";
import { useHealth } from "../lib/use-sandbox";

export function SandboxBadge() {
  const { data } = useHealth();
  if (data?.mode !== "sandbox") return null;
  return (
    <NewTabLink
      href="/__sandbox/mail"
      title="Sandbox mode: Google, Gmail, Stripe and email are local stand-ins. Open the sandbox mailbox."
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-300"
    >
      Sandbox
    </NewTabLink>
  );
}
