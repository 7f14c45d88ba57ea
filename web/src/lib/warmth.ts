import type { WarmSignal } from "@reachout/contract/writer";

/** The warm-signal kinds, strongest first (the server's order: alumni before a shared city). */
const WARM_STRENGTH = ["school", "employer", "interest", "major", "location"];

interface Warm {
  warm_signals?: WarmSignal[];
}

/** How warm a contact is: the strongest signal first, then how many there are (lower is warmer). */
function warmthOf(contact: Warm): number {
  const signals = contact.warm_signals ?? [];
  if (signals.length === 0) return 100;
  const strongest = Math.min(...signals.map((s) => WARM_STRENGTH.indexOf(s.kind)));
  return strongest * 10 - signals.length;
}

export const isWarm = (contact: Warm) => (contact.warm_signals?.length ?? 0) > 0;

/** "Warm first" over a list the client holds whole: a stable sort by warmth. */
export function warmFirst<T extends Warm>(contacts: T[]): T[] {
  return contacts
    .map((contact, index) => ({ contact, index, warmth: warmthOf(contact) }))
    .sort((a, b) => a.warmth - b.warmth || a.index - b.index)
    .map((entry) => entry.contact);
}
