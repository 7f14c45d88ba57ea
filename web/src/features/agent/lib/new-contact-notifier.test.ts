import { describe, expect, it } from "vitest";
import { NewContactNotifier } from "./new-contact-notifier";

describe("NewContactNotifier", () => {
  it("announces each contact once, whichever source reports it", () => {
    const notifier = new NewContactNotifier();
    expect(notifier.admitContacts(["a", "b", "a"])).toEqual(["a", "b"]);
    expect(notifier.admitContacts(["b", "c"])).toEqual(["c"]);
  });

  it("remembers the last 1000 contact ids and forgets the oldest beyond that", () => {
    const notifier = new NewContactNotifier();
    const ids = Array.from({ length: 1001 }, (_, i) => `id-${i}`);
    expect(notifier.admitContacts(ids)).toHaveLength(1001);
    expect(notifier.admitContacts(["id-1000", "id-1"])).toEqual([]);
    expect(notifier.admitContacts(["id-0"])).toEqual(["id-0"]);
  });

  it("suppresses the same toast within 30 seconds and allows it again after", () => {
    let now = 0;
    const notifier = new NewContactNotifier(() => now);
    expect(notifier.admitToast("paused")).toBe(true);
    now = 29_999;
    expect(notifier.admitToast("paused")).toBe(false);
    expect(notifier.admitToast("other")).toBe(true);
    now = 30_000;
    expect(notifier.admitToast("paused")).toBe(true);
  });
});
