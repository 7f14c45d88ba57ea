/** Any address at this domain does not exist: sending there gets a delivery-status notification. */
export const BOUNCE_DOMAIN = "bounce.example";
/** Mail here is refused for the sender's DMARC: Gmail's 5.7.26 report (Exchange's 5.7.509). */
export const DMARC_REJECT_DOMAIN = "dmarc-reject.example";
/** Every mailbox at this domain is full: a 5.2.2 mailbox-full report. */
export const FULL_DOMAIN = "full.example";
/** Anyone at this domain is away: sending there gets an RFC 3834 automatic reply. */
export const OUT_OF_OFFICE_DOMAIN = "ooo.example";
/** How long the "remote" side takes to answer, as real mail does: a moment, not instantly. */
const ANSWER_DELAY_MS = 1000;
/** Like a vacation responder: one automatic reply per sender every 4 days. */
const AUTO_REPLY_INTERVAL_MS = 4 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

export type AutomaticAnswer = "bounce" | "dmarc" | "full" | "away";

const KIND_OF_DOMAIN: Record<string, AutomaticAnswer | undefined> = {
  [BOUNCE_DOMAIN]: "bounce",
  [DMARC_REJECT_DOMAIN]: "dmarc",
  [FULL_DOMAIN]: "full",
  [OUT_OF_OFFICE_DOMAIN]: "away",
};

export const domainOf = (address: string) =>
  address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** The day an away recipient is back, as an out-of-office reply writes it. */
export const backOn = (at: Date) =>
  new Date(at.getTime() + 3 * DAY_MS).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });

/**
 * What the far side does with a message a mailbox just sent to `to` (Gmail and Outlook alike):
 * an address at bounce.example bounces, one at dmarc-reject.example refuses the sender's DMARC,
 * one at full.example is full, one at ooo.example answers automatically, at most once per
 * sender every 4 days. `answer` delivers it, a moment later.
 */
export function scheduleAutomaticAnswer(
  mailbox: { address: string; autoRepliedAt: Map<string, number> },
  to: string,
  answer: (kind: AutomaticAnswer, at: Date) => void,
): void {
  const domain = domainOf(to);
  const kind = KIND_OF_DOMAIN[domain];
  if (!kind) return;
  if (domain === OUT_OF_OFFICE_DOMAIN) {
    const key = `${to}>${mailbox.address}`;
    const last = mailbox.autoRepliedAt.get(key) ?? 0;
    if (Date.now() - last < AUTO_REPLY_INTERVAL_MS) return;
    mailbox.autoRepliedAt.set(key, Date.now());
  }
  setTimeout(() => answer(kind, new Date()), ANSWER_DELAY_MS).unref();
}
