import { formatLabel, type Insights, SENIORITY_LABELS } from "@reachout/contract";

type Figures = Omit<Insights, "takeaways">;
interface Group {
  label: string;
  sent: number;
  replied: number;
  reply_rate: number;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const share = (group: Group) => `${group.replied} of ${group.sent}, ${percent(group.reply_rate)}`;
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function times(best: Group, worst: Group): string {
  const ratio = best.reply_rate / worst.reply_rate;
  if (ratio >= 1.9 && ratio < 2.1) return "twice the";
  if (ratio >= 2.9 && ratio < 3.1) return "three times the";
  return `${ratio.toFixed(1)}× the`;
}

/** Best against worst of one breakdown, in one sentence; nothing when there is no contrast. */
function compare(groups: Group[]): string | null {
  const sent = groups.filter((group) => group.sent > 0);
  if (sent.length < 2) return null;
  const ranked = [...sent].sort((a, b) => b.reply_rate - a.reply_rate || b.sent - a.sent);
  const best = ranked[0];
  const worst = ranked[ranked.length - 1];
  if (best.replied === 0) return null;
  if (worst.replied === 0) {
    return `Your ${best.label} earned replies (${share(best)}); your ${worst.label} none yet (0 of ${worst.sent}).`;
  }
  if (best.reply_rate === worst.reply_rate) return null;
  return `Your ${best.label} get ${times(best, worst)} replies of your ${worst.label} (${percent(best.reply_rate)} vs ${percent(worst.reply_rate)}).`;
}

/** "Precision emails", "emails in your own words". */
const formatNoun = (format: string) =>
  format === "custom" ? "emails in your own words" : `${formatLabel(format)} emails`;

function leader(groups: Group[], sentence: (best: Group) => string): string | null {
  const best = [...groups]
    .filter((group) => group.replied > 0)
    .sort((a, b) => b.reply_rate - a.reply_rate || b.sent - a.sent)[0];
  return best ? sentence(best) : null;
}

/** One sentence per chart, each drawn from the figures beside it (nothing invented). */
export function writeTakeaways(figures: Figures): Insights["takeaways"] {
  if (figures.sent === 0) {
    return {
      overall: "Send your first emails to see which formats, people and times earn replies.",
      format: null,
      industry: null,
      seniority: null,
      step: null,
      weekday: null,
      hour: null,
    };
  }
  const followUps = figures.by_step.filter((row) => row.step > 0);
  return {
    overall: `${figures.replied} of your ${figures.sent} emails got a reply (${percent(figures.reply_rate)}).`,
    format: compare(figures.by_format.map((row) => ({ ...row, label: formatNoun(row.format) }))),
    industry: leader(
      figures.by_industry.map((row) => ({ ...row, label: row.industry })),
      (best) => `Contacts in ${best.label} reply most often (${share(best)}).`,
    ),
    seniority: leader(
      figures.by_seniority.map((row) => ({ ...row, label: SENIORITY_LABELS[row.seniority] })),
      (best) => `${best.label} contacts answer you most (${share(best)}).`,
    ),
    step:
      followUps.length > 0
        ? `Follow-ups earned ${followUps.reduce((sum, row) => sum + row.replied, 0)} of your ${figures.replied} replies.`
        : "All your emails so far were first emails: no follow-ups yet.",
    weekday: leader(
      figures.by_weekday.map((row) => ({ ...row, label: WEEKDAYS[row.weekday - 1] })),
      (best) => `Emails sent on ${best.label} get the most replies (${share(best)}).`,
    ),
    hour: leader(
      figures.by_hour.map((row) => ({ ...row, label: hourLabel(row.hour) })),
      (best) => `Emails sent around ${best.label} get the most replies (${share(best)}).`,
    ),
  };
}
