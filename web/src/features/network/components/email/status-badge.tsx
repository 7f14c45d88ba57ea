import type { ContactStatus } from "@reachout/contract/constants";
import { Badge } from "../../../../components/ui/card";

const TONES = { Uncontacted: "slate", Contacted: "blue", Responded: "green" } as const;

export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}
