import { describe, expect, it } from "vitest";
import { type BulkState, bulk, NO_BULK } from "./bulk-state";
import { NO_FOLLOW_UPS } from "./sequence-picker";

const ada = { id: "c1", full_name: "Ada Lovelace" };
const alan = { id: "c2", full_name: "Alan Turing" };

const finished: BulkState = {
  ...NO_BULK,
  items: [{ contact: ada, state: "ready", subject: "Hi", body: "Text" }],
  format: "precision",
  phase: "done",
  outcome: { mode: "send", success: ["Ada Lovelace"], failed: [] },
  blocked: "1 email missing",
  sequenceValue: "seq-1",
};

describe("bulk", () => {
  it("opens with every contact pending and nothing left of the last run but the format", () => {
    const state = bulk(finished, { type: "opened", contacts: [ada, alan] });

    expect(state.items.map((item) => [item.contact.id, item.state])).toEqual([
      ["c1", "pending"],
      ["c2", "pending"],
    ]);
    expect(state).toMatchObject({
      phase: "compose",
      outcome: null,
      blocked: null,
      sequenceValue: NO_FOLLOW_UPS,
      format: "precision",
    });
  });

  it("changes only the contact named", () => {
    const opened = bulk(NO_BULK, { type: "opened", contacts: [ada, alan] });

    const state = bulk(opened, {
      type: "item-changed",
      id: "c2",
      change: { state: "ready", subject: "Hello Alan" },
    });

    expect(state.items[0]).toEqual(opened.items[0]);
    expect(state.items[1]).toMatchObject({ state: "ready", subject: "Hello Alan" });
  });
});
