import { Badge } from "../../../components/ui/card";

/** Complete or Pending, the spec's two setup states (§2, Account). */
export function StatusBadge({ complete }: { complete: boolean }) {
  return complete ? <Badge tone="green">Complete</Badge> : <Badge tone="amber">Pending</Badge>;
}
