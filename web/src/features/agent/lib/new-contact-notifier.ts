import { TIMERS } from "@reachout/contract/constants";

/**
 * Decides which new-contact toasts to show: a contact is announced once (the last 1000 ids are
 * remembered), and the same toast key within 30 s is a duplicate. Both the live stream and the
 * 60-second poll report the same contacts; this keeps them from being announced twice.
 */
export class NewContactNotifier {
  private readonly seen = new Map<string, number>();
  private readonly shown = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly memory: number = TIMERS.newContactMemory,
    private readonly windowMs: number = TIMERS.newContactDuplicateWindowMs,
  ) {}

  /** The ids never announced before, in order; they count as announced from now on. */
  admitContacts(ids: string[]): string[] {
    const fresh: string[] = [];
    for (const id of ids) {
      if (this.seen.has(id) || fresh.includes(id)) continue;
      fresh.push(id);
      this.seen.set(id, this.now());
      if (this.seen.size > this.memory) {
        // Maps iterate in insertion order: the first key is the oldest.
        this.seen.delete(this.seen.keys().next().value as string);
      }
    }
    return fresh;
  }

  /** Whether a toast with this key may show now (none with the same key in the last 30 s). */
  admitToast(key: string): boolean {
    const now = this.now();
    for (const [shownKey, at] of this.shown) {
      if (now - at >= this.windowMs) this.shown.delete(shownKey);
    }
    if (this.shown.has(key)) return false;
    this.shown.set(key, now);
    return true;
  }

  /** Marks contacts as already known without announcing them (the first load). */
  remember(ids: string[]): void {
    this.admitContacts(ids);
  }
}
