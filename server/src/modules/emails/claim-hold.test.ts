import { describe, expect, it } from "vitest";
import {
  addNetworkContacts,
  claimedEmail,
  emailStatus,
  mailboxRow,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { MAILBOXES } from "../../../tests/mailboxes";
import { deliverClaimed } from "./delivery";
import { expireLostClaims } from "./send-job";

/**
 * "Exactly once" must not depend on a starved worker renewing its claim in time. A claim is
 * held untouched at least the send's deadline and a margin (here a 1 s lease gives way to a
 * 10 s deadline + 5 s), and a worker touches its claim before it calls the provider: one whose
 * claim was taken for lost meanwhile sends nothing.
 */
const t = useTestApp({ GMAIL_SENDING_LEASE_SECONDS: "1", MAILBOX_SEND_TIMEOUT_SECONDS: "10" });

describe.each(MAILBOXES)("a $label send's claim", (mailbox) => {
  it("is held past a shorter lease while its send may still be under way", async () => {
    const ada = await mailbox.createSender(t);
    const [first, second] = await addNetworkContacts(t, ada.id, 2);
    const underWay = await claimedEmail(t, ada.id, first.id, 3_000);
    const lost = await claimedEmail(t, ada.id, second.id, 16_000);

    await expireLostClaims(t.deps);

    expect(await emailStatus(t, underWay.id)).toBe("sending");
    expect(await emailStatus(t, lost.id)).toBe("unknown");
  });

  it("sends nothing once it was taken for lost, and answers the row as its reconciliation left it", async () => {
    const ada = await mailbox.createSender(t);
    const [grace] = await addNetworkContacts(t, ada.id, 1);
    // The worker claimed the row, then starved past the hold; the sweep took the claim.
    const stale = await claimedEmail(t, ada.id, grace.id, 16_000);
    await expireLostClaims(t.deps);
    expect(await emailStatus(t, stale.id)).toBe("unknown");

    const account = await mailboxRow(t, ada.id);
    const result = await deliverClaimed(
      t.deps,
      stale,
      account,
      { fullName: "Grace Hopper", email: "grace@example.com" },
      null,
      "automated",
    );

    expect(result.kind).toBe("unknown");
    expect(await mailbox.sent(t, ada.gmail)).toHaveLength(0);
    expect(await emailStatus(t, stale.id)).toBe("unknown");
  });
});
