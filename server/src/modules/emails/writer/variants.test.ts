import { WRITER_FORMATS } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { inputOf, loadEvalPairs } from "./eval";
import { writeOffline } from "./offline";

describe("Personalize clicked again", () => {
  it("never gives the same email twice in a row, for any resume, contact and format", async () => {
    const repeats: string[] = [];
    for (const pair of await loadEvalPairs()) {
      for (const format of WRITER_FORMATS) {
        for (let variant = 1; variant <= 12; variant++) {
          const shown = writeOffline(inputOf(pair, format, variant));
          const next = writeOffline(inputOf(pair, format, variant + 1));
          if (shown.body === next.body) repeats.push(`${pair.resume} ${format} ${variant}`);
        }
      }
    }
    expect(repeats).toEqual([]);
  });
});
