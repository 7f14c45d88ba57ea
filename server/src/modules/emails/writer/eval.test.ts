import { WRITER_FORMATS } from "@reachout/contract";
import { describe, expect, it } from "vitest";
import { inputOf, loadEvalPairs, runEval, scoreEmail } from "./eval";
import { createOfflineWriter, writeOffline } from "./offline";

describe("the offline writer on the evaluation set", () => {
  // 336 emails: about 10 s alone, over 30 s on two cores beside other suites.
  it("passes every rubric check on every resume × contact pair and format", {
    timeout: 120_000,
  }, async () => {
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

  it("passes them in every structure and phrasing a click can give, not only the first", {
    timeout: 180_000,
  }, async () => {
    const failures: string[] = [];
    for (const pair of await loadEvalPairs()) {
      for (const format of WRITER_FORMATS) {
        for (let variant = 1; variant <= 8; variant++) {
          const input = inputOf(pair, format, variant);
          const { checks } = scoreEmail(input, writeOffline(input));
          for (const [check, ok] of Object.entries(checks)) {
            if (!ok)
              failures.push(
                `${pair.resume} → ${pair.contact.recipient.fullName} (${format} #${variant}): ${check}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
