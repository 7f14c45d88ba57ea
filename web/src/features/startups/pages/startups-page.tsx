import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import type { Startup, StartupFounder } from "@reachout/contract/startups";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { SetupPrompt } from "../../../components/setup-prompt";
import { Button } from "../../../components/ui/button";
import { useLiveEvents } from "../../../lib/live-events";
import { useIsPhone } from "../../../lib/use-is-phone";
import { useSession } from "../../../lib/use-session";
import { missingSetup, useSetupStatus } from "../../../lib/use-setup-status";
import {
  FOUNDER_STATUSES_KEY,
  useFounderStatuses,
  useStartupAccess,
  useStartups,
} from "../api/startups";
import { AccessGate } from "../components/access-gate";
import { DirectoryList } from "../components/directory-list";
import { DirectoryStats } from "../components/directory-stats";
import { FounderComposer } from "../components/founder-composer";
import { StartupsHero } from "../components/startups-hero";
import type { ComposerTarget } from "../hooks/use-founder-composer";
import { directoryStats, filterStartups, pageOf } from "../lib/directory";

function Loading() {
  return (
    <div
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
      role="status"
      aria-label="Loading startups"
    >
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
        <div key={i} className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white" />
      ))}
    </div>
  );
}

export default function StartupsPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [target, setTarget] = useState<ComposerTarget | null>(null);
  const [setupOpen, setSetupOpen] = useState(false);
  const listTop = useRef<HTMLDivElement>(null);
  const phone = useIsPhone();

  const startups = useStartups();
  const access = useStartupAccess();
  const hasAccess = access.data?.has_access === true;
  const statuses = useFounderStatuses(hasAccess);
  const setup = useSetupStatus();
  const missing = missingSetup(setup.data);

  useLiveEvents((event) => {
    if (event.type === "reply") {
      void queryClient.invalidateQueries({ queryKey: FOUNDER_STATUSES_KEY });
    }
  });

  const filtered = useMemo(
    () => filterStartups(startups.data ?? [], query),
    [startups.data, query],
  );
  const stats = useMemo(() => directoryStats(filtered), [filtered]);
  const shown = pageOf(
    filtered,
    page,
    phone ? LIMITS.startupsPhonePageSize : LIMITS.startupsPageSize,
  );

  const changeQuery = (value: string) => {
    setQuery(value);
    setPage(1);
  };
  const changePage = (next: number) => {
    setPage(next);
    listTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  const openComposer = (startup: Startup, founder: StartupFounder) => {
    // Writing needs a resume (docs/product.md §1): say what is missing instead of failing later.
    if (setup.data && missing.resume) setSetupOpen(true);
    else setTarget({ startup, founder });
  };
  const needGmail = () => {
    if (setup.data && missing.gmail) {
      setSetupOpen(true);
      return true;
    }
    return false;
  };

  let content: React.ReactNode;
  if (startups.isPending || access.isPending) content = <Loading />;
  else if (startups.isError) {
    content = (
      <div className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center" role="alert">
        <p className="font-medium text-red-700">{MESSAGES.startups.loadFailed}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void startups.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (filtered.length === 0) {
    content = (
      <p className="rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-600">
        {MESSAGES.startups.empty}
      </p>
    );
  } else {
    content = (
      <DirectoryList
        shown={shown}
        onPageChange={changePage}
        expanded={expanded}
        onToggle={(key) => setExpanded((current) => ({ ...current, [key]: !current[key] }))}
        statuses={statuses.data}
        onEmail={openComposer}
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <StartupsHero query={query} onQueryChange={changeQuery} />
      <DirectoryStats stats={stats} />
      <div ref={listTop} className="scroll-mt-20">
        <AccessGate locked={!access.isPending && !hasAccess}>{content}</AccessGate>
      </div>
      {user ? (
        <FounderComposer
          target={target}
          userId={user.id}
          onClose={() => setTarget(null)}
          onNeedGmail={needGmail}
        />
      ) : null}
      <SetupPrompt open={setupOpen} onOpenChange={setSetupOpen} missing={missing} />
    </div>
  );
}
