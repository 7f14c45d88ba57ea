import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("takes the first letters of the first two words, in capitals", () => {
    expect(initials("grace brewster hopper")).toBe("GB");
  });

  it("ignores extra spaces and copes with a single name", () => {
    expect(initials("  Ada  ")).toBe("A");
  });
});
