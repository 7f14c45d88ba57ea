import { LIMITS } from "@reachout/contract/constants";
import { MESSAGES } from "@reachout/contract/messages";
import { ArrowRight, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Card } from "../../../components/ui/card";

/** The embedded AI Agent section: what it costs and the way in. */
export function AgentSection({ credits }: { credits: number | undefined }) {
  const isLow = credits !== undefined && credits < LIMITS.agentMinCredits;
  return (
    <Card className="bg-gradient-to-br from-brand-600 to-indigo-800 text-white">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/15">
            <Sparkles className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-lg font-semibold">AI Agent</h2>
            <p className="text-sm text-indigo-100">
              Set target positions and the agent finds recruiters and hiring managers for you. 1
              contact = 1 credit.
            </p>
            {isLow ? (
              <p className="mt-2 text-sm font-medium text-amber-200">
                {MESSAGES.positions.lowCredits}
              </p>
            ) : null}
          </div>
        </div>
        <Link
          to="/agent"
          className="inline-flex h-10 shrink-0 items-center gap-2 self-start rounded-lg bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-center"
        >
          Open AI Agent
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </Card>
  );
}
