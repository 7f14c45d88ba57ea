import type { Insights } from "@reachout/contract/insights";
import { useId } from "react";
import { Bar, BarChart, LabelList, ResponsiveContainer, XAxis, YAxis } from "recharts";

const STEPS = [
  { key: "contacted", label: "Contacted" },
  { key: "replied", label: "Replied" },
  { key: "interviewing", label: "Interviewing" },
  { key: "offer", label: "Offer" },
] as const;

/** Contacts emailed → contacts who replied → applications at interviewing → offers. */
export function FunnelChart({ funnel }: { funnel: Insights["funnel"] }) {
  const headingId = useId();
  const data = STEPS.map((step) => ({ label: step.label, count: funnel[step.key] }));
  const summary = `Your funnel: ${funnel.contacted} contacted, ${funnel.replied} replied, ${funnel.interviewing} interviewing, ${funnel.offer} offer.`;
  return (
    <figure
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your funnel
      </h2>
      <p className="text-sm text-slate-600">
        People you emailed, people who replied, and applications that reached interviews and offers.
      </p>
      <div className="h-48" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 40, bottom: 4, left: 8 }}
          >
            <XAxis type="number" hide allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12 }} />
            <Bar dataKey="count" fill="#4f46e5" radius={[0, 4, 4, 0]}>
              <LabelList dataKey="count" position="right" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-slate-600" data-testid="funnel-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
