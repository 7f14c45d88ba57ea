import {
  type Benchmarks,
  formatLabel,
  type Insights,
  SENIORITY_LABELS,
} from "@reachout/contract/insights";
import { Users } from "lucide-react";
import { Link } from "react-router";
import { ListLoadFailed, ListLoading } from "../../../components/list-states";
import { useBenchmarks, useInsights } from "../api/insights";
import { FunnelChart } from "../components/funnel-chart";
import { RateChart, type RateRow } from "../components/rate-chart";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const stepLabel = (step: number) => (step === 0 ? "First email" : `Follow-up ${step}`);
const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function CohortNote({ benchmarks }: { benchmarks: Benchmarks | undefined }) {
  if (!benchmarks) return null;
  if (!benchmarks.overall) {
    return (
      <p className="text-sm text-slate-600">
        Cohort figures appear once at least {benchmarks.min_students} students contribute to them;
        no single student's numbers are ever shown.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-2 text-sm text-slate-700">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <Users className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <span>
          All students: about {percent(benchmarks.overall.reply_rate)} of emails replied, across{" "}
          {benchmarks.overall.students} students with a connected mailbox (each figure from at least{" "}
          {benchmarks.min_students}, rounded to 5 points).
        </span>
      </p>
      {benchmarks.synthetic_students > 0 ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          Synthetic cohort: {benchmarks.synthetic_students} demo students (sandbox data)
        </span>
      ) : null}
    </div>
  );
}

/** /insights: the student's funnel and reply rates, each beside the cohort's where it has one. */
export default function InsightsPage() {
  const insights = useInsights();
  const benchmarks = useBenchmarks();

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Insights</h1>
        <p className="mt-1 text-sm text-slate-600">
          What earns you replies, from every email you sent.
        </p>
      </header>
      {insights.isLoading ? <ListLoading label="Reading your outreach…" /> : null}
      {insights.isError ? (
        <ListLoadFailed
          message="Could not load your insights."
          onRetry={() => void insights.refetch()}
        />
      ) : null}
      {insights.data ? <Charts insights={insights.data} benchmarks={benchmarks.data} /> : null}
    </section>
  );
}

function Charts({ insights, benchmarks }: { insights: Insights; benchmarks?: Benchmarks }) {
  const cohortOf = <T,>(rows: T[] | undefined, match: (row: T) => boolean) => {
    const row = rows?.find(match) as { reply_rate: number } | undefined;
    return row ? row.reply_rate : null;
  };
  const byFormat: RateRow[] = insights.by_format.map((row) => ({
    ...row,
    label: formatLabel(row.format),
    cohort_rate: cohortOf(benchmarks?.by_format, (c) => c.format === row.format),
  }));
  const byIndustry: RateRow[] = insights.by_industry.map((row) => ({
    ...row,
    label: row.industry,
    cohort_rate: cohortOf(benchmarks?.by_industry, (c) => c.industry === row.industry),
  }));
  const byStep: RateRow[] = insights.by_step.map((row) => ({
    ...row,
    label: stepLabel(row.step),
    cohort_rate: cohortOf(benchmarks?.by_step, (c) => c.step === row.step),
  }));
  const bySeniority: RateRow[] = insights.by_seniority.map((row) => ({
    ...row,
    label: SENIORITY_LABELS[row.seniority],
  }));
  const byWeekday: RateRow[] = insights.by_weekday.map((row) => ({
    ...row,
    label: WEEKDAYS[row.weekday - 1] ?? String(row.weekday),
  }));
  const byHour: RateRow[] = insights.by_hour.map((row) => ({
    ...row,
    label: `${String(row.hour).padStart(2, "0")}:00`,
  }));
  const { takeaways } = insights;
  const overall = (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-lg font-semibold text-slate-900" data-testid="insights-overall">
        {takeaways.overall}
      </p>
      {insights.sent === 0 ? (
        <p className="text-sm text-slate-600">
          Write to someone from{" "}
          <Link to="/my-network" className="font-medium text-brand-700 underline">
            My Network
          </Link>
          : your reply rates by format, industry, seniority, step, weekday and hour appear here.
        </p>
      ) : null}
      <CohortNote benchmarks={benchmarks} />
    </div>
  );
  // Nothing sent: seven empty charts say nothing; the sentence above says what to do. The funnel
  // stays when applications already reached interviews or offers.
  if (insights.sent === 0) {
    const { interviewing, offer } = insights.funnel;
    return (
      <>
        {overall}
        {interviewing + offer > 0 ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <FunnelChart funnel={insights.funnel} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <>
      {overall}
      <div className="grid gap-6 lg:grid-cols-2">
        <FunnelChart funnel={insights.funnel} />
        <RateChart title="Reply rate by format" rows={byFormat} takeaway={takeaways.format} />
        <RateChart title="Reply rate by industry" rows={byIndustry} takeaway={takeaways.industry} />
        <RateChart
          title="Reply rate by seniority"
          rows={bySeniority}
          takeaway={takeaways.seniority}
        />
        <RateChart title="Reply rate by sequence step" rows={byStep} takeaway={takeaways.step} />
        <RateChart
          title="Reply rate by weekday sent"
          rows={byWeekday}
          takeaway={takeaways.weekday}
        />
        <RateChart title="Reply rate by hour sent" rows={byHour} takeaway={takeaways.hour} />
      </div>
    </>
  );
}
