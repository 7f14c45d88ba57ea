import { describe, expect, it } from "vitest";
import { earliestFounderSchedule } from "./schedule";

describe("founder schedule time", () => {
  it("is tomorrow at 07:30 local, whatever the time today", () => {
    const late = new Date(2025, 5, 5, 23, 59);
    const early = new Date(2025, 5, 5, 0, 1);
    expect(earliestFounderSchedule(late)).toEqual(new Date(2025, 5, 6, 7, 30));
    expect(earliestFounderSchedule(early)).toEqual(new Date(2025, 5, 6, 7, 30));
    expect(earliestFounderSchedule(new Date(2025, 11, 31, 12))).toEqual(
      new Date(2026, 0, 1, 7, 30),
    );
  });
});
