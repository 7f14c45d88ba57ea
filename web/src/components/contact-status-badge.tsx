import type { ContactStatus } from "@reachout/contract/constants";
import type { HTMLAttributes } from "react";
import { Badge } from "./ui/card";

const TONES = { Uncontacted: "slate", Contacted: "blue", Responded: "green" } as const;

/** Where the outreach to a person stands (Uncontacted, Contacted, Responded), one colour each. */
export function ContactStatusBadge({
  status,
  ...props
}: { status: ContactStatus } & Omit<HTMLAttributes<HTMLSpanElement>, "children">) {
  return (
    <Badge tone={TONES[status]} {...props}>
      {status}
    </Badge>
  );
}
