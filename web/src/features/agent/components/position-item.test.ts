import { describe, expect, it } from "vitest";
import { capSearchCount } from "./position-item";

describe("capSearchCount", () => {
  it.each([
    [5, 10, 5],
    [5, 2, 2],
    [5, 0, 1],
    [0, 10, 1],
    [250, 500, 100],
    [Number.NaN, 10, 1],
  ])("asks for %s with %s credits → %s", (requested, credits, expected) => {
    expect(capSearchCount(requested, credits)).toBe(expected);
  });
});
