import { describe, expect, it } from "vitest";
import { createCooldown } from "./cooldown";

describe("createCooldown", () => {
  it("lets a key through once per window", () => {
    const isDue = createCooldown(10_000);
    expect(isDue("a", 0)).toBe(true);
    expect(isDue("a", 9_999)).toBe(false);
    expect(isDue("b", 9_999)).toBe(true);
    expect(isDue("a", 10_000)).toBe(true);
    expect(isDue("a", 15_000)).toBe(false);
  });

  it("forgets the oldest keys beyond its size", () => {
    const isDue = createCooldown(10_000, 2);
    isDue("a", 0);
    isDue("b", 1);
    isDue("c", 2);
    expect(isDue("a", 3)).toBe(true);
    expect(isDue("c", 4)).toBe(false);
  });
});
