import { readAutoReply } from "./auto-reply";
import { type DeliveryReport, readDeliveryReport } from "./dsn";
import type { MailFacts } from "./facts";
import { readOptOut } from "./opt-out";

export type { AutoReply } from "./auto-reply";
export { readAutoReply, readReturnDate } from "./auto-reply";
export type { DeliveryReport } from "./dsn";
export { readDeliveryReport } from "./dsn";
export { factsOfGmail, type MailFacts } from "./facts";
export type { OptOut } from "./opt-out";
export { readOptOut } from "./opt-out";

/** What an inbound message in a known thread is, with the note the student sees. */
export type InboundVerdict =
  | { kind: "bounce" | "delay"; report: DeliveryReport; note: string }
  | { kind: "auto_reply"; returnsAt: Date | null; note: string }
  | { kind: "opt_out"; phrase: string; note: string }
  | { kind: "reply" };

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/**
 * Sorts an inbound message: a delivery report (permanent bounce or delay) first, then an
 * automatic reply, then a person's reply that asks to stop, else a reply. `replyText` is the
 * new text of the message with quoted history removed.
 */
export function classifyInbound(
  facts: MailFacts,
  replyText: string,
  receivedAt: Date,
): InboundVerdict {
  const report = readDeliveryReport(facts);
  if (report) {
    const said = report.diagnostic ? `: ${report.diagnostic}` : "";
    return report.isPermanent
      ? {
          kind: "bounce",
          report,
          note: `Bounced (${report.status}): the receiving mail server refused this address permanently${said}`,
        }
      : {
          kind: "delay",
          report,
          note: `Delivery delayed (${report.status}): the receiving mail server is still trying${said}`,
        };
  }
  const auto = readAutoReply(facts, receivedAt);
  if (auto) {
    const back = auto.returnsAt ? ` Back on ${dayFormat.format(auto.returnsAt)}.` : "";
    return {
      kind: "auto_reply",
      returnsAt: auto.returnsAt,
      note: `Automatic reply (${auto.reason}); not counted as a response.${back}`,
    };
  }
  const optOut = readOptOut(replyText);
  if (optOut) {
    return {
      kind: "opt_out",
      phrase: optOut.phrase,
      note: `Opted out: the reply says "${optOut.phrase}". Nobody can email this address through Reachout any more.`,
    };
  }
  return { kind: "reply" };
}
