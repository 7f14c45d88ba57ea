/** Any address at this domain does not exist: sending there gets a delivery-status notification. */
export const BOUNCE_DOMAIN = "bounce.example";
/** Anyone at this domain is away: sending there gets an RFC 3834 automatic reply. */
export const OUT_OF_OFFICE_DOMAIN = "ooo.example";
/** How long the "remote" side takes to answer, as real mail does: a moment, not instantly. */
const ANSWER_DELAY_MS = 1000;
/** Like a vacation responder: one automatic reply per sender every 4 days. */
const AUTO_REPLY_INTERVAL_MS = 4 * 24 * 3600_000;
const DAY_MS = 24 * 3600_000;

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

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
 * an address at bounce.example bounces, one at ooo.example answers automatically, at most once
 * per sender every 4 days. `answer` delivers it, a moment later.
 */
export function scheduleAutomaticAnswer(
  mailbox: { address: string; autoRepliedAt: Map<string, number> },
  to: string,
  answer: (kind: "bounce" | "away", at: Date) => void,
): void {
  const domain = domainOf(to);
  if (domain !== BOUNCE_DOMAIN && domain !== OUT_OF_OFFICE_DOMAIN) return;
  if (domain === OUT_OF_OFFICE_DOMAIN) {
    const key = `${to}>${mailbox.address}`;
    const last = mailbox.autoRepliedAt.get(key) ?? 0;
    if (Date.now() - last < AUTO_REPLY_INTERVAL_MS) return;
    mailbox.autoRepliedAt.set(key, Date.now());
  }
  setTimeout(
    () => answer(domain === BOUNCE_DOMAIN ? "bounce" : "away", new Date()),
    ANSWER_DELAY_MS,
  ).unref();
}
