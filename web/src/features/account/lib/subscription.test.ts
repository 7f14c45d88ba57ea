import { describe, expect, it } from "vitest";
import { billingCycle, periodProgress, planName } from "./subscription";

describe("periodProgress", () => {
  it.each([
    [30, 0],
    [15, 50],
    [0, 100],
    [27, 10],
    [45, 0],
    [-3, 100],
    [null, 0],
  ])("%s days remaining → %i%%", (days, percent) => {
    expect(periodProgress(days)).toBe(percent);
  });
});

describe("billingCycle", () => {
  it("reads 'start to end' only when both dates exist", () => {
    const cycle = billingCycle("2025-06-01T00:00:00Z", "2025-07-01T00:00:00Z");
    expect(cycle).toMatch(/^.+ to .+$/);
    expect(cycle).toContain("2025");
    expect(billingCycle(null, "2025-07-01T00:00:00Z")).toBeNull();
    expect(billingCycle("2025-06-01T00:00:00Z", null)).toBeNull();
  });
});

describe("planName", () => {
  it("names the known plans and falls back to Free", () => {
    expect(planName("gold")).toBe("Gold");
    expect(planName("black")).toBe("Black");
    expect(planName(undefined)).toBe("Free");
  });
});
