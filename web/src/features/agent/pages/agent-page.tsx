import type { TargetPosition } from "@reachout/contract/agent";
import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { AlertTriangle, PauseCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Card } from "../../../components/ui/card";
import { toast } from "../../../lib/toast";
import { useCreditBalance } from "../../../lib/use-credits";
import { usePositionStats, usePositions } from "../api/positions";
import { AgentDiscover } from "../components/agent-discover";
import { AgentHeader } from "../components/agent-header";
import { AgentStats } from "../components/agent-stats";
import { NotificationsSwitch } from "../components/notifications-switch";
import { PositionForm } from "../components/position-form";
import { PositionList } from "../components/position-list";
import { useNotificationsPreference } from "../lib/notifications-preference";
import { useAgentUpdates } from "../lib/use-agent-updates";

export default function AgentPage() {
  const { credits: balance } = useCreditBalance();
  // Until the balance is known, nothing is offered that needs credits and no warning shows.
  const credits = balance ?? 0;
  const positions = usePositions();
  const stats = usePositionStats();
  const [notify, setNotify] = useNotificationsPreference();
  const [editing, setEditing] = useState<TargetPosition | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  useAgentUpdates(positions.data?.target_positions, notify);

  useEffect(() => {
    if (positions.isError) toast.error(MESSAGES.positions.loadFailed);
  }, [positions.isError]);

  const notice = positions.data?.notice ?? stats.data?.notice ?? null;
  const startEdit = (position: TargetPosition) => {
    setEditing(position);
    formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <AgentHeader />

      {balance !== undefined && balance < LIMITS.agentMinCredits && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 text-sm font-medium">
            <AlertTriangle className="size-5 shrink-0" aria-hidden />
            {MESSAGES.positions.lowCredits}
          </p>
          <Link
            to="/pricing"
            className="text-sm font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700"
          >
            Get more credits
          </Link>
        </div>
      )}
      {notice && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-slate-300 bg-white p-4 text-sm text-slate-800"
        >
          <PauseCircle className="size-5 shrink-0 text-slate-500" aria-hidden />
          {notice}
        </p>
      )}

      <AgentStats stats={stats.data} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div ref={formRef} className="scroll-mt-20">
          <Card>
            <PositionForm
              key={editing?.id ?? "new"}
              credits={credits}
              editing={editing}
              onDone={() => setEditing(null)}
            />
          </Card>
        </div>
        <section aria-labelledby="positions-title" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="positions-title" className="text-lg font-semibold text-slate-900">
              Target positions
            </h2>
            <NotificationsSwitch enabled={notify} onChange={setNotify} />
          </div>
          <PositionList
            positions={positions.data?.target_positions}
            isError={positions.isError}
            onRetry={() => void positions.refetch()}
            credits={credits}
            onEdit={startEdit}
            onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
          />
        </section>
      </div>

      <AgentDiscover />
    </section>
  );
}
