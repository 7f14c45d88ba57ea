import { describe, expect, it } from "vitest";
import { loadEvalPairs, runEval } from "./eval";
import { createOfflineWriter } from "./offline";

describe("the offline writer on the evaluation set", () => {
  it("passes every rubric check on every resume × contact pair and format", async () => {
    expect((await loadEvalPairs()).length).toBeGreaterThanOrEqual(30);
    const run = await runEval(createOfflineWriter(), "offline");
    const failures = run.results.flatMap((r) =>
      Object.entries(r.rubric.checks)
        .filter(([, ok]) => !ok)
        .map(
          ([check]) =>
            `${r.pair.resume} → ${r.pair.contact.recipient.fullName} (${r.format}): ${check}`,
        ),
    );
    expect(failures).toEqual([]);
    expect(run.duplicates).toBe(0);
  });
});
