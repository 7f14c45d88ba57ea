import { MESSAGES } from "@reachout/contract/messages";
import { ListLoadFailed } from "../../../components/list-states";
import { OnboardingChecklist } from "../../../components/onboarding-checklist";
import { useSession } from "../../../lib/use-session";
import { NetworkDialogs } from "../components/my-network/network-dialogs";
import { NetworkHeader } from "../components/my-network/network-header";
import { NetworkList } from "../components/my-network/network-list";
import { NetworkToolbar } from "../components/my-network/network-toolbar";
import { useMyNetwork } from "../lib/use-my-network";

export default function MyNetworkPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <p className="text-slate-700">{MESSAGES.network.notLoggedIn}</p>
      </section>
    );
  }
  return <MyNetwork />;
}

function MyNetwork() {
  const network = useMyNetwork();
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <NetworkHeader network={network} />
      <OnboardingChecklist here="/my-network" />
      {network.list.isError ? (
        <ListLoadFailed message={MESSAGES.network.fetchFailed} onRetry={network.refresh} />
      ) : (
        <>
          {/* The toolbar shows at once (it is the page's largest text); the list fills in below. */}
          <NetworkToolbar network={network} />
          <NetworkList network={network} />
        </>
      )}
      <NetworkDialogs network={network} />
    </section>
  );
}
