import type { ContactEmailStatus } from "@reachout/contract/contacts";
import { Badge } from "./ui/card";

const STATUS_LABELS: Record<
  Exclude<ContactEmailStatus, "ok" | "held">,
  { label: string; title: string }
> = {
  bounced: {
    label: "Bounced",
    title: "Email to this address bounced permanently: Reachout won't send to it.",
  },
  opted_out: {
    label: "Opted out",
    title: "This person asked not to be contacted through Reachout.",
  },
};

const heldDay = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric" });

/**
 * "Bounced" or "Opted out" on a contact nobody may email any more, "held until <date>" on one
 * whose mailbox could not take mail (held for the student's sequences); nothing when ok.
 */
export function EmailStatusBadge({
  status,
  heldUntil,
}: {
  status: ContactEmailStatus;
  heldUntil?: string | null;
}) {
  if (status === "ok") return null;
  if (status === "held") {
    return (
      <Badge tone="amber">
        <span
          title="The mailbox could not take mail (full, or its server unreachable): your sequences wait until then."
          data-testid="email-held"
        >
          {heldUntil ? `held until ${heldDay(heldUntil)}` : "held"}
        </span>
      </Badge>
    );
  }
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
