import type { ContactEmailStatus } from "@reachout/contract/contacts";
import { Badge } from "./ui/card";

const STATUS_LABELS: Record<Exclude<ContactEmailStatus, "ok">, { label: string; title: string }> = {
  bounced: {
    label: "Bounced",
    title: "Email to this address bounced permanently: Reachout won't send to it.",
  },
  opted_out: {
    label: "Opted out",
    title: "This person asked not to be contacted through Reachout.",
  },
};

/** "Bounced" or "Opted out" on a contact nobody may email any more; nothing when the address is ok. */
export function EmailStatusBadge({ status }: { status: ContactEmailStatus }) {
  if (status === "ok") return null;
  const { label, title } = STATUS_LABELS[status];
  return (
    <Badge tone="red">
      <span title={title}>{label}</span>
    </Badge>
  );
}

/** "2 students wrote this week": first emails the person received through Reachout in 7 days. */
export function RecentOutreachBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge tone="amber">
      {count} {count === 1 ? "student" : "students"} wrote this week
    </Badge>
  );
}
