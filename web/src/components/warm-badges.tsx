import type { WarmSignal } from "@reachout/contract/writer";
import { Badge } from "./ui/card";

/** What the student shares with a contact ("Cornell alum"), strongest first. */
export function WarmBadges({ signals }: { signals: WarmSignal[] | undefined }) {
  if (!signals?.length) return null;
  return (
    <>
      {signals.slice(0, 3).map((signal) => (
        <Badge key={`${signal.kind}:${signal.label}`} tone="amber" data-testid="warm-signal">
          {signal.label}
        </Badge>
      ))}
    </>
  );
}
