import { useId } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export interface RateRow {
  label: string;
  sent: number;
  replied: number;
  reply_rate: number;
  /** The cohort's rate for the same group, where at least the threshold of students contribute. */
  cohort_rate?: number | null;
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The chart's figures as one sentence: what a screen reader reads instead of the drawing. */
export function summarize(title: string, rows: RateRow[]): string {
  if (rows.length === 0) return `${title}: nothing sent yet.`;
  return `${title}: ${rows
    .map((row) => {
      const cohort =
        row.cohort_rate === undefined || row.cohort_rate === null
          ? ""
          : `, all students ${percent(row.cohort_rate)}`;
      return `${row.label} ${row.replied} of ${row.sent} replied (${percent(row.reply_rate)}${cohort})`;
    })
    .join("; ")}.`;
}

/** Reply rate per group, the student's bar beside the cohort's where the cohort has a figure. */
export function RateChart({
  title,
  rows,
  takeaway,
}: {
  title: string;
  rows: RateRow[];
  takeaway: string | null;
}) {
  const headingId = useId();
  const summary = summarize(title, rows);
  const hasCohort = rows.some((row) => row.cohort_rate !== undefined && row.cohort_rate !== null);
  const data = rows.map((row) => ({
    label: row.label,
    you: Math.round(row.reply_rate * 1000) / 10,
    cohort:
      row.cohort_rate === undefined || row.cohort_rate === null
        ? null
        : Math.round(row.cohort_rate * 1000) / 10,
  }));
  return (
    <figure
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {takeaway ? <p className="text-sm font-medium text-brand-700">{takeaway}</p> : null}
      {rows.length > 0 ? (
        <div className="h-56" role="img" aria-label={summary}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
              <YAxis unit="%" domain={[0, 100]} tick={{ fontSize: 12 }} width={44} />
              <Tooltip formatter={(value) => `${value}%`} />
              {hasCohort ? <Legend /> : null}
              <Bar dataKey="you" name="You" fill="#4f46e5" radius={[4, 4, 0, 0]} />
              {hasCohort ? (
                <Bar dataKey="cohort" name="All students" fill="#94a3b8" radius={[4, 4, 0, 0]} />
              ) : null}
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : null}
      <figcaption className="text-xs text-slate-600" data-testid="chart-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
