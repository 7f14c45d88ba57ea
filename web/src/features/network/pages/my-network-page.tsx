import { MESSAGES } from "@reachout/contract/messages";
import { lazy, Suspense, useState } from "react";
import { ListLoadFailed } from "../../../components/list-states";
import { OnboardingChecklist } from "../../../components/onboarding-checklist";
import { useSession } from "../../../lib/use-session";
import { NetworkHeader } from "../components/my-network/network-header";
import { NetworkList } from "../components/my-network/network-list";
import { NetworkToolbar } from "../components/my-network/network-toolbar";
import { type MyNetwork as MyNetworkState, useMyNetwork } from "../lib/use-my-network";

/**
 * The dialogs (the email writer, bulk email, import, …) are a chunk of their own, loaded when
 * the first one opens: on a phone their code was a third of the page's and a dozen of its
 * requests, all before the first contact card could show.
 */
const NetworkDialogs = lazy(() =>
  import("../components/my-network/network-dialogs").then((m) => ({ default: m.NetworkDialogs })),
);

/** True from the first time a dialog is asked for (a click or a deep link), then kept. */
function useDialogsWanted(network: MyNetworkState) {
  const asked = network.dialog !== null || network.deepLink.link.state !== "none";
  const [wanted, setWanted] = useState(asked);
  if (asked && !wanted) setWanted(true);
  return wanted || asked;
}

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
  const dialogsWanted = useDialogsWanted(network);
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
      {dialogsWanted && (
        <Suspense fallback={null}>
          <NetworkDialogs network={network} />
        </Suspense>
      )}
    </section>
  );
}
